//! Predecessors for the retrograde analysis: the positions from which one
//! quiet move that keeps the material (a king move, or a man step that does
//! not promote) leads to a given position.
//!
//! The rules module has no notion of moving backwards, so this is the one
//! place with move geometry of its own; the tables' tests check it against
//! the rules' forward moves edge for edge.

use super::squares::spread;
use crate::rules::{Color, Position, Square};

/// No square in that direction.
const OFF: u8 = u8::MAX;

/// Diagonal steps as (file, rank) changes; the first two go up the board
/// (White's forward), the last two down (Black's forward).
const DIRS: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
const UP: [usize; 2] = [0, 1];
const DOWN: [usize; 2] = [2, 3];

/// `STEP[bit][d]`: the padded bit one step from `bit` in direction `d`, or [`OFF`].
const STEP: [[u8; 4]; 64] = {
    let mut t = [[OFF; 4]; 64];
    let mut i = 0;
    while i < 32 {
        let sq = Square::ALL[i];
        let mut d = 0;
        while d < 4 {
            let file = sq.file() as i8 + DIRS[d].0;
            let rank = sq.rank() as i8 + DIRS[d].1;
            if file >= 0
                && rank >= 0
                && let Some(next) = Square::from_coords(file as u8, rank as u8)
            {
                t[sq.bit() as usize][d] = next.bit() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

const BOARD: u64 = spread(u32::MAX);

/// Calls `f` with every position `q` such that a legal move of `q` - a
/// quiet move of the side that is not to move in `pos`, with no capture
/// available in `q` (RULES 5.1) - leads to `pos` and keeps the material.
pub(super) fn for_each_unmove(pos: &Position, mut f: impl FnMut(Position)) {
    let mover = pos.turn.opponent();
    let ours = pos.side(mover);
    let empty = BOARD & !(pos.white | pos.black);
    let mut back = |from: u32, to: u32, king: bool| {
        let (from, to) = (1u64 << from, 1u64 << to);
        let mut q = Position { turn: mover, ..*pos };
        let side = match mover {
            Color::White => &mut q.white,
            Color::Black => &mut q.black,
        };
        *side = (*side & !to) | from;
        if king {
            q.kings = (q.kings & !to) | from;
        }
        // With a capture on the board, a quiet move is not legal there.
        if !q.has_capture() {
            f(q);
        }
    };
    let mut kings = ours & pos.kings;
    while kings != 0 {
        let to = kings.trailing_zeros();
        kings &= kings - 1;
        for (d, &first) in STEP[to as usize].iter().enumerate() {
            // A king flies: it may have come from any square of a free line.
            let mut from = first;
            while from != OFF && empty & (1 << from) != 0 {
                back(from as u32, to, true);
                from = STEP[from as usize][d];
            }
        }
    }
    // A man that stands on a square arrived there without promoting; it
    // stepped from the square behind it.
    let behind = match mover {
        Color::White => DOWN,
        Color::Black => UP,
    };
    let mut men = ours & !pos.kings;
    while men != 0 {
        let to = men.trailing_zeros();
        men &= men - 1;
        for d in behind {
            let from = STEP[to as usize][d];
            if from != OFF && empty & (1 << from) != 0 {
                back(from as u32, to, false);
            }
        }
    }
}
