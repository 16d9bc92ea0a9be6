//! RULES 9: perft from the start at depths 9-11 (81 million leaves at 11).
//! Too slow unoptimised, so this file only exists in release builds; CI runs
//! the tests with `--release` (see `.ci/run`).
#![cfg(not(debug_assertions))]

use damas::rules::{Position, perft};

#[test]
fn perft_9_to_11_from_the_start() {
    let start = Position::initial();
    for (depth, nodes) in [(9, 3_860_866), (10, 17_743_464), (11, 81_383_200)] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}
