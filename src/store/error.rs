//! The store's error: a failure of the database, or data in it that cannot
//! be read back.

/// A failure of the database, or data in it that cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("{0}")]
    Sql(#[from] sqlx::Error),
    /// Applying the migrations failed.
    #[error("migrating the database failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// An id does not fit the database's signed 64-bit integers.
    #[error("id {0} is out of range")]
    IdOutOfRange(u64),
    /// The move writer stopped before answering (its runtime shut down);
    /// whether the move was stored is unknown until the game is read again.
    #[error("the move writer stopped before answering")]
    WriterGone,
    /// A stored value is not what the schema promises.
    #[error("stored value out of range in column {0}")]
    Corrupt(&'static str),
    /// The database URL names no backend the store knows.
    #[error("unknown database URL {0:?}: expected sqlite://PATH, postgres://... or a file path")]
    UnknownBackend(String),
    /// Another process runs on this SQLite database (it holds the lock file).
    #[error(
        "another `damas run` is already using this SQLite database (it holds {0}): stop it first; to run several processes, use PostgreSQL"
    )]
    InUse(String),
    /// The lock file beside a SQLite database cannot be made or locked.
    #[error("cannot lock {path}: {reason}")]
    Lock {
        /// The lock file's path.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// A tool was pointed at a SQLite file that does not exist (the bot
    /// makes it on its first run; the tools never do).
    #[error("there is no database at {0}: the bot makes it when it first runs")]
    NoDatabaseFile(String),
    /// A newer damas has migrated the database past this binary's schema.
    #[error(
        "this database is at schema level {found}, newer than this damas {binary} knows (up to {known}): run the newer damas that upgraded it, or restore a backup taken before the upgrade"
    )]
    NewerSchema {
        /// The database's level.
        found: i64,
        /// The newest level this binary knows.
        known: i64,
        /// This binary's version.
        binary: &'static str,
    },
    /// A scratch database could not be made.
    #[error("making a scratch database failed: {0}")]
    Scratch(String),
}
