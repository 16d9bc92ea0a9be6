//! The `ratings` and `rating_changes` tables: applying a rated game's
//! result to its players' Glicko-2 ratings in the transaction that stores
//! the result, and reading ratings back.

use sqlx::{AnyConnection, Row};

use super::{Backend, Store, StoreError, db_id, discord_id, enum_column, lock_key};
use crate::rating::{RATED_MIN_PLY, Rating, Score, rate_game};
use crate::rules::{Color, Outcome};

/// A SELECT of the columns [`rating_row`] reads from `ratings`, then `$rest`.
macro_rules! select_ratings {
    ($rest:literal) => {
        concat!("SELECT user_id, rating, deviation, volatility, games, best, updated_at FROM ratings ", $rest)
    };
}

/// A player's current rating in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player.
    pub user: u64,
    /// The Glicko-2 rating, deviation and volatility.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// The highest rating reached while established, if ever.
    pub best: Option<f64>,
    /// When the rating last changed (unix seconds): its idle time counts
    /// from here ([`Rating::after_idle`]).
    pub updated_at: i64,
}

/// What one rated game did to one player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChangeRow {
    /// The player.
    pub user: u64,
    /// Rating before the game.
    pub rating_before: f64,
    /// Deviation before the game.
    pub deviation_before: f64,
    /// Rating after the game.
    pub rating_after: f64,
    /// Deviation after the game.
    pub deviation_after: f64,
}

/// A point of a player's rating history: after the game that ended at `at`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// When the game ended (unix seconds).
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// A player's wins, draws and losses in the rated games of a server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RatedResults {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// Applies the result of game `game_id`, which the caller has just
/// finished in the transaction on `conn`, to its players' ratings if the
/// game counts (rated, in a server, each side moved twice). Called only by
/// the statement that moved the game from live to finished, so once per
/// game; the primary key of `rating_changes` would refuse a second time.
pub(super) async fn rate_finished_game(
    conn: &mut AnyConnection,
    backend: Backend,
    game_id: i64,
    now: i64,
) -> Result<(), StoreError> {
    let row = sqlx::query(
        "SELECT guild_id, white_id, black_id, result FROM games \
         WHERE id = $1 AND status = 'finished' AND rated = 1 AND guild_id IS NOT NULL AND ply >= $2",
    )
    .bind(game_id)
    .bind(i64::from(RATED_MIN_PLY))
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(()) };
    let guild: i64 = row.try_get("guild_id")?;
    let white: i64 = row.try_get("white_id")?;
    let black: i64 = row.try_get("black_id")?;
    // White's score.
    let score = match enum_column(&row, "result")? {
        Outcome::Win(Color::White) => Score::Win,
        Outcome::Draw => Score::Draw,
        Outcome::Win(Color::Black) => Score::Loss,
    };
    // PostgreSQL: against another game of the same player ending at once;
    // always the lower id first, so two such transactions never deadlock.
    for user in [white.min(black), white.max(black)] {
        lock_key(conn, backend, discord_id(user, "white_id")?).await?;
    }
    let before_white = current(conn, guild, white, now).await?;
    let before_black = current(conn, guild, black, now).await?;
    let (after_white, after_black) = rate_game(before_white.rating, before_black.rating, score);
    for (user, before, after) in [(white, &before_white, after_white), (black, &before_black, after_black)] {
        save(conn, guild, user, before, after, now).await?;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, user_id, guild_id, rating_before, deviation_before, rating_after, \
             deviation_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(game_id)
        .bind(user)
        .bind(guild)
        .bind(before.rating.rating)
        .bind(before.rating.deviation)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A player's rating at `now`: the stored one widened by the weeks since
/// it changed, or a new player's.
async fn current(conn: &mut AnyConnection, guild: i64, user: i64, now: i64) -> Result<RatingRow, StoreError> {
    let row = sqlx::query(select_ratings!("WHERE guild_id = $1 AND user_id = $2"))
        .bind(guild)
        .bind(user)
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(row) => {
            let mut row = rating_row(&row)?;
            row.rating = row.rating.after_idle(now - row.updated_at);
            Ok(row)
        }
        None => Ok(RatingRow {
            user: discord_id(user, "user_id")?,
            rating: Rating::new_player(),
            games: 0,
            best: None,
            updated_at: now,
        }),
    }
}

/// Writes a player's rating after a game: one more game, and a new best if
/// the rating is established and higher.
async fn save(
    conn: &mut AnyConnection,
    guild: i64,
    user: i64,
    before: &RatingRow,
    after: Rating,
    now: i64,
) -> Result<(), StoreError> {
    let best = match (before.best, after.is_provisional()) {
        (best, true) => best,
        (Some(best), false) => Some(best.max(after.rating)),
        (None, false) => Some(after.rating),
    };
    sqlx::query(
        "INSERT INTO ratings (guild_id, user_id, rating, deviation, volatility, games, best, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $9 = 1 THEN $7 END, $8) \
         ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games, best = excluded.best, updated_at = excluded.updated_at",
    )
    .bind(guild)
    .bind(user)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(i64::from(before.games + 1))
    // A NULL f64 is bound with another type than a number on PostgreSQL,
    // which breaks the statement cached from an earlier call: the value is
    // always a number, and a flag says whether there is one.
    .bind(best.unwrap_or(0.0))
    .bind(now)
    .bind(i64::from(best.is_some()))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn rating_row(row: &sqlx::any::AnyRow) -> Result<RatingRow, StoreError> {
    let games: i64 = row.try_get("games")?;
    Ok(RatingRow {
        user: discord_id(row.try_get("user_id")?, "user_id")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        games: u32::try_from(games).map_err(|_| StoreError::Corrupt("games"))?,
        best: row.try_get("best")?,
        updated_at: row.try_get("updated_at")?,
    })
}

impl Store {
    /// `user`'s rating in server `guild` as stored at its last change;
    /// `None` before their first rated game.
    pub async fn rating(&self, guild: u64, user: u64) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(select_ratings!("WHERE guild_id = $1 AND user_id = $2"))
            .bind(db_id(guild)?)
            .bind(db_id(user)?)
            .fetch_optional(&self.reads)
            .await?;
        row.as_ref().map(rating_row).transpose()
    }

    /// Server `guild`'s ratings whose stored deviation is at most
    /// `max_deviation`, best first: `limit` of them after the first `skip`.
    pub async fn top_ratings(
        &self,
        guild: u64,
        max_deviation: f64,
        skip: u32,
        limit: u32,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(select_ratings!(
            "WHERE guild_id = $1 AND deviation <= $2 ORDER BY rating DESC, user_id LIMIT $3 OFFSET $4"
        ))
        .bind(db_id(guild)?)
        .bind(max_deviation)
        .bind(i64::from(limit))
        .bind(i64::from(skip))
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(rating_row).collect()
    }

    /// `user`'s rating after each of their rated games in `guild`, oldest first.
    pub async fn rating_history(&self, guild: u64, user: u64) -> Result<Vec<RatingPoint>, StoreError> {
        let rows: Vec<(i64, f64, f64)> = sqlx::query_as(
            "SELECT at, rating_after, deviation_after FROM rating_changes WHERE guild_id = $1 AND user_id = $2 \
             ORDER BY at, game_id",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_all(&self.reads)
        .await?;
        Ok(rows.into_iter().map(|(at, rating, deviation)| RatingPoint { at, rating, deviation }).collect())
    }

    /// `user`'s wins, draws and losses in the games that changed their
    /// rating in `guild` (those of [`Store::rating_history`]).
    pub async fn rated_results(&self, guild: u64, user: u64) -> Result<RatedResults, StoreError> {
        let row = sqlx::query(
            "SELECT \
             COALESCE(SUM(CASE WHEN (g.result = '2-0' AND g.white_id = c.user_id) \
                          OR (g.result = '0-2' AND g.black_id = c.user_id) THEN 1 ELSE 0 END), 0) AS wins, \
             COALESCE(SUM(CASE WHEN g.result = '1-1' THEN 1 ELSE 0 END), 0) AS draws, \
             COALESCE(SUM(CASE WHEN (g.result = '0-2' AND g.white_id = c.user_id) \
                          OR (g.result = '2-0' AND g.black_id = c.user_id) THEN 1 ELSE 0 END), 0) AS losses \
             FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.guild_id = $1 AND c.user_id = $2",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_one(&self.reads)
        .await?;
        let count = |column: &'static str| -> Result<u32, StoreError> {
            let n: i64 = row.try_get(column)?;
            u32::try_from(n).map_err(|_| StoreError::Corrupt(column))
        };
        Ok(RatedResults { wins: count("wins")?, draws: count("draws")?, losses: count("losses")? })
    }

    /// What game `game_id` did to its players' ratings: White's change
    /// first; empty when it did nothing (unrated, or not over).
    pub async fn rating_changes(&self, game_id: i64) -> Result<Vec<RatingChangeRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.user_id, c.rating_before, c.deviation_before, c.rating_after, c.deviation_after \
             FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.game_id = $1 \
             ORDER BY CASE WHEN c.user_id = g.white_id THEN 0 ELSE 1 END",
        )
        .bind(game_id)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingChangeRow {
                    user: discord_id(row.try_get("user_id")?, "user_id")?,
                    rating_before: row.try_get("rating_before")?,
                    deviation_before: row.try_get("deviation_before")?,
                    rating_after: row.try_get("rating_after")?,
                    deviation_after: row.try_get("deviation_after")?,
                })
            })
            .collect()
    }
}
