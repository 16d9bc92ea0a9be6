//! Copying a whole database to another, on either backend: SQLite to
//! PostgreSQL when a club outgrows one process, and back.
//!
//! The target is first migrated to the source's schema level (no further:
//! the bot brings it up to date when it opens it). Then, in one
//! transaction on the target, every table is copied with its ids, parents
//! before children, and read back: its rows are counted and summed into an
//! order-independent checksum, compared with the same of the source. Only
//! when every table agrees is the transaction committed, so a failure (or
//! the process killed) leaves the target with no rows. The source is read
//! in one transaction too (on PostgreSQL a REPEATABLE READ snapshot), so
//! the copy is of one moment.
//!
//! Refused: a target that holds rows, a SQLite source or target that a bot
//! holds (the process lock), a source newer than this binary, a target
//! already migrated past the source.

mod catalog;
mod error;
mod rows;

pub use error::CopyError;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sqlx::{AnyConnection, AnyPool, Executor};

use super::connect::{DatabaseTarget, Durability, connect_pools};
use super::migrations::{applied_level, migrator_up_to, newest_schema_level};
use super::{Backend, ProcessLock, StoreError, lock_for_one_process};
use catalog::Table;
use rows::{Value, quoted};

/// Rows per insert statement (and fewer when they hold much text or bytes).
const BATCH_ROWS: usize = 500;
/// Bytes of values per insert statement, at most (about).
const BATCH_BYTES: usize = 4 << 20;

/// Where a copy is, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// The table being copied.
    pub table: &'a str,
    /// Rows copied so far, in all tables.
    pub done: u64,
    /// Rows to copy in all.
    pub total: u64,
    /// Whether `table` is finished (copied, not yet checked).
    pub table_done: bool,
}

/// One table of a finished copy, as both sides read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCopied {
    /// The table.
    pub table: String,
    /// Rows in the source.
    pub source_rows: i64,
    /// Rows in the target, read back.
    pub target_rows: i64,
    /// The source's checksum (order-independent).
    pub source_sum: u64,
    /// The target's checksum, read back.
    pub target_sum: u64,
}

/// A copy committed.
#[derive(Clone, Debug)]
pub struct Copied {
    /// The schema level of both.
    pub schema_level: i64,
    /// Every table.
    pub tables: Vec<TableCopied>,
    /// How long it took.
    pub took: Duration,
}

/// Copies every row of `from` into the empty database `to` (URLs as
/// [`super::Store::open`] takes), telling `progress` as it goes. Whether it
/// copies or not, every connection is closed before it returns, so SQLite
/// leaves no `-wal` or `-shm` file beside either file; and a SQLite target
/// it created is removed again when the copy does not happen.
pub async fn copy(from: &str, to: &str, progress: &mut dyn FnMut(Progress<'_>)) -> Result<Copied, CopyError> {
    let started = Instant::now();
    let (source, target) = (DatabaseTarget::parse(from)?, DatabaseTarget::parse(to)?);
    if source == target {
        return Err(CopyError::Same);
    }
    // Checked before locking, so that no lock file is left beside a path
    // that holds no database.
    if let Some(path) = source.sqlite_path.as_ref().filter(|p| !Path::new(p).is_file()) {
        return Err(CopyError::Store(StoreError::NoDatabaseFile(path.clone())));
    }
    let _source_lock = lock_unless_in_use(from)?;
    let new_target = target.sqlite_path.as_deref().filter(|p| !Path::new(p).exists()).map(PathBuf::from);
    let mut opened = Opened::default();
    let copied = copy_opened(&source, (&target, to), &mut opened, progress).await;
    for pool in opened.pools {
        pool.close().await;
    }
    if let (Err(_), Some(path)) = (&copied, new_target) {
        remove_database_files(&path);
    }
    drop(opened.target_lock);
    let (schema_level, tables) = copied?;
    Ok(Copied { schema_level, tables, took: started.elapsed() })
}

/// The process lock of a SQLite database, refused with
/// [`CopyError::InUse`] while a bot holds it (`None` for PostgreSQL).
fn lock_unless_in_use(url: &str) -> Result<Option<ProcessLock>, CopyError> {
    match lock_for_one_process(url) {
        Err(StoreError::InUse(_)) => Err(CopyError::InUse(url.to_string())),
        other => Ok(other?),
    }
}

/// Removes a SQLite database file and its journals (a target this copy
/// created and did not fill).
fn remove_database_files(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// What a copy opened, for its caller to close and let go of however it
/// ended.
#[derive(Default)]
struct Opened {
    /// Every pool of either database.
    pools: Vec<AnyPool>,
    /// The target's process lock, kept until the files of a target this
    /// copy created are gone again.
    target_lock: Option<ProcessLock>,
}

/// The copy once the source is locked: checks both schemas, then copies in
/// one transaction on each side. What it opens goes into `opened`.
/// Returns the schema level and the tables copied.
async fn copy_opened(
    source: &DatabaseTarget,
    (target, to): (&DatabaseTarget, &str),
    opened: &mut Opened,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<(i64, Vec<TableCopied>), CopyError> {
    let source_pools = connect_pools(source, Durability::Full).await?;
    opened.pools.extend([source_pools.writes.clone(), source_pools.reads.clone()]);
    let level = applied_level(&source_pools.writes, source.backend).await?;
    let known = newest_schema_level();
    if level > known {
        return Err(CopyError::SourceNewer { found: level, known, binary: env!("CARGO_PKG_VERSION") });
    }
    // The target is locked (and, new, created) only once the source is
    // known to be copyable.
    opened.target_lock = lock_unless_in_use(to)?;
    let target_pools = connect_pools(target, Durability::Full).await?;
    opened.pools.extend([target_pools.writes.clone(), target_pools.reads.clone()]);
    let target_level = applied_level(&target_pools.writes, target.backend).await?;
    if target_level > level {
        return Err(CopyError::TargetAhead { target: target_level, source_level: level });
    }
    migrator_up_to(target.backend, level).run(&target_pools.writes).await.map_err(StoreError::from)?;

    let mut src = source_pools.writes.acquire().await?;
    let mut dst = target_pools.writes.acquire().await?;
    let tables = catalog::tables(&mut src, source.backend).await?;
    let target_tables = catalog::tables(&mut dst, target.backend).await?;
    for table in &tables {
        if !target_tables.contains(table) {
            return Err(CopyError::SchemaDiffers(table.name.clone()));
        }
    }

    src.execute("BEGIN").await?;
    if source.backend == Backend::Postgres {
        src.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").await?;
    }
    dst.execute("BEGIN").await?;
    let copied = copy_tables(&mut src, &mut dst, &tables, target.backend, progress).await;
    let _ = src.execute("ROLLBACK").await;
    match copied {
        Ok(report) => {
            dst.execute("COMMIT").await?;
            if target.backend == Backend::Postgres {
                refresh_statistics(&mut dst, &tables).await?;
            }
            Ok((level, report))
        }
        Err(e) => {
            let _ = dst.execute("ROLLBACK").await;
            Err(e)
        }
    }
}

/// Inside both transactions: refuses rows in the target, copies, reads back
/// and compares, and moves PostgreSQL's id sequences past the ids copied.
async fn copy_tables(
    src: &mut AnyConnection,
    dst: &mut AnyConnection,
    tables: &[Table],
    target_backend: Backend,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Vec<TableCopied>, CopyError> {
    let mut total = 0u64;
    for table in tables {
        let held = count(dst, table).await?;
        if held > 0 {
            return Err(CopyError::TargetNotEmpty { table: table.name.clone(), rows: held });
        }
        total += count(src, table).await? as u64;
    }
    let mut done = 0u64;
    let mut report = Vec::with_capacity(tables.len());
    for table in tables {
        let (source_rows, source_sum) = copy_table(src, (dst, target_backend), table, &mut done, total, progress)
            .await
            .map_err(|e| CopyError::InTable { table: table.name.clone(), source: Box::new(e) })?;
        progress(Progress { table: &table.name, done, total, table_done: true });
        let (target_rows, target_sum) = tally(dst, table).await?;
        if (source_rows, source_sum) != (target_rows, target_sum) {
            return Err(CopyError::Mismatch(table.name.clone()));
        }
        report.push(TableCopied { table: table.name.clone(), source_rows, target_rows, source_sum, target_sum });
    }
    if target_backend == Backend::Postgres {
        advance_sequences(dst).await?;
    }
    Ok(report)
}

/// PostgreSQL's planner statistics of the tables just filled. Until
/// autovacuum's next pass they describe empty tables, and the planner
/// walks an index of every live game for a query that should read none
/// (the clock loop's players away: 9 ms instead of a fraction of one, at
/// 100,000 live games). SQLite plans these queries without statistics.
async fn refresh_statistics(dst: &mut AnyConnection, tables: &[Table]) -> Result<(), CopyError> {
    for table in tables {
        dst.execute(sqlx::AssertSqlSafe(format!("ANALYZE {}", quoted(&table.name)))).await?;
    }
    Ok(())
}

async fn count(conn: &mut AnyConnection, table: &Table) -> Result<i64, CopyError> {
    let sql = format!("SELECT COUNT(*) FROM {}", quoted(&table.name));
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&mut *conn).await?)
}

/// Copies one table in batches; returns the rows and checksum of the source.
async fn copy_table(
    src: &mut AnyConnection,
    (dst, backend): (&mut AnyConnection, Backend),
    table: &Table,
    done: &mut u64,
    total: u64,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<(i64, u64), CopyError> {
    use futures_util::TryStreamExt;
    let select = rows::select(table);
    let mut stream = sqlx::query(sqlx::AssertSqlSafe(select)).fetch(&mut *src);
    let (mut rows, mut sum) = (0i64, 0u64);
    let (mut batch, mut bytes) = (Vec::<Vec<Value>>::with_capacity(BATCH_ROWS), 0usize);
    while let Some(row) = stream.try_next().await? {
        let values = rows::read(table, &row)?;
        sum = sum.wrapping_add(rows::row_hash(&values));
        rows += 1;
        bytes += values.iter().map(Value::size).sum::<usize>();
        batch.push(values);
        if batch.len() >= BATCH_ROWS || bytes >= BATCH_BYTES {
            write_batch(dst, backend, table, &batch).await?;
            *done += batch.len() as u64;
            progress(Progress { table: &table.name, done: *done, total, table_done: false });
            (batch, bytes) = (Vec::with_capacity(BATCH_ROWS), 0);
        }
    }
    if !batch.is_empty() {
        write_batch(dst, backend, table, &batch).await?;
        *done += batch.len() as u64;
    }
    Ok((rows, sum))
}

async fn write_batch(
    dst: &mut AnyConnection,
    backend: Backend,
    table: &Table,
    batch: &[Vec<Value>],
) -> Result<(), CopyError> {
    let (sql, args) = rows::insert(table, batch, backend)?;
    // Not kept prepared: PostgreSQL fixes a statement's parameter types when
    // it is prepared, and sqlx types a NULL of DOUBLE PRECISION as a REAL
    // (4 bytes), so a batch of the same shape with a number where the
    // first had a NULL would be refused ("incorrect binary data format").
    sqlx::query_with(sqlx::AssertSqlSafe(sql), args).persistent(false).execute(&mut *dst).await?;
    Ok(())
}

/// The rows and checksum of `table` as `conn` reads it.
async fn tally(conn: &mut AnyConnection, table: &Table) -> Result<(i64, u64), CopyError> {
    use futures_util::TryStreamExt;
    let mut stream = sqlx::query(sqlx::AssertSqlSafe(rows::select(table))).fetch(&mut *conn);
    let (mut rows, mut sum) = (0i64, 0u64);
    while let Some(row) = stream.try_next().await? {
        sum = sum.wrapping_add(rows::row_hash(&rows::read(table, &row)?));
        rows += 1;
    }
    Ok((rows, sum))
}

/// Sets each identity column's sequence past the largest id copied, so the
/// next row the bot inserts does not take an id in use.
async fn advance_sequences(dst: &mut AnyConnection) -> Result<(), CopyError> {
    let identities: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns \
         WHERE table_schema = current_schema() AND is_identity = 'YES'",
    )
    .fetch_all(&mut *dst)
    .await?;
    for (table, column) in identities {
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence($1, $2), MAX({col})) FROM {tab} HAVING MAX({col}) IS NOT NULL",
            col = quoted(&column),
            tab = quoted(&table),
        );
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(quoted(&table)).bind(&column).execute(&mut *dst).await?;
    }
    Ok(())
}

/// Copies a whole database for the tests of this module's parts: the
/// catalogue of a SQLite file made by the migrations.
#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_catalogue_lists_every_table_of_the_schema_parents_first() {
        let db = crate::store::ScratchDatabase::sqlite().unwrap();
        crate::store::Store::open(db.url()).await.unwrap().close().await;
        let pools = connect_pools(&DatabaseTarget::parse(db.url()).unwrap(), Durability::Full).await.unwrap();
        let mut conn = pools.writes.acquire().await.unwrap();
        let tables = catalog::tables(&mut conn, Backend::Sqlite).await.unwrap();
        let names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
        let at = |name: &str| names.iter().position(|n| *n == name).unwrap_or_else(|| panic!("{name} in {names:?}"));
        assert!(at("challenges") < at("games") && at("games") < at("moves") && at("tournaments") < at("games"));
        assert!(!names.contains(&"_sqlx_migrations"));
        let moves = &tables[at("moves")];
        let columns: Vec<&str> = moves.columns.iter().map(|(c, _)| c.as_str()).collect();
        assert!(columns.contains(&"notation") && columns.is_sorted(), "{columns:?}");
    }
}
