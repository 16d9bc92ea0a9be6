//! Per-user cooldowns for the work that holds a core for seconds - a
//! replay GIF, an analysis, a review - so one person cannot fill the
//! worker pool for everyone. Kept in memory: a restart forgets them, and
//! with several processes each counts its own (a cooldown protects a
//! process's cores, which it is about).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::GameError;

/// What a cooldown is counted for: each kind has its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeavyWork {
    /// A replay GIF made (one taken from the cache costs nothing).
    Replay,
    /// `/analyze position:`.
    Analysis,
    /// The review of a finished game.
    Review,
}

impl HeavyWork {
    /// How long a user waits before asking for this again.
    pub fn cooldown(self) -> Duration {
        match self {
            HeavyWork::Replay => Duration::from_secs(30),
            HeavyWork::Analysis => Duration::from_secs(20),
            HeavyWork::Review => Duration::from_secs(60),
        }
    }
}

/// Above this many remembered requests, the expired ones are forgotten.
const REMEMBERED: usize = 1_000;

/// When each user last started each kind of heavy work. Cheap to clone;
/// clones share the record.
#[derive(Clone, Debug, Default)]
pub struct Cooldowns(Arc<Mutex<HashMap<(u64, HeavyWork), Instant>>>);

impl Cooldowns {
    /// Records that `user` starts `work` at `now`, or refuses with the
    /// seconds left ([`GameError::CoolingDown`]) while their last one is
    /// more recent than its cooldown.
    pub fn start(&self, user: u64, work: HeavyWork, now: Instant) -> Result<(), GameError> {
        let mut last = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&at) = last.get(&(user, work)) {
            let waited = now.saturating_duration_since(at);
            if waited < work.cooldown() {
                let left = (work.cooldown() - waited).as_secs_f64().ceil() as u32;
                return Err(GameError::CoolingDown(left.max(1)));
            }
        }
        if last.len() >= REMEMBERED {
            last.retain(|&(_, kind), &mut at| now.saturating_duration_since(at) < kind.cooldown());
        }
        last.insert((user, work), now);
        Ok(())
    }

    /// How many requests are remembered.
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_request_waits_for_the_cooldown_of_its_kind() {
        let cooldowns = Cooldowns::default();
        let t0 = Instant::now();
        let second = Duration::from_secs(1);
        cooldowns.start(1, HeavyWork::Analysis, t0).unwrap();
        let refused = cooldowns.start(1, HeavyWork::Analysis, t0 + 5 * second);
        assert!(matches!(refused, Err(GameError::CoolingDown(15))), "{refused:?}");
        // Another kind, another user: their own cooldowns.
        cooldowns.start(1, HeavyWork::Replay, t0 + 5 * second).unwrap();
        cooldowns.start(2, HeavyWork::Analysis, t0 + 5 * second).unwrap();
        let almost = cooldowns.start(1, HeavyWork::Analysis, t0 + 19 * second + Duration::from_millis(500));
        assert!(matches!(almost, Err(GameError::CoolingDown(1))), "{almost:?}");
        cooldowns.start(1, HeavyWork::Analysis, t0 + 20 * second).unwrap();
        assert!(cooldowns.start(1, HeavyWork::Review, t0).is_ok());
        assert!(matches!(cooldowns.start(1, HeavyWork::Review, t0 + 59 * second), Err(GameError::CoolingDown(1))));
    }

    #[test]
    fn expired_requests_are_forgotten() {
        let cooldowns = Cooldowns::default();
        let t0 = Instant::now();
        for user in 0..REMEMBERED as u64 {
            cooldowns.start(user, HeavyWork::Analysis, t0).unwrap();
        }
        assert_eq!(cooldowns.len(), REMEMBERED);
        cooldowns.start(99_999, HeavyWork::Analysis, t0 + Duration::from_secs(21)).unwrap();
        assert_eq!(cooldowns.len(), 1, "only the new one is still cooling down");
    }
}
