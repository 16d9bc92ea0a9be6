//! The interactions being answered right now, so that work nobody is
//! waiting on (the clock loop's tick: its announcements and the players'
//! direct messages) lets their answers have the machine first. Under a
//! burst of moves a direct message costs about as much as an answer (a
//! game read, a picture, an upload), and sent alongside the next moves it
//! delayed their answers; it now waits until no answer is being made, or
//! [`YIELD_AT_MOST`] at the most, so a busy bot still sends it soon.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// The longest the clock loop's work waits for the answers in progress: a
/// direct message is late by at most this much on a bot that never stops
/// answering.
pub const YIELD_AT_MOST: Duration = Duration::from_millis(500);

/// How many interactions are being answered, shared by the handler (which
/// counts them) and the clock loop (which waits for none). Cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct Answering(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    count: AtomicUsize,
    none_left: Notify,
}

/// Counts one interaction as being answered until it is dropped.
#[must_use = "the interaction counts as answered once this is dropped"]
pub struct Answer(Arc<Inner>);

impl Drop for Answer {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.none_left.notify_waiters();
        }
    }
}

impl Answering {
    /// Counts an interaction from now until the returned guard is dropped.
    pub fn begin(&self) -> Answer {
        self.0.count.fetch_add(1, Ordering::AcqRel);
        Answer(self.0.clone())
    }

    /// How many interactions are being answered.
    pub fn count(&self) -> usize {
        self.0.count.load(Ordering::Acquire)
    }

    /// Returns once no interaction is being answered, or after `most`.
    pub async fn quiet_or(&self, most: Duration) {
        let deadline = tokio::time::Instant::now() + most;
        loop {
            let none_left = self.0.none_left.notified();
            let mut none_left = std::pin::pin!(none_left);
            // Registered before the count is read, so a last answer that
            // ends in between still wakes this.
            none_left.as_mut().enable();
            if self.count() == 0 {
                return;
            }
            if tokio::time::timeout_at(deadline, none_left).await.is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::time::Instant;

    const A_MOMENT: Duration = Duration::from_millis(50);

    #[tokio::test]
    async fn waits_for_the_last_answer() {
        let answering = Answering::default();
        let (first, second) = (answering.begin(), answering.begin());
        let waiter = {
            let answering = answering.clone();
            tokio::spawn(async move { answering.quiet_or(Duration::from_secs(30)).await })
        };
        // The test runs on one thread: each yield lets the waiter run until
        // it waits, so it has seen the first answer end before the check.
        let let_others_run = || async {
            for _ in 0..4 {
                tokio::task::yield_now().await;
            }
        };
        let_others_run().await;
        drop(first);
        let_others_run().await;
        assert!(!waiter.is_finished(), "one answer is still being made");
        drop(second);
        tokio::time::timeout(Duration::from_secs(5), waiter).await.expect("the last answer ends the wait").unwrap();
        assert_eq!(answering.count(), 0);
    }

    #[tokio::test]
    async fn waits_no_longer_than_asked_and_not_at_all_when_quiet() {
        let answering = Answering::default();
        let forever = answering.begin();
        let started = Instant::now();
        answering.quiet_or(A_MOMENT).await;
        assert!(started.elapsed() >= A_MOMENT);
        drop(forever);
        let started = Instant::now();
        answering.quiet_or(Duration::from_secs(30)).await;
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
