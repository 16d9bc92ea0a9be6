//! The engine's board layout: a padded `u64` in which every diagonal step is
//! a constant shift.
//!
//! Square `n` (rank `r = (n-1)/4`, index `i = (n-1)%4` right to left) lives at
//! bit `4r + i + (r+1)/2`. One unused "ghost" bit after each even rank (bits
//! 4, 13, 22, 31) makes the four diagonal steps +5, +4, -4 and -5 on every
//! rank, and a step off the side of the board lands on a ghost bit, which
//! `VALID` masks away. Bits 0..=35 are used.

/// Bits of the 32 playing squares.
pub const VALID: u64 = {
    let mut v = 0u64;
    let mut n = 0;
    while n < 32 {
        v |= 1 << SQUARE_TO_BIT[n];
        n += 1;
    }
    v
};

/// Padded bit index of square `n + 1`.
pub const SQUARE_TO_BIT: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut n = 0;
    while n < 32 {
        let r = n / 4;
        let i = n % 4;
        t[n] = (4 * r + i + r.div_ceil(2)) as u8;
        n += 1;
    }
    t
};

/// Square number at each padded bit index (0 on ghost bits).
pub const BIT_TO_SQUARE: [u8; 36] = {
    let mut t = [0u8; 36];
    let mut n = 0;
    while n < 32 {
        t[SQUARE_TO_BIT[n] as usize] = n as u8 + 1;
        n += 1;
    }
    t
};

/// A diagonal direction, named from White's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards rank 8 and the a-file.
    UpLeft,
    /// Towards rank 8 and the h-file.
    UpRight,
    /// Towards rank 1 and the a-file.
    DownLeft,
    /// Towards rank 1 and the h-file.
    DownRight,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// Moves every bit of `bb` one step in this direction, dropping what
    /// leaves the board.
    #[inline(always)]
    pub const fn shift(self, bb: u64) -> u64 {
        (match self {
            Dir::UpLeft => bb << 5,
            Dir::UpRight => bb << 4,
            Dir::DownLeft => bb >> 4,
            Dir::DownRight => bb >> 5,
        }) & VALID
    }

    /// The bit one step from `bit` in this direction, if it is on the board.
    #[inline(always)]
    pub const fn step(self, bit: u32) -> Option<u32> {
        let next = match self {
            Dir::UpLeft => bit + 5,
            Dir::UpRight => bit + 4,
            Dir::DownLeft => bit.wrapping_sub(4),
            Dir::DownRight => bit.wrapping_sub(5),
        };
        if next < 64 && VALID & (1 << next) != 0 { Some(next) } else { None }
    }
}

/// Iterates over the set bits of a board, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let bit = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(bit)
        }
    }
}

/// White's far rank (squares 29-32), where White's men become kings.
pub const WHITE_PROMOTION: u64 = rank_mask(7);
/// Black's far rank (squares 1-4), where Black's men become kings.
pub const BLACK_PROMOTION: u64 = rank_mask(0);

const fn rank_mask(rank: usize) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 4 {
        m |= 1 << SQUARE_TO_BIT[rank * 4 + i];
        i += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ghost_bits_are_the_only_holes() {
        assert_eq!(VALID.count_ones(), 32);
        for ghost in [4, 13, 22, 31] {
            assert_eq!(VALID & (1 << ghost), 0);
        }
        assert_eq!(VALID >> 36, 0);
    }
}
