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
}
