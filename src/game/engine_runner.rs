//! Runs the engine off the async runtime, on the process's pool of worker
//! threads (one per core) that the pictures use too: searches never stall
//! the tasks that answer Discord, never run more at once than the pool
//! lets long jobs run (all its threads but one), and all the CPU-heavy work
//! together stays within the machine's cores.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use super::GameError;
use crate::engine::tables::Tables;
use crate::engine::{DEFAULT_TABLE_MB, DEFAULT_TABLE_PIECES, Searcher};
use crate::workers::{Priority, Workers};

/// How long the bot thinks about a move (its level uses a share of it).
pub const DEFAULT_THINK_TIME: Duration = Duration::from_secs(3);

/// The engine as the service uses it: bounded searches, reusable
/// searchers, and the endgame tables once they are loaded. Cheap to clone;
/// clones share everything.
#[derive(Clone)]
pub struct EngineRunner {
    workers: Workers,
    tables: Arc<OnceLock<Arc<Tables>>>,
    /// Idle searchers (their transposition tables are worth reusing).
    idle: Arc<Mutex<Vec<Searcher>>>,
    /// Games the engine is thinking about in this process, so a clock tick
    /// and a move reply do not search the same position twice.
    thinking: Arc<Mutex<HashSet<i64>>>,
    think: Duration,
}

impl std::fmt::Debug for EngineRunner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineRunner")
            .field("long_jobs_at_once", &self.workers.long_slots())
            .field("tables", &self.tables.get().is_some())
            .field("think", &self.think)
            .finish()
    }
}

impl Default for EngineRunner {
    fn default() -> EngineRunner {
        EngineRunner::new(DEFAULT_THINK_TIME)
    }
}

impl EngineRunner {
    /// A runner whose bot thinks `think` per move, on the process's shared
    /// worker pool.
    pub fn new(think: Duration) -> EngineRunner {
        EngineRunner {
            workers: Workers::shared().clone(),
            tables: Arc::default(),
            idle: Arc::default(),
            thinking: Arc::default(),
            think,
        }
    }

    /// The time the bot is given per move.
    pub fn think_time(&self) -> Duration {
        self.think
    }

    /// Whether the endgame tables are loaded.
    pub fn tables_ready(&self) -> bool {
        self.tables.get().is_some()
    }

    /// Loads the endgame tables from `path` (building and saving them if the
    /// file is missing) in the background; searches until then run without
    /// them. The work runs on a thread of its own, outside the worker pool:
    /// a first build takes half a minute and would otherwise hold back every
    /// search of the bot's first run.
    pub fn load_tables_in_background(&self, path: PathBuf) -> tokio::task::JoinHandle<()> {
        let tables = self.tables.clone();
        tokio::spawn(async move {
            let shown = path.display().to_string();
            // A plain thread, not tokio's blocking pool: the runtime waits
            // for its blocking tasks at shutdown, and a stopping bot must
            // not wait for a build.
            let (send, receive) = tokio::sync::oneshot::channel();
            std::thread::spawn(move || {
                let _ = send.send(Tables::load_or_build(&path, DEFAULT_TABLE_PIECES));
            });
            let loaded = receive.await;
            match loaded {
                Ok(Ok(loaded)) => {
                    let _ = tables.set(Arc::new(loaded));
                    tracing::info!(path = %shown, "endgame tables ready");
                }
                Ok(Err(e)) => tracing::warn!(path = %shown, error = %e, "no endgame tables; the engine runs without"),
                Err(e) => tracing::error!(error = %e, "loading the endgame tables failed"),
            }
        })
    }

    /// Runs `work` with a searcher as a long job of the worker pool, in
    /// turn with the other long jobs (analyses, reviews, replays).
    pub(super) async fn run<T, F>(&self, work: F) -> Result<T, GameError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Searcher) -> T + Send + 'static,
    {
        self.run_as(Priority::Normal, work).await
    }

    /// Runs `work` as [`EngineRunner::run`] does, but before every long job
    /// waiting at normal priority: for the bot's own play, which a player
    /// waits for, so a queue of analyses or replays never holds it up.
    pub(super) async fn run_first<T, F>(&self, work: F) -> Result<T, GameError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Searcher) -> T + Send + 'static,
    {
        self.run_as(Priority::Urgent, work).await
    }

    /// Runs `work` as [`EngineRunner::run`] does, but only when no other
    /// long job waits: for work nobody waits for (scanning finished games
    /// for puzzles).
    pub(in crate::game) async fn run_in_background<T, F>(&self, work: F) -> Result<T, GameError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Searcher) -> T + Send + 'static,
    {
        self.run_as(Priority::Background, work).await
    }

    async fn run_as<T, F>(&self, priority: Priority, work: F) -> Result<T, GameError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Searcher) -> T + Send + 'static,
    {
        let runner = self.clone();
        let out = self
            .workers
            .run_long_as(priority, move || {
                // Taken on the worker, so no more searchers (and their
                // transposition tables) exist than searches can run at once.
                let mut searcher = runner.searcher();
                let out = work(&mut searcher);
                runner.idle.lock().expect("searcher pool").push(searcher);
                out
            })
            .await
            .map_err(|e| GameError::Engine(e.to_string()))?;
        Ok(out)
    }

    /// An idle searcher, or a new one; one made before the tables were
    /// ready is replaced once they are.
    fn searcher(&self) -> Searcher {
        let tables = self.tables.get().cloned();
        let mut idle = self.idle.lock().expect("searcher pool");
        if tables.is_some() {
            idle.retain(|s| s.tables().is_some());
        }
        idle.pop().unwrap_or_else(|| Searcher::new(DEFAULT_TABLE_MB, tables))
    }

    /// Marks `game` as being thought about; `None` if it already is. The
    /// mark is removed when the returned guard is dropped.
    pub(super) fn claim(&self, game: i64) -> Option<ThinkingGuard> {
        let fresh = self.thinking.lock().expect("thinking set").insert(game);
        fresh.then(|| ThinkingGuard { set: self.thinking.clone(), game })
    }
}

/// The bot's turn in one game, held by whoever answers the move that gave
/// it (or the game's start): while it is held no other caller (the clock's
/// catch-up, a second command) can take the bot's reply away from that
/// answer, which then shows both moves on one board. Released when the last
/// copy is dropped; a reply nobody made is then the clock's to make.
#[derive(Clone)]
pub struct BotTurn(Arc<ThinkingGuard>);

impl BotTurn {
    pub(super) fn new(guard: ThinkingGuard) -> BotTurn {
        BotTurn(Arc::new(guard))
    }

    /// The game whose turn is held.
    pub fn game(&self) -> i64 {
        self.0.game
    }
}

impl std::fmt::Debug for BotTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotTurn({})", self.0.game)
    }
}

/// A game being thought about (see [`EngineRunner::claim`]).
pub(super) struct ThinkingGuard {
    set: Arc<Mutex<HashSet<i64>>>,
    game: i64,
}

impl Drop for ThinkingGuard {
    fn drop(&mut self) {
        if let Ok(mut set) = self.set.lock() {
            set.remove(&self.game);
        }
    }
}
