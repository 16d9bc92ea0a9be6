//! Games against the bot's engine: starting one at once (no challenge),
//! finding those where the engine is to move, and the last finished game of
//! a channel (for its review).

use super::{ChannelTaken, GameRow, NewGameRow, Store, StoreError, db_id, is_unique_violation};

impl Store {
    /// Starts a game with no challenge row (a game against the engine), in
    /// one transaction, unless the channel holds a live game or an open
    /// challenge: the same rules as accepting a challenge.
    pub async fn start_engine_game(&self, game: &NewGameRow) -> Result<Result<GameRow, ChannelTaken>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // On SQLite the insert is the first statement: it takes the write
        // lock, and the unique index refuses a second live game in the
        // channel. PostgreSQL locks the channel against a racing challenge.
        self.lock_id(&mut tx, game.channel).await?;
        let id = match self.insert_game(&mut tx, None, game).await {
            Ok(id) => id,
            Err(StoreError::Sql(e)) if is_unique_violation(&e) => return Ok(Err(ChannelTaken::Game)),
            Err(e) => return Err(e),
        };
        let open: Option<i64> =
            sqlx::query_scalar("SELECT id FROM challenges WHERE channel_id = $1 AND state = 'open'")
                .bind(db_id(game.channel)?)
                .fetch_optional(&mut *tx)
                .await?;
        if open.is_some() {
            tx.rollback().await?;
            return Ok(Err(ChannelTaken::Challenge));
        }
        // Between two games of a match the channel is still the match's.
        if self.live_match_in_channel(&mut tx, game.channel).await? {
            tx.rollback().await?;
            return Ok(Err(ChannelTaken::Game));
        }
        tx.commit().await?;
        Ok(Ok(self.game(id).await?.ok_or(StoreError::Corrupt("games.id"))?))
    }

    /// Every live game where it is the engine's turn, oldest first.
    pub async fn live_games_on_engine_turn(&self) -> Result<Vec<GameRow>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            // In the partial index's order (its colour, then id): without the
            // index SQLite would scan every game for `ORDER BY id`.
            "SELECT id FROM games WHERE status = 'live' AND engine_color IS NOT NULL AND engine_color = turn \
             ORDER BY engine_color, id",
        )
        .fetch_all(&self.reads)
        .await?;
        self.games_by_ids(ids).await
    }

    /// The game of `channel` that finished last, if any.
    pub async fn last_finished_game_in_channel(&self, channel: u64) -> Result<Option<GameRow>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM games WHERE channel_id = $1 AND status = 'finished' ORDER BY finished_at DESC, id DESC \
             LIMIT 1",
        )
        .bind(db_id(channel)?)
        .fetch_optional(&self.reads)
        .await?;
        match id {
            Some(id) => self.game(id).await,
            None => Ok(None),
        }
    }
}
