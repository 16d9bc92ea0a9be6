//! The files of a SQLite database, as backups and restores handle them.

use super::error::BackupError;

/// The SQLite file a URL names, or why it names none.
pub(super) fn sqlite_file(url: &str) -> Result<std::path::PathBuf, BackupError> {
    let target = crate::store::DatabaseTarget::parse(url)?;
    match (target.backend, target.sqlite_path) {
        (crate::store::Backend::Postgres, _) => Err(BackupError::Postgres),
        (_, Some(path)) if !path.is_empty() && !path.starts_with(":memory:") => Ok(path.into()),
        _ => Err(BackupError::NoDatabase(url.to_string())),
    }
}

/// A connection to an existing SQLite file, for reading it apart from any
/// store (no migrations, nothing written).
pub(super) async fn connect_file(path: &std::path::Path) -> Result<sqlx::SqliteConnection, BackupError> {
    use sqlx::ConnectOptions;
    if !path.is_file() {
        return Err(BackupError::NoDatabase(path.display().to_string()));
    }
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .busy_timeout(crate::store::BUSY_TIMEOUT);
    Ok(options.connect().await?)
}

/// Makes a rename in `dir` survive power loss.
pub(super) fn sync_folder(dir: &std::path::Path) -> Result<(), BackupError> {
    let dir = if dir.as_os_str().is_empty() { std::path::Path::new(".") } else { dir };
    std::fs::File::open(dir).and_then(|f| f.sync_all()).map_err(|e| BackupError::io("cannot sync", dir, e))
}

/// `path` with `suffix` added to its file name.
pub(super) fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}
