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
//! Jobs run in the order they were queued. A job that panics is reported to
//! its caller as [`WorkerError::Panicked`]; its thread carries on.
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

use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, LazyLock, Mutex};
use std::thread;

use tokio::sync::{Semaphore, oneshot};

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
    queue: Sender<Job>,
    threads: usize,
    /// One permit per thread that long jobs may hold at once.
    long: Arc<Semaphore>,
}

/// The process's pool, one thread per core, started on first use. The bot's
/// pictures run here (and later other CPU-heavy work), so that all of it
/// together stays within the machine's cores.
static SHARED: LazyLock<Workers> = LazyLock::new(Workers::default);

impl Workers {
    /// A pool of `threads` threads (at least one), named `damas-worker-N`.
    pub fn new(threads: usize) -> Workers {
        let threads = threads.max(1);
        let (queue, jobs) = channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        let mut started = 0;
        for n in 0..threads {
            let jobs = jobs.clone();
            let spawned = thread::Builder::new().name(format!("damas-worker-{n}")).spawn(move || work(&jobs));
            match spawned {
                Ok(_) => started += 1,
                Err(e) => tracing::error!(error = %e, "could not start a worker thread"),
            }
        }
        let long = Arc::new(Semaphore::new(long_slots(started)));
        Workers { queue, threads: started, long }
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

    /// Runs a long job (an engine search) as [`Workers::run`] does, once
    /// fewer than [`Workers::long_slots`] long jobs are running. The slot is
    /// held until the job has run, even if the caller stops waiting.
    pub async fn run_long<R, F>(&self, job: F) -> Result<R, WorkerError>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        let slot = self.long.clone().acquire_owned().await.map_err(|_| WorkerError::Stopped)?;
        self.run(move || {
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
        let (done, value) = oneshot::channel();
        let wrapped: Job = Box::new(move || {
            let result = catch_unwind(AssertUnwindSafe(job)).map_err(|panic| WorkerError::Panicked(message(&*panic)));
            let _ = done.send(result);
        });
        self.queue.send(wrapped).map_err(|_| WorkerError::Stopped)?;
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
fn work(jobs: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while waiting for the next job, so the idle
        // workers queue up on it and each job goes to one of them.
        let next = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
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
