//! Legal move generation (RULES 3-5).
//!
//! Men's captures take bitboard steps (see `man_jumps`); kings' captures
//! are searched piece by piece, depth first, with the jumped pieces left on
//! the board until the move ends (RULES 5.2). Only the sequences that
//! capture the most pieces, then the most kings, are kept (RULES 5.3), and
//! sequences with the same start, end and captured set are one move (5.4).
//!
//! The hot functions are generic over the side to move (see `side`); the
//! public ones pick the side once.

use super::bitboard::{Bits, Dir, VALID};
use super::man_jumps::ManJumps;
use super::moves::{MAX_LANDINGS, Move, MoveList};
use super::side::{Black, Side, White};
use super::{Color, Position};

impl Dir {
    /// The opposite direction.
    pub(crate) const fn back(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }
}

impl Position {
    /// All legal moves of the side to move: the best captures if any capture
    /// exists (capture is compulsory), otherwise every step.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Fills `list` (which must be empty) with the legal moves; lets hot
    /// loops reuse a buffer instead of moving a whole list around.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        match self.turn {
            Color::White => self.generate_for::<White>(list),
            Color::Black => self.generate_for::<Black>(list),
        }
    }

    fn generate_for<S: Side>(&self, list: &mut MoveList) {
        let (men, kings) = self.capturers::<S>();
        if men | kings == 0 {
            self.gen_quiet::<S>(list);
        } else {
            self.gen_captures::<S>(men, kings, list);
        }
    }

    /// The number of legal moves; faster than counting [`Position::legal_moves`].
    pub fn count_legal_moves(&self) -> usize {
        match self.turn {
            Color::White => self.count_moves::<White>() as usize,
            Color::Black => self.count_moves::<Black>() as usize,
        }
    }

    /// The number of legal moves of side `S`, which must be the side to move.
    #[inline(always)]
    pub(crate) fn count_moves<S: Side>(&self) -> u32 {
        let (capturing_men, capturing_kings) = self.capturers::<S>();
        if capturing_men | capturing_kings != 0 {
            if capturing_kings == 0 {
                return ManJumps::<S>::new(self).count(capturing_men);
            }
            return self.count_captures::<S>(capturing_men, capturing_kings);
        }
        let (us, _, empty) = self.sides::<S>();
        let men = us & !self.kings;
        let kings = us & self.kings;
        let [l, r] = S::FORWARD;
        let mut count = (l.shift(men) & empty).count_ones() + (r.shift(men) & empty).count_ones();
        if kings != 0 {
            for d in Dir::ALL {
                // Rays of different kings in one direction never overlap: a
                // king behind another is stopped by it.
                let mut frontier = d.shift(kings) & empty;
                while frontier != 0 {
                    count += frontier.count_ones();
                    frontier = d.shift(frontier) & empty;
                }
            }
        }
        count
    }

    /// Counts captures with kings by searching them. Kept out of line so
    /// that the common cases do not pay for the list's large stack frame.
    #[inline(never)]
    fn count_captures<S: Side>(&self, men: u64, kings: u64) -> u32 {
        let mut list = MoveList::new();
        self.gen_captures::<S>(men, kings, &mut list);
        list.len() as u32
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        let (men, kings) = match self.turn {
            Color::White => self.capturers::<White>(),
            Color::Black => self.capturers::<Black>(),
        };
        men | kings != 0
    }

    /// The men of side `S` that can start a capture, and all its kings if
    /// any king can (kings are few; the search sorts them out).
    #[inline(always)]
    pub(crate) fn capturers<S: Side>(&self) -> (u64, u64) {
        let (us, them, empty) = self.sides::<S>();
        let capturing_men = ManJumps::<S>::new(self).jumpers(us & !self.kings);
        let kings = us & self.kings;
        if kings != 0 && self.king_can_capture(kings, them, empty) {
            return (capturing_men, kings);
        }
        (capturing_men, 0)
    }

    fn king_can_capture(&self, kings: u64, them: u64, empty: u64) -> bool {
        for d in Dir::ALL {
            let mut frontier = d.shift(kings);
            while frontier != 0 {
                if d.shift(frontier & them) & empty != 0 {
                    return true;
                }
                frontier = d.shift(frontier & empty);
            }
        }
        false
    }

    /// (pieces of side `S`, the opponent's pieces, empty squares).
    #[inline(always)]
    fn sides<S: Side>(&self) -> (u64, u64, u64) {
        let (us, them) = (S::own(self), S::Other::own(self));
        (us, them, VALID & !(us | them))
    }

    /// Calls `f` with the position after each step of side `S` (the moves
    /// when nothing can capture), without building [`Move`] values.
    #[inline(always)]
    pub(crate) fn for_each_quiet_child<S: Side>(&self, mut f: impl FnMut(&Position)) {
        let (us, _, empty) = self.sides::<S>();
        let men = us & !self.kings;
        let mut child = *self;
        child.turn = S::Other::COLOR;
        for d in S::FORWARD {
            let b = d.back();
            for to in Bits(d.shift(men) & empty) {
                let to = 1u64 << to;
                S::set_own(&mut child, us ^ (to | b.shift(to)));
                // RULES 3.3: a man that reaches the far rank is crowned.
                child.kings = self.kings | (to & S::PROMOTION);
                f(&child);
            }
        }
        let kings = us & self.kings;
        if kings != 0 {
            self.for_each_king_step::<S>(kings, empty, &mut f);
        }
    }

    fn for_each_king_step<S: Side>(&self, kings: u64, empty: u64, f: &mut impl FnMut(&Position)) {
        let us = S::own(self);
        let mut child = *self;
        child.turn = S::Other::COLOR;
        for from in Bits(kings) {
            let from = 1u64 << from;
            for d in Dir::ALL {
                let mut to = d.shift(from) & empty;
                while to != 0 {
                    let moved = from | to;
                    S::set_own(&mut child, us ^ moved);
                    child.kings = self.kings ^ moved;
                    f(&child);
                    to = d.shift(to) & empty;
                }
            }
        }
    }

    fn gen_quiet<S: Side>(&self, list: &mut MoveList) {
        let (us, _, empty) = self.sides::<S>();
        let men = us & !self.kings;
        for d in S::FORWARD {
            let b = d.back();
            for to in Bits(d.shift(men) & empty) {
                list.push(Move::quiet(b.shift(1 << to).trailing_zeros(), to));
            }
        }
        for from in Bits(us & self.kings) {
            for d in Dir::ALL {
                let mut next = d.step(from);
                while let Some(to) = next {
                    if empty & (1 << to) == 0 {
                        break;
                    }
                    list.push(Move::quiet(from, to));
                    next = d.step(to);
                }
            }
        }
    }

    /// The best captures of side `S` into `list`, given the men that can
    /// capture and all kings if any king can (from [`Position::capturers`]).
    pub(crate) fn gen_captures<S: Side>(&self, men: u64, kings: u64, list: &mut MoveList) {
        let (us, them, _) = self.sides::<S>();
        let mut search = CaptureSearch {
            them,
            them_kings: them & self.kings,
            occupied: 0,
            from: 0,
            best: (1, 0),
            landings: [0; MAX_LANDINGS],
            depth: 0,
            list,
        };
        for from in Bits(kings) {
            // RULES 5.2: the capturing piece's own square counts as empty.
            search.occupied = (us | them) & !(1 << from);
            search.from = from;
            search.king(from, 0, 0);
        }
        if men != 0 {
            let jumps = ManJumps::<S>::new(self);
            let longest = jumps.longest(men);
            jumps.moves(&longest, |score, mv| {
                if score < search.best {
                    return;
                }
                if score > search.best {
                    search.best = score;
                    search.list.clear();
                }
                // Men's sequences are never duplicates (see `man_jumps`).
                search.list.push(mv);
            });
        }
    }
}

/// State of the depth-first capture search of kings for one side to move.
struct CaptureSearch<'a> {
    them: u64,
    them_kings: u64,
    /// Every piece except the one capturing; jumped pieces stay in it.
    occupied: u64,
    from: u32,
    /// (pieces, kings) captured by the moves kept so far.
    best: (u32, u32),
    /// Padded bits of the landings so far.
    landings: [u32; MAX_LANDINGS],
    depth: usize,
    list: &'a mut MoveList,
}

impl CaptureSearch<'_> {
    /// A king flies to the first piece on a diagonal, jumps it if it is an
    /// uncaptured enemy, and may land on any free square beyond (RULES 4.2).
    fn king(&mut self, at: u32, captured: u64, kings: u32) {
        let mut extended = false;
        for d in Dir::ALL {
            let mut next = d.step(at);
            while let Some(sq) = next {
                if self.occupied & (1 << sq) != 0 {
                    break;
                }
                next = d.step(sq);
            }
            let Some(over) = next else { continue };
            let over_bit = 1u64 << over;
            // An own piece, or a piece already jumped (RULES 5.2), blocks.
            if self.them & over_bit == 0 || captured & over_bit != 0 {
                continue;
            }
            let king = (self.them_kings & over_bit != 0) as u32;
            let mut land = d.step(over);
            while let Some(to) = land {
                if self.occupied & (1 << to) != 0 {
                    break;
                }
                extended = true;
                self.push_landing(to);
                self.king(to, captured | over_bit, kings + king);
                self.depth -= 1;
                land = d.step(to);
            }
        }
        if !extended && captured != 0 {
            self.record(captured, kings);
        }
    }

    #[inline(always)]
    fn push_landing(&mut self, bit: u32) {
        self.landings[self.depth] = bit;
        self.depth += 1;
    }

    /// Keeps a finished sequence if the laws of quantity and quality allow
    /// and no other order of the same jumps was kept (RULES 5.4).
    fn record(&mut self, captured: u64, kings: u32) {
        let score = (captured.count_ones(), kings);
        if score < self.best {
            return;
        }
        if score > self.best {
            self.best = score;
            self.list.clear();
        }
        let mv = Move::capture(self.from, &self.landings[..self.depth], captured, kings as u8);
        if !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past [`super::super::moves::INLINE_MOVES`] a list moves to the heap
    /// and keeps every move: filled near capacity first, the generator
    /// still appends all the moves of the position.
    #[test]
    fn a_list_past_its_inline_capacity_keeps_growing() {
        use super::super::moves::INLINE_MOVES;
        let pos = Position::initial();
        let first = pos.legal_moves()[0];
        let mut list: MoveList = std::iter::repeat_n(first, INLINE_MOVES - 3).collect();
        assert!(!list.spilled());
        pos.generate_for::<White>(&mut list);
        assert!(list.spilled(), "{} moves", list.len());
        assert_eq!(&list[INLINE_MOVES - 3..], pos.legal_moves().as_slice());
    }
}
