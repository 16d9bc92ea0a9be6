//! The `vacations` and `vacation_notices` tables and the server's
//! `vacation_days` (see the migration that makes them): who is away in
//! which server, since when and until when at most, the days they used in
//! the year, and the games whose opponents were told.
//!
//! This module stores vacations; it does not decide what they do. Games
//! are read with the facts a vacation needs ([`VacationFacts`]), and the
//! service decides whose clock stands still (`game::deadlines::pause`).
//! When a vacation ends, the one transaction that clears it writes the
//! deadline and the reminder the service computed for each paused game
//! ([`VacationEnd`]). That transaction begins with an UPDATE conditional on
//! the vacation it read (its start and end), so of several processes ending
//! one vacation exactly one does it, and it checks that the player's games
//! are still those the service read.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::announcements::AnnouncementKind;
use super::direct_messages::DirectTopic;
use super::{Store, StoreError, bool_column, db_id, discord_id, u32_column};

/// The columns `away_since` and `tournament_vacation` of a row of `games`:
/// the facts [`VacationFacts`] holds. (A literal, for `concat!`.)
macro_rules! vacation_facts {
    () => {
        "(SELECT v.started_at FROM vacations v WHERE v.guild_id = games.guild_id \
         AND v.user_id = CASE games.turn WHEN 'white' THEN games.white_id ELSE games.black_id END) AS away_since, \
         (SELECT t.vacation FROM tournaments t WHERE t.id = games.tournament_id) AS tournament_vacation"
    };
}
pub(super) use vacation_facts;

/// What a game's clock needs to know of vacations, read with the game.
/// Facts only: whether they stop its clock the service decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VacationFacts {
    /// Since when its player to move is away on vacation in its server.
    pub away_since: Option<i64>,
    /// Whether its tournament lets a vacation stop the clock; `None`
    /// outside a tournament.
    pub tournament_vacation: Option<bool>,
}

impl VacationFacts {
    /// Reads the columns [`vacation_facts`] makes.
    pub(super) fn from_row(row: &AnyRow) -> Result<VacationFacts, StoreError> {
        let allows: Option<i64> = row.try_get("tournament_vacation")?;
        Ok(VacationFacts {
            away_since: row.try_get("away_since")?,
            tournament_vacation: allows.map(|v| bool_column(v, "tournaments.vacation")).transpose()?,
        })
    }
}

/// A player's vacation record in one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VacationRow {
    /// The calendar year (UTC) `days_used` counts in.
    pub days_year: i64,
    /// Days used in that year.
    pub days_used: u32,
    /// While away: since when, and when the days they had left run out.
    pub away: Option<(i64, i64)>,
}

/// The clock of a live game where a given player is to move, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerClock {
    /// The game.
    pub game: i64,
    /// Its ply (the move whose clock it is).
    pub ply: u32,
    /// When the move before was played, or the game started.
    pub last_move_at: i64,
    /// Its deadline.
    pub deadline: i64,
    /// Its reminder time.
    pub remind_at: i64,
    /// Whether its tournament lets a vacation stop the clock; `None`
    /// outside a tournament.
    pub tournament_vacation: Option<bool>,
    /// The time zone whose weekends its clock skips, if any.
    pub weekends_zone: Option<String>,
}

/// A live game that reached a player away on vacation, whose opponent was
/// not told yet, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachedAway {
    /// The server.
    pub guild: u64,
    /// The player away.
    pub user: u64,
    /// When their vacation started.
    pub away_since: i64,
    /// The game.
    pub game: i64,
    /// Its ply.
    pub ply: u32,
    /// Its channel.
    pub channel: u64,
    /// Its deadline.
    pub deadline: i64,
    /// Whether the opponent is the bot.
    pub against_bot: bool,
    /// Whether its tournament lets a vacation stop the clock; `None`
    /// outside a tournament.
    pub tournament_vacation: Option<bool>,
}

/// Who is told that a vacation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationOverNotice {
    /// Nobody: the player ended it themselves.
    Nobody,
    /// The player, by direct message.
    ByDirectMessage,
    /// Each game whose clock runs again, in its channel.
    InEachGame,
}

/// A vacation to end, as the service decided it.
#[derive(Clone, Debug)]
pub struct VacationEnd<'a> {
    /// The server.
    pub guild: u64,
    /// The player.
    pub user: u64,
    /// When the vacation started, and when it would end at the latest (as read).
    pub away: (i64, i64),
    /// Days it used.
    pub days: u32,
    /// Every live game where the player is to move, as read: the end is
    /// written only while they are still these.
    pub read: &'a [PlayerClock],
    /// The games whose clock stood still, with their new deadline and
    /// reminder time.
    pub moved: &'a [(PlayerClock, (i64, i64))],
    /// Who is told.
    pub notice: VacationOverNotice,
    /// Now (unix seconds).
    pub now: i64,
}

/// What ending a vacation did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationEndOutcome {
    /// Ended, the clocks written.
    Ended,
    /// That vacation was ended already (by another command or process).
    EndedAlready,
    /// The paused games are no longer those read (a move came between):
    /// nothing was written; read again.
    ClocksChanged,
}

impl Store {
    /// The vacation days a year server `guild` gives each player (14 unless set).
    pub async fn vacation_days(&self, guild: u64) -> Result<u32, StoreError> {
        let stored: Option<i64> = sqlx::query_scalar("SELECT vacation_days FROM server_settings WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .fetch_optional(&self.reads)
            .await?;
        stored.map_or(Ok(14), |days| u32_column(days, "vacation_days"))
    }

    /// Sets the vacation days a year of server `guild` (0-60; 0 turns vacation off).
    pub async fn set_vacation_days(&self, guild: u64, days: u32, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, vacation_days, updated_at) VALUES ($1, 1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days, \
             updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(days))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `user`'s vacation record in `guild`, if they ever took one.
    pub async fn vacation(&self, guild: u64, user: u64) -> Result<Option<VacationRow>, StoreError> {
        let row = sqlx::query(
            "SELECT days_year, days_used, started_at, ends_by FROM vacations WHERE guild_id = $1 AND user_id = $2",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let started: Option<i64> = row.try_get("started_at")?;
        let ends: Option<i64> = row.try_get("ends_by")?;
        let away = match (started, ends) {
            (None, None) => None,
            (Some(s), Some(e)) => Some((s, e)),
            _ => return Err(StoreError::Corrupt("vacations.ends_by")),
        };
        Ok(Some(VacationRow {
            days_year: row.try_get("days_year")?,
            days_used: u32_column(row.try_get("days_used")?, "days_used")?,
            away,
        }))
    }

    /// Starts `user`'s vacation in `guild` at `now`, if they are not away
    /// and have days left of the `allowance` of year `year` (days counted in
    /// another year are forgotten); it ends by the time those days run out,
    /// which is returned. The opponents of their games where they are to
    /// move are told, through the outbox, in the same transaction. `None`
    /// when nothing started (away already, or no day left).
    pub async fn start_vacation(
        &self,
        guild: u64,
        user: u64,
        year: i64,
        allowance: u32,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let (guild_id, user_id) = (db_id(guild)?, db_id(user)?);
        let mut tx = self.pool.begin().await?;
        // A write first (SQLite takes its write lock at once).
        sqlx::query(
            "INSERT INTO vacations (guild_id, user_id, days_year, days_used) VALUES ($1, $2, $3, 0) \
             ON CONFLICT (guild_id, user_id) DO NOTHING",
        )
        .bind(guild_id)
        .bind(user_id)
        .bind(year)
        .execute(&mut *tx)
        .await?;
        let ends_by: Option<i64> = sqlx::query_scalar(
            "UPDATE vacations SET days_used = CASE WHEN days_year = $3 THEN days_used ELSE 0 END, days_year = $3, \
             started_at = $4, ends_by = $4 + ($5 - CASE WHEN days_year = $3 THEN days_used ELSE 0 END) * 86400 \
             WHERE guild_id = $1 AND user_id = $2 AND started_at IS NULL \
             AND CASE WHEN days_year = $3 THEN days_used ELSE 0 END < $5 \
             RETURNING ends_by",
        )
        .bind(guild_id)
        .bind(user_id)
        .bind(year)
        .bind(now)
        .bind(i64::from(allowance))
        .fetch_optional(&mut *tx)
        .await?;
        if ends_by.is_some() {
            tx.commit().await?;
        }
        Ok(ends_by)
    }

    /// The live games of `user` in `guild` where they are to move, by id.
    pub async fn clocks_to_move(&self, guild: u64, user: u64) -> Result<Vec<PlayerClock>, StoreError> {
        clocks_to_move(&mut *self.reads.acquire().await?, db_id(guild)?, db_id(user)?).await
    }

    /// Ends a vacation as the service decided it ([`VacationEnd`]): clears
    /// it (conditional on its start and end as read), counts its days,
    /// writes each paused game's new clock, and queues the notices - all
    /// or nothing, and only while the paused games are still those read.
    pub async fn end_vacation(&self, end: &VacationEnd<'_>) -> Result<VacationEndOutcome, StoreError> {
        let (guild_id, user_id) = (db_id(end.guild)?, db_id(end.user)?);
        let (started_at, ends_by) = end.away;
        let mut tx = self.pool.begin().await?;
        let ended = sqlx::query(
            "UPDATE vacations SET started_at = NULL, ends_by = NULL, days_used = days_used + $5 \
             WHERE guild_id = $1 AND user_id = $2 AND started_at = $3 AND ends_by = $4",
        )
        .bind(guild_id)
        .bind(user_id)
        .bind(started_at)
        .bind(ends_by)
        .bind(i64::from(end.days))
        .execute(&mut *tx)
        .await?;
        if ended.rows_affected() == 0 {
            return Ok(VacationEndOutcome::EndedAlready);
        }
        if clocks_to_move(&mut tx, guild_id, user_id).await? != end.read {
            return Ok(VacationEndOutcome::ClocksChanged);
        }
        for (clock, (deadline, remind_at)) in end.moved {
            let moved = sqlx::query(
                "UPDATE games SET deadline = $4, remind_at = $5 \
                 WHERE id = $1 AND ply = $2 AND deadline = $3 AND status = 'live'",
            )
            .bind(clock.game)
            .bind(i64::from(clock.ply))
            .bind(clock.deadline)
            .bind(deadline)
            .bind(remind_at)
            .execute(&mut *tx)
            .await?;
            // PostgreSQL reads committed rows: a move may land between the
            // check above and here.
            if moved.rows_affected() != 1 {
                return Ok(VacationEndOutcome::ClocksChanged);
            }
        }
        // The games whose opponents were told it began: they are told it ended.
        let told: Vec<i64> =
            sqlx::query_scalar("DELETE FROM vacation_notices WHERE guild_id = $1 AND user_id = $2 RETURNING game_id")
                .bind(guild_id)
                .bind(user_id)
                .fetch_all(&mut *tx)
                .await?;
        queue_vacation_over(&mut tx, end, &told).await?;
        tx.commit().await?;
        Ok(VacationEndOutcome::Ended)
    }

    /// Whether `user`'s direct messages refuse the bot (until they choose
    /// `/notify` again).
    pub async fn dms_closed(&self, user: u64) -> Result<bool, StoreError> {
        let closed: Option<i64> = sqlx::query_scalar("SELECT closed_at FROM closed_dms WHERE user_id = $1")
            .bind(db_id(user)?)
            .fetch_optional(&self.reads)
            .await?;
        Ok(closed.is_some())
    }

    /// The vacations whose days ran out by `now` and are not ended yet:
    /// server, player, start and end, soonest first.
    pub async fn vacations_run_out(&self, now: i64) -> Result<Vec<(u64, u64, i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT guild_id, user_id, started_at, ends_by FROM vacations \
             WHERE started_at IS NOT NULL AND ends_by <= $1 ORDER BY ends_by",
        )
        .bind(now)
        .fetch_all(&self.reads)
        .await?;
        rows.into_iter().map(|(g, u, s, e)| Ok((discord_id(g, "guild_id")?, discord_id(u, "user_id")?, s, e))).collect()
    }

    /// The live games where a player away on vacation (`only` that one, if
    /// given) is to move and whose opponent was not told yet. The few
    /// players away lead (`CROSS JOIN` keeps SQLite from scanning every
    /// live game for each tick).
    pub async fn games_reaching_players_away(&self, only: Option<(u64, u64)>) -> Result<Vec<ReachedAway>, StoreError> {
        let only = only.map(|(g, u)| Ok::<_, StoreError>((db_id(g)?, db_id(u)?))).transpose()?;
        let rows = sqlx::query(
            "SELECT v.guild_id, v.user_id, v.started_at, g.id, g.ply, g.channel_id, g.deadline, g.engine_color, \
             (SELECT t.vacation FROM tournaments t WHERE t.id = g.tournament_id) AS tournament_vacation \
             FROM vacations v CROSS JOIN games g \
             WHERE g.guild_id = v.guild_id AND g.status = 'live' \
             AND CASE g.turn WHEN 'white' THEN g.white_id ELSE g.black_id END = v.user_id \
             AND v.started_at IS NOT NULL AND ($1 IS NULL OR (v.guild_id = $1 AND v.user_id = $2)) \
             AND NOT EXISTS (SELECT 1 FROM vacation_notices n \
                WHERE n.guild_id = v.guild_id AND n.user_id = v.user_id AND n.game_id = g.id) \
             ORDER BY g.id",
        )
        .bind(only.map(|(g, _)| g))
        .bind(only.map(|(_, u)| u))
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                let allows: Option<i64> = row.try_get("tournament_vacation")?;
                Ok(ReachedAway {
                    guild: discord_id(row.try_get("guild_id")?, "guild_id")?,
                    user: discord_id(row.try_get("user_id")?, "user_id")?,
                    away_since: row.try_get("started_at")?,
                    game: row.try_get("id")?,
                    ply: u32_column(row.try_get("ply")?, "ply")?,
                    channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
                    deadline: row.try_get("deadline")?,
                    against_bot: row.try_get::<Option<String>, _>("engine_color")?.is_some(),
                    tournament_vacation: allows.map(|v| bool_column(v, "tournaments.vacation")).transpose()?,
                })
            })
            .collect()
    }

    /// Records that the opponent of each of `games` is told that it reached
    /// a player away, and queues the announcement of each in its channel;
    /// returns how many. A notice recorded already (by another process) is
    /// skipped: each is told once however many processes ask.
    pub async fn tell_reached_away(&self, games: &[ReachedAway], now: i64) -> Result<usize, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut told = 0;
        for reached in games {
            let added: Option<i64> = sqlx::query_scalar(
                "INSERT INTO vacation_notices (guild_id, user_id, game_id) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING RETURNING game_id",
            )
            .bind(db_id(reached.guild)?)
            .bind(db_id(reached.user)?)
            .bind(reached.game)
            .fetch_optional(&mut *tx)
            .await?;
            if added.is_some() {
                let kind = AnnouncementKind::VacationNotice { game: reached.game, ply: reached.ply };
                Store::insert_announcement(&mut tx, reached.channel, kind, now).await?;
                told += 1;
            }
        }
        tx.commit().await?;
        Ok(told)
    }
}

/// Queues who is told that the vacation `end` ended: the player by direct
/// message, or each of its paused games in its channel, or nobody; and,
/// unless each game says so already, the opponents told when it began
/// (`told`: their games) in each game whose clock runs again.
async fn queue_vacation_over(
    conn: &mut sqlx::AnyConnection,
    end: &VacationEnd<'_>,
    told: &[i64],
) -> Result<(), StoreError> {
    let (guild_id, user_id) = (db_id(end.guild)?, db_id(end.user)?);
    if end.notice != VacationOverNotice::InEachGame {
        for (clock, _) in end.moved.iter().filter(|(clock, _)| told.contains(&clock.game)) {
            let kind = AnnouncementKind::VacationBack { game: clock.game, ply: clock.ply };
            let channel = game_channel(conn, clock.game).await?;
            Store::insert_announcement(conn, channel, kind, end.now).await?;
        }
    }
    match end.notice {
        VacationOverNotice::Nobody => {}
        VacationOverNotice::ByDirectMessage => {
            sqlx::query("INSERT INTO direct_messages (kind, user_id, guild_id, created_at) VALUES ($1, $2, $3, $4)")
                .bind(DirectTopic::VacationOver.into_str())
                .bind(user_id)
                .bind(guild_id)
                .bind(end.now)
                .execute(&mut *conn)
                .await?;
        }
        VacationOverNotice::InEachGame => {
            for (clock, _) in end.moved {
                let kind = AnnouncementKind::VacationOver { game: clock.game, ply: clock.ply };
                let channel = game_channel(conn, clock.game).await?;
                Store::insert_announcement(conn, channel, kind, end.now).await?;
            }
        }
    }
    Ok(())
}

/// The channel of game `game`, on `conn`.
async fn game_channel(conn: &mut sqlx::AnyConnection, game: i64) -> Result<u64, StoreError> {
    let channel: i64 =
        sqlx::query_scalar("SELECT channel_id FROM games WHERE id = $1").bind(game).fetch_one(&mut *conn).await?;
    discord_id(channel, "channel_id")
}

/// The clocks of the live games of a player where they are to move (see
/// [`Store::clocks_to_move`]), on `conn`.
async fn clocks_to_move(
    conn: &mut sqlx::AnyConnection,
    guild_id: i64,
    user_id: i64,
) -> Result<Vec<PlayerClock>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, ply, last_move_at, deadline, remind_at, \
         (SELECT t.vacation FROM tournaments t WHERE t.id = games.tournament_id) AS allows, weekends_zone FROM games \
         WHERE guild_id = $1 AND status = 'live' AND CASE turn WHEN 'white' THEN white_id ELSE black_id END = $2 \
         ORDER BY id",
    )
    .bind(guild_id)
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let allows: Option<i64> = row.try_get("allows")?;
            Ok(PlayerClock {
                game: row.try_get("id")?,
                ply: u32_column(row.try_get("ply")?, "ply")?,
                last_move_at: row.try_get("last_move_at")?,
                deadline: row.try_get("deadline")?,
                remind_at: row.try_get("remind_at")?,
                tournament_vacation: allows.map(|v| bool_column(v, "tournaments.vacation")).transpose()?,
                weekends_zone: row.try_get("weekends_zone")?,
            })
        })
        .collect()
}
