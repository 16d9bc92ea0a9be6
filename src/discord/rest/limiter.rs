//! Discord's rate limits, kept on the bot's side so that it stays under
//! them instead of learning them from 429s: the bot's global limit (a
//! sliding second, for every call but an interaction's own), each route's
//! bucket as Discord's `X-RateLimit-*` headers describe it, and the pauses
//! a 429 asks for (its route's, or everyone's for a global one).
//!
//! Calls wait in lanes ([`Lane`]): an interaction's answer never waits for
//! the global limit; what a person's action needs now goes first; what the
//! bot says on its own is paced below the limit, oldest first, leaving
//! room for the first two; niceties go only when there is room to spare,
//! and are skipped otherwise.
//!
//! [`Limiter::decide`] is the whole policy, a pure function of the state
//! and the time; [`Limiter::admit`] waits on it.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

use super::route::Route;

/// The queue a call waits in, first to last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lane {
    /// An interaction's own answer (its callback, followups and edits with
    /// its token): outside the global limit, so it never waits for it.
    Answer,
    /// What a person's action needs now (the public post after a menu, a
    /// game's thread): first in line for the global limit.
    Prompt,
    /// What the bot says on its own (announcements, reminders, direct
    /// messages, daily puzzles, tournament messages): paced below the
    /// global limit, oldest first, leaving room for [`Lane::Prompt`].
    Paced,
    /// Niceties (taking buttons off old messages): sent only while the
    /// global limit and the route's bucket have room to spare and nobody
    /// waits; skipped otherwise.
    Spare,
}

impl Lane {
    /// The lane's name in logs and metrics.
    pub fn name(self) -> &'static str {
        match self {
            Lane::Answer => "answer",
            Lane::Prompt => "prompt",
            Lane::Paced => "paced",
            Lane::Spare => "spare",
        }
    }
}

/// Discord's requests a second for a bot, unless it granted more.
pub const DISCORD_GLOBAL_LIMIT: u32 = 50;
/// The window of the global limit.
const SECOND: Duration = Duration::from_secs(1);
/// How long Discord counts invalid requests (401, 403, 429) for its ban.
pub const INVALID_WINDOW: Duration = Duration::from_secs(600);
/// Invalid requests within [`INVALID_WINDOW`] past which the bot sends
/// nothing of its own accord (paced and spare calls wait) until older ones
/// leave the window: Discord bans a bot for an hour at 10,000.
pub const INVALID_HOLD: usize = 2_500;
/// Calls a bucket of unknown size may have under way: one, until its
/// first answer says how large it is.
const UNKNOWN_BUCKET_CALLS: u32 = 1;
/// How often a call waiting on an unknown bucket looks again.
const UNKNOWN_BUCKET_POLL: Duration = Duration::from_millis(20);
/// Calls a bucket keeps for its route's other lanes: a spare call does not
/// take the last ones.
const SPARE_KEEPS: u32 = 2;
/// Buckets remembered before those idle are forgotten.
const BUCKETS_KEPT: usize = 4_096;

/// How many calls a second each lane may use of a global limit of
/// `limit` (the bot's share of it: all of it for a single process).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shares {
    /// [`Lane::Prompt`]: nearly all, a little kept for Discord's clock and ours to differ.
    pub prompt: u32,
    /// [`Lane::Paced`]: most, so that prompt calls find room.
    pub paced: u32,
    /// [`Lane::Spare`]: half.
    pub spare: u32,
}

impl Shares {
    /// The shares of a global limit of `limit` calls a second.
    pub fn of(limit: u32) -> Shares {
        let limit = limit.max(1);
        let prompt = limit - (limit * 6 / 100).max(1).min(limit - 1);
        let paced = (limit * 85 / 100).clamp(1, prompt);
        let spare = (limit / 2).clamp(1, paced);
        Shares { prompt, paced, spare }
    }

    fn of_lane(self, lane: Lane) -> usize {
        match lane {
            Lane::Answer | Lane::Prompt => self.prompt as usize,
            Lane::Paced => self.paced as usize,
            Lane::Spare => self.spare as usize,
        }
    }
}

/// What Discord said of a bucket in an answer's headers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BucketHeaders {
    /// `X-RateLimit-Bucket`: the bucket's name, shared by routes that share it.
    pub bucket: Option<String>,
    /// `X-RateLimit-Limit`.
    pub limit: Option<u32>,
    /// `X-RateLimit-Remaining`.
    pub remaining: Option<u32>,
    /// `X-RateLimit-Reset-After`.
    pub reset_after: Option<Duration>,
}

/// What a 429 said.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TooMany {
    /// How long to wait before the next call to the route (or to any, if global).
    pub retry_after: Duration,
    /// Whether it is the bot's global limit.
    pub global: bool,
    /// Whether the limit is shared with others (`X-RateLimit-Scope: shared`),
    /// which Discord does not count as an invalid request.
    pub shared: bool,
}

/// What became of a call that was sent.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Discord answered with this status and these headers.
    Answered {
        /// The HTTP status.
        status: u16,
        /// The bucket headers.
        bucket: BucketHeaders,
        /// For a 429, what it said.
        too_many: Option<TooMany>,
    },
    /// No answer came (a timeout or a broken connection).
    Lost,
}

/// Why a call was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// A spare call found no room to spare.
    Skipped,
    /// The limits would not let it go before the time the caller gave.
    TooLong,
}

/// What [`Limiter::decide`] says of a call now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Send it now (the limiter has counted it).
    Go,
    /// Look again at this time (or when woken).
    WaitUntil(Instant),
    /// Others are ahead in the queue for the global limit: wait to be woken.
    WaitTurn,
    /// A spare call with no room to spare.
    Skip,
}

/// A call let through, to report what became of it ([`Ticket::record`]);
/// one dropped unreported counts as lost.
#[derive(Debug)]
pub struct Ticket {
    limiter: Limiter,
    route: Route,
    key: Option<BucketKey>,
}

impl Ticket {
    /// Records what became of the call.
    pub fn record(mut self, outcome: &Outcome) {
        if let Some(key) = self.key.take() {
            self.limiter.state().record(key, &self.route, outcome, Instant::now());
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            self.limiter.state().record(key, &self.route, &Outcome::Lost, Instant::now());
        }
    }
}

/// A bucket: a route's template (or Discord's name for its bucket, once
/// known), and its major parameter.
type BucketKey = (String, String);

#[derive(Debug, Default)]
struct Bucket {
    /// Its size, once Discord said.
    limit: Option<u32>,
    /// Calls left until `reset_at`, counting those under way.
    remaining: u32,
    /// When the window Discord last described ends.
    reset_at: Option<Instant>,
    /// Calls sent and not answered yet.
    under_way: u32,
    /// A 429 asked to send nothing on it before then.
    paused_until: Option<Instant>,
}

impl Bucket {
    fn is_idle(&self, now: Instant) -> bool {
        self.under_way == 0 && self.paused_until.is_none_or(|t| t <= now) && self.reset_at.is_none_or(|t| t <= now)
    }
}

/// The state of every limit, behind one lock.
#[derive(Debug)]
struct State {
    shares: Shares,
    /// When each of the calls of the last second that count globally was sent.
    sent: VecDeque<Instant>,
    /// A global 429 asked to send nothing before then.
    paused_until: Option<Instant>,
    /// A route's template to Discord's name for its bucket.
    names: HashMap<String, String>,
    buckets: HashMap<BucketKey, Bucket>,
    /// The calls waiting for the global limit, in order: lane, then arrival.
    queue: BTreeMap<(Lane, u64), Arc<Notify>>,
    next: u64,
    /// When each invalid request of the last [`INVALID_WINDOW`] was answered.
    invalid: VecDeque<Instant>,
}

/// The bot's side of Discord's rate limits. Cheap to clone: one state.
#[derive(Clone, Debug)]
pub struct Limiter(Arc<Mutex<State>>);

impl Limiter {
    /// A limiter for a global limit of `per_second` calls a second.
    pub fn new(per_second: u32) -> Limiter {
        Limiter(Arc::new(Mutex::new(State {
            shares: Shares::of(per_second),
            sent: VecDeque::new(),
            paused_until: None,
            names: HashMap::new(),
            buckets: HashMap::new(),
            queue: BTreeMap::new(),
            next: 0,
            invalid: VecDeque::new(),
        })))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until `route` may be called in `lane`, and counts the call.
    /// Gives up (sending nothing) when that would be after `until`, or at
    /// once for a spare call without room to spare.
    pub async fn admit(&self, route: &Route, lane: Lane, until: Option<Instant>) -> Result<Ticket, Held> {
        let place = {
            let mut state = self.state();
            state.next += 1;
            Place { limiter: self, lane, seq: state.next, turn: Arc::new(Notify::new()) }
        };
        loop {
            let turn = place.turn.notified();
            let mut turn = std::pin::pin!(turn);
            // Registered before deciding, so a wake-up in between is not lost.
            turn.as_mut().enable();
            let decision = {
                let mut state = self.state();
                let decision = state.decide(route, lane, place.seq, &place.turn, Instant::now());
                if decision == Decision::Go {
                    // The next in line may go too, if there is room.
                    state.wake_head();
                    let key = state.key(route);
                    return Ok(Ticket { limiter: self.clone(), route: route.clone(), key: Some(key) });
                }
                decision
            };
            match decision {
                Decision::Go => unreachable!("returned above"),
                Decision::Skip => return Err(Held::Skipped),
                Decision::WaitUntil(at) => {
                    if until.is_some_and(|u| at > u) {
                        return Err(Held::TooLong);
                    }
                    let _ = tokio::time::timeout_at(at, turn).await;
                }
                Decision::WaitTurn => match until {
                    Some(u) => {
                        if tokio::time::timeout_at(u, turn).await.is_err() {
                            return Err(Held::TooLong);
                        }
                    }
                    None => turn.await,
                },
            }
        }
    }

    /// Invalid requests (401, 403, 429) Discord answered in the last ten minutes.
    pub fn invalid_recently(&self) -> usize {
        let mut state = self.state();
        state.forget_invalid(Instant::now());
        state.invalid.len()
    }

    /// Calls waiting for the global limit.
    pub fn waiting(&self) -> usize {
        self.state().queue.len()
    }

    /// Whether a call in `lane` (other than a spare one) would be let
    /// through the global limit now: none of its lane or a lane before it
    /// waiting, no pause, and its share of the second not used up. A cheap
    /// look for a caller that would rather do without a call than wait.
    pub fn would_go_now(&self, lane: Lane) -> bool {
        self.state().would_go_now(lane, Instant::now())
    }

    /// Whether a spare call could go now as far as the global limit goes
    /// (nobody waiting, the second under the spare share, no pause): a
    /// cheap look before work that only spare calls would follow.
    pub fn has_room_to_spare(&self) -> bool {
        let mut state = self.state();
        // Nothing waits behind the spare lane: its turn means nobody waiting.
        state.would_go_now(Lane::Spare, Instant::now()) && state.invalid.len() < INVALID_HOLD
    }
}

/// A call's place in the queue for the global limit, left when dropped
/// (sent, given up, or its caller gone).
struct Place<'a> {
    limiter: &'a Limiter,
    lane: Lane,
    seq: u64,
    turn: Arc<Notify>,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.limiter.state().leave_queue(self.lane, self.seq);
    }
}

impl State {
    fn key(&self, route: &Route) -> BucketKey {
        let name = self.names.get(&route.template).unwrap_or(&route.template);
        (name.clone(), route.major.clone())
    }

    fn decide(&mut self, route: &Route, lane: Lane, seq: u64, turn: &Arc<Notify>, now: Instant) -> Decision {
        let spare = lane == Lane::Spare;
        let on_its_own = matches!(lane, Lane::Paced | Lane::Spare);
        // Near Discord's ban, the bot says nothing of its own accord.
        self.forget_invalid(now);
        if on_its_own && self.invalid.len() >= INVALID_HOLD {
            self.leave_queue(lane, seq);
            let clears = self.invalid.front().map_or(now, |&t| t + INVALID_WINDOW);
            return if spare { Decision::Skip } else { Decision::WaitUntil(clears) };
        }
        // The route's bucket first: a call that must wait for it does not
        // hold up the queue for the global limit.
        let key = self.key(route);
        let bucket = self.buckets.entry(key).or_default();
        if let Some(wait) = bucket_wait(bucket, spare, now) {
            self.leave_queue(lane, seq);
            return if spare { Decision::Skip } else { Decision::WaitUntil(wait) };
        }
        if route.global && lane != Lane::Answer {
            if let Some(paused) = self.paused_until.filter(|&t| t > now) {
                self.leave_queue(lane, seq);
                return if spare { Decision::Skip } else { Decision::WaitUntil(paused) };
            }
            let sent = self.sent_in_the_last_second(now);
            if spare {
                if !self.queue.is_empty() || sent >= self.shares.of_lane(lane) {
                    return Decision::Skip;
                }
            } else {
                self.queue.entry((lane, seq)).or_insert_with(|| turn.clone());
                let head = self.queue.keys().next().copied();
                if head != Some((lane, seq)) {
                    return Decision::WaitTurn;
                }
                if sent >= self.shares.of_lane(lane) {
                    let frees = self.sent.front().map_or(now, |&t| t + SECOND);
                    return Decision::WaitUntil(frees);
                }
                self.queue.remove(&(lane, seq));
            }
            self.sent.push_back(now);
        }
        let key = self.key(route);
        let bucket = self.buckets.entry(key).or_default();
        bucket.under_way += 1;
        bucket.remaining = bucket.remaining.saturating_sub(1);
        Decision::Go
    }

    fn record(&mut self, mut key: BucketKey, route: &Route, outcome: &Outcome, now: Instant) {
        if let Outcome::Answered { bucket: headers, .. } = outcome
            && let Some(name) = &headers.bucket
            && *name != key.0
        {
            // The route belongs to a bucket Discord named: count it there.
            self.names.insert(route.template.clone(), name.clone());
            let moved = self.buckets.remove(&key).unwrap_or_default();
            key = (name.clone(), route.major.clone());
            let bucket = self.buckets.entry(key.clone()).or_default();
            bucket.under_way += moved.under_way;
            bucket.paused_until = bucket.paused_until.max(moved.paused_until);
        }
        let bucket = self.buckets.entry(key).or_default();
        bucket.under_way = bucket.under_way.saturating_sub(1);
        let Outcome::Answered { status, bucket: headers, too_many } = outcome else { return };
        if let (Some(limit), Some(remaining), Some(after)) = (headers.limit, headers.remaining, headers.reset_after) {
            let reset_at = now + after;
            // Calls still under way were sent after this one and not counted in it yet.
            let left = remaining.saturating_sub(bucket.under_way);
            let same_window = bucket.reset_at.is_some_and(|t| t > now && t + Duration::from_millis(250) >= reset_at);
            if bucket.limit.is_none() || !same_window {
                bucket.remaining = left;
                bucket.reset_at = Some(reset_at);
            } else {
                bucket.remaining = bucket.remaining.min(left);
            }
            bucket.limit = Some(limit);
        } else if bucket.limit.is_none() && (200..300).contains(status) {
            // A route Discord does not limit: no need to send its calls one at a time.
            bucket.limit = Some(u32::MAX);
            bucket.remaining = u32::MAX;
        }
        if let Some(too_many) = too_many {
            let until = now + too_many.retry_after;
            if too_many.global {
                self.paused_until = self.paused_until.max(Some(until));
            } else {
                bucket.paused_until = bucket.paused_until.max(Some(until));
                bucket.remaining = 0;
            }
            if !too_many.shared {
                self.invalid.push_back(now);
            }
            tracing::warn!(
                route = %route.template,
                major = %route.major,
                retry_after_ms = too_many.retry_after.as_millis() as u64,
                global = too_many.global,
                "Discord answered 429; nothing more goes there until then"
            );
        } else if matches!(status, 401 | 403) {
            self.invalid.push_back(now);
        }
        if self.buckets.len() > BUCKETS_KEPT {
            self.buckets.retain(|_, b| !b.is_idle(now));
        }
        // A pause or a bucket that filled may have changed who goes next.
        self.wake_head();
    }

    /// The calls that count globally sent in the second before `now`
    /// (older ones forgotten).
    fn sent_in_the_last_second(&mut self, now: Instant) -> usize {
        while self.sent.front().is_some_and(|&t| t + SECOND <= now) {
            self.sent.pop_front();
        }
        self.sent.len()
    }

    /// Whether a call in `lane` would pass the global limit at `now`: no
    /// call of its lane or a lane before it waiting, no pause, and its
    /// lane's share of the second not used up.
    fn would_go_now(&mut self, lane: Lane, now: Instant) -> bool {
        self.queue.keys().next().is_none_or(|&(first, _)| first > lane)
            && self.paused_until.is_none_or(|t| t <= now)
            && self.sent_in_the_last_second(now) < self.shares.of_lane(lane)
    }

    fn forget_invalid(&mut self, now: Instant) {
        while self.invalid.front().is_some_and(|&t| t + INVALID_WINDOW <= now) {
            self.invalid.pop_front();
        }
    }

    fn leave_queue(&mut self, lane: Lane, seq: u64) {
        let was_head = self.queue.keys().next() == Some(&(lane, seq));
        if self.queue.remove(&(lane, seq)).is_some() && was_head {
            self.wake_head();
        }
    }

    /// Wakes the call at the head of the queue for the global limit.
    fn wake_head(&self) {
        if let Some(turn) = self.queue.values().next() {
            turn.notify_one();
        }
    }
}

/// When a call on `bucket` may go, if not now (and for a spare call,
/// whether the bucket has room to spare); `None`: now.
fn bucket_wait(bucket: &mut Bucket, spare: bool, now: Instant) -> Option<Instant> {
    if let Some(paused) = bucket.paused_until {
        if paused > now {
            return Some(paused);
        }
        bucket.paused_until = None;
    }
    match (bucket.limit, bucket.reset_at) {
        (None, _) => (bucket.under_way >= UNKNOWN_BUCKET_CALLS).then_some(now + UNKNOWN_BUCKET_POLL),
        (Some(limit), reset_at) => {
            if reset_at.is_some_and(|t| t <= now) {
                // A new window: full again until Discord says otherwise.
                bucket.remaining = limit.saturating_sub(bucket.under_way);
                bucket.reset_at = None;
            }
            let keep = if spare { SPARE_KEEPS } else { 0 };
            if bucket.remaining > keep {
                return None;
            }
            Some(match bucket.reset_at {
                Some(t) => t,
                // Full use with no window known: the answers under way will say.
                None => now + UNKNOWN_BUCKET_POLL,
            })
        }
    }
}

#[cfg(test)]
#[path = "limiter_tests.rs"]
mod tests;
