//! What `damas check` asks of the database, without changing it (no
//! migration is applied): can it be reached, at what schema level, is a bot
//! running on it, and in which channels were games played or challenges
//! posted.

use super::connect::{DatabaseTarget, Durability, connect_pools};
use super::migrations::{applied_level, newest_schema_level};
use super::{Backend, StoreError, lock_for_one_process};

/// The most channels [`DatabaseHealth::channels`] lists (the most recently used).
pub const CHANNELS_CHECKED: i64 = 100;

/// The database as `damas check` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseHealth {
    /// Which engine.
    pub backend: Backend,
    /// The newest migration applied (0: a new database).
    pub schema_level: i64,
    /// The newest this binary knows.
    pub known_level: i64,
    /// Whether a bot holds the SQLite file's lock (`None` on PostgreSQL,
    /// where several may run).
    pub bot_running: Option<bool>,
    /// (server, channel) of the channels where games were played (a game
    /// in a thread counts for the thread's channel) or challenges posted,
    /// most recently used first.
    pub channels: Vec<(u64, u64)>,
}

/// Reads the database `url` names without migrating it.
pub async fn database_health(url: &str) -> Result<DatabaseHealth, StoreError> {
    let target = DatabaseTarget::parse(url)?;
    // Checked before the lock is tried, which would leave a lock file
    // beside a path that holds no database.
    if let Some(path) = target.sqlite_path.as_ref().filter(|p| !std::path::Path::new(p).is_file()) {
        return Err(StoreError::NoDatabaseFile(path.clone()));
    }
    let bot_running = match target.backend {
        Backend::Postgres => None,
        Backend::Sqlite => match lock_for_one_process(url) {
            Ok(_) => Some(false),
            Err(StoreError::InUse(_)) => Some(true),
            Err(e) => return Err(e),
        },
    };
    let pools = connect_pools(&target, Durability::Full).await?;
    let schema_level = applied_level(&pools.reads, target.backend).await?;
    let channels = if schema_level > 0 { channels_in_use(&pools.reads).await? } else { Vec::new() };
    pools.writes.close().await;
    pools.reads.close().await;
    Ok(DatabaseHealth {
        backend: target.backend,
        schema_level,
        known_level: newest_schema_level(),
        bot_running,
        channels,
    })
}

async fn channels_in_use(pool: &sqlx::AnyPool) -> Result<Vec<(u64, u64)>, StoreError> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT guild_id, channel_id FROM ( \
             SELECT g.guild_id, COALESCE(t.parent_id, g.channel_id) AS channel_id, g.started_at AS at \
             FROM games g LEFT JOIN game_threads t ON t.game_id = g.id WHERE g.guild_id IS NOT NULL \
             UNION ALL \
             SELECT guild_id, channel_id, created_at AS at FROM challenges WHERE guild_id IS NOT NULL \
         ) used GROUP BY guild_id, channel_id ORDER BY MAX(at) DESC, channel_id LIMIT $1",
    )
    .bind(CHANNELS_CHECKED)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(g, c)| (g as u64, c as u64)).collect())
}
