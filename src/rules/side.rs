//! The side to move as a type, so that the hot move-generation code is
//! compiled once per colour with its forward directions as constants (each
//! diagonal step then is a single shift instead of a branch on the colour).

use super::bitboard::{BLACK_PROMOTION, Dir, WHITE_PROMOTION};
use super::{Color, Position};

/// One colour, known at compile time.
pub(crate) trait Side {
    /// The opponent.
    type Other: Side;
    /// The colour as a value.
    const COLOR: Color;
    /// The two directions this side's men move and capture in (RULES 3.1-3.2).
    const FORWARD: [Dir; 2];
    /// The rank where this side's men are crowned (RULES 3.3).
    const PROMOTION: u64;

    /// This side's pieces.
    fn own(pos: &Position) -> u64;
    /// Replaces this side's pieces.
    fn set_own(pos: &mut Position, pieces: u64);
}

/// White as a type.
pub(crate) struct White;
/// Black as a type.
pub(crate) struct Black;

impl Side for White {
    type Other = Black;
    const COLOR: Color = Color::White;
    const FORWARD: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];
    const PROMOTION: u64 = WHITE_PROMOTION;

    #[inline(always)]
    fn own(pos: &Position) -> u64 {
        pos.white
    }

    #[inline(always)]
    fn set_own(pos: &mut Position, pieces: u64) {
        pos.white = pieces;
    }
}

impl Side for Black {
    type Other = White;
    const COLOR: Color = Color::Black;
    const FORWARD: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    const PROMOTION: u64 = BLACK_PROMOTION;

    #[inline(always)]
    fn own(pos: &Position) -> u64 {
        pos.black
    }

    #[inline(always)]
    fn set_own(pos: &mut Position, pieces: u64) {
        pos.black = pieces;
    }
}
