//! Why a copy did not happen.

use crate::store::{StoreError, counted};

/// Why a copy did not happen; each reads as one sentence.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// Source and target are the same database.
    #[error("the source and the target are the same database")]
    Same,
    /// A bot runs on a SQLite source or target.
    #[error("a bot is running on {0} (it holds its lock file): stop it before copying")]
    InUse(String),
    /// The target already holds rows.
    #[error(
        "the target is not empty ({table} holds {}): copy only into a new, empty database",
        counted(*.rows, "row", "rows")
    )]
    TargetNotEmpty {
        /// A table with rows.
        table: String,
        /// How many.
        rows: i64,
    },
    /// The target was migrated past the source.
    #[error(
        "the target is at schema level {target}, past the source's {source_level}: start the bot once on the source to bring it up to date, or use an empty target"
    )]
    TargetAhead {
        /// The target's level.
        target: i64,
        /// The source's level.
        source_level: i64,
    },
    /// The source was written by a newer damas.
    #[error(
        "the source is at schema level {found}, newer than this damas {binary} knows (up to {known}): copy it with that version"
    )]
    SourceNewer {
        /// The source's level.
        found: i64,
        /// The newest this binary knows.
        known: i64,
        /// This binary's version.
        binary: &'static str,
    },
    /// The two schemas differ in a table's columns.
    #[error("table {0} has other columns in the target than in the source")]
    SchemaDiffers(String),
    /// The source's foreign keys refer to each other in a loop, so no
    /// order of tables fills the target in one pass.
    #[error("the source's tables refer to each other in a loop: this copy cannot order them")]
    ForeignKeyCycle,
    /// What was written did not read back the same: nothing was kept.
    #[error("table {0} read back differently from the source: the copy was undone, the target is still empty")]
    Mismatch(String),
    /// A database failed while one table was copied.
    #[error("copying table {table}: {source}")]
    InTable {
        /// The table.
        table: String,
        /// What failed.
        source: Box<CopyError>,
    },
    /// A database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CopyError {
    fn from(e: sqlx::Error) -> CopyError {
        CopyError::Store(e.into())
    }
}
