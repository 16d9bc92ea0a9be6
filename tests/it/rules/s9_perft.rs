//! RULES 9: perft from the start, depths 1-8 (9-11 run in the release-only
//! tests/perft_deep.rs).

use damas::rules::{Position, perft};

/// RULES 9, depths 1-8.
pub const PERFT: [u64; 8] = [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783];

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let start = Position::initial();
    for (i, &nodes) in PERFT.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn bulk_counting_agrees_with_playing_the_last_ply() {
    // The last ply is counted without being played; check it by playing it.
    fn slow(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves().iter().map(|m| slow(&pos.play(m).unwrap(), depth - 1)).sum()
    }
    for fen in ["W:W1-12:B21-32", "W:WK1,K2,10,11:BK30,K31,20,22", "B:W6,K14,18:B27,K24,23"] {
        let p: Position = fen.parse().unwrap();
        for depth in 1..=4 {
            assert_eq!(perft(&p, depth), slow(&p, depth), "{fen} depth {depth}");
        }
    }
}
