//! Perft: counting the leaves of the move tree, to check move generation
//! against published numbers (RULES 9).

use super::{MoveList, Position};

/// The number of move sequences of `depth` plies from `pos`, counting moves
/// by the identity of RULES 5.4. The last ply is counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            moves.iter().map(|mv| perft(&pos.play_unchecked(mv), depth - 1)).sum()
        }
    }
}
