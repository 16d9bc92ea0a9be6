//! Fair play for `/analyze position:`: in correspondence an engine must not
//! play for the players, so a position of a live game is not analysed -
//! neither the one on its board nor one its player to move could reach to
//! check a candidate move (after their move, or after their move and any
//! reply). Each live game keeps the keys of those positions in the store,
//! written soon after each move (off the path of its answer, see
//! [`crate::game::analysis::pending_keys`]), so the check is one indexed lookup however
//! many games a server plays; a game whose keys lag its ply is computed
//! before the check.

use super::Analyses;
use std::collections::BTreeSet;

use crate::game::{GameError, convert};
use crate::rules::Position;
use crate::store::GameKeys;

/// Games whose keys are (re)computed in one go before a check.
const REFRESH_BATCH: i64 = 200;

/// Most games whose keys one commit writes (after their moves, or before
/// a check): about
/// 60 keys each, so a commit holds the write lock (and the moves waiting
/// on it) for a few milliseconds at most.
const LIVE_KEYS_PER_COMMIT: usize = 16;

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

impl<'a> Analyses<'a> {
    /// Refuses `position` when it is one of a live game's in server `guild`
    /// (in a direct message: of one of `user`'s live games), on its board or
    /// within two plies of it.
    pub(in crate::game) async fn refuse_live_position(
        self,
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

    /// Writes the keys of up to [`LIVE_KEYS_PER_COMMIT`] games that moved
    /// (the lowest ids first; a game that moved again is written for its
    /// latest ply) in one commit; returns how many games' keys were written
    /// (a game that moved on or ended since is skipped). On an error those
    /// games' keys are left to the next check.
    pub async fn write_pending_live_positions(self) -> Result<usize, GameError> {
        let games: Vec<GameKeys> = self
            .live_keys
            .take(LIVE_KEYS_PER_COMMIT)
            .into_iter()
            .map(|(game_id, ply, position)| GameKeys { game_id, ply, keys: live_position_keys(&position) })
            .collect();
        if games.is_empty() {
            return Ok(0);
        }
        Ok(self.store.set_live_positions_of(&games).await?)
    }

    /// The games whose keys [`Analyses::write_pending_live_positions`] has
    /// still to write.
    pub fn pending_live_positions(self) -> &'a crate::game::PendingKeys {
        &self.0.live_keys
    }

    /// Computes the keys of the live games that have none for their current
    /// ply: games just started, and games whose move's keys are not
    /// written yet.
    async fn refresh_live_positions(self) -> Result<(), GameError> {
        loop {
            let stale = self.store.live_games_without_positions(REFRESH_BATCH).await?;
            if stale.is_empty() {
                return Ok(());
            }
            let games = stale
                .into_iter()
                .map(|row| {
                    let game = convert::game_view(row)?;
                    let keys = live_position_keys(game.game.position());
                    Ok(GameKeys { game_id: game.id, ply: game.ply(), keys })
                })
                .collect::<Result<Vec<_>, GameError>>()?;
            let mut written = 0;
            for chunk in games.chunks(LIVE_KEYS_PER_COMMIT) {
                // A game a move got to first is skipped (its keys come after it).
                written += self.store.set_live_positions_of(chunk).await?;
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
