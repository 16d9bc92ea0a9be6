//! The `server_locales` table: each server's locale, for the messages
//! that answer no interaction.

use super::{Store, StoreError, db_id};

impl Store {
    /// Records `locale` as server `guild`'s (replacing the one before).
    pub async fn set_server_locale(&self, guild: u64, locale: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_locales (guild_id, locale, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(locale)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Server `guild`'s locale, if one was recorded.
    pub async fn server_locale(&self, guild: u64) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT locale FROM server_locales WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .fetch_optional(&self.reads)
            .await?)
    }
}
