//! The store: the only module that speaks SQL. One [`Store`] type over a
//! connection pool to SQLite (the default) or PostgreSQL, its `impl` split
//! per table ([`challenges`], [`games`], [`moves`]).
//!
//! Moves are committed in groups by one writer task ([`Store::append_move`]),
//! so many games moving at once share each fsync.
//!
//! The store keeps rows and enforces what the schema can (one live game and
//! one open challenge per channel, one move per ply, known values only);
//! what may happen is decided by [`crate::game`]. Discord ids are `u64`
//! outside and `i64` in the database; the conversion happens here. Rows
//! carry enums (statuses, sides, variants, results, reasons: the store's own
//! are in `kinds`), never their names: a name is bound when a row is written
//! and parsed when it is read, and one no enum knows is
//! [`StoreError::Corrupt`].
//!
//! Queries are runtime-checked (`sqlx::query` through sqlx's `Any` driver)
//! and written once, in plain SQL with `$n` parameters that SQLite and
//! PostgreSQL both read; every query is exercised by the tests on both.
//! The migrations differ only where the two spell a thing differently
//! (`migrations/sqlite`, `migrations/postgres`).
//!
//! Concurrency holds on both, with several processes on one PostgreSQL
//! database: every change a command makes is one conditional statement
//! (`... WHERE ply = $n AND status = 'live'`), and every clock item is
//! claimed by an `UPDATE ... RETURNING` that only returns the rows it
//! changed. Under PostgreSQL's READ COMMITTED a second `UPDATE` of a row
//! waits for the first to commit and then checks its condition again, so
//! exactly one of two racing writers (or clock loops) matches. Where a rule
//! spans two tables or several rows (no challenge beside a live game, at
//! most three open challenges a user), the transaction first takes a lock
//! on the channel and the user ([`Store::lock_id`]).
//!
//! Durability: on SQLite a WAL journal with `synchronous = FULL`, so every
//! committed transaction is fsynced before the commit returns. (`NORMAL` in
//! WAL mode only syncs at checkpoints and can lose the last commits on power
//! loss; those commits would be moves the players were told were played.)
//! PostgreSQL commits durably with its default `synchronous_commit = on`.

mod activity;
mod announcements;
mod backend;
pub mod backup;
mod button_messages;
mod challenges;
mod columns;
mod connect;
pub mod copy;
mod counted;
mod daily_puzzles;
mod direct_messages;
mod engine_games;
mod error;
mod game_list;
mod games;
mod health;
mod history;
mod id_lists;
mod kinds;
mod live_positions;
mod load_fixtures;
mod lock;
mod match_rows;
mod matches;
mod migrations;
mod move_write;
mod moves;
mod outbox;
mod player_settings;
mod premoves;
mod puzzle_flags;
mod puzzle_play;
mod puzzles;
mod ratings;
mod replays;
mod scratch;
mod server_clock;
mod server_locales;
mod takebacks;
mod threads;
mod time_control;
mod tournament_rounds;
mod tournaments;
mod vacations;

pub use announcements::{AnnouncementKind, AnnouncementRow};
pub use backend::Backend;
pub use challenges::{ChallengeRow, NewChallengeRow};
pub use connect::{BUSY_TIMEOUT, DatabaseTarget, Durability, migrate_to_level};
pub use counted::counted;
pub use daily_puzzles::{DailyPuzzleRow, PuzzleServer};
pub use direct_messages::{DirectKind, DirectMessageRow};
pub use error::StoreError;
pub use game_list::{LiveGameLine, LiveGamesPage};
pub use games::{DueClock, EngineSeat, GameRow, MatchSeat, NewGameRow, StartRefused, Started, TournamentSeat};
pub use health::{CHANNELS_CHECKED, DatabaseHealth, database_health};
pub use history::{HistoryLine, HistoryPage};
pub use kinds::{
    ButtonsKind, ChallengeState, ColorChoice, FinishReason, GameStatus, MatchStatus, NotifyMode, TournamentFormat,
    TournamentStatus,
};
pub use live_positions::GameKeys;
pub use load_fixtures::GameCopies;
pub use lock::{ProcessLock, lock_for_one_process, lock_path};
pub use match_rows::{MatchGameRow, MatchRow, NewMatchRow};
pub use migrations::{newest_schema_level, schema_levels};
pub use move_write::{ButtonMessageRow, Finishing, MoveWrite, MoveWritten};
pub use outbox::AnnouncementOutcome;
pub use player_settings::PlayerSettings;
pub use premoves::PremoveRow;
pub use puzzle_flags::{FlagOutcome, FlaggedPuzzle, Retired, SetSync};
pub use puzzle_play::{AttemptFinished, AttemptRow, PuzzleRatingPoint, PuzzleRatingRow, PuzzleRecord, PuzzleSource};
pub use puzzles::{GameToScan, PuzzleRow};
pub use ratings::{RatedResults, RatingChangeRow, RatingPoint, RatingRow};
pub use replays::ReplayRow;
pub use scratch::{ScratchDatabase, TEST_POSTGRES_URL_VAR};
pub use server_clock::ServerClock;
pub use takebacks::{ClockRow, LastMoveRow, TakeBack};
pub use threads::GameThread;
pub use time_control::{Allowance, TimeControl};
pub use tournament_rounds::{NewPairing, PairingToStart, Settlement, TournamentStart, Withdrawn};
pub use tournaments::{
    ByeRow, EntrantRow, JoinOutcome, NewTournamentRow, PairedGame, PairingRow, TournamentLine, TournamentRow,
};
pub use vacations::{
    PlayerClock, ReachedAway, VacationEnd, VacationEndOutcome, VacationFacts, VacationOverNotice, VacationRow,
};

use sqlx::{AnyConnection, AnyPool};

use backend::lock_key;
use columns::{bool_column, db_id, discord_id, enum_column, is_unique_violation, optional_enum_column, u32_column};

/// The database. Cheap to clone; clones share the pool.
#[derive(Clone, Debug)]
pub struct Store {
    /// Everything that may write (on SQLite one connection: see [`connect::Pools`]).
    pool: AnyPool,
    /// Plain reads (on PostgreSQL the same pool).
    reads: AnyPool,
    backend: Backend,
    /// The task that commits moves (and the buttons their boards carry)
    /// in groups (see [`moves`]).
    writer: tokio::sync::mpsc::Sender<move_write::WriteJob>,
}

/// Why a game against the engine could not start: the channel is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelTaken {
    /// By a live game.
    Game,
    /// By an open challenge.
    Challenge,
}

/// Why a challenge could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeRefused {
    /// The channel holds a live game.
    ChannelHasGame,
    /// The challenger already has an open challenge to the same opponent in the channel.
    Duplicate,
    /// The challenger already has [`MAX_OPEN_CHALLENGES`] open challenges in the server.
    TooManyOpen,
}

/// The most open challenges one user may have in a server at once.
pub const MAX_OPEN_CHALLENGES: i64 = 3;

impl Store {
    /// Which database engine this store runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection (waiting for those in use).
    pub async fn close(&self) {
        self.pool.close().await;
        self.reads.close().await;
    }

    /// The database's size in bytes: a SQLite file's pages, or the tables
    /// (with their indexes) of the PostgreSQL schema.
    pub async fn size_bytes(&self) -> Result<i64, StoreError> {
        let sql = match self.backend {
            Backend::Sqlite => "SELECT p.page_count * s.page_size FROM pragma_page_count() p, pragma_page_size() s",
            Backend::Postgres => {
                "SELECT CAST(COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS BIGINT) FROM pg_class c \
                 JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            }
        };
        Ok(sqlx::query_scalar(sql).fetch_one(&self.reads).await?)
    }

    /// Whether the database answers a trivial query (for health checks).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Runs SQLite's own consistency check; `Ok(true)` when the file is
    /// sound. PostgreSQL has no such check: it answers whether the server
    /// responds.
    pub async fn integrity_check(&self) -> Result<bool, StoreError> {
        match self.backend {
            Backend::Sqlite => {
                let verdict: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&self.pool).await?;
                Ok(verdict == "ok")
            }
            Backend::Postgres => Ok(self.ping().await.is_ok()),
        }
    }

    /// The versions of the migrations applied, in order.
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&self.reads)
            .await?)
    }

    /// Serialises, until the end of the transaction on `conn`, every other
    /// transaction that locks the same Discord id (a channel or a user):
    /// the guard of rules that a single statement cannot hold on
    /// PostgreSQL (an open challenge and a live game never share a
    /// channel; a user has at most three open challenges). Discord ids are
    /// unique across channels and users, so the keys never collide. On
    /// PostgreSQL a transaction-scoped advisory lock; SQLite has one writer
    /// at a time already, so there it does nothing. Take a channel's lock
    /// before a user's, so two transactions never wait for each other.
    async fn lock_id(&self, conn: &mut AnyConnection, id: u64) -> Result<(), StoreError> {
        lock_key(conn, self.backend, id).await
    }
}

#[cfg(test)]
mod schema_tests;

#[cfg(test)]
mod writer_tests;

#[cfg(test)]
mod game_read_tests;
