//! The fake's shared state, and how waiters are woken when it changes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message;

use super::fixtures::{FakeUser, FixtureContext};
use super::objects;
use super::records::{Callback, GatewayStats, PostedMessage, RecordedRequest, Uploads};

/// How many of the latest requests a timeout message lists.
const LAST_REQUESTS_SHOWN: usize = 30;

/// Fixed facts about one running fake.
pub struct Config {
    pub rest_url: String,
    pub gateway_url: String,
    pub guild_id: u64,
    pub owner: Value,
    pub heartbeat_interval_ms: u64,
}

/// What the fake remembers of an interaction it sent.
pub struct SentInteraction {
    pub token: String,
    pub channel_id: u64,
    pub guild_id: Option<u64>,
    /// The message a button sits on.
    pub message: Option<Value>,
    /// The interaction's type: 2 a slash command, 3 a button, 4 autocomplete.
    pub kind: u8,
    pub answered: bool,
    pub sent_at: Instant,
}

/// An answer prepared for the next request matching a route pattern.
pub struct Fault {
    pub method: Option<String>,
    pub segments: Vec<String>,
    pub status: u16,
    pub retry_after: Duration,
    /// Whether the request is carried out before the fault's answer (a 5xx
    /// or a timeout after the work was done, so a retry would repeat it).
    pub lands: bool,
    /// How long the answer is held back (a timeout when longer than the client waits).
    pub delay: Duration,
    /// A 429 of the global limit rather than of the route.
    pub global: bool,
}

/// What Discord refuses in one channel, for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelFault {
    /// The bot lacks Attach Files: messages with files get 403.
    NoAttachFiles,
    /// The bot lacks Send Messages: every message gets 403.
    NoSendMessages,
    /// The channel was deleted: every call gets 404 Unknown Channel.
    Deleted,
}

/// A user notified by a new message: mentioned and allowed by `allowed_mentions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ping {
    pub user: u64,
    pub channel_id: u64,
    pub message_id: u64,
}

impl Fault {
    /// A fault for the next request matching `pattern`: an optional method
    /// and a path relative to `/api/v10`, `*` matching one segment.
    pub fn new(pattern: &str, status: u16, retry_after: Duration, lands: bool, delay: Duration) -> Fault {
        let (method, path) = match pattern.split_once(' ') {
            Some((m, p)) => (Some(m.to_ascii_uppercase()), p.trim()),
            None => (None, pattern.trim()),
        };
        let path = path.strip_prefix("/api/v10").unwrap_or(path);
        let segments = path.trim_matches('/').split('/').map(str::to_string).collect();
        Fault { method, segments, status, retry_after, lands, delay, global: false }
    }

    pub fn matches(&self, method: &str, segments: &[&str]) -> bool {
        self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
            && self.segments.len() == segments.len()
            && self.segments.iter().zip(segments).all(|(p, s)| p == "*" || p == s)
    }
}

/// The live websocket of the session, if any.
pub struct Live {
    pub connection: u64,
    pub tx: mpsc::UnboundedSender<Message>,
}

/// One shard's gateway session: its sequence and the dispatches not yet
/// acknowledged by a heartbeat, replayed on RESUME.
#[derive(Default)]
pub struct Session {
    pub id: String,
    /// The shards the bot runs in all, as its IDENTIFY said.
    pub total: u32,
    pub seq: u64,
    pub unacked: Vec<(u64, String)>,
    pub live: Option<Live>,
}

/// The gateway: a session per shard (Discord sends a server's events to
/// shard `(server_id >> 22) % total`, a direct message's to shard 0).
#[derive(Default)]
pub struct GatewayState {
    /// Sessions by shard.
    pub shards: HashMap<u32, Session>,
    /// Sessions begun (IDENTIFY answered), over every shard.
    pub sessions: u64,
    pub connections: u64,
    pub stats: GatewayStats,
}

/// Everything that changes while the fake runs.
#[derive(Default)]
pub struct State {
    pub requests: Vec<RecordedRequest>,
    pub interactions: HashMap<u64, SentInteraction>,
    pub tokens: HashMap<String, u64>,
    pub callbacks: HashMap<u64, Callback>,
    /// Interaction token -> id of the message its response created.
    pub originals: HashMap<String, u64>,
    /// Current message objects by id.
    pub messages: HashMap<u64, Value>,
    pub posted: Vec<PostedMessage>,
    pub global_commands: Vec<Value>,
    pub guild_commands: HashMap<u64, Vec<Value>>,
    /// Uploaded files by attachment id: (content type, bytes).
    pub files: HashMap<u64, (Option<String>, Arc<[u8]>)>,
    pub faults: Vec<Fault>,
    /// Users the fake knows, for `GET /users/{id}` and guild member look-ups.
    pub users: HashMap<u64, FakeUser>,
    /// Callbacks later than this are refused as Discord does (404 Unknown interaction).
    pub response_deadline: Option<Duration>,
    /// Channels where Discord refuses messages.
    pub channel_faults: HashMap<u64, ChannelFault>,
    /// Channel messages by (channel, nonce), for `enforce_nonce`.
    pub nonces: HashMap<(u64, String), u64>,
    /// Deferred original responses still showing "thinking" (no edit yet).
    pub thinking: std::collections::HashSet<u64>,
    /// Every notification a new message caused, in order.
    pub pings: Vec<Ping>,
    /// Threads by id (deleted ones kept, marked).
    pub threads: HashMap<u64, super::threads::FakeThread>,
    /// Direct message channels, and users whose direct messages are closed.
    pub direct: super::direct::DirectMessages,
    /// Every file uploaded, for the alt text check.
    pub uploads: Uploads,
    /// Discord's rate limits, and what they saw.
    pub limits: super::rate_limits::RateLimits,
    /// The servers the bot is in besides the default one.
    pub guilds: Vec<u64>,
    /// The shards `GET /gateway/bot` recommends (1 unless a test says).
    pub recommended_shards: u32,
    pub gateway: GatewayState,
}

/// State plus the means to wake whoever waits on it.
pub struct Shared {
    pub config: Config,
    pub fixtures: FixtureContext,
    state: Mutex<State>,
    changed: watch::Sender<u64>,
}

impl Shared {
    pub fn new(config: Config, fixtures: FixtureContext) -> Self {
        Shared { config, fixtures, state: Mutex::default(), changed: watch::Sender::new(0) }
    }

    /// Reads the state.
    pub fn read(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere must not hide what was recorded.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the state and wakes every waiter.
    pub fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let result = f(&mut self.read());
        self.changed.send_modify(|v| *v += 1);
        result
    }

    /// Waits until `check` returns something, re-checking after each change;
    /// panics after `timeout`, naming `what` and listing the requests seen.
    pub async fn wait_for<T>(&self, what: &str, timeout: Duration, mut check: impl FnMut(&State) -> Option<T>) -> T {
        match self.try_wait_for(timeout, &mut check).await {
            Some(found) => found,
            None => {
                let state = self.read();
                let skip = state.requests.len().saturating_sub(LAST_REQUESTS_SHOWN);
                let seen: Vec<String> = state.requests.iter().skip(skip).map(RecordedRequest::line).collect();
                panic!(
                    "fake Discord: timed out after {timeout:?} waiting for {what}\nlast requests seen ({} in all):\n  {}",
                    state.requests.len(),
                    seen.join("\n  ")
                )
            }
        }
    }

    /// Like [`wait_for`](Self::wait_for), but `None` on timeout.
    pub async fn try_wait_for<T>(&self, timeout: Duration, mut check: impl FnMut(&State) -> Option<T>) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        // Subscribing before checking means no change can slip in between.
        let mut rx = self.changed.subscribe();
        loop {
            if let Some(found) = check(&self.read()) {
                return Some(found);
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => return check(&self.read()),
            }
        }
    }

    /// Sends a dispatch on the gateway, on the session of the shard its
    /// server belongs to, after checking serenity can read it. Sent at
    /// once if that session is connected, otherwise on the client's RESUME.
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut frame = json!({"op": 0, "s": 1, "t": event, "d": d});
        objects::validate_dispatch(&frame);
        let guild = frame["d"]["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        self.update(|state| {
            let gateway = &mut state.gateway;
            let shard = gateway.shard_of(guild);
            let Some(session) = gateway.shards.get_mut(&shard) else {
                panic!("fake Discord: no gateway session of shard {shard} yet to send {event} on (wait_ready first)")
            };
            session.seq += 1;
            frame["s"] = json!(session.seq);
            if push_dispatch(session, frame.to_string()) {
                gateway.stats.dispatches += 1;
            }
        });
    }
}

impl GatewayState {
    /// The shard of server `guild` (shard 0 for a direct message), as the
    /// sessions' IDENTIFY counted them.
    pub fn shard_of(&self, guild: Option<u64>) -> u32 {
        let total = self.shards.values().map(|s| s.total).max().unwrap_or(1).max(1);
        guild.map_or(0, |g| ((g >> 22) % u64::from(total)) as u32)
    }

    /// The session that holds server `guild`'s events, if it is connected.
    pub fn live_for(&self, guild: Option<u64>) -> Option<&Live> {
        self.shards.get(&self.shard_of(guild)).and_then(|s| s.live.as_ref())
    }

    /// The session a connection is live on.
    pub fn session_of(&mut self, connection: u64) -> Option<&mut Session> {
        self.shards.values_mut().find(|s| s.live.as_ref().is_some_and(|live| live.connection == connection))
    }
}

/// Records a dispatch for replay and sends it if the session is live;
/// whether it was sent.
pub fn push_dispatch(session: &mut Session, text: String) -> bool {
    session.unacked.push((session.seq, text.clone()));
    session.live.as_ref().is_some_and(|live| live.tx.send(Message::Text(text)).is_ok())
}
