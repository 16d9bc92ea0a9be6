//! Squares of the board, numbered 1..=32 as in RULES 2.
//!
//! ```text
//!           a    b    c    d    e    f    g    h
//!      8  [32]  .  [31]  .  [30]  .  [29]  .          <- Black's side
//!      7    .  [28]  .  [27]  .  [26]  .  [25]
//!      6  [24]  .  [23]  .  [22]  .  [21]  .
//!      5    .  [20]  .  [19]  .  [18]  .  [17]
//!      4  [16]  .  [15]  .  [14]  .  [13]  .
//!      3    .  [12]  .  [11]  .  [10]  .  [ 9]
//!      2  [ 8]  .  [ 7]  .  [ 6]  .  [ 5]  .
//!      1    .  [ 4]  .  [ 3]  .  [ 2]  .  [ 1]          <- White's side
//! ```

use std::fmt;

use super::bitboard;

/// A playing (dark) square, numbered 1..=32 from White's side (RULES 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square, 1 to 32.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(1); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The square with this number, if it is in 1..=32.
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 { Some(Square(number)) } else { None }
    }

    /// The square's number, 1..=32.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Rank from White's side: 0 for rank 1 (squares 1-4) up to 7 for rank 8.
    pub const fn rank(self) -> u8 {
        (self.0 - 1) / 4
    }

    /// File from White's left: 0 for the a-file up to 7 for the h-file.
    pub const fn file(self) -> u8 {
        let i = (self.0 - 1) % 4;
        if self.rank().is_multiple_of(2) { 7 - 2 * i } else { 6 - 2 * i }
    }

    /// The square on this (file, rank), if it is a playing square.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file > 7 || rank > 7 || (file + rank).is_multiple_of(2) {
            return None;
        }
        let i = if rank.is_multiple_of(2) { (7 - file) / 2 } else { (6 - file) / 2 };
        Some(Square(rank * 4 + i + 1))
    }

    /// Algebraic name as seen from White's side, e.g. `h1` for square 1.
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }

    /// Index of this square in the engine's padded bitboards.
    pub(crate) const fn bit(self) -> u32 {
        bitboard::SQUARE_TO_BIT[(self.0 - 1) as usize] as u32
    }

    /// The square at a padded bitboard index (which must be a playing square).
    pub(crate) const fn from_bit(bit: u32) -> Square {
        Square(bitboard::BIT_TO_SQUARE[bit as usize])
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
