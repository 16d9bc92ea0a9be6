//! Reading a backup file apart from any store: is it sound, how new is its
//! schema, and how many rows does each table hold.

use std::path::Path;

use sqlx::{ConnectOptions, Connection, SqliteConnection};

use super::error::BackupError;

/// A table and how many rows it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRows {
    /// The table's name.
    pub table: String,
    /// Its rows.
    pub rows: i64,
}

/// What [`inspect`] found in a sound SQLite database file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupFacts {
    /// The newest migration applied (0: none).
    pub schema_level: i64,
    /// Every table of the schema but the migrations' own, by name.
    pub tables: Vec<TableRows>,
    /// The file's size in bytes.
    pub bytes: u64,
}

impl BackupFacts {
    /// Rows in all tables.
    pub fn total_rows(&self) -> i64 {
        self.tables.iter().map(|t| t.rows).sum()
    }
}

/// Checks the SQLite file at `path` without changing it: SQLite's
/// `integrity_check`, no dangling foreign key, a schema no newer than this
/// binary's; then counts the rows of every table. Anything wrong is
/// [`BackupError::Damaged`] (or [`BackupError::Newer`]).
pub async fn inspect(path: &Path) -> Result<BackupFacts, BackupError> {
    let damaged = |reason: String| BackupError::Damaged { path: path.display().to_string(), reason };
    if !path.is_file() {
        return Err(BackupError::NoDatabase(path.display().to_string()));
    }
    // Immutable: no lock, no -shm or -wal made beside a file nobody writes.
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(path).read_only(true).immutable(true);
    let mut conn = options.connect().await.map_err(|e| damaged(e.to_string()))?;
    let facts = read_facts(&mut conn, path).await;
    let _ = conn.close().await;
    let bytes = std::fs::metadata(path).map_err(|e| BackupError::io("cannot read", path, e))?.len();
    facts.map(|(schema_level, tables)| BackupFacts { schema_level, tables, bytes })
}

async fn read_facts(conn: &mut SqliteConnection, path: &Path) -> Result<(i64, Vec<TableRows>), BackupError> {
    let damaged = |reason: String| BackupError::Damaged { path: path.display().to_string(), reason };
    let verdict: Vec<String> =
        sqlx::query_scalar("PRAGMA integrity_check").fetch_all(&mut *conn).await.map_err(|e| damaged(e.to_string()))?;
    if verdict.first().map(String::as_str) != Some("ok") {
        let first = verdict.into_iter().take(3).collect::<Vec<_>>().join("; ");
        return Err(damaged(format!("SQLite's integrity check says: {first}")));
    }
    let dangling =
        sqlx::query("PRAGMA foreign_key_check").fetch_all(&mut *conn).await.map_err(|e| damaged(e.to_string()))?;
    if !dangling.is_empty() {
        return Err(damaged(format!("{} rows refer to rows that are missing", dangling.len())));
    }
    let has_migrations: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'")
            .fetch_one(&mut *conn)
            .await?;
    if has_migrations == 0 {
        return Err(damaged("it holds no damas schema".into()));
    }
    let schema_level: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success")
        .fetch_one(&mut *conn)
        .await?;
    let known = crate::store::newest_schema_level();
    if schema_level > known {
        return Err(BackupError::Newer {
            path: path.display().to_string(),
            found: schema_level,
            known,
            binary: env!("CARGO_PKG_VERSION"),
        });
    }
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut tables = Vec::with_capacity(names.len());
    for table in names {
        // The names come from the file's own catalogue; quoted all the same.
        let sql = format!("SELECT COUNT(*) FROM \"{}\"", table.replace('"', "\"\""));
        let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&mut *conn).await?;
        tables.push(TableRows { table, rows });
    }
    Ok((schema_level, tables))
}
