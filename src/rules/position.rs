//! A position: where the pieces stand and whose turn it is.

use super::bitboard::{BLACK_PROMOTION, WHITE_PROMOTION};
use super::{Color, Move, Piece, Role, Square};

/// Most pieces one side may have (its 12 starting men).
pub const MAX_PIECES_PER_SIDE: u32 = 12;

/// Why a set of pieces is not a position of this game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Two pieces were put on one square.
    #[error("square {0} holds two pieces")]
    SquareTwice(Square),
    /// A man stands on the rank where it would already have become a king.
    #[error("a {color} man cannot stand on square {square}: it would be a king there", color = .color.name())]
    ManOnFarRank {
        /// Its square.
        square: Square,
        /// Its colour.
        color: Color,
    },
    /// More pieces of one colour than the 12 it starts with.
    #[error("{color} has {count} pieces; at most 12 are possible")]
    TooManyPieces {
        /// The colour with too many pieces.
        color: Color,
        /// How many it has.
        count: u32,
    },
}

/// Pieces on the board and the side to move. Always a legal position of
/// Spanish draughts once built (see [`SetupError`]); a side with no pieces
/// is allowed, since that is how games end.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) kings: u64,
    pub(crate) turn: Color,
}

impl Position {
    /// The starting position: White men on 1-12, Black men on 21-32, White
    /// to move (RULES 2.3).
    pub fn initial() -> Position {
        let bits = |range: std::ops::RangeInclusive<u8>| {
            range.fold(0u64, |bb, n| bb | 1 << Square::new(n).expect("valid").bit())
        };
        Position { white: bits(1..=12), black: bits(21..=32), kings: 0, turn: Color::White }
    }

    /// Builds a position from pieces and the side to move.
    pub fn from_pieces(turn: Color, pieces: impl IntoIterator<Item = (Square, Piece)>) -> Result<Position, SetupError> {
        let mut pos = Position { white: 0, black: 0, kings: 0, turn };
        for (square, piece) in pieces {
            let bit = 1u64 << square.bit();
            if (pos.white | pos.black) & bit != 0 {
                return Err(SetupError::SquareTwice(square));
            }
            if piece.role == Role::Man && promotion_rank(piece.color) & bit != 0 {
                return Err(SetupError::ManOnFarRank { square, color: piece.color });
            }
            match piece.color {
                Color::White => pos.white |= bit,
                Color::Black => pos.black |= bit,
            }
            if piece.role == Role::King {
                pos.kings |= bit;
            }
        }
        for color in [Color::White, Color::Black] {
            let count = pos.side(color).count_ones();
            if count > MAX_PIECES_PER_SIDE {
                return Err(SetupError::TooManyPieces { color, count });
            }
        }
        Ok(pos)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = 1u64 << square.bit();
        let color = if self.white & bit != 0 {
            Color::White
        } else if self.black & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & bit != 0 { Role::King } else { Role::Man };
        Some(Piece { color, role })
    }

    /// Every piece with its square, by ascending square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL.into_iter().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares holding `piece` (one colour's men, or its kings), by
    /// ascending number: what a description of the board lists.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + use<> {
        let position = *self;
        Square::ALL.into_iter().filter(move |&sq| position.piece_at(sq) == Some(piece))
    }

    /// How many pieces a side has.
    pub fn count(&self, color: Color) -> u32 {
        self.side(color).count_ones()
    }

    /// How many kings a side has.
    pub fn king_count(&self, color: Color) -> u32 {
        (self.side(color) & self.kings).count_ones()
    }

    /// A 64-bit key of the position (its pieces and the side to move) that
    /// stays the same from one version of the program to the next, so it
    /// may be stored: a fixed mix of the bitboards, unlike the engine's
    /// Zobrist keys. Different positions have different keys but for
    /// collisions as rare as any 64-bit hash's.
    pub fn stable_key(&self) -> u64 {
        // splitmix64's finaliser over each word in turn.
        fn mix(mut z: u64) -> u64 {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        let turn = match self.turn {
            Color::White => 0x9e37_79b9_7f4a_7c15,
            Color::Black => 0x6a09_e667_f3bc_c909,
        };
        [self.white, self.black, self.kings].into_iter().fold(turn, |key, word| mix(key ^ mix(word)))
    }

    /// The same pieces with the other side to move.
    pub fn with_turn(&self, turn: Color) -> Position {
        Position { turn, ..*self }
    }

    /// The position after a legal move of this position, or `None` if `mv`
    /// is not one of [`Position::legal_moves`].
    pub fn play(&self, mv: &Move) -> Option<Position> {
        self.legal_moves().iter().find(|m| *m == mv).map(|m| self.play_unchecked(m))
    }

    /// Plays a move taken from this position's legal moves.
    #[inline]
    pub(crate) fn play_unchecked(&self, mv: &Move) -> Position {
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let mut next = *self;
        let (us, them) = match self.turn {
            Color::White => (&mut next.white, &mut next.black),
            Color::Black => (&mut next.black, &mut next.white),
        };
        // A king may end a capture on its own start square (RULES 5.2), so
        // clear `from` before setting `to` rather than toggling both.
        *us = (*us & !from) | to;
        *them &= !mv.captured;
        next.kings &= !mv.captured;
        if self.kings & from != 0 {
            next.kings = (next.kings & !from) | to;
        } else if promotion_rank(self.turn) & to != 0 {
            // RULES 3.3-3.4: the man is crowned where its move ends.
            next.kings |= to;
        }
        next.turn = self.turn.opponent();
        next
    }

    /// Whether this move moves a man (which makes it irreversible).
    pub fn moves_man(&self, mv: &Move) -> bool {
        self.kings & (1u64 << mv.from) == 0
    }

    pub(crate) fn side(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

pub(crate) fn promotion_rank(color: Color) -> u64 {
    match color {
        Color::White => WHITE_PROMOTION,
        Color::Black => BLACK_PROMOTION,
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}
