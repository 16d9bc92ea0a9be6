//! The `server_settings` and `game_threads` tables: whether a server plays
//! each game in a thread of its own (and the role it mentions with open
//! challenges), and which thread a game was given.

use super::{Store, StoreError, bool_column, db_id, discord_id};

/// The thread a game is played in, and the channel it was opened from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameThread {
    /// The thread (the game's channel).
    pub thread: u64,
    /// The channel the challenge was made in.
    pub parent: u64,
}

impl Store {
    /// Turns server `guild`'s thread per game on or off.
    pub async fn set_server_threads(&self, guild: u64, on: bool, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(on))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether server `guild` plays each game in a thread (on unless turned off).
    pub async fn server_threads(&self, guild: u64) -> Result<bool, StoreError> {
        let stored: Option<i64> = sqlx::query_scalar("SELECT threads FROM server_settings WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .fetch_optional(&self.reads)
            .await?;
        stored.map_or(Ok(true), |v| bool_column(v, "threads"))
    }

    /// Sets (or with `None` clears) the role server `guild` mentions with
    /// each open challenge.
    pub async fn set_seek_role(&self, guild: u64, role: Option<u64>, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO server_settings (guild_id, threads, seek_role, updated_at) VALUES ($1, 1, $2, $3) \
             ON CONFLICT (guild_id) DO UPDATE SET seek_role = excluded.seek_role, updated_at = excluded.updated_at",
        )
        .bind(db_id(guild)?)
        .bind(role.map(db_id).transpose()?)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The role server `guild` mentions with each open challenge, if any.
    pub async fn seek_role(&self, guild: u64) -> Result<Option<u64>, StoreError> {
        let stored: Option<Option<i64>> =
            sqlx::query_scalar("SELECT seek_role FROM server_settings WHERE guild_id = $1")
                .bind(db_id(guild)?)
                .fetch_optional(&self.reads)
                .await?;
        stored.flatten().map(|role| discord_id(role, "seek_role")).transpose()
    }

    /// Records that game `game` is played in `thread`, opened from `parent`.
    pub async fn set_game_thread(&self, game: i64, thread: GameThread) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO game_threads (game_id, thread_id, parent_id) VALUES ($1, $2, $3)")
            .bind(game)
            .bind(db_id(thread.thread)?)
            .bind(db_id(thread.parent)?)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The thread game `game` is played in, if the bot opened one for it.
    pub async fn game_thread(&self, game: i64) -> Result<Option<GameThread>, StoreError> {
        let row: Option<(i64, i64)> =
            sqlx::query_as("SELECT thread_id, parent_id FROM game_threads WHERE game_id = $1")
                .bind(game)
                .fetch_optional(&self.reads)
                .await?;
        row.map(|(thread, parent)| {
            Ok(GameThread { thread: discord_id(thread, "thread_id")?, parent: discord_id(parent, "parent_id")? })
        })
        .transpose()
    }
}
