//! Puzzles played: the attempts (`puzzle_attempts`), each player's puzzle
//! rating per server (`puzzle_ratings`) and each puzzle's own rating.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError, db_id, discord_id, u32_column};
use crate::rating::{Rating, Score, rate_game};

/// A stored puzzle, as it is played.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRecord {
    /// Its id.
    pub id: i64,
    /// The position, PDN FEN, the solver to move.
    pub fen: String,
    /// The solution, moves in canonical notation separated by spaces.
    pub line: String,
    /// `shot`, `breakthrough` or `endgame`.
    pub theme: String,
    /// The puzzle's own rating.
    pub rating: Rating,
    /// Where it came from: the game's players' names and the ply.
    pub source: Option<PuzzleSource>,
}

/// The game a puzzle was found in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSource {
    /// The game.
    pub game: i64,
    /// The ply of the puzzle's position (plies before it).
    pub ply: u32,
    /// White's name as the game stored it.
    pub white: Option<String>,
    /// Black's name as the game stored it.
    pub black: Option<String>,
}

/// One player's try at one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptRow {
    /// Its id (carried by the menus of its message).
    pub id: i64,
    /// The server it was played in.
    pub guild: u64,
    /// The player.
    pub user: u64,
    /// The daily puzzle it was started from (the server's local day).
    pub daily_day: Option<i64>,
    /// Plies of the solution behind the player.
    pub step: u32,
    /// When it began.
    pub started_at: i64,
    /// `Some(solved)` once over.
    pub solved: Option<bool>,
    /// The puzzle.
    pub puzzle: PuzzleRecord,
}

/// A player's puzzle rating in a server, with their counts and streaks.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    /// The player.
    pub user: u64,
    /// The rating (a new player's until their first puzzle).
    pub rating: Rating,
    /// Puzzles finished.
    pub played: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Solved in a row, up to the last one.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// What finishing an attempt changed: the player's puzzle rating.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptFinished {
    /// Before the attempt.
    pub before: Rating,
    /// After it, with the player's counts and streak.
    pub after: PuzzleRatingRow,
}

/// The rating after one finished attempt, for the history chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRatingPoint {
    /// When it was finished.
    pub at: i64,
    /// The rating after it.
    pub rating: Rating,
}

/// A player's puzzle rating row in a server (`$1` the server, `$2` the player).
const RATING_OF_PLAYER: &str = "SELECT user_id, rating, deviation, volatility, played, solved, streak, best_streak \
     FROM puzzle_ratings WHERE guild_id = $1 AND user_id = $2";

/// A puzzle's columns, read by [`puzzle_from_row`] (`p` the puzzle, `g` its
/// game, left joined).
pub(super) const PUZZLE_COLUMNS: &str = "p.id AS puzzle_id, p.fen, p.line, p.theme, p.rating AS p_rating, \
     p.deviation AS p_deviation, p.volatility AS p_volatility, p.game_id, p.ply, g.white_name, g.black_name";

pub(super) fn puzzle_from_row(row: &AnyRow) -> Result<PuzzleRecord, StoreError> {
    let game: Option<i64> = row.try_get("game_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let source = match (game, ply) {
        (Some(game), Some(ply)) => Some(PuzzleSource {
            game,
            ply: u32_column(ply, "puzzles.ply")?,
            white: row.try_get("white_name")?,
            black: row.try_get("black_name")?,
        }),
        _ => None,
    };
    Ok(PuzzleRecord {
        id: row.try_get("puzzle_id")?,
        fen: row.try_get("fen")?,
        line: row.try_get("line")?,
        theme: row.try_get("theme")?,
        rating: Rating {
            rating: row.try_get("p_rating")?,
            deviation: row.try_get("p_deviation")?,
            volatility: row.try_get("p_volatility")?,
        },
        source,
    })
}

fn attempt_from_row(row: &AnyRow) -> Result<AttemptRow, StoreError> {
    let solved: Option<i64> = row.try_get("solved")?;
    Ok(AttemptRow {
        id: row.try_get("id")?,
        guild: discord_id(row.try_get("guild_id")?, "puzzle_attempts.guild_id")?,
        user: discord_id(row.try_get("user_id")?, "puzzle_attempts.user_id")?,
        daily_day: row.try_get("daily_day")?,
        step: u32_column(row.try_get("step")?, "puzzle_attempts.step")?,
        started_at: row.try_get("started_at")?,
        solved: solved.map(|s| s != 0),
        puzzle: puzzle_from_row(row)?,
    })
}

fn rating_from_row(row: &AnyRow) -> Result<PuzzleRatingRow, StoreError> {
    Ok(PuzzleRatingRow {
        user: discord_id(row.try_get("user_id")?, "puzzle_ratings.user_id")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        played: u32_column(row.try_get("played")?, "puzzle_ratings.played")?,
        solved: u32_column(row.try_get("solved")?, "puzzle_ratings.solved")?,
        streak: u32_column(row.try_get("streak")?, "puzzle_ratings.streak")?,
        best_streak: u32_column(row.try_get("best_streak")?, "puzzle_ratings.best_streak")?,
    })
}

/// An attempt with its puzzle and the puzzle's game, by `condition` on `a`.
fn attempt_query(condition: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!(
        "SELECT a.id, a.guild_id, a.user_id, a.daily_day, a.step, a.started_at, a.solved, {PUZZLE_COLUMNS} \
         FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id LEFT JOIN games g ON g.id = p.game_id \
         WHERE {condition}"
    ))
}

impl Store {
    /// How many puzzles are stored that came from no game (the starting set).
    pub async fn starting_puzzles(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM puzzles WHERE game_id IS NULL").fetch_one(&self.reads).await?)
    }

    /// Puzzle `id`, with its game's players when it came from one.
    pub async fn puzzle_record(&self, id: i64) -> Result<Option<PuzzleRecord>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles p LEFT JOIN games g ON g.id = p.game_id WHERE p.id = $1"
        ));
        let row = sqlx::query(sql).bind(id).fetch_optional(&self.reads).await?;
        row.as_ref().map(puzzle_from_row).transpose()
    }

    /// The player's unfinished attempt in `guild` (the latest, should there
    /// be one from a daily puzzle as well), if any.
    pub async fn open_attempt(&self, guild: u64, user: u64) -> Result<Option<AttemptRow>, StoreError> {
        let row = sqlx::query(attempt_query(
            "a.guild_id = $1 AND a.user_id = $2 AND a.finished_at IS NULL ORDER BY a.started_at DESC, a.id DESC LIMIT 1",
        ))
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(attempt_from_row).transpose()
    }

    /// Attempt `id`, read from the writer (it may have just moved on).
    pub async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError> {
        let row = sqlx::query(attempt_query("a.id = $1")).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(attempt_from_row).transpose()
    }

    /// The player's attempt at `puzzle`, if they have seen it.
    pub async fn attempt_at(&self, user: u64, puzzle: i64) -> Result<Option<AttemptRow>, StoreError> {
        let row = sqlx::query(attempt_query("a.user_id = $1 AND a.puzzle_id = $2"))
            .bind(db_id(user)?)
            .bind(puzzle)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(attempt_from_row).transpose()
    }

    /// Up to `limit` puzzles in rotation `user` has never been shown,
    /// nearest to `rating` first (ids of equal distance in order).
    pub async fn unseen_puzzles_near(&self, user: u64, rating: f64, limit: i64) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT p.id FROM puzzles p WHERE p.retired_at IS NULL AND NOT EXISTS \
             (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = $1 AND a.puzzle_id = p.id) \
             ORDER BY ABS(p.rating - $2), p.id LIMIT $3",
        )
        .bind(db_id(user)?)
        .bind(rating)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts `user`'s attempt at `puzzle` in `guild` at `now` (from the
    /// daily puzzle of `daily_day`, if given). A puzzle is shown to a
    /// player once: when they have an attempt at it already, that one is
    /// returned as it stands (`false`: not new).
    pub async fn start_attempt(
        &self,
        guild: u64,
        user: u64,
        puzzle: i64,
        daily_day: Option<i64>,
        now: i64,
    ) -> Result<(AttemptRow, bool), StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, daily_day, step, started_at) \
             VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (user_id, puzzle_id) DO NOTHING",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .bind(puzzle)
        .bind(daily_day)
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected();
        let attempt = self.attempt_at(user, puzzle).await?.ok_or(StoreError::Corrupt("puzzle_attempts"))?;
        Ok((attempt, inserted == 1))
    }

    /// Moves attempt `id` on from step `from` to `to`, unless it moved or
    /// ended meanwhile; `false` then, and nothing changed.
    pub async fn advance_attempt(&self, id: i64, from: u32, to: u32) -> Result<bool, StoreError> {
        let changed =
            sqlx::query("UPDATE puzzle_attempts SET step = $3 WHERE id = $1 AND step = $2 AND finished_at IS NULL")
                .bind(id)
                .bind(i64::from(from))
                .bind(i64::from(to))
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(changed == 1)
    }

    /// Closes attempt `id`, unanswered, at `now`, without rating it (a
    /// daily puzzle's, once its solution is out): not solved, and
    /// `rating_after` left NULL. `false` when it was over already.
    pub async fn close_attempt_unrated(&self, id: i64, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE puzzle_attempts SET finished_at = $2, solved = 0 WHERE id = $1 AND finished_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends attempt `id`, at step `from`, as solved or not at `now`, and in
    /// the same transaction rates it: the player against the puzzle, one
    /// Glicko-2 game each (the puzzle's rating moves too), the player's
    /// counts and streak. `None` when the attempt moved or ended meanwhile
    /// (nothing changed).
    pub async fn finish_attempt(
        &self,
        id: i64,
        from: u32,
        solved: bool,
        now: i64,
    ) -> Result<Option<AttemptFinished>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "UPDATE puzzle_attempts SET finished_at = $3, solved = $4 \
             WHERE id = $1 AND step = $2 AND finished_at IS NULL RETURNING guild_id, user_id, puzzle_id",
        )
        .bind(id)
        .bind(i64::from(from))
        .bind(now)
        .bind(i64::from(solved))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let (guild, user, puzzle): (i64, i64, i64) =
            (row.try_get("guild_id")?, row.try_get("user_id")?, row.try_get("puzzle_id")?);
        let player = sqlx::query(RATING_OF_PLAYER).bind(guild).bind(user).fetch_optional(&mut *tx).await?;
        let player = match player {
            Some(row) => rating_from_row(&row)?,
            None => PuzzleRatingRow {
                user: discord_id(user, "puzzle_attempts.user_id")?,
                rating: Rating::new_player(),
                played: 0,
                solved: 0,
                streak: 0,
                best_streak: 0,
            },
        };
        let puzzle_row = sqlx::query("SELECT rating, deviation, volatility FROM puzzles WHERE id = $1")
            .bind(puzzle)
            .fetch_one(&mut *tx)
            .await?;
        let puzzle_rating = Rating {
            rating: puzzle_row.try_get("rating")?,
            deviation: puzzle_row.try_get("deviation")?,
            volatility: puzzle_row.try_get("volatility")?,
        };
        let score = if solved { Score::Win } else { Score::Loss };
        let (rated, puzzle_after) = rate_game(player.rating, puzzle_rating, score);
        let streak = if solved { player.streak + 1 } else { 0 };
        let after = PuzzleRatingRow {
            user: player.user,
            rating: rated,
            played: player.played + 1,
            solved: player.solved + u32::from(solved),
            streak,
            best_streak: player.best_streak.max(streak),
        };
        sqlx::query(
            "INSERT INTO puzzle_ratings (guild_id, user_id, rating, deviation, volatility, played, solved, streak, \
             best_streak, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, played = excluded.played, \
             solved = excluded.solved, streak = excluded.streak, best_streak = excluded.best_streak, \
             updated_at = excluded.updated_at",
        )
        .bind(guild)
        .bind(user)
        .bind(after.rating.rating)
        .bind(after.rating.deviation)
        .bind(after.rating.volatility)
        .bind(i64::from(after.played))
        .bind(i64::from(after.solved))
        .bind(i64::from(after.streak))
        .bind(i64::from(after.best_streak))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, plays = plays + 1, \
             solves = solves + $5 WHERE id = $1",
        )
        .bind(puzzle)
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(i64::from(solved))
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE puzzle_attempts SET rating_after = $2, deviation_after = $3 WHERE id = $1")
            .bind(id)
            .bind(after.rating.rating)
            .bind(after.rating.deviation)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(AttemptFinished { before: player.rating, after }))
    }

    /// `user`'s puzzle rating in `guild`, if they finished a puzzle there.
    pub async fn puzzle_rating(&self, guild: u64, user: u64) -> Result<Option<PuzzleRatingRow>, StoreError> {
        let row =
            sqlx::query(RATING_OF_PLAYER).bind(db_id(guild)?).bind(db_id(user)?).fetch_optional(&self.pool).await?;
        row.as_ref().map(rating_from_row).transpose()
    }

    /// `user`'s puzzle rating after each puzzle finished in `guild`, oldest first.
    pub async fn puzzle_rating_history(&self, guild: u64, user: u64) -> Result<Vec<PuzzleRatingPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT finished_at, rating_after, deviation_after FROM puzzle_attempts \
             WHERE guild_id = $1 AND user_id = $2 AND finished_at IS NOT NULL AND rating_after IS NOT NULL \
             ORDER BY finished_at, id",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PuzzleRatingPoint {
                    at: row.try_get("finished_at")?,
                    rating: Rating {
                        rating: row.try_get("rating_after")?,
                        deviation: row.try_get("deviation_after")?,
                        volatility: 0.06,
                    },
                })
            })
            .collect()
    }

    /// The `limit` best puzzle ratings of `guild` among players who
    /// finished at least `least_played` puzzles there, best first.
    pub async fn puzzle_leaderboard(
        &self,
        guild: u64,
        least_played: u32,
        limit: i64,
    ) -> Result<Vec<PuzzleRatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, rating, deviation, volatility, played, solved, streak, best_streak \
             FROM puzzle_ratings WHERE guild_id = $1 AND played >= $2 ORDER BY rating DESC, user_id LIMIT $3",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(least_played))
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(rating_from_row).collect()
    }
}
