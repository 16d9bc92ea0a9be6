//! Zobrist keys: a position's hash is the xor of one random key per piece
//! on its square, and one more when Black is to move.

use crate::rules::{Color, Position};

/// Keys for white men, white kings, black men, black kings, per padded bit.
const KEYS: [[u64; 36]; 4] = {
    let mut keys = [[0u64; 36]; 4];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 36 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            keys[kind][bit] = mix(state);
            bit += 1;
        }
        kind += 1;
    }
    keys
};

const BLACK_TO_MOVE: u64 = mix(0x1234_5678_9abc_def0);

/// SplitMix64's finaliser: spreads every input bit over the output.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The position's hash (pieces and side to move).
pub fn hash(pos: &Position) -> u64 {
    let mut h = if pos.turn() == Color::Black { BLACK_TO_MOVE } else { 0 };
    let groups = [pos.white & !pos.kings, pos.white & pos.kings, pos.black & !pos.kings, pos.black & pos.kings];
    for (kind, mut bb) in groups.into_iter().enumerate() {
        while bb != 0 {
            h ^= KEYS[kind][bb.trailing_zeros() as usize];
            bb &= bb - 1;
        }
    }
    h
}

/// A well-spread 64-bit number from any seed; the engine's only source of
/// "randomness", so that its choices can be repeated exactly.
pub const fn scramble(seed: u64) -> u64 {
    mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_to_move_and_every_piece_change_the_hash() {
        let start = Position::initial();
        assert_ne!(hash(&start), hash(&start.with_turn(Color::Black)));
        let after = start.play(&start.parse_move("11-15").unwrap()).unwrap();
        assert_ne!(hash(&after.with_turn(Color::White)), hash(&start));
    }
}
