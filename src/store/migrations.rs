//! The schema's migrations, compiled into the binary from the folders
//! `migrations/sqlite` and `migrations/postgres` (by `build.rs`), and read
//! as sqlx reads a migrations folder: the version and description from the
//! file name (`20261130000001_initial.sql`), the checksum of the text. So a
//! database migrated by any earlier build sees the same migrations.

use std::borrow::Cow;

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

use super::Backend;

include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The newest schema level this binary knows: the version of its last
/// migration (both backends have the same versions).
pub fn newest_schema_level() -> i64 {
    SQLITE.iter().filter_map(|(name, _)| name.split_once('_')?.0.parse().ok()).max().unwrap_or(0)
}

/// Every schema level this binary knows, oldest first.
pub fn schema_levels() -> Vec<i64> {
    migrator(Backend::Sqlite).migrations.iter().map(|m| m.version).collect()
}

/// The newest migration applied to the database behind `pool` (0 for a
/// database never migrated).
pub(super) async fn applied_level(pool: &sqlx::AnyPool, backend: Backend) -> Result<i64, super::StoreError> {
    let exists = match backend {
        Backend::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
        Backend::Postgres => "SELECT COUNT(*) FROM (SELECT to_regclass('_sqlx_migrations') AS t) r WHERE t IS NOT NULL",
    };
    let found: i64 = sqlx::query_scalar(exists).fetch_one(pool).await?;
    if found == 0 {
        return Ok(0);
    }
    Ok(sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success")
        .fetch_one(pool)
        .await?)
}

/// Refuses, before anything is written, a database that a newer damas has
/// migrated past what this binary knows.
pub(super) async fn refuse_newer(pool: &sqlx::AnyPool, backend: Backend) -> Result<(), super::StoreError> {
    let found = applied_level(pool, backend).await?;
    let known = newest_schema_level();
    if found > known {
        return Err(super::StoreError::NewerSchema { found, known, binary: env!("CARGO_PKG_VERSION") });
    }
    Ok(())
}

/// The migrator of `backend`'s schema up to `level` (its migrations whose
/// version is at most `level`).
pub(super) fn migrator_up_to(backend: Backend, level: i64) -> Migrator {
    let mut migrator = migrator(backend);
    let kept: Vec<Migration> = migrator.migrations.iter().filter(|m| m.version <= level).cloned().collect();
    migrator.migrations = Cow::Owned(kept);
    migrator
}

/// The migrator of `backend`'s schema.
pub fn migrator(backend: Backend) -> Migrator {
    let files = match backend {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    };
    Migrator::with_migrations(files.iter().map(|(name, sql)| migration(name, sql)).collect())
}

/// One migration from its file's name and text.
fn migration(file_name: &str, sql: &'static str) -> Migration {
    let (version, rest) = file_name.split_once('_').unwrap_or_else(|| panic!("migration {file_name}: no version"));
    let version = version.parse().unwrap_or_else(|_| panic!("migration {file_name}: the version is not a number"));
    let description = rest.trim_end_matches(".sql").replace('_', " ");
    // sqlx's own marker for a migration that must run outside a transaction.
    let no_tx = sql.starts_with("-- no-transaction");
    Migration::new(version, Cow::Owned(description), MigrationType::Simple, sql.into_sql_str(), no_tx)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// What a database remembers of a migration, and checks on every start.
    fn identity(m: &Migration) -> (i64, String, Vec<u8>, bool) {
        (m.version, m.description.to_string(), m.checksum.to_vec(), m.no_tx)
    }

    // A database migrated by an earlier build (sqlx's `migrate!`, which reads
    // the folder as `Migrator::new` does) must find the same versions and
    // checksums, or it would refuse to start.
    #[tokio::test]
    async fn embedded_migrations_match_sqlx_reading_the_folders() {
        for (backend, folder) in [(Backend::Sqlite, "migrations/sqlite"), (Backend::Postgres, "migrations/postgres")] {
            let from_folder = Migrator::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(folder)).await.unwrap();
            let embedded = migrator(backend);
            assert!(!embedded.migrations.is_empty());
            let ours: Vec<_> = embedded.migrations.iter().map(identity).collect();
            let sqlx: Vec<_> = from_folder.migrations.iter().map(identity).collect();
            assert_eq!(ours, sqlx, "{folder}");
        }
    }

    /// A SQLite database made before open challenges keeps its challenges
    /// and what refers to them when `challenges` is made again without its
    /// NOT NULL (foreign keys off for the copy, on again after), and then
    /// takes a challenge without an opponent.
    #[tokio::test]
    async fn challenges_survive_the_open_challenges_rebuild() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
        let before: Vec<Migration> = SQLITE
            .iter()
            .filter(|(name, _)| *name < "20261210000001")
            .map(|(name, sql)| migration(name, sql))
            .collect();
        Migrator::with_migrations(before).run(&pool).await.unwrap();
        for (id, opponent, state) in [(1, 12, "open"), (2, 13, "expired")] {
            sqlx::query(
                "INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, \
                 variant, draw_rules, start_fen, created_at, expires_at, state) \
                 VALUES ($1, 7, 100, 11, $2, 'random', 3, 'classic', 'classic', 'W:W1-12:B21-32', 10, 20, $3)",
            )
            .bind(id)
            .bind(opponent)
            .bind(state)
            .execute(&pool)
            .await
            .unwrap();
        }
        sqlx::query(
            "INSERT INTO announcements (kind, channel_id, challenge_id, created_at) VALUES ('challenge_expired', 100, 2, 20)",
        )
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;

        let store = super::super::Store::open(&url).await.unwrap();
        let kept = store.challenge(2).await.unwrap().expect("kept");
        assert_eq!((kept.setup.opponent, kept.setup.rating_range), (Some(13), None));
        assert_eq!(store.challenge(1).await.unwrap().unwrap().setup.challenger, 11);
        let referred: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM announcements a JOIN challenges c ON c.id = a.challenge_id WHERE c.state = 'expired'",
        )
        .fetch_one(&store.pool)
        .await
        .unwrap();
        assert_eq!(referred, 1);
        let broken = sqlx::query("PRAGMA foreign_key_check").fetch_all(&store.pool).await.unwrap();
        assert!(broken.is_empty(), "no reference left dangling");
        let enforced: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(&store.pool).await.unwrap();
        assert_eq!(enforced, 1, "foreign keys are on again");
        sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, \
             draw_rules, start_fen, created_at, expires_at, state) \
             VALUES (7, 101, 11, NULL, 'random', 3, 'classic', 'classic', 'W:W1-12:B21-32', 30, 40, 'open')",
        )
        .execute(&store.pool)
        .await
        .unwrap();
    }
}
