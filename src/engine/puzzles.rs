//! Puzzles: positions where the side to move has one clearly best move and
//! it wins something. A candidate position is quiet for the solver (no
//! capture of theirs pending, so no recapture passes for a gain), has more
//! than one legal move, and its best move at the search depth either wins
//! material - at least a man net once the captures are over, a king
//! counting three - or is a proven win by the endgame tables; every other
//! move scores at least [`MARGIN`] worse and does not win. The solution is
//! the principal variation up to the solver's move after which the gain is
//! in hand (whatever the opponent replies, a capture back or a man crowned,
//! the solver stays a man up), with the opponent's best replies. [`verify`]
//! searches a found puzzle again, deeper, and [`verify_deeply`] much deeper
//! (depth 20 or a node budget, with the endgame tables).

use super::analysis::analyze;
use super::limits::Limits;
use super::root::Root;
use super::score::{PROVEN, Score};
use super::search::{Searcher, Style};
use crate::rules::{Color, DrawRules, Game, Move, Position, Variant, notation_among};

/// The depth (plies) a game's positions are searched at for puzzles.
pub const FIND_DEPTH: u32 = 8;
/// The deeper depth a found puzzle must hold at.
pub const VERIFY_DEPTH: u32 = 10;
/// How much worse (centi-men) every other move must score than the best.
pub const MARGIN: Score = 100;
/// A move "wins" when it scores at least this (centi-men): a man up.
pub const WINNING: Score = 100;
/// The longest solution kept (plies, the solver's and the replies).
pub const MAX_LINE: usize = 11;
/// The deepest iteration of the deep check ([`verify_deeply`]).
pub const DEEP_DEPTH: u32 = 20;
/// The most nodes the deep check's search of a puzzle's position visits
/// (it stops at [`DEEP_DEPTH`] or here, whichever comes first); each other
/// first move's search gets a quarter of it (most lose at once).
pub const DEEP_NODES: u64 = 12_000_000;

/// The deep check's budget for each of its searches.
pub fn deep_limits() -> Limits {
    Limits { depth: Some(DEEP_DEPTH), nodes: Some(DEEP_NODES), time: None }
}

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// A combination that wins material (often a sacrifice opening a
    /// multiple capture).
    Shot,
    /// A man breaks through to become a king.
    Breakthrough,
    /// A proven win from the endgame tables.
    Endgame,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Shot, Theme::Breakthrough, Theme::Endgame];

    /// Its name as written in puzzle files.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::Breakthrough => "breakthrough",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme of `name`, if any.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// A puzzle: the position, the line that solves it, and its theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the solver to move.
    pub position: Position,
    /// The solution: the solver's moves and the replies, alternating,
    /// starting and ending with the solver's.
    pub line: Vec<Move>,
    /// What it is about.
    pub theme: Theme,
    /// The material the solver gains by the end of the line (men; a king
    /// is three).
    pub gain: i32,
}

impl Puzzle {
    /// The solution in canonical notation, each move as written among the
    /// legal moves of its position.
    pub fn line_notation(&self) -> Vec<String> {
        let mut position = self.position;
        let mut out = Vec::with_capacity(self.line.len());
        for mv in &self.line {
            out.push(notation_among(&position.legal_moves(), mv));
            position = position.play(mv).expect("a puzzle's line is legal");
        }
        out
    }
}

/// Material of `color` less its opponent's: a man 1, a king 3.
pub fn material(position: &Position, color: Color) -> i32 {
    let side = |c: Color| {
        let kings = position.king_count(c) as i32;
        position.count(c) as i32 - kings + 3 * kings
    };
    side(color) - side(color.opponent())
}

/// The puzzle of `root` searched to `depth`, if it is one (see the module).
pub fn puzzle_at(searcher: &mut Searcher, root: &Root, depth: u32) -> Option<Puzzle> {
    let position = root.position;
    let legal = position.legal_moves();
    if legal.len() < 2 || legal[0].is_capture() {
        return None;
    }
    // A cheap look first: most positions hold nothing to win.
    let first = analyze(searcher, root, &Limits::depth(depth));
    if first.score < WINNING {
        return None;
    }
    let scored = searcher.score_moves(root, depth, Style::default());
    let [(best, best_score), (_, second_score), ..] = scored[..] else { return None };
    if best_score < WINNING || second_score >= WINNING || best_score - second_score < MARGIN {
        return None;
    }
    let pv = if first.best == Some(best) { first.pv } else { line_from(searcher, root, best, depth) };
    solution(searcher, root, pv, best_score >= PROVEN, &Limits::depth(depth))
}

/// The puzzle whose solution follows `pv` (the best line, the solver's
/// winning move first) up to the solver's move after which the gain is in
/// hand ([`in_hand`]), searched on with `limits` where `pv` runs out
/// first; `proven`: the first move is a proven win. `None` when the line
/// reaches [`MAX_LINE`] (or the game's end) with no gain in hand and no
/// proof.
fn solution(searcher: &mut Searcher, root: &Root, pv: Vec<Move>, proven: bool, limits: &Limits) -> Option<Puzzle> {
    let position = root.position;
    let solver = position.turn();
    let start = material(&position, solver);
    let mut line = Vec::new();
    let mut now = position;
    let mut gain = 0;
    let mut promoted = false;
    let mut held = false;
    let mut ahead = pv.into_iter();
    while line.len() < MAX_LINE {
        let mv = match ahead.next() {
            Some(mv) => mv,
            None => {
                // The principal variation stops short (cut by the table or
                // the depth): the line goes on as a search from here sees it.
                let more = analyze(searcher, &Root::new(now, root.variant, root.rules), limits);
                ahead = more.pv.into_iter();
                match ahead.next() {
                    Some(mv) => mv,
                    None => break,
                }
            }
        };
        let solver_moved = line.len() % 2 == 0;
        let (was_man, kings) = (now.moves_man(&mv), now.king_count(solver));
        now = now.play(&mv)?;
        line.push(mv);
        if !solver_moved {
            continue;
        }
        promoted |= was_man && now.king_count(solver) > kings;
        gain = material(&now, solver) - start;
        if gain >= 1 && in_hand(&now, solver, start) {
            held = true;
            break;
        }
    }
    if line.len() % 2 == 0 {
        // Ended on a reply: the solver's last move comes first.
        line.pop();
    }
    let theme = match (held, proven) {
        (true, _) if promoted => Theme::Breakthrough,
        (true, _) => Theme::Shot,
        (false, true) => Theme::Endgame,
        (false, false) => return None,
    };
    Some(Puzzle { position, line, theme, gain })
}

/// Whether the solver, to whom `now` gives `start` plus a man or more,
/// keeps at least a man up whatever the opponent replies: no capture back
/// and no man crowned (a king counts three) brings the gain under a man.
/// An opponent with no move has lost: the gain is in hand.
pub fn in_hand(now: &Position, solver: Color, start: i32) -> bool {
    now.legal_moves().iter().all(|reply| now.play(reply).is_some_and(|after| material(&after, solver) - start >= 1))
}

/// The principal variation of `root` that starts with `first`.
fn line_from(searcher: &mut Searcher, root: &Root, first: Move, depth: u32) -> Vec<Move> {
    let Some(next) = root.position.play(&first) else { return vec![first] };
    let after =
        analyze(searcher, &Root::new(next, root.variant, root.rules), &Limits::depth(depth.saturating_sub(1).max(1)));
    std::iter::once(first).chain(after.pv).collect()
}

/// `puzzle` searched again at `depth`, on its own (no game before it) and
/// from an empty transposition table, so that anyone can check it again
/// from the puzzle alone and get the same answer: the same first move must
/// still be the only one that wins, by the margin; the line and theme are
/// those of the deeper search. `None` when it does not hold.
pub fn verify(
    searcher: &mut Searcher,
    puzzle: &Puzzle,
    variant: Variant,
    rules: DrawRules,
    depth: u32,
) -> Option<Puzzle> {
    searcher.clear();
    let again = puzzle_at(searcher, &Root::new(puzzle.position, variant, rules), depth)?;
    (again.line.first() == puzzle.line.first()).then_some(again)
}

/// What the deep check made of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deep {
    /// The puzzle, its line and theme the deep search's.
    pub puzzle: Puzzle,
    /// The depth the search of its position completed.
    pub depth: u32,
}

/// `puzzle` checked again by a much deeper search (to `limits`, from an
/// empty transposition table, with the searcher's endgame tables): its
/// first move must still be the best and win, every other first move must
/// still not win and score at least [`MARGIN`] worse, and its line becomes
/// the deep search's, up to the gain in hand ([`in_hand`]: after the
/// opponent's best reply, their captures and crowning counted). `None`
/// when it does not hold.
pub fn verify_deeply(
    searcher: &mut Searcher,
    puzzle: &Puzzle,
    variant: Variant,
    rules: DrawRules,
    limits: &Limits,
) -> Option<Deep> {
    searcher.clear();
    let root = Root::new(puzzle.position, variant, rules);
    let first = *puzzle.line.first()?;
    let deep = analyze(searcher, &root, limits);
    if deep.best != Some(first) || deep.score < WINNING {
        return None;
    }
    // Each other first move, searched from the opponent's side a ply less
    // deep, on a quarter of the nodes.
    let one_less = Limits {
        depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
        nodes: limits.nodes.map(|n| (n / 4).max(1)),
        ..*limits
    };
    for other in root.position.legal_moves().into_iter().filter(|mv| *mv != first) {
        let after = root.position.play(&other)?;
        let score = -analyze(searcher, &Root::new(after, variant, rules), &one_less).score;
        if score >= WINNING || deep.score - score < MARGIN {
            return None;
        }
    }
    let puzzle = solution(searcher, &root, deep.pv, deep.score >= PROVEN, limits)?;
    Some(Deep { puzzle, depth: deep.depth })
}

/// The puzzles of a game: each position (by its ply, the last one too
/// unless the rules ended the game there) where [`puzzle_at`] finds one at
/// `find_depth` that [`verify`] confirms at `verify_depth` and
/// [`verify_deeply`] at `deep`.
pub fn puzzles_in_game(
    searcher: &mut Searcher,
    game: &Game,
    find_depth: u32,
    verify_depth: u32,
    deep: &Limits,
) -> Vec<(usize, Deep)> {
    let mut replay = Game::new(*game.start(), game.variant(), game.draw_rules());
    let mut found = Vec::new();
    for ply in 0..=game.ply() {
        if replay.result().is_some() {
            break;
        }
        let root = Root::of_game(&replay);
        if let Some(candidate) = puzzle_at(searcher, &root, find_depth)
            && let Some(puzzle) = verify(searcher, &candidate, game.variant(), game.draw_rules(), verify_depth)
            && let Some(deep) = verify_deeply(searcher, &puzzle, game.variant(), game.draw_rules(), deep)
        {
            found.push((ply, deep));
        }
        match game.moves().get(ply) {
            Some(mv) if replay.play(mv).is_ok() => {}
            _ => break,
        }
    }
    found
}

/// Whether the solver of a puzzle still wins after playing a move of their
/// own (not the solution's): `after` is the position it left, the opponent
/// to move, and the search at `depth` must find the solver winning as a
/// puzzle's move wins: at least a man up ([`WINNING`]), or a proven win.
/// A second way to win counts as solving the puzzle. Searched from an
/// empty transposition table, as [`verify`] is, so the answer does not
/// depend on what the searcher did before.
pub fn still_wins(searcher: &mut Searcher, after: &Position, variant: Variant, rules: DrawRules, depth: u32) -> bool {
    searcher.clear();
    let found = analyze(searcher, &Root::new(*after, variant, rules), &Limits::depth(depth));
    -found.score >= WINNING
}
