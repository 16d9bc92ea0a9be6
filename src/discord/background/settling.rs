//! Recording what the outboxes sent a batch at a time: one write for many
//! posts instead of one each (under a burst of moves, a write each waited
//! for the database's write lock behind the moves), made every few seconds
//! while a batch is still sending, so nothing sent stays unsettled for long
//! against its lease.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::game::{AnnouncementOutcome, GameError};

/// What a batch has sent and not yet recorded: (row, outcome).
pub(in crate::discord) type Settled = Arc<Mutex<Vec<(i64, AnnouncementOutcome)>>>;

/// How often a batch still sending records what it has sent: well inside
/// the lease (`ANNOUNCEMENT_LEASE`, a minute), after which a row unsettled
/// is sent again (with the same nonce, so it shows once).
pub(in crate::discord) const SETTLE_EVERY: Duration = Duration::from_secs(5);

/// Records what `done` holds with `write` (one write for all of it) and
/// empties it; nothing is written when it is empty. A failure is logged:
/// the rows' lease runs out and they are sent again, with the same nonces.
pub(in crate::discord) async fn record<Fut>(
    done: &Settled,
    what: &str,
    write: impl FnOnce(Vec<(i64, AnnouncementOutcome)>) -> Fut,
) where
    Fut: Future<Output = Result<u64, GameError>>,
{
    let outcomes = std::mem::take(&mut *done.lock().expect("settled list"));
    if outcomes.is_empty() {
        return;
    }
    let count = outcomes.len();
    if let Err(e) = write(outcomes).await {
        tracing::error!(what, count, error = %e, "could not record what was sent");
    }
}

/// Runs `work` to its end, calling `flush` every `every` meanwhile and once
/// after it.
pub(in crate::discord) async fn flushing<F: Future<Output = ()>>(
    work: impl Future<Output = ()>,
    every: Duration,
    mut flush: impl FnMut() -> F,
) {
    let mut work = std::pin::pin!(work);
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    loop {
        tokio::select! {
            _ = &mut work => break,
            _ = ticks.tick() => flush().await,
        }
    }
    flush().await;
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    /// What a batch has done is flushed while it is still at work, not only
    /// at its end, and once more after it.
    #[tokio::test]
    async fn flushing_flushes_while_the_work_goes_on_and_after() {
        let done = Arc::new(AtomicBool::new(false));
        let pending = Arc::new(Mutex::new(Vec::new()));
        let seen: Arc<Mutex<Vec<(u32, bool)>>> = Arc::default();
        let work = {
            let (done, pending) = (done.clone(), pending.clone());
            async move {
                pending.lock().unwrap().push(1);
                tokio::time::sleep(Duration::from_millis(1500)).await;
                pending.lock().unwrap().push(2);
                done.store(true, Ordering::SeqCst);
            }
        };
        flushing(work, Duration::from_millis(50), || {
            let (done, pending, seen) = (done.clone(), pending.clone(), seen.clone());
            async move {
                let taken = std::mem::take(&mut *pending.lock().unwrap());
                let finished = done.load(Ordering::SeqCst);
                seen.lock().unwrap().extend(taken.into_iter().map(|item| (item, finished)));
            }
        })
        .await;
        assert_eq!(*seen.lock().unwrap(), [(1, false), (2, true)], "the first flushed during the work, the last after");
    }
}
