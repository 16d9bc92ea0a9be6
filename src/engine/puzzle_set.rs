//! A starting set of puzzles, made by the engine from games it plays
//! against itself: reproducible from a seed (the same seed and number of
//! games give the same file on every machine), written one puzzle a line
//! (`data/puzzles.txt`), and read back.
//!
//! Each game opens with a few random moves, then both sides search to a
//! shallow depth and now and then play a random move instead: the slips
//! are what leave shots on the board. Every position of every game is then
//! searched for a puzzle ([`super::puzzles::puzzles_in_game`]).

use super::limits::Limits;
use super::puzzle_kin::{Solution, without_kin};
use super::puzzles::{Deep, FIND_DEPTH, Puzzle, Theme, VERIFY_DEPTH, puzzles_in_game};
use super::root::Root;
use super::search::{Searcher, Style};
use crate::rules::{DrawRules, Game, Position, Variant, parse_fen};

/// Random plies at the start of each game.
const OPENING_PLIES: usize = 6;
/// Chance (per mille) that a move is played at random instead of searched.
const SLIP_PER_MILLE: u64 = 120;
/// The depth the self-play moves are searched at.
const PLAY_DEPTH: u32 = 4;
/// Plies after which a game is left unfinished.
const MAX_PLIES: usize = 160;

/// A small, fast generator (SplitMix64): the same seed, the same numbers.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Game `index` of the set made from `seed`: the engine against itself.
pub fn self_play_game(searcher: &mut Searcher, seed: u64, index: u64) -> Game {
    let mut random = Random(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407));
    let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
    while game.result().is_none() && game.ply() < MAX_PLIES {
        let legal = game.position().legal_moves();
        let slip = random.next() % 1000 < SLIP_PER_MILLE;
        let mv = if game.ply() < OPENING_PLIES || slip {
            legal[random.below(legal.len())]
        } else {
            let analysis = searcher.search(&Root::of_game(&game), &Limits::depth(PLAY_DEPTH), Style::default());
            analysis.best.unwrap_or(legal[0])
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    game
}

/// The puzzles of games `indices` of the set made from `seed`, checked
/// deeply to `deep` (with the depth that reached), each with the game it
/// came from, in the games' order.
pub fn puzzles_of_games(
    searcher: &mut Searcher,
    seed: u64,
    indices: impl Iterator<Item = u64>,
    deep: &Limits,
) -> Vec<(u64, Deep)> {
    let mut out = Vec::new();
    for index in indices {
        searcher.clear();
        let game = self_play_game(searcher, seed, index);
        for (_, deep) in puzzles_in_game(searcher, &game, FIND_DEPTH, VERIFY_DEPTH, deep) {
            out.push((index, deep));
        }
    }
    out
}

/// The puzzles in order, each kept only if it is kin to none found before
/// it ([`super::puzzle_kin`]: the same position, a tail of one, or a part
/// of its line).
pub fn distinct(puzzles: impl IntoIterator<Item = Deep>) -> Vec<Deep> {
    without_kin(puzzles, |d| Solution::new(d.puzzle.position, &d.puzzle.line))
}

/// One line of a puzzle file: `FEN;line;theme;gain`, the line's moves in
/// canonical notation separated by spaces.
pub fn puzzle_line(puzzle: &Puzzle) -> String {
    format!("{};{};{};{}", puzzle.position, puzzle.line_notation().join(" "), puzzle.theme.name(), puzzle.gain)
}

/// The puzzle lines of a puzzle file (its comments and blank lines left out).
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// A puzzle read back from a [`puzzle_line`]; each move must be legal
/// where it stands.
pub fn read_puzzle_line(text: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = text.trim().split(';').collect();
    let [fen, line, theme, gain] = fields[..] else { return Err(format!("not four fields: {text}")) };
    let position = parse_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
    let theme = Theme::from_name(theme).ok_or_else(|| format!("unknown theme {theme}"))?;
    let gain = gain.parse().map_err(|_| format!("gain {gain} is not a number"))?;
    let mut game = Game::new(position, Variant::Classic, DrawRules::Classic);
    for notation in line.split_whitespace() {
        game.play_notation(notation).map_err(|e| format!("{fen}: {notation}: {e}"))?;
    }
    if game.ply().is_multiple_of(2) {
        return Err(format!("{fen}: a line starts and ends with the solver's move"));
    }
    Ok(Puzzle { position, line: game.moves().to_vec(), theme, gain })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let mut searcher = Searcher::new(1, None);
        let a = self_play_game(&mut searcher, 7, 3);
        let b = self_play_game(&mut Searcher::new(1, None), 7, 3);
        assert_eq!(a.notations(), b.notations());
        assert_ne!(a.notations(), self_play_game(&mut searcher, 7, 4).notations());
    }

    #[test]
    fn puzzle_lines_read_back() {
        let fen = "W:W1,2,4,5,8,12,19:B14,20,24,25,29,30,31";
        let root = Root::new(parse_fen(fen).unwrap(), Variant::Classic, DrawRules::Classic);
        let puzzle = super::super::puzzles::puzzle_at(&mut Searcher::new(1, None), &root, FIND_DEPTH).expect("a shot");
        let text = puzzle_line(&puzzle);
        assert!(text.starts_with(&format!("{fen};19-23 ")), "{text}");
        assert_eq!(read_puzzle_line(&text).unwrap(), puzzle);
        assert!(read_puzzle_line("W:W1:B32;;shot;1").is_err(), "no moves");
        assert!(read_puzzle_line("W:W1:B32;1-5;trick;1").is_err(), "unknown theme");
        assert!(read_puzzle_line("W:W1:B32;1-5 32-28;shot;1").is_err(), "ends on a reply");
    }
}
