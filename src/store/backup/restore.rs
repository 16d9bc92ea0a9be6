//! Putting a backup back in place of the database, with no bot running.

use std::path::{Path, PathBuf};

use sqlx::Connection;

use super::error::BackupError;
use super::files::{beside, connect_file, sqlite_file, sync_folder};
use super::inspect::{BackupFacts, inspect};
use crate::store::{StoreError, lock_for_one_process};

/// A restore done.
#[derive(Clone, Debug)]
pub struct Restored {
    /// The database file now holding the backup's rows.
    pub database: PathBuf,
    /// What the backup held.
    pub facts: BackupFacts,
    /// Where the database it replaced was moved, if there was one.
    pub replaced: Option<PathBuf>,
}

/// Makes the SQLite database `database_url` names a copy of `backup`.
///
/// Refuses while a bot runs on the database (it holds the process lock,
/// which is kept until the restore is done, so none can start meanwhile),
/// when the backup fails [`inspect`], and, unless `force`, when a database
/// is already there. A database replaced is not deleted: its journal is
/// folded in and it is moved to `NAME.replaced-UNIXTIME`.
pub async fn restore(backup: &Path, database_url: &str, force: bool) -> Result<Restored, BackupError> {
    let database = sqlite_file(database_url)?;
    let _lock = lock_for_one_process(database_url).map_err(|e| match e {
        StoreError::InUse(_) => BackupError::InUse(database.display().to_string()),
        other => BackupError::Store(other),
    })?;
    let facts = inspect(backup).await?;
    let replaced = if database.exists() {
        if !force {
            return Err(BackupError::DatabaseExists(database.display().to_string()));
        }
        Some(move_aside(&database).await?)
    } else {
        None
    };
    remove_journals(&database)?;
    let partial = beside(&database, &format!(".restoring-{}", std::process::id()));
    let copied = std::fs::copy(backup, &partial)
        .and_then(|_| std::fs::File::open(&partial)?.sync_all())
        .map_err(|e| BackupError::io("cannot write", &partial, e));
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, &database).map_err(|e| BackupError::io("cannot rename the copy to", &database, e))?;
    sync_folder(database.parent().unwrap_or(Path::new(".")))?;
    Ok(Restored { database, facts, replaced })
}

/// Folds the write-ahead log of the database at `path` into its file and
/// moves the file aside (a log left beside the restored file would be
/// replayed into it). Returns where it went.
async fn move_aside(path: &Path) -> Result<PathBuf, BackupError> {
    let mut conn = connect_file(path).await?;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&mut conn).await?;
    conn.close().await?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let aside = beside(path, &format!(".replaced-{now}"));
    std::fs::rename(path, &aside).map_err(|e| BackupError::io("cannot move aside", path, e))?;
    Ok(aside)
}

/// Removes the journal files of a database no longer there: SQLite would
/// take them for the journal of the file put in its place.
fn remove_journals(path: &Path) -> Result<(), BackupError> {
    for journal in ["-wal", "-shm", "-journal"] {
        let file = beside(path, journal);
        if file.exists() {
            std::fs::remove_file(&file).map_err(|e| BackupError::io("cannot remove", &file, e))?;
        }
    }
    Ok(())
}
