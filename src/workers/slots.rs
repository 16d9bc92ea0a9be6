//! The long jobs' slots, handed out by priority: a waiting urgent job (the
//! bot's own move) gets the next free slot before any normal one (an
//! analysis, a review, a replay), so it waits for at most the jobs already
//! running, never for the queue of normal ones; background jobs (puzzle
//! scans) get a slot only when nobody else waits for one.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// Which queue a job waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// Served first: the bot's own moves, which players wait for.
    Urgent,
    /// Everything else people ask for, in the order asked.
    Normal,
    /// Work nobody waits for (scanning finished games for puzzles): only
    /// when no urgent or normal job waits.
    Background,
}

/// Slots free and who waits for one.
#[derive(Debug)]
struct State {
    free: usize,
    urgent: VecDeque<oneshot::Sender<Slot>>,
    normal: VecDeque<oneshot::Sender<Slot>>,
    background: VecDeque<oneshot::Sender<Slot>>,
}

/// A fixed number of slots, taken by priority, then in order.
#[derive(Clone, Debug)]
pub(super) struct Slots(Arc<Mutex<State>>);

/// One slot, given back when dropped (`None` once handed over in vain).
#[derive(Debug)]
pub(super) struct Slot(Option<Slots>);

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(slots) = self.0.take() {
            slots.give_back();
        }
    }
}

impl Slots {
    pub(super) fn new(count: usize) -> Slots {
        Slots(Arc::new(Mutex::new(State {
            free: count,
            urgent: VecDeque::new(),
            normal: VecDeque::new(),
            background: VecDeque::new(),
        })))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a slot; `None` only if the slots are gone (they are not,
    /// while a clone lives).
    pub(super) async fn take(&self, priority: Priority) -> Option<Slot> {
        let waiting = {
            let mut state = self.state();
            if state.free > 0 {
                state.free -= 1;
                return Some(Slot(Some(self.clone())));
            }
            let (give, waiting) = oneshot::channel();
            match priority {
                Priority::Urgent => state.urgent.push_back(give),
                Priority::Normal => state.normal.push_back(give),
                Priority::Background => state.background.push_back(give),
            }
            waiting
        };
        waiting.await.ok()
    }

    /// How many wait for a slot.
    #[cfg(test)]
    pub(super) fn waiting(&self) -> usize {
        let state = self.state();
        state.urgent.len() + state.normal.len() + state.background.len()
    }

    /// A freed slot goes to the first urgent waiter still waiting, else to
    /// the first normal one, else back to the free count.
    fn give_back(&self) {
        let mut state = self.state();
        loop {
            let next =
                state.urgent.pop_front().or_else(|| state.normal.pop_front()).or_else(|| state.background.pop_front());
            let Some(waiter) = next else {
                state.free += 1;
                return;
            };
            match waiter.send(Slot(Some(self.clone()))) {
                Ok(()) => return,
                // The waiter gave up: empty the slot (its drop would come
                // back here, under the lock) and try the next waiter.
                Err(mut slot) => slot.0 = None,
            }
        }
    }
}
