//! Writing a backup: `VACUUM INTO` a temporary file beside the destination,
//! checked, synced and renamed into place.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sqlx::Connection;

use super::error::BackupError;
use super::files::{beside, connect_file, sqlite_file, sync_folder};
use super::inspect::{BackupFacts, inspect};

/// A backup written and checked.
#[derive(Clone, Debug)]
pub struct BackupWritten {
    /// Where it is.
    pub path: PathBuf,
    /// What the check read in it.
    pub facts: BackupFacts,
    /// How long writing and checking took.
    pub took: Duration,
}

/// Writes a consistent copy of the SQLite database `database_url` names to
/// `dest`, while a bot may be using it. Refuses to replace an existing
/// `dest` unless `force`. On any failure `dest` is left as it was and the
/// temporary file is removed.
pub async fn write_backup(database_url: &str, dest: &Path, force: bool) -> Result<BackupWritten, BackupError> {
    let started = Instant::now();
    let source = sqlite_file(database_url)?;
    if dest.exists() && !force {
        return Err(BackupError::Exists(dest.display().to_string()));
    }
    let partial = beside(dest, &format!(".partial-{}", std::process::id()));
    let result = write_and_check(&source, &partial).await;
    let facts = match result {
        Ok(facts) => facts,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    std::fs::rename(&partial, dest).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        BackupError::io("cannot rename the backup to", dest, e)
    })?;
    sync_folder(dest.parent().unwrap_or(Path::new(".")))?;
    Ok(BackupWritten { path: dest.to_path_buf(), facts, took: started.elapsed() })
}

async fn write_and_check(source: &Path, partial: &Path) -> Result<BackupFacts, BackupError> {
    let _ = std::fs::remove_file(partial);
    let mut conn = connect_file(source).await?;
    let target = partial.to_str().ok_or_else(|| BackupError::Io {
        action: "cannot write",
        path: partial.display().to_string(),
        reason: "the path is not valid UTF-8".into(),
    })?;
    let vacuumed = sqlx::query("VACUUM INTO $1").bind(target).execute(&mut conn).await;
    let _ = conn.close().await;
    vacuumed?;
    std::fs::File::open(partial).and_then(|f| f.sync_all()).map_err(|e| BackupError::io("cannot sync", partial, e))?;
    inspect(partial).await.map_err(|e| match e {
        BackupError::Damaged { reason, problems, .. } => {
            BackupError::Damaged { path: format!("the backup of {}", source.display()), reason, problems }
        }
        other => other,
    })
}
