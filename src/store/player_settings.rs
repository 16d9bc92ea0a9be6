//! The `player_settings` and `closed_dms` tables: what each player chose in
//! a server (how the bot reaches them, whether their moves wait for a
//! confirmation), and whose direct messages refuse the bot.

use sqlx::Row;

use super::{NotifyMode, Store, StoreError, bool_column, db_id, enum_column, u32_column};

/// A player's choices in one server; the default when they chose nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSettings {
    /// How the bot reaches them beyond the channel's ping.
    pub notify: NotifyMode,
    /// The digest's hour (UTC), with [`NotifyMode::Digest`].
    pub digest_hour: Option<u32>,
    /// When the next digest is due (unix seconds), with [`NotifyMode::Digest`].
    pub next_digest_at: Option<i64>,
    /// Whether a move is shown privately for a Confirm before it is played.
    pub confirm_moves: bool,
    /// The language of the interaction that last set them (for direct messages).
    pub locale: Option<String>,
}

impl Store {
    /// Player `user`'s settings in server `guild` (the defaults without a row).
    pub async fn player_settings(&self, guild: u64, user: u64) -> Result<PlayerSettings, StoreError> {
        let row = sqlx::query(
            "SELECT notify, digest_hour, next_digest_at, confirm_moves, locale FROM player_settings \
             WHERE guild_id = $1 AND user_id = $2",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else { return Ok(PlayerSettings::default()) };
        let hour: Option<i64> = row.try_get("digest_hour")?;
        Ok(PlayerSettings {
            notify: enum_column(&row, "notify")?,
            digest_hour: hour.map(|h| u32_column(h, "digest_hour")).transpose()?,
            next_digest_at: row.try_get("next_digest_at")?,
            confirm_moves: bool_column(row.try_get("confirm_moves")?, "confirm_moves")?,
            locale: row.try_get("locale")?,
        })
    }

    /// Sets how the bot reaches `user` in `guild`; a digest needs its hour
    /// and when the first one is due. Choosing a mode again also forgets
    /// that their direct messages were closed: the next one is tried.
    pub async fn set_notify(
        &self,
        guild: u64,
        user: u64,
        mode: NotifyMode,
        digest: Option<(u32, i64)>,
        locale: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let (hour, next) = match (mode, digest) {
            (NotifyMode::Digest, Some((hour, next))) => (Some(i64::from(hour)), Some(next)),
            (NotifyMode::Digest, None) => return Err(StoreError::Corrupt("digest without its hour")),
            _ => (None, None),
        };
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO player_settings \
             (guild_id, user_id, notify, digest_hour, next_digest_at, confirm_moves, locale, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6, $7) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify, \
             digest_hour = excluded.digest_hour, next_digest_at = excluded.next_digest_at, \
             locale = excluded.locale, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .bind(mode.name())
        .bind(hour)
        .bind(next)
        .bind(locale)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM closed_dms WHERE user_id = $1").bind(db_id(user)?).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Turns `user`'s confirmation of moves in `guild` on or off.
    pub async fn set_confirm_moves(
        &self,
        guild: u64,
        user: u64,
        on: bool,
        locale: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO player_settings (guild_id, user_id, notify, confirm_moves, locale, updated_at) \
             VALUES ($1, $2, 'ping', $3, $4, $5) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET confirm_moves = excluded.confirm_moves, \
             locale = excluded.locale, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(db_id(user)?)
        .bind(i64::from(on))
        .bind(locale)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records that `user`'s direct messages refuse the bot: no more are
    /// queued for them until they choose `/notify` again.
    pub async fn close_dms(&self, user: u64, now: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO closed_dms (user_id, closed_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING")
            .bind(db_id(user)?)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// `true` once: the first time it is asked after `user`'s direct
    /// messages were found closed (their next private reply says so).
    pub async fn take_closed_dms_notice(&self, user: u64, now: i64) -> Result<bool, StoreError> {
        // A read first: nearly everyone has nothing to be told, and a read
        // takes no write lock.
        let pending: Option<i64> =
            sqlx::query_scalar("SELECT closed_at FROM closed_dms WHERE user_id = $1 AND told_at IS NULL")
                .bind(db_id(user)?)
                .fetch_optional(&self.reads)
                .await?;
        if pending.is_none() {
            return Ok(false);
        }
        let told = sqlx::query("UPDATE closed_dms SET told_at = $2 WHERE user_id = $1 AND told_at IS NULL")
            .bind(db_id(user)?)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(told.rows_affected() == 1)
    }
}
