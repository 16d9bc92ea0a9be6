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

/// The solved layers for both strong colours.
pub(super) struct ThreeKings {
    /// King-only plies that draw (RULES 7.3c) in the presets with a count;
    /// it bounds the endings left after the lone king captures.
    king_move_plies: u32,
    /// White strong, then Black strong: the table of that material and, for
    /// each number of moves left (0..=[`MAX_MOVES`]), a byte per slot in the
    /// tables' encoding.
    sides: [(Table, Vec<Vec<u8>>); 2],
}

impl ThreeKings {
    /// Solves every layer; `None` if the tables hold fewer than 4 pieces.
    pub(super) fn build(layout: &Layout, data: &[u8]) -> Option<ThreeKings> {
        let king_move_plies = counting_presets_king_move_plies();
        let solve = |strong: Color| -> Option<(Table, Vec<Vec<u8>>)> {
            let table = layout.table(material(strong))?.clone();
            let layers = solve_side(layout, data, &table, strong, king_move_plies);
            Some((table, layers))
        };
        Some(ThreeKings { king_move_plies, sides: [solve(Color::White)?, solve(Color::Black)?] })
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
        let (table, layers) = self.sides.iter().find(|(t, _)| t.material == m)?;
        decode(layers[moves_left as usize][table.local(pos)])
    }
}

/// Three kings of `strong` against a lone king.
fn material(strong: Color) -> Material {
    let (white_kings, black_kings) = if strong == Color::White { (3, 1) } else { (1, 3) };
    Material { white_men: 0, white_kings, black_men: 0, black_kings }
}

/// The king-move count of the presets that count three kings; they agree.
fn counting_presets_king_move_plies() -> u32 {
    let mut counting = DrawRules::ALL.into_iter().filter(|r| r.three_kings_moves().is_some());
    let plies = counting.next().map_or(0, DrawRules::king_move_plies);
    debug_assert!(counting.all(|r| r.king_move_plies() == plies), "the counting presets differ in 7.3c");
    plies
}

/// Every layer of one material: `layers[m]` for `m` moves left.
fn solve_side(layout: &Layout, data: &[u8], table: &Table, strong: Color, king_move_plies: u32) -> Vec<Vec<u8>> {
    let slots = 2 * table.size;
    let strong_half = |slot: usize| (slot < table.size) == (strong == Color::White);
    let mut moves = MoveList::new();
    // Nothing left: drawn, unless the side to move is blocked (RULES 7.1).
    let base: Vec<u8> = (0..slots)
        .map(|slot| match table.position(slot) {
            None => NOT_A_POSITION,
            Some(_) if decode(data[table.offset + slot]) == Some(TableValue::decisive(0)) => encode_plies(0),
            Some(_) => DRAW,
        })
        .collect();
    let mut layers = vec![base];
    for _ in 1..=MAX_MOVES {
        let before = layers.last().expect("layer 0 is there");
        let mut layer = before.clone();
        // The strong side moves first into the layer below, then the lone
        // king into this one.
        for pass_strong in [true, false] {
            for slot in (0..slots).filter(|&s| strong_half(s) == pass_strong) {
                let Some(pos) = table.position(slot) else { continue };
                moves.clear();
                pos.generate(&mut moves);
                let children = moves.iter().map(|mv| {
                    let child = pos.play_unchecked(mv);
                    if Material::of(&child) == table.material {
                        let from = if pass_strong { before } else { &layer };
                        from[table.local(&child)]
                    } else {
                        left_material(layout, data, &child, king_move_plies)
                    }
                });
                let value = best(children);
                layer[slot] = value;
            }
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
