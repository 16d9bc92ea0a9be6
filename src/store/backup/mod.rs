//! Backups of a SQLite database while the bot runs, and their restore.
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction that writes a
//! compact copy of the database as it was when the transaction began, so
//! it is consistent however many moves are committed meanwhile, and (WAL)
//! it never blocks the bot's writer. The copy is written beside the
//! destination under a temporary name, checked ([`inspect`]: SQLite's
//! integrity check, the foreign keys, the schema level and the rows of
//! every table), synced, and only then renamed into place, so a crash
//! leaves either the old file or the whole new one.
//!
//! PostgreSQL has its own tool for this, `pg_dump`; see [`PG_DUMP_HINT`].

mod inspect;
mod restore;
mod schedule;
mod write;

pub use inspect::{BackupFacts, TableRows, inspect};
pub use restore::{Restored, restore};
pub use schedule::{Schedule, ScheduledBackup, file_name, is_due, scheduled_backups, take_if_due};
pub use write::{BackupWritten, write_backup};

/// What to do instead on PostgreSQL, in one sentence.
pub const PG_DUMP_HINT: &str = "on PostgreSQL, back up with the server's own tool: \
     pg_dump --format=custom --file=damas.dump \"$DATABASE_URL\" (restore with \
     pg_restore --clean --if-exists --dbname=\"$DATABASE_URL\" damas.dump)";

/// Why a backup or a restore did not happen; each reads as one sentence.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is on PostgreSQL.
    #[error("{PG_DUMP_HINT}")]
    Postgres,
    /// The source database file does not exist.
    #[error("there is no database at {0}")]
    NoDatabase(String),
    /// The destination exists and `--force` was not given.
    #[error("{0} already exists: choose another name, or add --force to replace it")]
    Exists(String),
    /// The copy (or a backup being restored) failed its check.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The file checked.
        path: String,
        /// What the check found.
        reason: String,
    },
    /// The backup holds a schema newer than this binary knows.
    #[error(
        "{path} was written by a newer damas (schema {found}; this damas {binary} knows up to {known}): restore it with that version"
    )]
    Newer {
        /// The backup's path.
        path: String,
        /// Its schema level.
        found: i64,
        /// The newest level this binary knows.
        known: i64,
        /// This binary's version.
        binary: &'static str,
    },
    /// A bot holds the database's process lock.
    #[error("a bot is running on {0} (it holds its lock file): stop it before restoring")]
    InUse(String),
    /// A file operation failed.
    #[error("{action} {path}: {reason}")]
    Io {
        /// What was being done ("cannot write").
        action: &'static str,
        /// On which file.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// The database failed.
    #[error(transparent)]
    Store(#[from] super::StoreError),
}

impl BackupError {
    fn io(action: &'static str, path: &std::path::Path, e: std::io::Error) -> BackupError {
        BackupError::Io { action, path: path.display().to_string(), reason: e.to_string() }
    }
}

impl From<sqlx::Error> for BackupError {
    fn from(e: sqlx::Error) -> BackupError {
        BackupError::Store(e.into())
    }
}

/// The SQLite file a URL names, or why it names none.
fn sqlite_file(url: &str) -> Result<std::path::PathBuf, BackupError> {
    let target = super::DatabaseTarget::parse(url)?;
    match (target.backend, target.sqlite_path) {
        (super::Backend::Postgres, _) => Err(BackupError::Postgres),
        (_, Some(path)) if !path.is_empty() && !path.starts_with(":memory:") => Ok(path.into()),
        _ => Err(BackupError::NoDatabase(url.to_string())),
    }
}

/// A connection to an existing SQLite file, for reading it apart from any
/// store (no migrations, nothing written).
async fn connect_file(path: &std::path::Path) -> Result<sqlx::SqliteConnection, BackupError> {
    use sqlx::ConnectOptions;
    if !path.is_file() {
        return Err(BackupError::NoDatabase(path.display().to_string()));
    }
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .busy_timeout(super::BUSY_TIMEOUT);
    Ok(options.connect().await?)
}

/// Makes a rename in `dir` survive power loss.
fn sync_folder(dir: &std::path::Path) -> Result<(), BackupError> {
    let dir = if dir.as_os_str().is_empty() { std::path::Path::new(".") } else { dir };
    std::fs::File::open(dir).and_then(|f| f.sync_all()).map_err(|e| BackupError::io("cannot sync", dir, e))
}

/// `path` with `suffix` added to its file name.
fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}
