//! A server's clock settings in `server_settings`: its time zone, and
//! whether its new games take weekends off unless told otherwise.

use super::{Store, StoreError, bool_column, db_id};

/// A server's clock settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerClock {
    /// Its time zone (an IANA name); `None`: UTC.
    pub time_zone: Option<String>,
    /// Whether its new games take weekends off by default.
    pub weekends_off: bool,
}

impl Store {
    /// Server `guild`'s clock settings (UTC, weekends counting, unless set).
    pub async fn server_clock(&self, guild: u64) -> Result<ServerClock, StoreError> {
        let stored: Option<(Option<String>, i64)> =
            sqlx::query_as("SELECT time_zone, weekends_off FROM server_settings WHERE guild_id = $1")
                .bind(db_id(guild)?)
                .fetch_optional(&self.reads)
                .await?;
        match stored {
            None => Ok(ServerClock::default()),
            Some((time_zone, weekends)) => {
                Ok(ServerClock { time_zone, weekends_off: bool_column(weekends, "weekends_off")? })
            }
        }
    }

    /// Sets server `guild`'s time zone (`Some(None)`: back to UTC) and its
    /// weekends default, each only when given.
    pub async fn set_server_clock(
        &self,
        guild: u64,
        time_zone: Option<Option<&str>>,
        weekends_off: Option<bool>,
        now: i64,
    ) -> Result<(), StoreError> {
        // Unchanged values are written back as they are (`COALESCE` on a
        // flag saying whether each was given). A new time zone moves the
        // hour of the daily puzzle: worked out again at the next tick.
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, time_zone, weekends_off, updated_at) \
             VALUES ($1, 1, $3, COALESCE($4, 0), $5) \
             ON CONFLICT (guild_id) DO UPDATE SET \
             time_zone = CASE WHEN $2 = 1 THEN excluded.time_zone ELSE server_settings.time_zone END, \
             weekends_off = COALESCE($4, server_settings.weekends_off), updated_at = excluded.updated_at, \
             puzzle_due_at = CASE WHEN $2 = 1 THEN 0 ELSE server_settings.puzzle_due_at END",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(time_zone.is_some()))
        .bind(time_zone.flatten())
        .bind(weekends_off.map(i64::from))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
