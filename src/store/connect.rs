//! Opening the database a URL names: which backend, its connection
//! settings, and its migrations.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{AnyPool, ConnectOptions, Connection, Executor};

use super::backend::Backend;
use super::error::StoreError;
use super::{Store, moves};

/// How long a connection waits for another one's write lock.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How hard a commit holds on to the disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// Every commit is fsynced before it returns: nothing acknowledged is
    /// lost, even on power loss. What the bot uses.
    #[default]
    Full,
    /// Commits survive a crash of the process but the last ones may be lost
    /// on power loss. For bulk tools and measurements only.
    Normal,
}

impl Store {
    /// Opens the database at `url` (`postgres://...`, `sqlite://path`,
    /// `sqlite:path` or a bare SQLite file path, created if missing) and
    /// applies the migrations. Commits are durable ([`Durability::Full`]).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, Durability::Full).await
    }

    /// [`Store::open`] with a choice of durability (SQLite only; PostgreSQL
    /// keeps the server's own setting).
    pub async fn open_with(url: &str, durability: Durability) -> Result<Store, StoreError> {
        let target = DatabaseTarget::parse(url)?;
        let pools = open_pools(&target, durability).await?;
        let writer = moves::spawn_writer(pools.writes.clone(), target.backend);
        Ok(Store { pool: pools.writes, reads: pools.reads, backend: target.backend, writer })
    }
}

/// Connections each process keeps to the database.
const MAX_CONNECTIONS: u32 = 8;

/// The connections a store opens: one pool for everything that may write,
/// and one for the plain reads (`SELECT`s outside a transaction).
///
/// SQLite has one writer at a time, and a connection that finds the write
/// lock taken waits in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15
/// ... ms between tries however soon the lock comes free: under a burst of
/// moves a move batch slept 18 ms behind the fair-play keys, and every
/// answer of that burst with it. So on SQLite everything that may write
/// goes through a pool of one connection, where writers queue in this
/// process and each starts the moment the one before it is done; the reads
/// have the other connections and never wait for a writer (WAL). One
/// process per SQLite file is enforced ([`super::lock`]), so no writer
/// from elsewhere takes the lock. On PostgreSQL both are the same pool.
pub(super) struct Pools {
    /// Writes, transactions, and every query not known to be a plain read.
    pub writes: AnyPool,
    /// Plain reads.
    pub reads: AnyPool,
}

/// A database URL, read: which backend, and the URL sqlx connects with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseTarget {
    /// Which engine.
    pub backend: Backend,
    /// For SQLite, the file's path: a bare path as given, a URL's path as
    /// the URL writes it (without its query).
    pub sqlite_path: Option<String>,
    url: String,
}

impl DatabaseTarget {
    /// Reads `postgres://…` / `postgresql://…`, `sqlite://path`,
    /// `sqlite:path` or a bare file path (SQLite).
    pub fn parse(url: &str) -> Result<DatabaseTarget, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseTarget { backend: Backend::Postgres, sqlite_path: None, url: url.to_string() });
        }
        let rest = match url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            Some(rest) => rest,
            None if url.contains("://") => return Err(StoreError::UnknownBackend(url.to_string())),
            None => return Ok(DatabaseTarget::sqlite_file(url)),
        };
        // A URL keeps its query (`?mode=rwc` and the like) as written. sqlx
        // reads `sqlite:PATH`: with no `//` a relative path is not taken for
        // a host, so it may hold spaces.
        let path = rest.split('?').next().unwrap_or_default().to_string();
        Ok(DatabaseTarget { backend: Backend::Sqlite, sqlite_path: Some(path), url: format!("sqlite:{rest}") })
    }

    fn sqlite_file(path: &str) -> DatabaseTarget {
        // A bare path may hold characters a URL gives meaning to.
        let mut encoded = String::with_capacity(path.len());
        for c in path.chars() {
            match c {
                '%' => encoded.push_str("%25"),
                '?' => encoded.push_str("%3F"),
                '#' => encoded.push_str("%23"),
                c => encoded.push(c),
            }
        }
        DatabaseTarget {
            backend: Backend::Sqlite,
            sqlite_path: Some(path.to_string()),
            url: format!("sqlite:{encoded}"),
        }
    }
}

/// Connects to `target`, preparing a SQLite file first (created if
/// missing, WAL journal), and applies that backend's migrations.
pub(super) async fn open_pools(target: &DatabaseTarget, durability: Durability) -> Result<Pools, StoreError> {
    let pools = connect_pools(target, durability).await?;
    super::migrations::refuse_newer(&pools.writes, target.backend).await?;
    // Several processes starting at once are safe: the migrator takes a
    // lock on PostgreSQL, and SQLite has one writer.
    super::migrations::migrator(target.backend).run(&pools.writes).await?;
    Ok(pools)
}

/// Applies the migrations up to `level` to the database at `url`, and no
/// further: a database as an older damas left it (for the upgrade tests).
pub async fn migrate_to_level(url: &str, level: i64) -> Result<(), StoreError> {
    let target = DatabaseTarget::parse(url)?;
    let pools = connect_pools(&target, Durability::Full).await?;
    let applied = super::migrations::migrator_up_to(target.backend, level).run(&pools.writes).await;
    pools.writes.close().await;
    pools.reads.close().await;
    Ok(applied?)
}

/// [`open_pools`] without the migrations: the schema is left as it is.
pub(super) async fn connect_pools(target: &DatabaseTarget, durability: Durability) -> Result<Pools, StoreError> {
    sqlx::any::install_default_drivers();
    let options = AnyConnectOptions::from_str(&target.url)?;
    let pools = match target.backend {
        Backend::Sqlite => {
            prepare_sqlite_file(&target.url).await?;
            let writes = sqlite_pool(&options, durability, 1).await?;
            let reads = sqlite_pool(&options, durability, MAX_CONNECTIONS - 1).await?;
            Pools { writes, reads }
        }
        Backend::Postgres => {
            let pool = AnyPoolOptions::new().max_connections(MAX_CONNECTIONS).connect_with(options).await?;
            Pools { writes: pool.clone(), reads: pool }
        }
    };
    Ok(pools)
}

/// A pool of at most `connections` to a prepared SQLite file.
async fn sqlite_pool(
    options: &AnyConnectOptions,
    durability: Durability,
    connections: u32,
) -> Result<AnyPool, StoreError> {
    let synchronous = match durability {
        Durability::Full => "PRAGMA synchronous = FULL",
        Durability::Normal => "PRAGMA synchronous = NORMAL",
    };
    Ok(AnyPoolOptions::new()
        .max_connections(connections)
        // The pool would ping an idle connection before every query it
        // hands out: a round trip to the connection's thread as long as
        // the query's own. A SQLite connection is a file opened in this
        // process, with no server to drop it, so that check is skipped.
        .test_before_acquire(false)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                // sqlx's SQLite connections still wait 5 s (BUSY_TIMEOUT)
                // for a write lock held elsewhere (a tool on the same file).
                conn.execute(synchronous).await?;
                conn.execute("PRAGMA foreign_keys = ON").await?;
                Ok(())
            })
        })
        .connect_with(options.clone())
        .await?)
}

/// Creates the SQLite file if missing and puts it in WAL mode, which the
/// file keeps: every later connection reads and writes through the WAL.
async fn prepare_sqlite_file(url: &str) -> Result<(), StoreError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(BUSY_TIMEOUT);
    let conn = options.connect().await?;
    conn.close().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_their_backend() {
        let pg = DatabaseTarget::parse("postgres://damas@db.example/damas").unwrap();
        assert_eq!(pg.backend, Backend::Postgres);
        assert_eq!(DatabaseTarget::parse("postgresql://db/x").unwrap().backend, Backend::Postgres);
        let file = DatabaseTarget::parse("sqlite://data/damas.db?mode=rwc").unwrap();
        assert_eq!((file.backend, file.sqlite_path.as_deref()), (Backend::Sqlite, Some("data/damas.db")));
        assert_eq!(file.url, "sqlite:data/damas.db?mode=rwc");
        assert_eq!(DatabaseTarget::parse("sqlite:games.db").unwrap().url, "sqlite:games.db");
        assert_eq!(DatabaseTarget::parse("sqlite:///var/lib/damas.db").unwrap().url, "sqlite:/var/lib/damas.db");
        let bare = DatabaseTarget::parse("odd?name#1%.db").unwrap();
        assert_eq!(bare.url, "sqlite:odd%3Fname%231%25.db");
        assert_eq!(bare.sqlite_path.as_deref(), Some("odd?name#1%.db"));
        assert_eq!(DatabaseTarget::parse("my games/damas.db").unwrap().url, "sqlite:my games/damas.db");
        assert!(matches!(DatabaseTarget::parse("mysql://db/x"), Err(StoreError::UnknownBackend(_))));
    }
}
