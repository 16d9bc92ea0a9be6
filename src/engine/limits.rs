//! What a search may spend: a depth, a node count and a time, any of them.

use std::time::{Duration, Instant};

/// A search's budget; it stops at the first limit reached. With none set it
/// searches to [`super::MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes visited.
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// A fixed depth: the same search, hence the same answer, every time.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A time budget.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }
}

/// The running budget of one search.
pub(crate) struct Budget {
    deadline: Option<Instant>,
    nodes: Option<u64>,
    pub(crate) started: Instant,
}

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        let started = Instant::now();
        // A time too long to add to the clock is no limit at all.
        Budget { deadline: limits.time.and_then(|t| started.checked_add(t)), nodes: limits.nodes, started }
    }

    /// Whether the budget is spent after `nodes` nodes. The clock is read
    /// only every 1,024 nodes: reading it costs more than a node.
    #[inline]
    pub(crate) fn spent(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|n| nodes >= n) {
            return true;
        }
        nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether another iteration is worth starting: past half the time, the
    /// next one (a few times longer than the last) would rarely finish.
    pub(crate) fn room_for_next_iteration(&self) -> bool {
        match self.deadline {
            None => true,
            Some(d) => Instant::now() < self.started + (d - self.started) / 2,
        }
    }
}
