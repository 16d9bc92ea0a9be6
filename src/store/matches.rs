//! The `matches` table (RULES 8.3): storing a match, starting its next game
//! (with the automatic opening already played) together with the
//! announcement that posts it, and ending it.

use sqlx::{AnyConnection, Row};

use super::games::MatchSeat;
use super::match_rows::{MatchGameRow, MatchRow, NewMatchRow};
use super::{
    AnnouncementKind, GameRow, MatchStatus, NewGameRow, Store, StoreError, db_id, discord_id, enum_column,
    is_unique_violation, optional_enum_column, u32_column,
};

impl Store {
    /// Whether `channel` holds a live match (also between two of its games).
    pub(super) async fn live_match_in_channel(
        &self,
        conn: &mut AnyConnection,
        channel: u64,
    ) -> Result<bool, StoreError> {
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM matches WHERE channel_id = $1 AND status = 'live'")
            .bind(db_id(channel)?)
            .fetch_optional(&mut *conn)
            .await?;
        Ok(id.is_some())
    }

    /// A match with its games.
    pub async fn match_row(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, guild_id, channel_id, first_white, first_black, opening, status, created_at \
             FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let guild: Option<i64> = row.try_get("guild_id")?;
        let games = sqlx::query(
            "SELECT match_game, id, white_id, status, result FROM games WHERE match_id = $1 ORDER BY match_game",
        )
        .bind(id)
        .fetch_all(&self.reads)
        .await?
        .iter()
        .map(|g| {
            Ok(MatchGameRow {
                number: u8::try_from(u32_column(g.try_get("match_game")?, "match_game")?)
                    .map_err(|_| StoreError::Corrupt("match_game"))?,
                game_id: g.try_get("id")?,
                white: discord_id(g.try_get("white_id")?, "white_id")?,
                status: enum_column(g, "status")?,
                result: optional_enum_column(g, "result")?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(Some(MatchRow {
            id,
            setup: NewMatchRow {
                guild: guild.map(|g| discord_id(g, "guild_id")).transpose()?,
                channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
                first_white: discord_id(row.try_get("first_white")?, "first_white")?,
                first_black: discord_id(row.try_get("first_black")?, "first_black")?,
                opening: row.try_get("opening")?,
                created_at: row.try_get("created_at")?,
            },
            status: enum_column(&row, "status")?,
            games,
        }))
    }

    /// Starts game `seat.number` of its match with `opening` already played
    /// (each move stored at `game.started_at`; `game.turn` is the side to
    /// move after them), and the announcement that posts it, in one
    /// transaction. `None` when that game already exists (another caller
    /// started it) or the match is no longer live.
    pub async fn start_match_game(
        &self,
        game: &NewGameRow,
        seat: MatchSeat,
        opening: &[String],
    ) -> Result<Option<GameRow>, StoreError> {
        let mut tx = self.pool.begin().await?;
        self.lock_id(&mut tx, game.channel).await?;
        // A write first (SQLite takes the write lock), and the check that the
        // match still runs.
        let live = sqlx::query("UPDATE matches SET status = status WHERE id = $1 AND status = 'live'")
            .bind(seat.match_id)
            .execute(&mut *tx)
            .await?;
        if live.rows_affected() == 0 {
            return Ok(None);
        }
        let game = NewGameRow { match_seat: Some(seat), ..game.clone() };
        let id = match self.insert_game(&mut tx, None, &game).await {
            Ok(id) => id,
            Err(StoreError::Sql(e)) if is_unique_violation(&e) => return Ok(None),
            Err(e) => return Err(e),
        };
        for (ply, notation) in opening.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation, played_at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(ply as i64)
                .bind(notation)
                .bind(game.started_at)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE games SET ply = $2 WHERE id = $1")
            .bind(id)
            .bind(opening.len() as i64)
            .execute(&mut *tx)
            .await?;
        Store::insert_announcement(&mut tx, game.channel, AnnouncementKind::MatchGame { game: id }, game.started_at)
            .await?;
        tx.commit().await?;
        self.game(id).await
    }

    /// Ends live match `id` as `finished` (its last game played) or
    /// `aborted`; `false` if it was no longer live.
    pub async fn end_match(&self, id: i64, aborted: bool, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE matches SET status = $2, finished_at = $3 WHERE id = $1 AND status = 'live'")
            .bind(id)
            .bind(if aborted { MatchStatus::Aborted } else { MatchStatus::Finished }.name())
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Live matches none of whose games is live: each waits for its next
    /// game or its end (after a crash between a game's end and that).
    pub async fn matches_between_games(&self) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT m.id FROM matches m WHERE m.status = 'live' \
             AND NOT EXISTS (SELECT 1 FROM games g WHERE g.match_id = m.id AND g.status = 'live') ORDER BY m.id",
        )
        .fetch_all(&self.reads)
        .await?)
    }
}
