//! Three kings against a lone king under the count of RULES 7.3d: the
//! exact value of every such position for each number of moves the strong
//! side has left, so that no "win" is claimed that the count would cut
//! short, and every win that fits is reported with its true length.
//!
//! The plain tables cannot say this: their longest wins take more moves
//! than the count allows. And the count runs to the end of the game: a
//! king given away to reach two kings against one (or one against one)
//! buys no time, so those endings are solved under the same count too.
//! The values are solved layer by layer: with `m` moves left, the strong
//! side's move leads to a position with `m - 1` left, the lone king's move
//! keeps `m`. Positions with nothing left are drawn unless the side to move
//! has no move at all (the rules judge that first, RULES 7.1).
//!
//! The king-move count of RULES 7.3c plays no part here: the material
//! arises by a capture or a promotion, both of which restart it, and the
//! longest count (13 moves, 26 plies) ends the game before its 40 plies.

use super::layout::{Layout, Material, Table};
use super::squares::{spread, squeeze};
use super::value::{DRAW, NOT_A_POSITION, TableValue, Wdl, decode, encode_plies};
use crate::rules::{Color, DrawRules, MoveList, Position};

/// The most moves any preset gives three kings (RULES 7.4).
pub const MAX_MOVES: u32 = {
    let mut most = 0;
    let mut i = 0;
    while i < DrawRules::ALL.len() {
        if let Some(n) = DrawRules::ALL[i].three_kings_moves()
            && n > most
        {
            most = n;
        }
        i += 1;
    }
    most
};

/// The endings the count can reach once it has started: one, two or three
/// white kings (the strong side) against a black king. Black's strong side
/// is the same positions with the board turned half way round.
const STRONG_KINGS: [u8; 3] = [1, 2, 3];

fn white_strong(kings: u8) -> Material {
    Material { white_men: 0, white_kings: kings, black_men: 0, black_kings: 1 }
}

/// The solved layers of every ending the count can reach.
pub(super) struct ThreeKings {
    /// One per entry of [`STRONG_KINGS`].
    endings: Vec<Ending>,
}

/// One material's layers.
struct Ending {
    table: Table,
    /// For each number of moves left (0..=[`MAX_MOVES`]), a byte per slot
    /// of `table` in the tables' encoding.
    layers: Vec<Vec<u8>>,
}

impl ThreeKings {
    /// Solves every layer; `None` if the tables hold fewer than 4 pieces.
    pub(super) fn build(layout: &Layout) -> Option<ThreeKings> {
        let mut endings: Vec<Ending> = Vec::with_capacity(STRONG_KINGS.len());
        for kings in STRONG_KINGS {
            let table = layout.table(white_strong(kings))?.clone();
            let layers = solve(&table, &endings);
            endings.push(Ending { table, layers });
        }
        Some(ThreeKings { endings })
    }

    /// The value of `pos` for the side to move when `strong` started the
    /// count with three kings and has `moves_left` moves of it left; `None`
    /// if `pos` is not an ending the count can reach (kings of `strong`
    /// against one king) or more moves are left than any preset gives.
    pub(super) fn probe(&self, pos: &Position, strong: Color, moves_left: u32) -> Option<TableValue> {
        if moves_left > MAX_MOVES {
            return None;
        }
        let pos = match strong {
            Color::White => *pos,
            Color::Black => turned(pos),
        };
        let m = Material::of(&pos);
        let ending = self.endings.iter().find(|e| e.table.material == m)?;
        decode(ending.layers[moves_left as usize][ending.table.local(&pos)])
    }
}

/// The position seen from the other side: square n becomes 33 - n, the
/// colours and the turn swap (the rules are the same for both sides).
fn turned(pos: &Position) -> Position {
    let turn = |bb: u64| spread(squeeze(bb).reverse_bits());
    Position { white: turn(pos.black), black: turn(pos.white), kings: turn(pos.kings), turn: pos.turn.opponent() }
}

/// Where a move leads, for the layered pass: a slot of the same table, a
/// slot of an ending solved before (a capture by the lone king), or the end
/// of the game (a side left without pieces).
#[derive(Clone, Copy)]
enum Child {
    Same(u32),
    Fewer { ending: u8, slot: u32 },
    Over,
}

/// Every layer of one ending: `layers[m]` for `m` moves left. The moves
/// are generated once, as lists of children; each layer is then a pass
/// over those lists. `fewer` holds the endings with fewer white kings,
/// solved already.
fn solve(table: &Table, fewer: &[Ending]) -> Vec<Vec<u8>> {
    let slots = 2 * table.size;
    let mut first = Vec::with_capacity(slots + 1);
    let mut children = Vec::new();
    let mut moves = MoveList::new();
    // Nothing left: drawn, unless the side to move is blocked (RULES 7.1).
    let mut base = vec![NOT_A_POSITION; slots];
    for (slot, value) in base.iter_mut().enumerate() {
        first.push(children.len() as u32);
        let Some(pos) = table.position(slot) else { continue };
        moves.clear();
        pos.generate(&mut moves);
        *value = if moves.is_empty() { encode_plies(0) } else { DRAW };
        children.extend(moves.iter().map(|mv| {
            let child = pos.play_unchecked(mv);
            let m = Material::of(&child);
            if m == table.material {
                Child::Same(table.local(&child) as u32)
            } else if let Some(i) = fewer.iter().position(|e| e.table.material == m) {
                Child::Fewer { ending: i as u8, slot: fewer[i].table.local(&child) as u32 }
            } else {
                // The lone king was taken, or the last white king.
                debug_assert!(child.count(Color::White) == 0 || child.count(Color::Black) == 0);
                Child::Over
            }
        }));
    }
    first.push(children.len() as u32);
    // `same` is this ending's layer the children are read in; a capture by
    // the lone king (Black's move) keeps the moves left, `m`.
    let value_of = |slot: usize, same: &[u8], m: usize| {
        let list = &children[first[slot] as usize..first[slot + 1] as usize];
        best(list.iter().map(|&c| match c {
            Child::Same(s) => same[s as usize],
            Child::Fewer { ending, slot } => fewer[ending as usize].layers[m][slot as usize],
            Child::Over => encode_plies(0),
        }))
    };
    let mut layers = vec![base];
    for m in 1..=MAX_MOVES as usize {
        let before = layers.last().expect("layer 0 is there");
        let mut layer = before.clone();
        // White (the first half) moves into the layer below, then the lone
        // king into this one; slots that are no position have no moves.
        // White never captures a white king, so its `Fewer` children do not
        // occur and the layer passed for them does not matter.
        for slot in (0..table.size).filter(|&s| before[s] != NOT_A_POSITION) {
            layer[slot] = value_of(slot, before, m - 1);
        }
        for slot in (table.size..slots).filter(|&s| before[s] != NOT_A_POSITION) {
            let value = value_of(slot, &layer, m);
            layer[slot] = value;
        }
        layers.push(layer);
    }
    layers
}

/// The value for the side to move from its children's values (each for
/// the side to move there): the quickest win, else a draw, else the
/// longest loss; no child at all is a loss on the spot.
fn best(children: impl Iterator<Item = u8>) -> u8 {
    let mut win: Option<u16> = None;
    let mut draw = false;
    let mut longest = 0u16;
    for byte in children {
        match decode(byte).expect("moves lead to positions") {
            TableValue { wdl: Wdl::Loss, plies } => win = Some(win.map_or(plies + 1, |w| w.min(plies + 1))),
            TableValue { wdl: Wdl::Draw, .. } => draw = true,
            TableValue { wdl: Wdl::Win, plies } => longest = longest.max(plies + 1),
        }
    }
    match (win, draw) {
        (Some(plies), _) => encode_plies(plies),
        (None, true) => DRAW,
        (None, false) => encode_plies(longest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_king_move_count_never_bites_within_the_three_kings_count() {
        // RULES 7.3c-d: the module's reasoning that 7.3c can be left out.
        for rules in DrawRules::ALL.into_iter().filter(|r| r.three_kings_moves().is_some()) {
            assert!(2 * MAX_MOVES < rules.king_move_plies(), "{rules:?}");
        }
    }
}
