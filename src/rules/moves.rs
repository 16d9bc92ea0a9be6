//! A legal move and the list that holds them.

use arrayvec::ArrayVec;
use smallvec::SmallVec;

use super::Square;
use super::bitboard::Bits;

/// The most landing squares a move can have: one per captured piece, and a
/// side has at most 12 pieces.
pub const MAX_LANDINGS: usize = 12;

/// The moves a [`MoveList`] holds without a heap allocation.
///
/// Positions of real games and of perft have far fewer: 7 at the start,
/// rarely more than 30 later. Quiet moves are bounded - a man has at most
/// 2, a flying king at most 13 (from the four centre squares), so twelve
/// kings have at most 156 - but captures are not: a flying king's sequence
/// may fork at every landing square, and the distinct (start, end,
/// captured set) moves of twelve capturing kings have no small proven
/// bound. So the list does not trust one: past this many moves it moves
/// to the heap and goes on growing (a property test over random positions
/// with many kings exercises both).
pub const INLINE_MOVES: usize = 128;

/// The legal moves of a position: inline up to [`INLINE_MOVES`], on the
/// heap beyond, so no position can overflow it.
pub type MoveList = SmallVec<[Move; INLINE_MOVES]>;

/// One move: a step, or a capture of one or more pieces (RULES 5.1).
///
/// Two moves are the same move when they share start, end and captured set
/// (RULES 5.4); `==` compares exactly that. Kept at 24 bytes: move lists are
/// written and read in the hottest loops.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) landings_len: u8,
    pub(crate) captured_kings: u8,
    /// The landing squares before the last one, five bits each (number - 1),
    /// first landing lowest; the last landing is `to`.
    pub(crate) via: u64,
    /// Captured pieces, in the engine's padded bits.
    pub(crate) captured: u64,
}

impl Move {
    #[inline(always)]
    pub(crate) fn quiet(from_bit: u32, to_bit: u32) -> Move {
        Move { from: from_bit as u8, to: to_bit as u8, landings_len: 1, captured_kings: 0, via: 0, captured: 0 }
    }

    /// A capture from `from_bit` through the landings `landing_bits` (the
    /// last one is where it ends).
    #[inline(always)]
    pub(crate) fn capture(from_bit: u32, landing_bits: &[u32], captured: u64, captured_kings: u8) -> Move {
        let (&to, before) = landing_bits.split_last().expect("a capture lands");
        let mut via = 0;
        for (i, &bit) in before.iter().enumerate() {
            via |= ((Square::from_bit(bit).number() - 1) as u64) << (5 * i);
        }
        Move {
            from: from_bit as u8,
            to: to as u8,
            landings_len: landing_bits.len() as u8,
            captured_kings,
            via,
            captured,
        }
    }

    /// The square the piece starts on.
    pub fn from(&self) -> Square {
        Square::from_bit(self.from as u32)
    }

    /// The square the piece ends on.
    pub fn to(&self) -> Square {
        Square::from_bit(self.to as u32)
    }

    /// Every square the piece lands on, in order; the last is [`Move::to`].
    /// A step has one landing square.
    pub fn landings(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        let last = self.landings_len as usize - 1;
        (0..last + 1).map(move |i| {
            if i == last {
                self.to()
            } else {
                Square::new((self.via >> (5 * i) & 31) as u8 + 1).expect("landing squares are valid")
            }
        })
    }

    /// The path: the start square followed by every landing square.
    pub fn path(&self) -> Vec<Square> {
        std::iter::once(self.from()).chain(self.landings()).collect()
    }

    /// The squares of the captured pieces, ascending.
    pub fn captures(&self) -> impl Iterator<Item = Square> + use<> {
        let mut squares: ArrayVec<Square, MAX_LANDINGS> = Bits(self.captured).map(Square::from_bit).collect();
        squares.sort_unstable();
        squares.into_iter()
    }

    /// Whether this move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// How many pieces it captures.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// How many of the captured pieces are kings.
    pub fn king_capture_count(&self) -> u32 {
        self.captured_kings as u32
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}
