//! Why a backup or a restore did not happen.

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
    /// The backup's destination exists and `--force` was not given.
    #[error("{0} already exists: add --force to replace it, or choose another name")]
    Exists(String),
    /// The database to restore into exists and `--force` was not given.
    #[error(
        "there is already a database at {0}: add --force to replace it (it is moved aside, not deleted), or choose another name with --database"
    )]
    DatabaseExists(String),
    /// The copy (or a backup being restored) failed its check.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The file checked.
        path: String,
        /// What the check found, in a few words.
        reason: String,
        /// Each problem SQLite's integrity check named (none when the
        /// check itself did not fail), for whoever asks to see them.
        problems: Vec<String>,
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
    Store(#[from] crate::store::StoreError),
}

impl BackupError {
    pub(super) fn io(action: &'static str, path: &std::path::Path, e: std::io::Error) -> BackupError {
        BackupError::Io { action, path: path.display().to_string(), reason: e.to_string() }
    }
}

impl From<sqlx::Error> for BackupError {
    fn from(e: sqlx::Error) -> BackupError {
        BackupError::Store(e.into())
    }
}
