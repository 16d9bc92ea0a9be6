//! One bot process per SQLite file. SQLite itself would let a second
//! `damas run` open the file, and then two clocks would claim the same
//! deadlines and two gateways answer the same interactions' games, so the
//! first process holds an exclusive lock on a file beside the database for
//! as long as it runs. The operating system drops the lock when the process
//! ends, however it ends (a SIGKILL leaves no stale lock behind). PostgreSQL
//! needs no such lock: its processes share the work on purpose.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

use super::StoreError;
use super::backend::Backend;
use super::connect::DatabaseTarget;

/// The lock of one SQLite database, held until dropped.
#[derive(Debug)]
pub struct ProcessLock {
    _file: File,
    path: PathBuf,
}

impl ProcessLock {
    /// The lock file's path.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

/// The lock file of a SQLite database: its path with `.lock` added; `None`
/// for PostgreSQL and for an in-memory SQLite database.
pub fn lock_path(database_url: &str) -> Result<Option<PathBuf>, StoreError> {
    let target = DatabaseTarget::parse(database_url)?;
    Ok(match (target.backend, target.sqlite_path) {
        (Backend::Sqlite, Some(path)) if !path.is_empty() && !path.starts_with(":memory:") => {
            Some(PathBuf::from(format!("{path}.lock")))
        }
        _ => None,
    })
}

/// Takes the lock of the SQLite database `database_url` names, or refuses
/// with [`StoreError::InUse`] when another process holds it; `None` when
/// the database needs no lock (PostgreSQL, memory).
pub fn lock_for_one_process(database_url: &str) -> Result<Option<ProcessLock>, StoreError> {
    let Some(path) = lock_path(database_url)? else { return Ok(None) };
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| StoreError::Lock { path: path.display().to_string(), reason: e.to_string() })?;
    match file.try_lock() {
        Ok(()) => Ok(Some(ProcessLock { _file: file, path })),
        Err(TryLockError::WouldBlock) => Err(StoreError::InUse(path.display().to_string())),
        Err(TryLockError::Error(e)) => {
            Err(StoreError::Lock { path: path.display().to_string(), reason: e.to_string() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sqlite_files_are_locked() {
        assert_eq!(lock_path("sqlite://data/damas.db?mode=rwc").unwrap(), Some(PathBuf::from("data/damas.db.lock")));
        assert_eq!(lock_path("damas.db").unwrap(), Some(PathBuf::from("damas.db.lock")));
        assert_eq!(lock_path("postgres://localhost/damas").unwrap(), None);
        assert_eq!(lock_path("sqlite::memory:").unwrap(), None);
    }

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("damas.db").display());
        let first = lock_for_one_process(&url).unwrap().expect("a SQLite file is locked");
        assert!(matches!(lock_for_one_process(&url), Err(StoreError::InUse(_))));
        drop(first);
        assert!(lock_for_one_process(&url).unwrap().is_some(), "free again once dropped");
        assert!(lock_for_one_process("postgres://localhost/damas").unwrap().is_none());
    }
}
