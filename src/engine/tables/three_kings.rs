//! Three kings against a lone king under the count of RULES 7.3d: the
//! exact value of every such position for each number of moves the strong
//! side has left, so that no "win" is claimed that the count would cut
//! short, and every win that fits is reported with its true length.
//!
//! The plain tables cannot say this: their longest wins take more moves
//! than the count allows, and the shortest win by plies is not always the
//! one that uses the fewest counted moves (a king given up to reach a won
//! two-against-one ending stops the count). So the values are solved again,
//! layer by layer: with `m` moves left, the strong side's move leads to a
//! position with `m - 1` left, the lone king's move keeps `m`. Positions
//! with nothing left are drawn unless the side to move has no move at all
//! (the rules judge that first, RULES 7.1).

use super::layout::{Layout, Material, Table};
use super::squares::{spread, squeeze};
use super::value::{DRAW, NOT_A_POSITION, TableValue, Wdl, decode, encode_plies};
use crate::rules::{DrawRules, MoveList, Position};

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

/// The solved layers. Only White's three kings are stored: Black's are the
/// same positions with the board turned half way round.
pub(super) struct ThreeKings {
    /// King-only plies that draw (RULES 7.3c) in the presets with a count;
    /// it bounds the endings left after the lone king captures.
    king_move_plies: u32,
    /// The table of three white kings against a black king.
    table: Table,
    /// For each number of moves left (0..=[`MAX_MOVES`]), a byte per slot
    /// of `table` in the tables' encoding.
    layers: Vec<Vec<u8>>,
}

impl ThreeKings {
    /// Solves every layer; `None` if the tables hold fewer than 4 pieces.
    pub(super) fn build(layout: &Layout, data: &[u8]) -> Option<ThreeKings> {
        let king_move_plies = counting_presets_king_move_plies();
        let table = layout.table(WHITE_STRONG)?.clone();
        let layers = solve(layout, data, &table, king_move_plies);
        Some(ThreeKings { king_move_plies, table, layers })
    }

    /// The value of `pos` for the side to move with `moves_left` moves of
    /// the count left to the strong side, under `rules`' king-move count;
    /// `None` if `pos` is not three kings against one or the rules are not
    /// the ones solved for.
    pub(super) fn probe(&self, pos: &Position, moves_left: u32, rules: DrawRules) -> Option<TableValue> {
        if moves_left > MAX_MOVES || rules.king_move_plies() != self.king_move_plies {
            return None;
        }
        let m = Material::of(pos);
        let local = if m == WHITE_STRONG {
            self.table.local(pos)
        } else if m == BLACK_STRONG {
            self.table.local(&turned(pos))
        } else {
            return None;
        };
        decode(self.layers[moves_left as usize][local])
    }
}

/// Three white kings against a black king, and the other way round.
const WHITE_STRONG: Material = Material { white_men: 0, white_kings: 3, black_men: 0, black_kings: 1 };
const BLACK_STRONG: Material = Material { white_men: 0, white_kings: 1, black_men: 0, black_kings: 3 };

/// The position seen from the other side: square n becomes 33 - n, the
/// colours and the turn swap (the rules are the same for both sides).
fn turned(pos: &Position) -> Position {
    let turn = |bb: u64| spread(squeeze(bb).reverse_bits());
    Position { white: turn(pos.black), black: turn(pos.white), kings: turn(pos.kings), turn: pos.turn.opponent() }
}

/// The king-move count of the presets that count three kings; they agree.
fn counting_presets_king_move_plies() -> u32 {
    let mut counting = DrawRules::ALL.into_iter().filter(|r| r.three_kings_moves().is_some());
    let plies = counting.next().map_or(0, DrawRules::king_move_plies);
    debug_assert!(counting.all(|r| r.king_move_plies() == plies), "the counting presets differ in 7.3c");
    plies
}

/// A child that leaves the material: its value byte, flagged.
const EXIT: u32 = 1 << 31;

/// Every layer: `layers[m]` for `m` moves left. The moves are generated
/// once, as lists of children (slots of the table, or values of what a
/// capture leads to); each layer is then a pass over those lists.
fn solve(layout: &Layout, data: &[u8], table: &Table, king_move_plies: u32) -> Vec<Vec<u8>> {
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
            if Material::of(&child) == table.material {
                table.local(&child) as u32
            } else {
                EXIT | u32::from(left_material(layout, data, &child, king_move_plies))
            }
        }));
    }
    first.push(children.len() as u32);
    let value_of = |slot: usize, layer: &[u8]| {
        let list = &children[first[slot] as usize..first[slot + 1] as usize];
        best(list.iter().map(|&c| if c & EXIT != 0 { c as u8 } else { layer[c as usize] }))
    };
    let mut layers = vec![base];
    for _ in 1..=MAX_MOVES {
        let before = layers.last().expect("layer 0 is there");
        let mut layer = before.clone();
        // White (the first half) moves into the layer below, then the lone
        // king into this one; slots that are no position have no moves.
        for slot in (0..table.size).filter(|&s| before[s] != NOT_A_POSITION) {
            layer[slot] = value_of(slot, before);
        }
        for slot in (table.size..slots).filter(|&s| before[s] != NOT_A_POSITION) {
            let value = value_of(slot, &layer);
            layer[slot] = value;
        }
        layers.push(layer);
    }
    layers
}

/// The value of a position a capture leads to: the tables' value, a
/// decisive one only if it fits in a fresh king-move count (a capture
/// restarts it, RULES 7.3c). With three pieces or fewer, all kings, the
/// only later captures end the game or leave one king each, so the count
/// never restarts: a win longer than the count is a draw.
fn left_material(layout: &Layout, data: &[u8], child: &Position, king_move_plies: u32) -> u8 {
    let byte = data[layout.slot(child)];
    match decode(byte) {
        Some(v) if v.wdl != Wdl::Draw && u32::from(v.plies) > king_move_plies => DRAW,
        _ => byte,
    }
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
