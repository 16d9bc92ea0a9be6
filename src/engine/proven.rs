//! What the endgame tables prove about a position under the game's draw
//! rules (RULES 7.3c-d, 7.4): the tables alone know nothing of the counts,
//! so a "win" they report is a win of the game only if the counts so far
//! leave it time.

use super::counters::{Counters, three_kings_side};
use super::tables::{TableValue, Tables, Wdl};
use crate::rules::{Color, DrawRules, Position};

/// The value of `pos` for the side to move under `rules`, with `counters`
/// as the game has them so far; `None` when the tables do not hold the
/// position or cannot prove its value under the counts.
///
/// Three kings against one, and what captures leave of them while the
/// count runs, are solved exactly under the count of 7.3d (see
/// [`Tables::probe_three_kings`]). Elsewhere a table win counts only if
/// it fits the counts even when every ply before the last is a king move;
/// a slower win might still be won by resetting the count, so it is left
/// unproven rather than called a draw.
pub(crate) fn proven(tables: &Tables, pos: &Position, counters: Counters, rules: DrawRules) -> Option<TableValue> {
    let value = tables.probe(pos)?;
    // RULES 7.1 before 7.3: a side with no move has lost, count or not.
    if value == TableValue::decisive(0) {
        return Some(value);
    }
    if counters.is_draw(rules) {
        return Some(TableValue::DRAW);
    }
    // The count starts at the first position with three kings against one
    // and runs to the end of the game, through any capture after it.
    let count = counters.three_kings.or_else(|| three_kings_side(pos).map(|strong| (strong, 0)));
    if let (Some(limit), Some((strong, used))) = (rules.three_kings_moves(), count) {
        let value = tables.probe_three_kings(pos, strong, limit.saturating_sub(used), rules)?;
        // Within the count only the king-move count can still bite (when the
        // counters were given, not played to).
        let fits = value.wdl == Wdl::Draw || counters.king_moves_leave_room_for(rules, value.plies as u32);
        return fits.then_some(value);
    }
    let us = pos.turn();
    let winner = match value.wdl {
        Wdl::Draw => return Some(value),
        Wdl::Win => us,
        Wdl::Loss => us.opponent(),
    };
    let plies = value.plies as u32;
    let fits = counters.leaves_room_for(rules, us, winner, plies) && fits_a_later_count(pos, rules, us, winner, plies);
    fits.then_some(value)
}

/// Whether a win of `plies` plies by `winner` fits the count of 7.3d if
/// the winner comes to have three kings against one on the way (it could,
/// with three pieces or more): the count starts then, and the winner's
/// moves from then on are at most its moves of the whole line.
fn fits_a_later_count(pos: &Position, rules: DrawRules, to_move: Color, winner: Color, plies: u32) -> bool {
    match rules.three_kings_moves() {
        Some(limit) if pos.count(winner) >= 3 => {
            let own = if to_move == winner { plies.div_ceil(2) } else { plies / 2 };
            own <= limit
        }
        _ => true,
    }
}
