//! Reading a backup file apart from any store: is it sound, how new is its
//! schema, and how many rows does each table hold.

use std::path::Path;

use sqlx::{ConnectOptions, Connection, SqliteConnection};

use super::error::BackupError;
use crate::store::counted;

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
    let damaged =
        |reason: String| BackupError::Damaged { path: path.display().to_string(), reason, problems: Vec::new() };
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

/// The most problems SQLite's integrity check names before it stops.
const INTEGRITY_CHECK_LIMIT: usize = 100;

async fn read_facts(conn: &mut SqliteConnection, path: &Path) -> Result<(i64, Vec<TableRows>), BackupError> {
    let damaged = |reason: String, problems: Vec<String>| BackupError::Damaged {
        path: path.display().to_string(),
        reason,
        problems,
    };
    let problems = integrity_problems(conn).await;
    if !problems.is_empty() {
        let found = if problems.len() >= INTEGRITY_CHECK_LIMIT {
            format!("at least {INTEGRITY_CHECK_LIMIT} problems (it stops counting there)")
        } else {
            counted(problems.len() as i64, "problem", "problems")
        };
        return Err(damaged(format!("SQLite's integrity check found {found}"), problems));
    }
    let dangling = dangling_rows(conn).await.map_err(|e| damaged(e.to_string(), Vec::new()))?;
    if !dangling.is_empty() {
        let reason = if dangling.len() == 1 {
            "1 row refers to a row that is missing".to_string()
        } else {
            format!("{} rows refer to rows that are missing", dangling.len())
        };
        return Err(damaged(reason, dangling));
    }
    let has_migrations: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'")
            .fetch_one(&mut *conn)
            .await?;
    if has_migrations == 0 {
        return Err(damaged("it holds no damas schema".into(), Vec::new()));
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

/// What SQLite's `integrity_check` finds wrong, a line per problem (none
/// when it says "ok"). A row may hold several lines under a heading ("***
/// in database main ***"), and a check that cannot go on stops with an
/// error, which is the last problem.
async fn integrity_problems(conn: &mut SqliteConnection) -> Vec<String> {
    use futures_util::TryStreamExt;
    let mut rows = sqlx::query_scalar::<_, String>("PRAGMA integrity_check").fetch(&mut *conn);
    let mut problems = Vec::new();
    loop {
        match rows.try_next().await {
            Ok(Some(row)) if row == "ok" => {}
            Ok(Some(row)) => problems.extend(
                row.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("*** ")).map(str::to_string),
            ),
            Ok(None) => return problems,
            Err(e) => {
                problems.push(e.to_string());
                return problems;
            }
        }
    }
}

/// Each row whose foreign key names a row that is not there, in words.
async fn dangling_rows(conn: &mut SqliteConnection) -> Result<Vec<String>, sqlx::Error> {
    use sqlx::Row;
    let rows = sqlx::query("PRAGMA foreign_key_check").fetch_all(&mut *conn).await?;
    Ok(rows
        .iter()
        .map(|row| {
            let table: String = row.try_get(0).unwrap_or_default();
            let parent: String = row.try_get(2).unwrap_or_default();
            match row.try_get::<Option<i64>, _>(1).ok().flatten() {
                Some(id) => format!("row {id} of {table} refers to a missing row of {parent}"),
                None => format!("a row of {table} refers to a missing row of {parent}"),
            }
        })
        .collect())
}
