//! A server's live games, a page at a time, for `/games`: one query per
//! page that reads only the games' own columns (no moves, no replay), so it
//! costs the same with ten games or ten thousand.

use sqlx::Row;

use super::games::engine_seat;
use super::vacations::{VacationFacts, vacation_facts};
use super::{EngineSeat, Store, StoreError, db_id, discord_id, enum_column, u32_column};
use crate::rules::Color;

/// One live game as listed: who plays, where, whose turn and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGameLine {
    /// The game's id.
    pub id: i64,
    /// Its channel.
    pub channel: u64,
    /// White's user id.
    pub white: u64,
    /// Black's user id.
    pub black: u64,
    /// Side to move.
    pub turn: Color,
    /// When the player to move loses on time (unix seconds).
    pub deadline: i64,
    /// Plies played.
    pub ply: u32,
    /// The bot's seat when the game is against its engine.
    pub engine: Option<EngineSeat>,
    /// What its clock needs to know of vacations.
    pub vacation: VacationFacts,
}

/// A page of a server's live games, nearest deadline first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGamesPage {
    /// How many live games the server has in all.
    pub total: u64,
    /// The games of the page asked for (none past the last page).
    pub games: Vec<LiveGameLine>,
}

impl Store {
    /// The live games of `guild` ordered by deadline (then id), skipping
    /// `offset` and taking at most `limit`, with the count of all of them,
    /// in one query. The count comes from a one-row subquery that the page
    /// is joined to, so it is there even when the page is empty.
    pub async fn live_games_page_in_guild(
        &self,
        guild: u64,
        offset: u32,
        limit: u32,
    ) -> Result<LiveGamesPage, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT c.total, g.id, g.channel_id, g.white_id, g.black_id, g.turn, g.deadline, g.ply, \
             g.engine_level, g.engine_color, g.away_since, g.tournament_vacation \
             FROM (SELECT COUNT(*) AS total FROM games WHERE guild_id = $1 AND status = 'live') AS c \
             LEFT JOIN (SELECT id, channel_id, white_id, black_id, turn, deadline, ply, engine_level, engine_color, ",
            vacation_facts!(),
            " FROM games \
                        WHERE guild_id = $1 AND status = 'live' ORDER BY deadline, id LIMIT $2 OFFSET $3) AS g \
             ON 1 = 1 ORDER BY g.deadline, g.id"
        ))
        .bind(db_id(guild)?)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(&self.reads)
        .await?;
        page_from_rows(&rows)
    }

    /// The live games of `guild` that `user` plays, those where it is their
    /// move first, then by deadline (then id), a page at a time as
    /// [`Store::live_games_page_in_guild`] reads them (for `/mygames`).
    pub async fn live_games_page_of_player(
        &self,
        guild: u64,
        user: u64,
        offset: u32,
        limit: u32,
    ) -> Result<LiveGamesPage, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT c.total, g.id, g.channel_id, g.white_id, g.black_id, g.turn, g.deadline, g.ply, \
             g.engine_level, g.engine_color, g.away_since, g.tournament_vacation, g.waiting \
             FROM (SELECT COUNT(*) AS total FROM games \
                   WHERE guild_id = $1 AND status = 'live' AND (white_id = $2 OR black_id = $2)) AS c \
             LEFT JOIN (SELECT id, channel_id, white_id, black_id, turn, deadline, ply, engine_level, engine_color, ",
            vacation_facts!(),
            ", CASE WHEN (turn = 'white' AND white_id = $2) OR (turn = 'black' AND black_id = $2) \
                                    THEN 0 ELSE 1 END AS waiting \
                        FROM games WHERE guild_id = $1 AND status = 'live' AND (white_id = $2 OR black_id = $2) \
                        ORDER BY waiting, deadline, id LIMIT $3 OFFSET $4) AS g \
             ON 1 = 1 ORDER BY g.waiting, g.deadline, g.id"
        ))
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(&self.reads)
        .await?;
        page_from_rows(&rows)
    }
}

impl Store {
    /// The live games of `guild` where it is `user`'s move, soonest
    /// deadline first, at most `limit`, with how many there are (for the
    /// daily digest), in one query as the pages above.
    pub async fn live_games_to_move(&self, guild: u64, user: u64, limit: u32) -> Result<LiveGamesPage, StoreError> {
        const TO_MOVE: &str = "guild_id = $1 AND status = 'live' \
             AND ((turn = 'white' AND white_id = $2) OR (turn = 'black' AND black_id = $2))";
        let sql = format!(
            "SELECT c.total, g.id, g.channel_id, g.white_id, g.black_id, g.turn, g.deadline, g.ply, \
             g.engine_level, g.engine_color, g.away_since, g.tournament_vacation \
             FROM (SELECT COUNT(*) AS total FROM games WHERE {TO_MOVE}) AS c \
             LEFT JOIN (SELECT id, channel_id, white_id, black_id, turn, deadline, ply, engine_level, engine_color, {} \
                        FROM games WHERE {TO_MOVE} ORDER BY deadline, id LIMIT $3) AS g \
             ON 1 = 1 ORDER BY g.deadline, g.id",
            vacation_facts!()
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(db_id(guild)?)
            .bind(db_id(user)?)
            .bind(i64::from(limit))
            .fetch_all(&self.reads)
            .await?;
        page_from_rows(&rows)
    }
}

/// A page from rows of the count joined to the page's games (a lone row
/// with no game when the page is empty).
fn page_from_rows(rows: &[sqlx::any::AnyRow]) -> Result<LiveGamesPage, StoreError> {
    let total: i64 = match rows.first() {
        Some(row) => row.try_get("total")?,
        None => 0,
    };
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(id) = row.try_get::<Option<i64>, _>("id")? else { continue };
        games.push(LiveGameLine {
            id,
            channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
            white: discord_id(row.try_get("white_id")?, "white_id")?,
            black: discord_id(row.try_get("black_id")?, "black_id")?,
            turn: enum_column(row, "turn")?,
            deadline: row.try_get("deadline")?,
            ply: u32_column(row.try_get("ply")?, "ply")?,
            engine: engine_seat(row)?,
            vacation: VacationFacts::from_row(row)?,
        });
    }
    Ok(LiveGamesPage { total: u64::try_from(total).map_err(|_| StoreError::Corrupt("count"))?, games })
}
