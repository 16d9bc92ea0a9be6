//! Perft: counting the leaves of the move tree, to check move generation
//! against published numbers (RULES 9).

use super::side::{Black, Side, White};
use super::{Color, MoveList, Position};

/// The number of move sequences of `depth` plies from `pos`, counting moves
/// by the identity of RULES 5.4. The last ply is counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // One move buffer per ply, allocated once: recursion then needs no
    // large stack frames.
    let mut buffers = vec![MoveList::new(); depth as usize];
    match pos.turn() {
        Color::White => perft_with::<White>(pos, depth, &mut buffers),
        Color::Black => perft_with::<Black>(pos, depth, &mut buffers),
    }
}

/// Perft with the side to move `S` known at compile time.
fn perft_with<S: Side>(pos: &Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves::<S>() as u64,
        _ => {
            let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
            let (men, kings) = pos.capturers::<S>();
            if men | kings == 0 {
                // Steps need no list: visit each child as it is made.
                let mut nodes = 0;
                pos.for_each_quiet_child::<S>(|child| nodes += perft_with::<S::Other>(child, depth - 1, deeper));
                return nodes;
            }
            moves.clear();
            pos.gen_captures::<S>(men, kings, moves);
            moves.iter().map(|mv| perft_with::<S::Other>(&pos.play_unchecked(mv), depth - 1, deeper)).sum()
        }
    }
}
