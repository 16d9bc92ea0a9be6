//! Perft: counting the leaves of the move tree, to check move generation
//! against published numbers (RULES 9).

use super::{MoveList, Position};

/// The number of move sequences of `depth` plies from `pos`, counting moves
/// by the identity of RULES 5.4. The last ply is counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // One move buffer per ply, allocated once: recursion then needs no
    // large stack frames.
    let mut buffers = vec![MoveList::new(); depth as usize];
    perft_with(pos, depth, &mut buffers)
}

fn perft_with(pos: &Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            pos.generate(moves);
            moves.iter().map(|mv| perft_with(&pos.play_unchecked(mv), depth - 1, deeper)).sum()
        }
    }
}
