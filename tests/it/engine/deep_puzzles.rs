//! The deep check of puzzles (issue 54, point 3), in release builds only
//! (each puzzle costs seconds of searching): a sample of the shipped set
//! holds under it with the very line shipped, and a puzzle of the first
//! shipped set that a depth-10 search took for a win and a depth-20 search
//! scores as a draw is refused.

#![cfg(not(debug_assertions))]

use damas::engine::puzzle_set::{puzzle_lines, read_puzzle_line};
use damas::engine::puzzles::{
    FIND_DEPTH, VERIFY_DEPTH, deep_limits, in_hand, material, puzzle_at, verify, verify_deeply,
};
use damas::engine::{DEFAULT_TABLE_MB, Root, Searcher};
use damas::rules::{Color, DrawRules, Position, Variant};

use crate::support::tables::tables;

/// One shipped puzzle in this many is checked again: a dozen, spread over
/// the set, about 100 s of one core (one in 25 took twice that, the
/// longest test of the suite by far).
const SAMPLE_EVERY: usize = 50;

#[test]
fn a_sample_of_the_shipped_puzzles_holds_under_the_deep_check() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt")).unwrap();
    let lines: Vec<&str> = puzzle_lines(&text).collect();
    // The generator's table size: a search's result depends on what its table kept.
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables()));
    let mut checked = 0;
    for line in lines.iter().step_by(SAMPLE_EVERY) {
        let puzzle = read_puzzle_line(line).unwrap();
        let deep = verify_deeply(&mut searcher, &puzzle, Variant::Classic, DrawRules::Classic, &deep_limits());
        let deep = deep.unwrap_or_else(|| panic!("{line}: does not hold under the deep check"));
        assert_eq!(deep.puzzle, puzzle, "{line}: the deep check's line and theme are the shipped ones");
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn a_found_shot_holds_deeply_with_its_gain_in_hand() {
    // 5-9 wins a man; deeper than the verification (15 plies here, where
    // the node budget ends in this crowded position) Black's best reply is
    // 13-10, not the depth-10 line's 29-26, and the line ends once the man
    // is in hand.
    let position: Position = "W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32".parse().unwrap();
    let root = Root::new(position, Variant::Classic, DrawRules::Classic);
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables()));
    let found = puzzle_at(&mut searcher, &root, FIND_DEPTH).expect("a puzzle at the finding depth");
    let found = verify(&mut searcher, &found, Variant::Classic, DrawRules::Classic, VERIFY_DEPTH).expect("verified");
    let deep =
        verify_deeply(&mut searcher, &found, Variant::Classic, DrawRules::Classic, &deep_limits()).expect("holds");
    assert_eq!(deep.puzzle.line_notation()[0], "5-9");
    let end = deep.puzzle.line.iter().fold(position, |p, mv| p.play(mv).unwrap());
    assert!(in_hand(&end, Color::White, material(&position, Color::White)), "{:?}", deep.puzzle.line_notation());
    assert!(deep.depth > VERIFY_DEPTH, "{}", deep.depth);
}

#[test]
fn a_win_only_a_shallow_search_sees_is_refused() {
    // Shipped once as a breakthrough: 18-22 "wins" at depth 10 (+2.08),
    // and is +0.21 at depth 16 and a draw at depth 20.
    let puzzle = read_puzzle_line("W:W2,4,18,25:B8,12,19,26,31;18-22 19-15 22x29;breakthrough;3").unwrap();
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables()));
    let deep = verify_deeply(&mut searcher, &puzzle, Variant::Classic, DrawRules::Classic, &deep_limits());
    assert!(deep.is_none(), "{deep:?}");
}
