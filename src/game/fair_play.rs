//! Fair play for `/analyze position:`: in correspondence an engine must not
//! play for the players, so a position of a live game is not analysed -
//! neither the one on its board nor one its player to move could reach to
//! check a candidate move (after their move, or after their move and any
//! reply). Each live game keeps the keys of those positions in the store,
//! written with each move, so the check is one indexed lookup however many
//! games a server plays.

use std::collections::BTreeSet;

use super::{GameError, GameService, convert};
use crate::rules::Position;

/// Games whose keys are (re)computed in one go before a check.
const REFRESH_BATCH: i64 = 200;

/// `position` and every position reachable from it in one or two plies
/// (repeats possible).
fn within_two_plies(position: &Position) -> Vec<Position> {
    let mut out = vec![*position];
    for first in position.legal_moves().iter() {
        // Moves taken from the legal list: played without checking again.
        let after = position.play_unchecked(first);
        out.push(after);
        out.extend(after.legal_moves().iter().map(|reply| after.play_unchecked(reply)));
    }
    out
}

/// The stable keys of `position` and of every position reachable from it
/// in one or two plies, sorted, without repeats.
pub fn live_position_keys(position: &Position) -> Vec<u64> {
    let keys: BTreeSet<u64> = within_two_plies(position).iter().map(Position::stable_key).collect();
    keys.into_iter().collect()
}

/// Whether `position` is `live` or one of the positions [`live_position_keys`] covers.
fn reachable_from(live: &Position, position: &Position) -> bool {
    within_two_plies(live).contains(position)
}

impl GameService {
    /// Refuses `position` when it is one of a live game's in server `guild`
    /// (in a direct message: of one of `user`'s live games), on its board or
    /// within two plies of it.
    pub(super) async fn refuse_live_position(
        &self,
        position: &Position,
        guild: Option<u64>,
        user: u64,
    ) -> Result<(), GameError> {
        self.refresh_live_positions().await?;
        let candidates = self.store.live_games_with_position(position.stable_key(), guild, user).await?;
        for id in candidates {
            // A key is a hash: the game itself decides.
            let Some(row) = self.store.game(id).await? else { continue };
            let game = convert::game_view(row)?;
            if game.is_live() && reachable_from(game.game.position(), position) {
                return Err(GameError::AnalysisOfLivePosition);
            }
        }
        Ok(())
    }

    /// Computes the keys of the live games that have none for their current
    /// ply: games just started (a move writes its game's keys itself).
    async fn refresh_live_positions(&self) -> Result<(), GameError> {
        loop {
            let stale = self.store.live_games_without_positions(REFRESH_BATCH).await?;
            if stale.is_empty() {
                return Ok(());
            }
            let mut written = 0;
            for row in stale {
                let game = convert::game_view(row)?;
                let keys = live_position_keys(game.game.position());
                // Refused when a move got there first: that move wrote its own keys.
                if self.store.set_live_positions(game.id, game.ply(), &keys).await? {
                    written += 1;
                }
            }
            if written == 0 {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_cover_two_plies() {
        let start = Position::initial();
        let keys = live_position_keys(&start);
        // The start, its 7 moves, and the distinct positions after each
        // reply (7 x 7 = 49, no two alike).
        assert_eq!(keys.len(), 1 + 7 + 49);
        for first in start.legal_moves().iter() {
            let after = start.play(first).unwrap();
            assert!(keys.contains(&after.stable_key()));
            assert!(reachable_from(&start, &after));
            for reply in after.legal_moves().iter() {
                let then = after.play(reply).unwrap();
                assert!(keys.binary_search(&then.stable_key()).is_ok());
                assert!(reachable_from(&start, &then));
                let third = then.legal_moves().iter().next().map(|m| then.play(m).unwrap()).unwrap();
                assert!(!reachable_from(&start, &third), "three plies on is no longer covered");
            }
        }
    }
}
