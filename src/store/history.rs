//! A player's ended games in a server, a page at a time, for `/history`:
//! the games' own columns only (no moves, no replay), with the player's
//! wins, draws and losses counted in SQL.

use sqlx::Row;

use super::games::engine_seat;
use super::{
    EngineSeat, FinishReason, GameStatus, Store, StoreError, db_id, discord_id, enum_column, optional_enum_column,
    u32_column,
};
use crate::rules::Outcome;

/// One ended game as a history lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryLine {
    /// The game's id.
    pub id: i64,
    /// Its channel.
    pub channel: u64,
    /// White's user id.
    pub white: u64,
    /// Black's user id.
    pub black: u64,
    /// Finished or aborted.
    pub status: GameStatus,
    /// Who won a finished game, or a draw.
    pub result: Option<Outcome>,
    /// Why a finished game ended.
    pub reason: Option<FinishReason>,
    /// When it ended (unix seconds).
    pub ended_at: i64,
    /// Plies played.
    pub ply: u32,
    /// The bot's seat when the game was against its engine.
    pub engine: Option<EngineSeat>,
}

/// A page of a player's history, with the counts over all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryPage {
    /// Ended games (finished or aborted) of the player in the server.
    pub total: u64,
    /// Of those, the player's wins, draws and losses.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// The games of the page asked for, newest first.
    pub games: Vec<HistoryLine>,
}

fn count(row: &sqlx::any::AnyRow, column: &'static str) -> Result<u64, StoreError> {
    let n: i64 = row.try_get(column)?;
    u64::try_from(n).map_err(|_| StoreError::Corrupt(column))
}

impl Store {
    /// The ended games `user` played in `guild`, newest first, skipping
    /// `offset` and taking at most `limit`, and the counts over all of them.
    pub async fn history_page(
        &self,
        guild: u64,
        user: u64,
        offset: u32,
        limit: u32,
    ) -> Result<HistoryPage, StoreError> {
        let (guild, user) = (db_id(guild)?, db_id(user)?);
        let counts = sqlx::query(
            "SELECT COUNT(*) AS total, \
             COALESCE(SUM(CASE WHEN (result = '2-0' AND white_id = $2) OR (result = '0-2' AND black_id = $2) \
                          THEN 1 ELSE 0 END), 0) AS wins, \
             COALESCE(SUM(CASE WHEN result = '1-1' THEN 1 ELSE 0 END), 0) AS draws, \
             COALESCE(SUM(CASE WHEN (result = '0-2' AND white_id = $2) OR (result = '2-0' AND black_id = $2) \
                          THEN 1 ELSE 0 END), 0) AS losses \
             FROM games WHERE guild_id = $1 AND status <> 'live' AND (white_id = $2 OR black_id = $2)",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.reads)
        .await?;
        let rows = sqlx::query(
            "SELECT id, channel_id, white_id, black_id, status, result, reason, finished_at, ply, engine_level, \
             engine_color FROM games WHERE guild_id = $1 AND status <> 'live' AND (white_id = $2 OR black_id = $2) \
             ORDER BY finished_at DESC, id DESC LIMIT $3 OFFSET $4",
        )
        .bind(guild)
        .bind(user)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(&self.reads)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            games.push(HistoryLine {
                id: row.try_get("id")?,
                channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
                white: discord_id(row.try_get("white_id")?, "white_id")?,
                black: discord_id(row.try_get("black_id")?, "black_id")?,
                status: enum_column(row, "status")?,
                result: optional_enum_column(row, "result")?,
                reason: optional_enum_column(row, "reason")?,
                ended_at: row.try_get::<Option<i64>, _>("finished_at")?.ok_or(StoreError::Corrupt("finished_at"))?,
                ply: u32_column(row.try_get("ply")?, "ply")?,
                engine: engine_seat(row)?,
            });
        }
        Ok(HistoryPage {
            total: count(&counts, "total")?,
            wins: count(&counts, "wins")?,
            draws: count(&counts, "draws")?,
            losses: count(&counts, "losses")?,
            games,
        })
    }
}
