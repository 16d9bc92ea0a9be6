//! The `replays` table: the replay GIF of an ended game, made once and
//! kept, so a second `/replay` or Replay press reads a row instead of
//! drawing every frame again. Only an ended game (finished or aborted) may
//! have one: a live game's replay grows with every move, and a kept copy
//! would be stale after the next. The store enforces that itself, and keeps
//! only the newest few (see [`Store::put_replay`]).

use super::{Store, StoreError};

/// A kept replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayRow {
    /// The GIF's bytes.
    pub gif: Vec<u8>,
    /// When it was made (unix seconds).
    pub made_at: i64,
}

impl Store {
    /// The kept replay of game `game_id`, if there is one.
    pub async fn replay(&self, game_id: i64) -> Result<Option<ReplayRow>, StoreError> {
        let row: Option<(Vec<u8>, i64)> = sqlx::query_as("SELECT gif, made_at FROM replays WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.reads)
            .await?;
        Ok(row.map(|(gif, made_at)| ReplayRow { gif, made_at }))
    }

    /// Keeps `gif` as the replay of game `game_id`, made at `now` from its
    /// first `ply` moves, then deletes all but the newest `keep` replays.
    ///
    /// Stored only while the game is ended at `ply` (so a GIF made of a
    /// game that was live when it was read is never kept); `false` when it
    /// is not, or when a replay of the game is kept already (another
    /// process made the same GIF at the same time: the first one stays).
    pub async fn put_replay(
        &self,
        game_id: i64,
        ply: u32,
        gif: &[u8],
        now: i64,
        keep: u32,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let stored = sqlx::query(
            "INSERT INTO replays (game_id, gif, made_at) \
             SELECT id, $2, $3 FROM games WHERE id = $1 AND status <> 'live' AND ply = $4 \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(gif)
        .bind(now)
        .bind(i64::from(ply))
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if stored {
            // Newest by made_at, ties by game id: the same order in both
            // databases, so two processes pruning at once agree.
            sqlx::query(
                "DELETE FROM replays WHERE game_id NOT IN \
                 (SELECT game_id FROM replays ORDER BY made_at DESC, game_id DESC LIMIT $1)",
            )
            .bind(i64::from(keep))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(stored)
    }

    /// How many replays are kept.
    pub async fn replay_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM replays").fetch_one(&self.reads).await?)
    }
}
