//! Three kings against a lone king under the count (RULES 7.3d, 7.4): the
//! engine's proven value of every such position, and of every ending with
//! fewer kings a capture leads to while the count runs, for both presets
//! with a count and for counts partly used, against a plain exhaustive
//! search that counts the strong side's moves to the end of the game; and
//! the positions once misjudged because a king given away stopped the count.
//!
//! Release builds only: debug builds' tables hold 3 pieces, not 4.
#![cfg(not(debug_assertions))]

use std::time::Instant;

use damas::engine::tables::{Tables, Wdl};
use damas::engine::{Counters, Limits, Proof, Root, Searcher, Verdict, WIN, analyze, proof_by_tables};
use damas::rules::{Color, DrawRules, EndReason, Game, Move, Outcome, Piece, Position, Role, Square, Variant};

use crate::support::tables::tables;

/// The value for the side to move: verdict and plies to the end.
type Value = (Verdict, u32);

/// Kings only: a bit per square (bit n - 1 for square n) for each side.
#[derive(Clone, Copy)]
struct Kings {
    white: u32,
    black: u32,
    turn: Color,
}

impl Kings {
    fn of(pos: &Position) -> Kings {
        let mut k = Kings { white: 0, black: 0, turn: pos.turn() };
        for (sq, piece) in pos.pieces() {
            assert_eq!(piece.role, Role::King);
            let bit = 1 << (sq.number() - 1);
            if piece.color == Color::White { k.white |= bit } else { k.black |= bit }
        }
        k
    }

    fn position(self) -> Position {
        let king = |color| Piece { color, role: Role::King };
        let on = |mask: u32, color| {
            (1..=32u8).filter(move |n| mask & 1 << (n - 1) != 0).map(move |n| (Square::new(n).unwrap(), king(color)))
        };
        Position::from_pieces(self.turn, on(self.white, Color::White).chain(on(self.black, Color::Black))).unwrap()
    }

    /// After a move: the king goes from its square to the last, the pieces
    /// it jumped leave the board (RULES 5.2); kings never promote.
    fn after(self, mv: &Move) -> Kings {
        let bit = |sq: Square| 1u32 << (sq.number() - 1);
        let taken = mv.captures().fold(0, |m, sq| m | bit(sq));
        let (mut mover, mut other) =
            if self.turn == Color::White { (self.white, self.black) } else { (self.black, self.white) };
        mover = mover & !bit(mv.from()) | bit(mv.to());
        other &= !taken;
        let (white, black) = if self.turn == Color::White { (mover, other) } else { (other, mover) };
        Kings { white, black, turn: self.turn.opponent() }
    }

    /// Whether the side to move has no piece left (the game is over).
    fn mover_is_gone(self) -> bool {
        (if self.turn == Color::White { self.white } else { self.black }) == 0
    }
}

/// A plain memoised minimax with the count written out: the value of a
/// position with one to three white kings against a black king, once
/// White has had three kings against the one, when White has `left` moves
/// of the count left. The count runs to the end of the game (RULES 7.3d):
/// every White move uses one, whatever it captured or gave away.
struct Reference {
    /// One entry per (white squares, black square, side to move, moves
    /// left); 0 while unknown, else the value's code + 1.
    memo: Vec<u16>,
}

/// Most moves of the count looked at (Ludoteka's 13, RULES 7.4).
const MOST_LEFT: u32 = 13;

/// Sets of one, two or three squares: 32 + 496 + 4960.
const WHITE_SETS: usize = 5488;

impl Reference {
    fn new() -> Reference {
        Reference { memo: vec![0; WHITE_SETS * 32 * 2 * (MOST_LEFT as usize + 1)] }
    }

    fn index(k: Kings, left: u32) -> usize {
        let mut w = k.white;
        let mut squares = Vec::with_capacity(3);
        while w != 0 {
            squares.push(w.trailing_zeros() as usize);
            w &= w - 1;
        }
        // The rank of the set among the sets of its size, after the smaller sizes.
        let set = match squares[..] {
            [a] => a,
            [a, b] => 32 + b * (b - 1) / 2 + a,
            [a, b, c] => 32 + 496 + c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a,
            _ => panic!("one to three white kings, not {}", squares.len()),
        };
        let black = k.black.trailing_zeros() as usize;
        ((set * 32 + black) * 2 + (k.turn == Color::Black) as usize) * (MOST_LEFT as usize + 1) + left as usize
    }

    fn value(&mut self, k: Kings, left: u32) -> Value {
        if k.mover_is_gone() {
            // RULES 7.1: no piece, no move: lost.
            return (Verdict::Loss, 0);
        }
        let i = Self::index(k, left);
        if self.memo[i] != 0 {
            return decode(self.memo[i] - 1);
        }
        let moves = k.position().legal_moves();
        let best = if moves.is_empty() {
            // RULES 7.1 is judged first: no move, lost.
            (Verdict::Loss, 0)
        } else if left == 0 {
            // RULES 7.3d: White's moves are used up and the lone king can move.
            (Verdict::Draw, 0)
        } else {
            let mut best: Option<Value> = None;
            for mv in moves.iter() {
                // Only White's moves are counted, captures or not.
                let theirs = self.value(k.after(mv), if k.turn == Color::White { left - 1 } else { left });
                let ours = match theirs {
                    (Verdict::Win, n) => (Verdict::Loss, n + 1),
                    (Verdict::Draw, _) => (Verdict::Draw, 0),
                    (Verdict::Loss, n) => (Verdict::Win, n + 1),
                };
                best = Some(best.map_or(ours, |b| better(b, ours)));
            }
            best.unwrap()
        };
        self.memo[i] = encode(best) + 1;
        best
    }
}

/// The better of two values for the side to move: the quickest win, else a
/// draw, else the longest loss.
fn better(a: Value, b: Value) -> Value {
    let key = |(v, n): Value| match v {
        Verdict::Win => (2, -(n as i64)),
        Verdict::Draw => (1, 0),
        Verdict::Loss => (0, n as i64),
    };
    if key(b) > key(a) { b } else { a }
}

fn encode((v, n): Value) -> u16 {
    (n as u16) * 3 + v as u16
}

fn decode(code: u16) -> Value {
    let v = [Verdict::Win, Verdict::Draw, Verdict::Loss][(code % 3) as usize];
    (v, (code / 3) as u32)
}

/// Every position of `kings` white kings against a black king, both sides to move.
fn white_kings_positions(kings: usize) -> Vec<Position> {
    let king = |color| Piece { color, role: Role::King };
    let sq = |n: u8| Square::new(n).unwrap();
    let mut out = Vec::new();
    for set in king_sets(kings) {
        let whites: Vec<u8> = (1..=32u8).filter(|n| set & 1 << (n - 1) != 0).collect();
        for k in (1..=32).filter(|k| !whites.contains(k)) {
            for turn in [Color::White, Color::Black] {
                let pieces = whites.iter().map(|&n| (sq(n), king(Color::White)));
                out.push(Position::from_pieces(turn, pieces.chain([(sq(k), king(Color::Black))])).unwrap());
            }
        }
    }
    out
}

/// Every set of `n` squares, as masks (bit n - 1 for square n), ascending.
fn king_sets(n: usize) -> Vec<u32> {
    let mut sets = vec![0u32];
    for _ in 0..n {
        sets = sets
            .iter()
            .flat_map(|&s| {
                let from = 32 - s.leading_zeros();
                (from..32).map(move |b| s | 1 << b)
            })
            .collect();
    }
    sets
}

fn white_three_kings_positions() -> Vec<Position> {
    white_kings_positions(3)
}

/// The board turned half way round (square n becomes 33 - n), colours swapped.
fn mirror(pos: &Position) -> Position {
    let pieces = pos
        .pieces()
        .map(|(sq, p)| (Square::new(33 - sq.number()).unwrap(), Piece { color: p.color.opponent(), role: p.role }));
    Position::from_pieces(pos.turn().opponent(), pieces).unwrap()
}

fn proof(tables: &Tables, pos: Position, rules: DrawRules, counters: Counters) -> Option<Value> {
    let mut root = Root::new(pos, Variant::Classic, rules);
    root.counters = counters;
    proof_by_tables(tables, &root).map(|Proof { verdict, plies }| (verdict, plies))
}

#[test]
fn every_three_kings_ending_is_proven_under_the_count() {
    // RULES 7.3d with the presets of 7.4: `classic` gives 12 moves,
    // `ludoteka` 13, counted from this position (the first with the
    // material) to the end of the game. Black's three kings are checked on
    // the mirror image.
    let tables = tables();
    let started = Instant::now();
    let mut reference = Reference::new();
    let positions = white_three_kings_positions();
    assert_eq!(positions.len(), 4960 * 29 * 2);
    let (mut wins, mut draws, mut longer, mut cut) = (0, 0, 0, 0);
    for (i, &pos) in positions.iter().enumerate() {
        for (rules, moves) in [(DrawRules::Classic, 12), (DrawRules::Ludoteka, 13)] {
            let expected = reference.value(Kings::of(&pos), moves);
            let fresh = Counters::fresh(&pos);
            assert_eq!(proof(&tables, pos, rules, fresh), Some(expected), "{pos} under {}", rules.name());
            assert_eq!(proof(&tables, mirror(&pos), rules, Counters::fresh(&mirror(&pos))), Some(expected), "{pos}");
            if rules == DrawRules::Classic {
                match expected.0 {
                    Verdict::Win => wins += 1,
                    Verdict::Draw => draws += 1,
                    Verdict::Loss => {}
                }
                let table = tables.probe(&pos).unwrap();
                longer += (expected.0 == Verdict::Win && expected.1 > table.plies as u32) as u32;
            }
        }
        // Part of the count already used: `used` of White's 12 moves.
        let used = (i % 13) as u32;
        let counters = Counters { king_plies: 2 * used, three_kings: Some((Color::White, used)) };
        let expected = reference.value(Kings::of(&pos), 12 - used);
        assert_eq!(proof(&tables, pos, DrawRules::Classic, counters), Some(expected), "{pos}, {used} moves used");
        cut += (tables.probe(&pos).unwrap().wdl == Wdl::Win && expected.0 == Verdict::Draw) as u32;
    }
    // The count matters once part of it is used: table wins become draws.
    assert!(cut > 1000 && wins > 0 && draws > 0, "{wins} wins, {draws} draws, {cut} cut by a used count");
    eprintln!(
        "three kings v one under classic: {wins} wins ({longer} longer than the tables'), {draws} draws; \
         {cut} table wins drawn by a part-used count; {:?}",
        started.elapsed()
    );
}

#[test]
fn the_count_runs_on_after_a_king_is_given_away() {
    // RULES 7.3d: once three kings have faced a lone king, the count runs
    // to the end of the game. Every position of two kings, or one, against
    // the lone king, with any part of the count used, under both presets;
    // Black's kings on the mirror image.
    let tables = tables();
    let mut reference = Reference::new();
    let mut cut = 0;
    for kings in [2, 1] {
        for pos in white_kings_positions(kings) {
            for (rules, moves) in [(DrawRules::Classic, 12), (DrawRules::Ludoteka, 13)] {
                for used in 0..moves {
                    let expected = reference.value(Kings::of(&pos), moves - used);
                    let white = Counters { king_plies: 0, three_kings: Some((Color::White, used)) };
                    assert_eq!(proof(&tables, pos, rules, white), Some(expected), "{pos}, {used} used");
                    let black = Counters { king_plies: 0, three_kings: Some((Color::Black, used)) };
                    assert_eq!(proof(&tables, mirror(&pos), rules, black), Some(expected), "{pos}, {used} used");
                    let plain = tables.probe(&pos).unwrap().wdl;
                    cut += (plain != Wdl::Draw && expected.0 == Verdict::Draw) as u32;
                }
            }
        }
    }
    // Wins of two kings against one that the running count draws.
    assert!(cut > 0, "the count cut no win of fewer kings");
}

#[test]
fn with_no_count_three_kings_keep_the_tables_value() {
    // RULES 7.4: `long` and `hundred` have no three-kings count; the 80 and
    // 100 king-only plies leave room for every table win from a fresh start.
    let tables = tables();
    for pos in white_three_kings_positions().into_iter().step_by(7) {
        let table = tables.probe(&pos).unwrap();
        let expected = match table.wdl {
            Wdl::Win => (Verdict::Win, table.plies as u32),
            Wdl::Draw => (Verdict::Draw, 0),
            Wdl::Loss => (Verdict::Loss, table.plies as u32),
        };
        for rules in [DrawRules::Long, DrawRules::Hundred] {
            assert_eq!(proof(&tables, pos, rules, Counters::fresh(&pos)), Some(expected), "{pos}");
        }
    }
}

#[test]
fn a_king_given_back_buys_no_time() {
    // The position once reported as won in 25 plies under `classic`. The
    // tables win it in 25 plies, 13 of White's moves, by giving a king up
    // after 11 of them; but the count of RULES 7.3d runs on after that
    // capture, so 12 moves are not enough: a draw. Under `ludoteka` (13
    // moves) the same win fits.
    let pos: Position = "W:WK2,K20,K24:BK26".parse().unwrap();
    let tables = tables();
    assert_eq!(tables.probe(&pos).map(|v| (v.wdl, v.plies)), Some((Wdl::Win, 25)));
    let root = Root::new(pos, Variant::Classic, DrawRules::Classic);
    let a = analyze(&mut Searcher::new(2, Some(tables.clone())), &root, &Limits::depth(6));
    assert_eq!(a.proof, Some(Proof { verdict: Verdict::Draw, plies: 0 }));
    assert_eq!(a.score, 0);

    let ludoteka = Root::new(pos, Variant::Classic, DrawRules::Ludoteka);
    let a = analyze(&mut Searcher::new(2, Some(tables.clone())), &ludoteka, &Limits::depth(6));
    assert_eq!(a.proof, Some(Proof { verdict: Verdict::Win, plies: 25 }));
    assert_eq!(a.score, WIN - 25, "the score agrees with the proof");
    let mut game = Game::new(pos, Variant::Classic, DrawRules::Ludoteka);
    for mv in &a.pv {
        game.play(mv).expect("the line is legal and the game still on");
    }
    assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::Win(Color::White)), "{:?}", a.pv_notation(&pos));
    assert_eq!(game.ply(), 25);

    // The rules' own game agrees: the tables' fastest line, played under
    // `classic`, is drawn at White's twelfth move.
    let mut game = Game::new(pos, Variant::Classic, DrawRules::Classic);
    while game.result().is_none() {
        let (mv, _) = tables.best_move(game.position()).expect("a table position with a move");
        game.play(&mv).unwrap();
    }
    let result = game.result().unwrap();
    assert_eq!((result.outcome, result.reason), (Outcome::Draw, EndReason::ThreeKingsRule));
    assert_eq!(game.ply(), 23);
}

#[test]
fn a_lone_king_that_holds_out_past_the_count_draws() {
    // Three black kings against White's king, White to move: the tables
    // say White loses in 26 plies (13 of Black's moves), once through a
    // king that Black gives away; the count of 12 draws it first.
    let pos: Position = "W:WK20:BK3,K16,K17".parse().unwrap();
    let tables = tables();
    assert_eq!(tables.probe(&pos).map(|v| (v.wdl, v.plies)), Some((Wdl::Loss, 26)));
    let root = Root::new(pos, Variant::Classic, DrawRules::Classic);
    assert_eq!(proof_by_tables(&tables, &root), Some(Proof { verdict: Verdict::Draw, plies: 0 }));
    let a = analyze(&mut Searcher::new(2, Some(tables)), &root, &Limits::depth(6));
    assert_eq!(a.proof, Some(Proof { verdict: Verdict::Draw, plies: 0 }));
}

#[test]
fn drawn_three_kings_keep_their_kings() {
    // RULES 7.3d: in a drawn position the strong side has nothing to gain by
    // giving a king away, and a watcher sees a blunder. Wherever some
    // drawing move leaves the lone king nothing to take, the engine's move
    // is one of those.
    let tables = tables();
    let root_of = |pos: Position, counters: Counters| {
        let mut root = Root::new(pos, Variant::Classic, DrawRules::Classic);
        root.counters = counters;
        root
    };
    let mut checked = 0;
    for pos in white_three_kings_positions().into_iter().filter(|p| p.turn() == Color::White).step_by(11) {
        let root = root_of(pos, Counters::fresh(&pos));
        if proof_by_tables(&tables, &root).map(|p| p.verdict) != Some(Verdict::Draw) {
            continue;
        }
        let safe_draw = pos.legal_moves().iter().any(|mv| {
            let child = pos.play(mv).unwrap();
            let after = root_of(child, Counters { king_plies: 1, three_kings: Some((Color::White, 1)) });
            let draws = proof_by_tables(&tables, &after).map(|p| p.verdict) == Some(Verdict::Draw);
            draws && !child.legal_moves().iter().any(|m| m.is_capture())
        });
        if !safe_draw {
            continue;
        }
        let a = analyze(&mut Searcher::new(1, Some(tables.clone())), &root, &Limits::depth(1));
        let child = pos.play(&a.best.unwrap()).unwrap();
        assert!(!child.legal_moves().iter().any(|m| m.is_capture()), "{pos}: {:?}", a.pv_notation(&pos));
        checked += 1;
    }
    assert!(checked > 100, "{checked} drawn positions checked");
}
