//! The daily puzzle: each server's setting (`server_settings.puzzle_channel`,
//! `puzzle_hour`) and its puzzle of each day (`daily_puzzles`), claimed by
//! one process, posted under a lease, revealed the next day.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::puzzle_play::{PUZZLE_COLUMNS, puzzle_from_row};
use super::{PuzzleRecord, Store, StoreError, db_id, discord_id, u32_column};

/// A server that posts a daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleServer {
    /// The server.
    pub guild: u64,
    /// Where the puzzle goes.
    pub channel: u64,
    /// The local hour (0-23) it goes out at.
    pub hour: u32,
    /// The server's time zone (IANA name), if set.
    pub time_zone: Option<String>,
}

/// A server's puzzle of one day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPuzzleRow {
    /// The server.
    pub guild: u64,
    /// The server's local day (days since 1970-01-01).
    pub day: i64,
    /// The puzzle.
    pub puzzle: i64,
    /// Where it is posted.
    pub channel: u64,
    /// Its message, once posted.
    pub message: Option<u64>,
    /// How many times its post was leased, this time included.
    pub attempts: u32,
    /// Whether its solution was shown.
    pub revealed: bool,
}

const DAILY_COLUMNS: &str = "guild_id, day, puzzle_id, channel_id, message_id, attempts, revealed_at";

fn daily_from_row(row: &AnyRow) -> Result<DailyPuzzleRow, StoreError> {
    let message: Option<i64> = row.try_get("message_id")?;
    let revealed: Option<i64> = row.try_get("revealed_at")?;
    Ok(DailyPuzzleRow {
        guild: discord_id(row.try_get("guild_id")?, "daily_puzzles.guild_id")?,
        day: row.try_get("day")?,
        puzzle: row.try_get("puzzle_id")?,
        channel: discord_id(row.try_get("channel_id")?, "daily_puzzles.channel_id")?,
        message: message.map(|m| discord_id(m, "daily_puzzles.message_id")).transpose()?,
        attempts: u32_column(row.try_get("attempts")?, "daily_puzzles.attempts")?,
        revealed: revealed.is_some(),
    })
}

impl Store {
    /// Sets where server `guild` gets its daily puzzle (`None`: no daily
    /// puzzle), its hour unchanged.
    pub async fn set_puzzle_channel(&self, guild: u64, channel: Option<u64>, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, puzzle_channel, updated_at) VALUES ($1, 1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET puzzle_channel = excluded.puzzle_channel, \
             puzzle_due_at = 0, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(channel.map(db_id).transpose()?)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Sets the hour of server `guild`'s daily puzzle, its channel unchanged.
    pub async fn set_puzzle_hour(&self, guild: u64, hour: u32, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, puzzle_hour, updated_at) VALUES ($1, 1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET puzzle_hour = excluded.puzzle_hour, \
             puzzle_due_at = 0, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(hour))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Server `guild`'s daily puzzle channel and hour (hour 9 by default).
    pub async fn puzzle_channel(&self, guild: u64) -> Result<(Option<u64>, u32), StoreError> {
        let row = sqlx::query("SELECT puzzle_channel, puzzle_hour FROM server_settings WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .fetch_optional(&self.reads)
            .await?;
        let Some(row) = row else { return Ok((None, 9)) };
        let channel: Option<i64> = row.try_get("puzzle_channel")?;
        Ok((
            channel.map(|c| discord_id(c, "puzzle_channel")).transpose()?,
            u32_column(row.try_get("puzzle_hour")?, "puzzle_hour")?,
        ))
    }

    /// The servers with a daily puzzle whose next one is due by `now` (or
    /// not worked out yet), the longest due first, at most `limit`.
    pub async fn puzzle_servers_due(&self, now: i64, limit: i64) -> Result<Vec<PuzzleServer>, StoreError> {
        let rows = sqlx::query(
            "SELECT guild_id, puzzle_channel, puzzle_hour, time_zone FROM server_settings \
             WHERE puzzle_channel IS NOT NULL AND puzzle_due_at <= $1 ORDER BY puzzle_due_at, guild_id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PuzzleServer {
                    guild: discord_id(row.try_get("guild_id")?, "guild_id")?,
                    channel: discord_id(row.try_get("puzzle_channel")?, "puzzle_channel")?,
                    hour: u32_column(row.try_get("puzzle_hour")?, "puzzle_hour")?,
                    time_zone: row.try_get("time_zone")?,
                })
            })
            .collect()
    }

    /// Sets when server `guild`'s next daily puzzle falls due.
    pub async fn set_puzzle_due(&self, guild: u64, at: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE server_settings SET puzzle_due_at = $2 WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .bind(at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Server `guild`'s puzzle of `day`, if chosen.
    pub async fn daily_puzzle(&self, guild: u64, day: i64) -> Result<Option<DailyPuzzleRow>, StoreError> {
        let sql =
            sqlx::AssertSqlSafe(format!("SELECT {DAILY_COLUMNS} FROM daily_puzzles WHERE guild_id = $1 AND day = $2"));
        let row = sqlx::query(sql).bind(db_id(guild)?).bind(day).fetch_optional(&self.pool).await?;
        row.as_ref().map(daily_from_row).transpose()
    }

    /// The puzzles in rotation that server `guild` has not had as its daily puzzle, in the
    /// order it takes them, `limit` from the `skip`th on: the server's own
    /// games' puzzles first, the latest first; then the others in an order
    /// of the server's own (`server_order`), so no two servers go through
    /// the shared set in the same sequence, nor in the order it was stored
    /// in.
    pub async fn daily_candidates(&self, guild: u64, skip: i64, limit: i64) -> Result<Vec<PuzzleRecord>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles p LEFT JOIN games g ON g.id = p.game_id \
             WHERE p.retired_at IS NULL \
             AND NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.guild_id = $1 AND d.puzzle_id = p.id) \
             ORDER BY CASE WHEN g.guild_id = $1 THEN 0 ELSE 1 END, g.finished_at DESC NULLS LAST, \
             (p.id * $2) % 1000003, p.id LIMIT $3 OFFSET $4"
        ));
        let rows = sqlx::query(sql)
            .bind(db_id(guild)?)
            .bind(server_order(guild))
            .bind(limit)
            .bind(skip)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(puzzle_from_row).collect()
    }

    /// The puzzles of server `guild`'s days from `since_day` on.
    pub async fn recent_daily_puzzles(&self, guild: u64, since_day: i64) -> Result<Vec<PuzzleRecord>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "SELECT {PUZZLE_COLUMNS} FROM daily_puzzles d JOIN puzzles p ON p.id = d.puzzle_id \
             LEFT JOIN games g ON g.id = p.game_id WHERE d.guild_id = $1 AND d.day >= $2 ORDER BY d.day"
        ));
        let rows = sqlx::query(sql).bind(db_id(guild)?).bind(since_day).fetch_all(&self.pool).await?;
        rows.iter().map(puzzle_from_row).collect()
    }

    /// Makes `puzzle` server `guild`'s puzzle of `day` for `channel` and
    /// leases its post until `now + lease_secs`, unless a process chose one
    /// already (its key): `None` then. Its solution falls due at `reveal_at`.
    #[allow(clippy::too_many_arguments)]
    pub async fn claim_daily_puzzle(
        &self,
        guild: u64,
        day: i64,
        puzzle: i64,
        channel: u64,
        now: i64,
        lease_secs: i64,
        reveal_at: i64,
    ) -> Result<Option<DailyPuzzleRow>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, lease_until, attempts, created_at, \
             reveal_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7) ON CONFLICT DO NOTHING RETURNING {DAILY_COLUMNS}"
        ));
        let row = sqlx::query(sql)
            .bind(db_id(guild)?)
            .bind(day)
            .bind(puzzle)
            .bind(db_id(channel)?)
            .bind(now + lease_secs)
            .bind(now)
            .bind(reveal_at)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(daily_from_row).transpose()
    }

    /// Leases the daily puzzles chosen but not known posted (a process
    /// stopped before it heard back) whose lease ran out by `now`, until
    /// `now + lease_secs`, each to one caller at a time, unless leased
    /// `max_attempts` times already (given up), claimed a day ago or more
    /// (too late to post), or its server turned the daily puzzle off.
    pub async fn lease_unposted_daily_puzzles(
        &self,
        now: i64,
        lease_secs: i64,
        max_attempts: u32,
    ) -> Result<Vec<DailyPuzzleRow>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "UPDATE daily_puzzles SET lease_until = $2, attempts = attempts + 1 \
             WHERE message_id IS NULL AND lease_until <= $1 AND attempts < $3 AND created_at > $1 - 86400 \
             AND EXISTS (SELECT 1 FROM server_settings s WHERE s.guild_id = daily_puzzles.guild_id \
             AND s.puzzle_channel IS NOT NULL) RETURNING {DAILY_COLUMNS}"
        ));
        let rows = sqlx::query(sql)
            .bind(now)
            .bind(now + lease_secs)
            .bind(i64::from(max_attempts))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(daily_from_row).collect()
    }

    /// Records the message of server `guild`'s puzzle of `day`.
    pub async fn set_daily_message(&self, guild: u64, day: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE daily_puzzles SET message_id = $3 WHERE guild_id = $1 AND day = $2")
            .bind(db_id(guild)?)
            .bind(day)
            .bind(db_id(message)?)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The posted daily puzzles whose solution is due by `now` (their
    /// `reveal_at`) and not shown yet, the longest due first, at most `limit`.
    pub async fn daily_puzzles_to_reveal(&self, now: i64, limit: i64) -> Result<Vec<DailyPuzzleRow>, StoreError> {
        let sql = sqlx::AssertSqlSafe(format!(
            "SELECT {DAILY_COLUMNS} FROM daily_puzzles WHERE reveal_at <= $1 \
             AND message_id IS NOT NULL AND revealed_at IS NULL ORDER BY reveal_at, guild_id, day LIMIT $2"
        ));
        let rows = sqlx::query(sql).bind(now).bind(limit).fetch_all(&self.pool).await?;
        rows.iter().map(daily_from_row).collect()
    }

    /// Marks server `guild`'s puzzle of `day` revealed at `now`.
    pub async fn mark_daily_revealed(&self, guild: u64, day: i64, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE daily_puzzles SET revealed_at = $3 WHERE guild_id = $1 AND day = $2 AND revealed_at IS NULL",
        )
        .bind(db_id(guild)?)
        .bind(day)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // Its attempts still open close with its solution out, unrated (an
        // answer now would be a copy of it): `rating_after` stays NULL.
        sqlx::query(
            "UPDATE puzzle_attempts SET finished_at = $3, solved = 0 \
             WHERE guild_id = $1 AND daily_day = $2 AND finished_at IS NULL",
        )
        .bind(db_id(guild)?)
        .bind(day)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// How many answered server `guild`'s puzzle of `day` from its message
    /// in time (rated), and how many of them solved it.
    pub async fn daily_puzzle_counts(&self, guild: u64, day: i64) -> Result<(u32, u32), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS played, COALESCE(SUM(solved), 0) AS solved FROM puzzle_attempts \
             WHERE guild_id = $1 AND daily_day = $2 AND finished_at IS NOT NULL AND rating_after IS NOT NULL",
        )
        .bind(db_id(guild)?)
        .bind(day)
        .fetch_one(&self.pool)
        .await?;
        Ok((u32_column(row.try_get("played")?, "played")?, u32_column(row.try_get("solved")?, "solved")?))
    }
}

/// The multiplier of server `guild`'s order of the shared puzzles: they are
/// taken by `id * m mod 1000003`, which for a prime modulus and any `m`
/// from 1 to 1000002 puts the ids below the modulus in an order of its own,
/// different from server to server (a different `m`, not a shifted start),
/// and never overflows (ids stay far below a million). `m` comes from the
/// server's id mixed (SplitMix64's finaliser), so neighbouring ids do not
/// get neighbouring orders, nor a small `m` that would keep the stored one.
fn server_order(guild: u64) -> i64 {
    let mut z = guild.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    1 + (z % 1_000_002) as i64
}
