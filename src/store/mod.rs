//! The store: the only module that speaks SQL. One [`Store`] type over a
//! SQLite connection pool, its `impl` split per table ([`challenges`],
//! [`games`], [`moves`]).
//!
//! Moves are committed in groups by one writer task ([`Store::append_move`]),
//! so many games moving at once share each fsync.
//!
//! The store keeps rows and enforces what the schema can (one live game and
//! one open challenge per channel, one move per ply, known values only);
//! what may happen is decided by [`crate::game`]. Discord ids are `u64`
//! outside and `i64` in the database; the conversion happens here.
//!
//! Queries are runtime-checked (`sqlx::query`) and written in plain SQL with
//! `$n` parameters, which SQLite and PostgreSQL both read; every query is
//! exercised by the tests.
//!
//! Durability: WAL journal with `synchronous = FULL`, so every committed
//! transaction is fsynced before the commit returns. (`NORMAL` in WAL mode
//! only syncs at checkpoints and can lose the last commits on power loss;
//! those commits would be moves the players were told were played.)

mod challenges;
mod engine_games;
mod game_list;
mod games;
mod moves;

pub use challenges::{ChallengeRow, NewChallengeRow};
pub use game_list::{LiveGameLine, LiveGamesPage};
pub use games::{EngineSeat, GameRow, NewGameRow, StartRefused};
pub use moves::{Finishing, MoveWrite};

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

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
}

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

/// The database. Cheap to clone; clones share the pool.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    /// The task that commits moves in groups (see [`moves`]).
    writer: tokio::sync::mpsc::Sender<moves::MoveJob>,
}

/// Why a challenge could not be stored: the channel is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelTaken {
    /// By a live game.
    Game,
    /// By an open challenge.
    Challenge,
}

impl Store {
    /// Opens the database at `url` (`sqlite://path`, `sqlite:path` or a bare
    /// path), creating the file if missing, and applies the migrations.
    /// Commits are durable ([`Durability::Full`]).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, Durability::Full).await
    }

    /// [`Store::open`] with a choice of durability.
    pub async fn open_with(url: &str, durability: Durability) -> Result<Store, StoreError> {
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(url)
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match durability {
                Durability::Full => SqliteSynchronous::Full,
                Durability::Normal => SqliteSynchronous::Normal,
            })
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
        sqlx::migrate!().run(&pool).await?;
        let writer = moves::spawn_writer(pool.clone());
        Ok(Store { pool, writer })
    }

    /// Closes every connection (waiting for those in use).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Runs SQLite's own consistency check; `Ok(true)` when the file is sound.
    pub async fn integrity_check(&self) -> Result<bool, StoreError> {
        let verdict: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&self.pool).await?;
        Ok(verdict == "ok")
    }

    /// The versions of the migrations applied, in order.
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&self.pool)
            .await?)
    }
}

/// A Discord id as stored.
fn db_id(id: u64) -> Result<i64, StoreError> {
    i64::try_from(id).map_err(|_| StoreError::IdOutOfRange(id))
}

/// A stored id back as a Discord id.
fn user_id(id: i64, column: &'static str) -> Result<u64, StoreError> {
    u64::try_from(id).map_err(|_| StoreError::Corrupt(column))
}

/// A stored small count (ply, days) back as `u32`.
fn small(n: i64, column: &'static str) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|_| StoreError::Corrupt(column))
}

/// Whether an error is a unique-index violation.
fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

#[cfg(test)]
mod schema_tests;
