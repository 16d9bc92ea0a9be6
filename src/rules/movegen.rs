//! Legal move generation (RULES 3-5).
//!
//! Captures are searched piece by piece, depth first, with the jumped pieces
//! left on the board until the move ends (RULES 5.2). Only the sequences that
//! capture the most pieces, then the most kings, are kept (RULES 5.3), and
//! sequences with the same start, end and captured set are one move (5.4).

use super::bitboard::{Bits, Dir, VALID};
use super::moves::{MAX_LANDINGS, Move, MoveList};
use super::{Color, Position};

/// The two directions a man of this colour moves and captures in.
const fn forward(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::UpLeft, Dir::UpRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight],
    }
}

impl Dir {
    /// The opposite direction.
    const fn back(self) -> Dir {
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
        let (men, kings) = self.capturers();
        if men | kings == 0 {
            self.gen_quiet(list);
        } else if let Some(jumps) = self.single_man_jumps(kings) {
            for (d, landings) in forward(self.turn).into_iter().zip(jumps.landings) {
                let b = d.back();
                for to in Bits(landings) {
                    let over = b.shift(1 << to);
                    let from = b.shift(over).trailing_zeros();
                    list.push(Move::single_capture(from, to, over, (self.kings & over != 0) as u8));
                }
            }
        } else {
            self.gen_captures(men, kings, list);
        }
    }

    /// When only men can capture and none can capture twice, every capture
    /// is one jump and the search is not needed: the landing squares per
    /// forward direction, keeping only jumps over kings if there are any
    /// (RULES 5.3). `None` when the full search is needed.
    #[inline(always)]
    fn single_man_jumps(&self, capturing_kings: u64) -> Option<SingleJumps> {
        if capturing_kings != 0 {
            return None;
        }
        let (us, them, empty) = self.sides();
        let men = us & !self.kings;
        let dirs = forward(self.turn);
        let mut landings = [0u64; 2];
        for (i, d) in dirs.into_iter().enumerate() {
            landings[i] = d.shift(d.shift(men) & them) & empty;
        }
        let all = landings[0] | landings[1];
        // A man never jumps back, so neither the piece it took nor its start
        // square can matter for a second jump: plain bitboards decide.
        if dirs.into_iter().any(|d| d.shift(d.shift(all) & them) & empty != 0) {
            return None;
        }
        let mut over_kings = [0u64; 2];
        for (i, d) in dirs.into_iter().enumerate() {
            over_kings[i] = d.shift(d.shift(men) & them & self.kings) & empty;
        }
        if over_kings[0] | over_kings[1] != 0 {
            landings = over_kings;
        }
        Some(SingleJumps { landings })
    }

    /// The number of legal moves; faster than counting [`Position::legal_moves`]
    /// when there is no capture.
    pub fn count_legal_moves(&self) -> usize {
        let (capturing_men, capturing_kings) = self.capturers();
        if capturing_men | capturing_kings != 0 {
            if let Some(jumps) = self.single_man_jumps(capturing_kings) {
                return (jumps.landings[0].count_ones() + jumps.landings[1].count_ones()) as usize;
            }
            return self.count_captures(capturing_men, capturing_kings);
        }
        let (us, _, empty) = self.sides();
        let men = us & !self.kings;
        let kings = us & self.kings;
        let mut count = 0;
        for d in forward(self.turn) {
            count += (d.shift(men) & empty).count_ones();
        }
        for d in Dir::ALL {
            // Rays of different kings in one direction never overlap: a king
            // behind another is stopped by it.
            let mut frontier = d.shift(kings) & empty;
            while frontier != 0 {
                count += frontier.count_ones();
                frontier = d.shift(frontier) & empty;
            }
        }
        count as usize
    }

    /// Counts captures by searching them. Kept out of line so that the
    /// common, quiet case does not pay for the list's large stack frame.
    #[inline(never)]
    fn count_captures(&self, men: u64, kings: u64) -> usize {
        let mut list = MoveList::new();
        self.gen_captures(men, kings, &mut list);
        list.len()
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        let (men, kings) = self.capturers();
        men | kings != 0
    }

    /// The men that can start a capture, and all kings if any king can
    /// (kings are few; the search sorts them out).
    #[inline(always)]
    fn capturers(&self) -> (u64, u64) {
        let (us, them, empty) = self.sides();
        let men = us & !self.kings;
        let mut capturing_men = 0;
        for d in forward(self.turn) {
            // A man whose next square holds an enemy with an empty square beyond.
            let b = d.back();
            capturing_men |= men & b.shift(b.shift(empty) & them);
        }
        let kings = us & self.kings;
        if kings != 0 {
            for d in Dir::ALL {
                let mut frontier = d.shift(kings);
                while frontier != 0 {
                    if d.shift(frontier & them) & empty != 0 {
                        return (capturing_men, kings);
                    }
                    frontier = d.shift(frontier & empty);
                }
            }
        }
        (capturing_men, 0)
    }

    /// (pieces of the side to move, the opponent's pieces, empty squares).
    #[inline(always)]
    fn sides(&self) -> (u64, u64, u64) {
        let (us, them) = match self.turn {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        };
        (us, them, VALID & !(us | them))
    }

    fn gen_quiet(&self, list: &mut MoveList) {
        let (us, _, empty) = self.sides();
        let men = us & !self.kings;
        for d in forward(self.turn) {
            for to in Bits(d.shift(men) & empty) {
                let from = match d {
                    Dir::UpLeft => to - 5,
                    Dir::UpRight => to - 4,
                    Dir::DownLeft => to + 4,
                    Dir::DownRight => to + 5,
                };
                list.push(Move::quiet(from, to));
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

    fn gen_captures(&self, men: u64, kings: u64, list: &mut MoveList) {
        let (us, them, _) = self.sides();
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
        for from in Bits(men | kings) {
            // RULES 5.2: the capturing piece's own square counts as empty.
            search.occupied = (us | them) & !(1 << from);
            search.from = from;
            if kings & (1 << from) != 0 {
                search.king(from, 0, 0);
            } else {
                search.man(from, forward(self.turn), 0, 0);
            }
        }
    }
}

/// Landing squares of single man captures, per forward direction.
struct SingleJumps {
    landings: [u64; 2],
}

/// State of the depth-first capture search for one side to move.
struct CaptureSearch<'a> {
    them: u64,
    them_kings: u64,
    /// Every piece except the one capturing; jumped pieces stay in it.
    occupied: u64,
    from: u32,
    /// (pieces, kings) captured by the moves kept so far.
    best: (u32, u32),
    landings: [u8; MAX_LANDINGS],
    depth: usize,
    list: &'a mut MoveList,
}

impl CaptureSearch<'_> {
    /// A man jumps only forward (RULES 3.2); on the far rank no forward jump
    /// is left, so promotion ends the move (RULES 3.4) by itself.
    fn man(&mut self, at: u32, dirs: [Dir; 2], captured: u64, kings: u32) {
        let mut extended = false;
        for d in dirs {
            // Men only go forward, so they never meet a piece they jumped.
            let over = d.shift(1 << at) & self.them;
            let land = d.shift(over) & !self.occupied;
            if land == 0 {
                continue;
            }
            extended = true;
            let king = (self.them_kings & over != 0) as u32;
            self.push_landing(land.trailing_zeros());
            self.man(land.trailing_zeros(), dirs, captured | over, kings + king);
            self.depth -= 1;
        }
        if !extended && captured != 0 {
            // Forward-only routes with the same captures are the same route,
            // so a man's captures never need the duplicate check.
            self.record(at, captured, kings, false);
        }
    }

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
            self.record(at, captured, kings, true);
        }
    }

    #[inline(always)]
    fn push_landing(&mut self, bit: u32) {
        self.landings[self.depth] = super::Square::from_bit(bit).number();
        self.depth += 1;
    }

    /// Keeps a finished sequence if the laws of quantity and quality allow.
    fn record(&mut self, to: u32, captured: u64, kings: u32, check_duplicates: bool) {
        let score = (captured.count_ones(), kings);
        if score < self.best {
            return;
        }
        if score > self.best {
            self.best = score;
            self.list.clear();
        }
        let mv = Move {
            from: self.from as u8,
            to: to as u8,
            landings_len: self.depth as u8,
            captured_kings: kings as u8,
            landings: self.landings,
            captured,
        };
        if !check_duplicates || !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }
}
