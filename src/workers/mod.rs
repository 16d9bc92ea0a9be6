//! A bounded pool of OS threads for CPU-heavy work (board pictures, engine
//! searches), with a queue in front.
//!
//! Why not `tokio::task::spawn_blocking`: tokio starts a new blocking
//! thread for every call made while the others are busy (up to 512), and
//! each thread keeps its allocator cache and its buffers for a while after.
//! A burst of 50 pictures then meant 50 threads, 50 canvases and 50 deflate
//! states at once, and the memory stayed. Here a fixed number of threads
//! (by default one per core) take jobs in turn from one queue: the work
//! done at once, and the memory it needs, no longer follow the number of
//! requests. A job waiting in the queue costs only its closure.
//!
//! Jobs run in the order they were queued, but urgent ones (the bot's own
//! moves, which players wait for) before every normal one: a replay or an
//! analysis delays a bot move by at most the jobs already running. A job
//! that panics is reported to its caller as [`WorkerError::Panicked`]; its
//! thread carries on.
//!
//! Long jobs (an engine search takes seconds, a picture milliseconds) go
//! through [`Workers::run_long`], which lets them hold all the threads but
//! one: a picture never waits behind a search, only behind other pictures.
//! With a single thread, a long job holds it.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use damas::workers::Workers;
//! let workers = Workers::new(2);
//! let sum = workers.run(|| (1..=100u32).sum::<u32>()).await.unwrap();
//! assert_eq!(sum, 5050);
//! # });
//! ```

use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, LazyLock, Mutex};
use std::thread;

use tokio::sync::oneshot;

mod slots;

pub use slots::Priority;
use slots::Slots;

/// A queued job: runs the caller's closure and sends its result back.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// Why a job gave no value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkerError {
    /// The job panicked; the message is the panic's, when it was a string.
    #[error("the job panicked: {0}")]
    Panicked(String),
    /// No worker thread could be started, or they are all gone.
    #[error("the worker threads are not running")]
    Stopped,
}

/// A pool of worker threads. Cheap to clone (clones share the threads);
/// the threads stop once every clone is dropped and the queue is empty.
#[derive(Clone, Debug)]
pub struct Workers {
    queue: Arc<Handle>,
    threads: usize,
    /// One slot per thread that long jobs may hold at once.
    long: Slots,
}

/// The jobs waiting for a thread: every urgent one before any normal one.
#[derive(Default)]
struct Queue {
    waiting: Mutex<Waiting>,
    ready: Condvar,
}

#[derive(Default)]
struct Waiting {
    urgent: VecDeque<Job>,
    normal: VecDeque<Job>,
    /// No more jobs will come: the threads end once the queue is empty.
    closed: bool,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let waiting = self.lock();
        f.debug_struct("Queue").field("urgent", &waiting.urgent.len()).field("normal", &waiting.normal.len()).finish()
    }
}

impl Queue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, priority: Priority, job: Job) {
        let mut waiting = self.lock();
        match priority {
            Priority::Urgent => waiting.urgent.push_back(job),
            // A background long job holds its slot already: it waits for a
            // thread as any other.
            Priority::Normal | Priority::Background => waiting.normal.push_back(job),
        }
        self.ready.notify_one();
    }

    /// The next job, urgent first; `None` once closed and empty.
    fn next(&self) -> Option<Job> {
        let mut waiting = self.lock();
        loop {
            if let Some(job) = waiting.urgent.pop_front().or_else(|| waiting.normal.pop_front()) {
                return Some(job);
            }
            if waiting.closed {
                return None;
            }
            waiting = self.ready.wait(waiting).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// The pool's side of the queue: closes it when the last clone of the pool
/// is dropped.
#[derive(Debug)]
struct Handle(Arc<Queue>);

impl Drop for Handle {
    fn drop(&mut self) {
        self.0.lock().closed = true;
        self.0.ready.notify_all();
    }
}

/// The process's pool, one thread per core, started on first use. The bot's
/// pictures run here (and later other CPU-heavy work), so that all of it
/// together stays within the machine's cores.
static SHARED: LazyLock<Workers> = LazyLock::new(Workers::default);

impl Workers {
    /// A pool of `threads` threads (at least one), named `damas-worker-N`.
    pub fn new(threads: usize) -> Workers {
        let threads = threads.max(1);
        let queue = Arc::new(Queue::default());
        let mut started = 0;
        for n in 0..threads {
            let queue = queue.clone();
            let spawned = thread::Builder::new().name(format!("damas-worker-{n}")).spawn(move || work(&queue));
            match spawned {
                Ok(_) => started += 1,
                Err(e) => tracing::error!(error = %e, "could not start a worker thread"),
            }
        }
        if started == 0 {
            // Nothing will take the jobs: refuse them rather than queue them forever.
            queue.lock().closed = true;
        }
        Workers { queue: Arc::new(Handle(queue)), threads: started, long: Slots::new(long_slots(started)) }
    }

    /// The process-wide pool, sized by the number of cores.
    pub fn shared() -> &'static Workers {
        &SHARED
    }

    /// How many threads the pool runs.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// How many long jobs may run at once: all the threads but one, and at
    /// least one.
    pub fn long_slots(&self) -> usize {
        long_slots(self.threads)
    }

    /// Runs a long job (an engine search, a replay) as [`Workers::run`]
    /// does, once fewer than [`Workers::long_slots`] long jobs are running;
    /// normal priority.
    pub async fn run_long<R, F>(&self, job: F) -> Result<R, WorkerError>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        self.run_long_as(Priority::Normal, job).await
    }

    /// Runs a long job at `priority`: an urgent one takes the next slot
    /// that frees and the next free thread, ahead of every normal job
    /// waiting. The slot is held until the job has run, even if the caller
    /// stops waiting.
    pub async fn run_long_as<R, F>(&self, priority: Priority, job: F) -> Result<R, WorkerError>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        let slot = self.long.take(priority).await.ok_or(WorkerError::Stopped)?;
        self.run_as(priority, move || {
            let _slot = slot;
            job()
        })
        .await
    }

    /// Runs `job` on a worker thread when one is free, and waits for its
    /// value without blocking the async runtime. If the caller stops
    /// waiting, the job still runs and its value is dropped.
    pub async fn run<R, F>(&self, job: F) -> Result<R, WorkerError>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        self.run_as(Priority::Normal, job).await
    }

    async fn run_as<R, F>(&self, priority: Priority, job: F) -> Result<R, WorkerError>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        if self.threads == 0 {
            return Err(WorkerError::Stopped);
        }
        let (done, value) = oneshot::channel();
        let wrapped: Job = Box::new(move || {
            let result = catch_unwind(AssertUnwindSafe(job)).map_err(|panic| WorkerError::Panicked(message(&*panic)));
            let _ = done.send(result);
        });
        self.queue.0.push(priority, wrapped);
        value.await.map_err(|_| WorkerError::Stopped)?
    }
}

impl Default for Workers {
    /// One thread per core (as the OS reports them; one if it cannot tell).
    fn default() -> Workers {
        Workers::new(thread::available_parallelism().map_or(1, NonZeroUsize::get))
    }
}

/// Long jobs a pool of `threads` threads runs at once (see the module docs).
fn long_slots(threads: usize) -> usize {
    threads.saturating_sub(1).max(1)
}

/// A worker thread: takes the next job, runs it, until the queue closes.
fn work(queue: &Queue) {
    while let Some(job) = queue.next() {
        job();
    }
}

/// The text of a panic payload.
fn message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn returns_the_value_of_the_job() {
        let workers = Workers::new(2);
        assert_eq!(workers.threads(), 2);
        let text = workers.run(|| "done".repeat(2)).await.unwrap();
        assert_eq!(text, "donedone");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn never_runs_more_jobs_at_once_than_threads() {
        let workers = Workers::new(3);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..40)
            .map(|i| {
                let (running, most) = (running.clone(), most.clone());
                let workers = workers.clone();
                tokio::spawn(async move {
                    workers
                        .run(move || {
                            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(now, Ordering::SeqCst);
                            thread::sleep(Duration::from_millis(2));
                            running.fetch_sub(1, Ordering::SeqCst);
                            (i, thread::current().name().unwrap_or_default().to_string())
                        })
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut names = HashSet::new();
        for (i, job) in jobs.into_iter().enumerate() {
            let (value, name) = job.await.unwrap();
            assert_eq!(value, i, "each caller gets its own job's value");
            names.insert(name);
        }
        assert!(most.load(Ordering::SeqCst) <= 3, "at most 3 jobs ran at once");
        assert!(names.len() <= 3 && names.iter().all(|n| n.starts_with("damas-worker-")), "{names:?}");
    }

    #[tokio::test]
    async fn a_panicking_job_is_reported_and_the_pool_goes_on() {
        let workers = Workers::new(1);
        let failed = workers.run(|| -> u32 { panic!("bad job") }).await;
        assert_eq!(failed, Err(WorkerError::Panicked("bad job".to_string())));
        // The single thread survived the panic.
        assert_eq!(workers.run(|| 7).await, Ok(7));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn long_jobs_leave_a_thread_to_short_ones() {
        let workers = Workers::new(3);
        assert_eq!(workers.long_slots(), 2);
        // Five long jobs that hold their thread until released.
        let (release, released) = std::sync::mpsc::channel::<()>();
        let released = Arc::new(Mutex::new(released));
        let started = Arc::new(AtomicUsize::new(0));
        let long: Vec<_> = (0..5)
            .map(|_| {
                let (workers, released, started) = (workers.clone(), released.clone(), started.clone());
                tokio::spawn(async move {
                    workers
                        .run_long(move || {
                            started.fetch_add(1, Ordering::SeqCst);
                            let _ = released.lock().unwrap().recv();
                        })
                        .await
                })
            })
            .collect();
        while started.load(Ordering::SeqCst) < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Two long jobs hold two threads; the third thread still serves
        // short jobs, however many long ones wait.
        for i in 0..10 {
            let short = tokio::time::timeout(Duration::from_secs(20), workers.run(move || i * 2)).await;
            assert_eq!(short.expect("a short job is not stuck behind long ones"), Ok(i * 2));
        }
        assert_eq!(started.load(Ordering::SeqCst), 2, "no more long jobs than slots");
        for _ in 0..5 {
            release.send(()).unwrap();
        }
        for job in long {
            assert_eq!(job.await.unwrap(), Ok(()));
        }
        assert_eq!(started.load(Ordering::SeqCst), 5);
    }

    /// Holds the pool's threads with jobs that wait for a release; returns
    /// the release and a count of the jobs started.
    async fn hold(workers: &Workers, long: bool) -> (std::sync::mpsc::Sender<()>, Arc<AtomicUsize>) {
        let (release, released) = std::sync::mpsc::channel::<()>();
        let started = Arc::new(AtomicUsize::new(0));
        let job = {
            let started = started.clone();
            move || {
                started.fetch_add(1, Ordering::SeqCst);
                let _ = released.recv();
            }
        };
        let workers = workers.clone();
        tokio::spawn(async move { if long { workers.run_long(job).await } else { workers.run(job).await } });
        while started.load(Ordering::SeqCst) == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        (release, started)
    }

    /// Waits until `count` jobs wait for a thread (or, `long`, for a slot).
    async fn until_waiting(workers: &Workers, count: usize, long: bool) {
        let waiting = || {
            if long {
                workers.long.waiting()
            } else {
                let queue = workers.queue.0.lock();
                queue.urgent.len() + queue.normal.len()
            }
        };
        while waiting() < count {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// Jobs queued one after the other (each waiting before the next is
    /// queued), each recording its name when it runs.
    async fn queue_named(
        workers: &Workers,
        order: &Arc<Mutex<Vec<&'static str>>>,
        jobs: &[(&'static str, Priority)],
        long: bool,
    ) -> Vec<tokio::task::JoinHandle<Result<(), WorkerError>>> {
        let mut handles = Vec::new();
        for &(name, priority) in jobs {
            let (pool, order) = (workers.clone(), order.clone());
            let job = move || order.lock().unwrap().push(name);
            handles.push(tokio::spawn(async move {
                if long { pool.run_long_as(priority, job).await } else { pool.run_as(priority, job).await }
            }));
            until_waiting(workers, handles.len(), long).await;
        }
        handles
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_background_long_job_waits_for_every_other() {
        let workers = Workers::new(2);
        let (release, _) = hold(&workers, true).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let jobs = [("scan", Priority::Background), ("replay", Priority::Normal), ("bot move", Priority::Urgent)];
        let jobs = queue_named(&workers, &order, &jobs, true).await;
        release.send(()).unwrap();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Ok(()));
        }
        assert_eq!(*order.lock().unwrap(), ["bot move", "replay", "scan"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn an_urgent_long_job_takes_the_next_slot_before_the_queue() {
        let workers = Workers::new(2);
        assert_eq!(workers.long_slots(), 1);
        let (release, _) = hold(&workers, true).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let jobs = [
            ("replay 1", Priority::Normal),
            ("analysis", Priority::Normal),
            ("replay 2", Priority::Normal),
            ("bot move", Priority::Urgent),
        ];
        let jobs = queue_named(&workers, &order, &jobs, true).await;
        release.send(()).unwrap();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Ok(()));
        }
        assert_eq!(*order.lock().unwrap(), ["bot move", "replay 1", "analysis", "replay 2"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn an_urgent_job_takes_the_next_free_thread() {
        let workers = Workers::new(1);
        let (release, _) = hold(&workers, false).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let jobs = [("picture 1", Priority::Normal), ("picture 2", Priority::Normal), ("bot move", Priority::Urgent)];
        let jobs = queue_named(&workers, &order, &jobs, false).await;
        release.send(()).unwrap();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Ok(()));
        }
        assert_eq!(*order.lock().unwrap(), ["bot move", "picture 1", "picture 2"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_waiter_that_gives_up_passes_its_slot_on() {
        let workers = Workers::new(2);
        let (release, _) = hold(&workers, true).await;
        let gave_up = tokio::time::timeout(Duration::from_millis(20), workers.run_long(|| 1)).await;
        assert!(gave_up.is_err(), "no slot while the first holds it");
        let next = tokio::spawn({
            let workers = workers.clone();
            async move { workers.run_long(|| 2).await }
        });
        release.send(()).unwrap();
        let next = tokio::time::timeout(Duration::from_secs(20), next).await.expect("the slot was passed on");
        assert_eq!(next.unwrap(), Ok(2));
        assert_eq!(workers.run_long(|| 3).await, Ok(3), "and given back after");
    }

    #[tokio::test]
    async fn a_single_thread_takes_long_jobs_too() {
        let workers = Workers::new(1);
        assert_eq!(workers.long_slots(), 1);
        assert_eq!(workers.run_long(|| 6 * 7).await, Ok(42));
        assert_eq!(workers.run(|| 1).await, Ok(1));
    }

    #[tokio::test]
    async fn zero_threads_means_one() {
        let workers = Workers::new(0);
        assert_eq!(workers.threads(), 1);
        assert_eq!(workers.run(|| 1 + 1).await, Ok(2));
    }

    #[tokio::test]
    async fn the_shared_pool_has_a_thread_per_core() {
        let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(Workers::shared().threads(), cores);
        assert_eq!(Workers::shared().run(|| 40 + 2).await, Ok(42));
    }
}
