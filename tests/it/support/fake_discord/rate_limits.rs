//! Discord's rate limits, as the fake keeps them: the bot's global limit
//! (50 calls in any second; an interaction's callback and its token's
//! webhook are outside it), each channel's messages (posts, edits and
//! deletions: 5 in a window of 5 seconds from the first), with Discord's
//! `X-RateLimit-*` headers on their answers and its 429s (`retry_after`,
//! `"global": true` for the global limit). It also counts the invalid
//! requests Discord bans a bot for (401, 403 and 429), and records every
//! request that came where a 429 had said to wait, before its
//! `retry_after` had passed: a bot that honours 429s has none.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use serde_json::json;

use super::http::HttpResponse;

/// Discord's global limit: calls a second.
pub const GLOBAL_PER_SECOND: usize = 50;
/// A channel's messages: calls per window.
pub const CHANNEL_MESSAGES: u32 = 5;
/// The window of a channel's messages.
pub const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
/// How long after a 429 a request may still arrive that was sent before
/// the bot could read the 429 (on another connection, under way at the
/// same moment): not counted as early.
pub const IN_FLIGHT: Duration = Duration::from_millis(50);
/// The name of the messages bucket, as Discord's `X-RateLimit-Bucket` gives it.
const MESSAGES_BUCKET: &str = "fake-channel-messages";

/// The limits and what they saw.
#[derive(Debug)]
pub struct RateLimits {
    /// Whether limits are enforced (on unless a test turns them off).
    pub on: bool,
    /// Calls a second for the global limit.
    pub global_per_second: usize,
    /// When each call of the last second that counts globally came.
    global: VecDeque<Instant>,
    /// A channel's messages bucket: (window start, calls in it).
    channels: HashMap<u64, (Instant, u32)>,
    /// Where a 429 said to wait, when it said so and until when: a route
    /// key, or `None` for everything.
    pauses: HashMap<Option<String>, (Instant, Instant)>,
    /// What the limits saw.
    pub seen: RateStats,
}

/// What the limits saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RateStats {
    /// Calls that count toward the global limit.
    pub counted: u64,
    /// 429s answered by the limits (not those a test injected).
    pub limited: u64,
    /// Of those, for the global limit.
    pub limited_global: u64,
    /// Answers of 401, 403 and 429, which Discord counts toward its ban.
    pub invalid: u64,
    /// Requests that came where a 429 had said to wait, before its
    /// `retry_after` had passed: "METHOD /path (N ms early)".
    pub early: Vec<String>,
    /// The most calls counted globally in any one second.
    pub busiest_second: usize,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            on: true,
            global_per_second: GLOBAL_PER_SECOND,
            global: VecDeque::new(),
            channels: HashMap::new(),
            pauses: HashMap::new(),
            seen: RateStats::default(),
        }
    }
}

/// How a route stands among the limits.
struct Class {
    /// Counts toward the global limit.
    global: bool,
    /// The channel whose messages bucket it uses.
    messages_of: Option<u64>,
    /// The key of the route a 429 pauses.
    key: String,
}

fn classify(method: &str, segments: &[&str]) -> Class {
    let global = !matches!(segments, ["interactions", ..] | ["webhooks", ..]);
    let messages_of = match (method, segments) {
        ("POST", ["channels", channel, "messages"]) | ("PATCH" | "DELETE", ["channels", channel, "messages", _]) => {
            channel.parse().ok()
        }
        _ => None,
    };
    let key = match messages_of {
        Some(channel) => format!("messages {channel}"),
        None => format!("{method} /{}", segments.join("/")),
    };
    Class { global, messages_of, key }
}

impl RateLimits {
    /// A request arrives at `now`: records it if it comes where a 429 said
    /// to wait, then answers 429 if a limit is reached, else counts it.
    pub fn arrive(&mut self, method: &str, segments: &[&str], now: Instant) -> Option<HttpResponse> {
        let class = classify(method, segments);
        let paused = [Some(class.key.clone())].into_iter().chain(class.global.then_some(None));
        for key in paused {
            if let Some(&(said, until)) = self.pauses.get(&key)
                && now < until
                && now > said + IN_FLIGHT
            {
                let early = until - now;
                self.seen.early.push(format!("{method} /{} ({} ms early)", segments.join("/"), early.as_millis()));
            }
        }
        if !self.on {
            return None;
        }
        if class.global {
            while self.global.front().is_some_and(|&t| t + Duration::from_secs(1) <= now) {
                self.global.pop_front();
            }
            if self.global.len() >= self.global_per_second {
                let retry = self.global.front().map_or(Duration::ZERO, |&t| t + Duration::from_secs(1) - now);
                self.seen.limited += 1;
                self.seen.limited_global += 1;
                return Some(too_many(retry, true));
            }
        }
        if let Some(channel) = class.messages_of {
            let (start, calls) = self.channels.entry(channel).or_insert((now, 0));
            if now >= *start + CHANNEL_WINDOW {
                (*start, *calls) = (now, 0);
            }
            if *calls >= CHANNEL_MESSAGES {
                let retry = *start + CHANNEL_WINDOW - now;
                self.seen.limited += 1;
                return Some(too_many(retry, false));
            }
            *calls += 1;
        }
        if class.global {
            self.global.push_back(now);
            self.seen.counted += 1;
            self.seen.busiest_second = self.seen.busiest_second.max(self.global.len());
        }
        None
    }

    /// The answer to a request that arrived at `now` is `response`: adds
    /// the bucket's headers, counts an invalid request, and remembers what
    /// a 429 (the limits' own, or one a test injected) said to wait for.
    pub fn answered(&mut self, method: &str, segments: &[&str], response: &mut HttpResponse, now: Instant) {
        let class = classify(method, segments);
        if matches!(response.status, 401 | 403 | 429) {
            self.seen.invalid += 1;
        }
        if response.status == 429 {
            let body: serde_json::Value = serde_json::from_slice(&response.body).unwrap_or_default();
            let retry = Duration::from_secs_f64(body["retry_after"].as_f64().unwrap_or(0.0).max(0.0));
            let key = if body["global"] == true { None } else { Some(class.key) };
            let pause = self.pauses.entry(key).or_insert((now, now));
            *pause = (now, pause.1.max(now + retry));
            return;
        }
        if let Some(channel) = class.messages_of
            && let Some(&(start, calls)) = self.channels.get(&channel)
            && self.on
        {
            let reset_after = (start + CHANNEL_WINDOW).saturating_duration_since(now);
            let headers = &mut response.headers;
            headers.push(("x-ratelimit-bucket".into(), MESSAGES_BUCKET.into()));
            headers.push(("x-ratelimit-limit".into(), CHANNEL_MESSAGES.to_string()));
            headers.push(("x-ratelimit-remaining".into(), CHANNEL_MESSAGES.saturating_sub(calls).to_string()));
            headers.push(("x-ratelimit-reset-after".into(), format!("{:.3}", reset_after.as_secs_f64())));
        }
    }
}

/// Discord's 429: its body, `Retry-After` (whole seconds, rounded up) and scope headers.
pub fn too_many(retry_after: Duration, global: bool) -> HttpResponse {
    let secs = retry_after.as_secs_f64();
    let body = json!({"message": "You are being rate limited.", "retry_after": secs, "global": global});
    let mut response = HttpResponse::json(429, &body);
    response.headers.push(("retry-after".into(), (secs.ceil() as u64).max(1).to_string()));
    if global {
        response.headers.push(("x-ratelimit-global".into(), "true".into()));
        response.headers.push(("x-ratelimit-scope".into(), "global".into()));
    } else {
        response.headers.push(("x-ratelimit-scope".into(), "user".into()));
    }
    response
}
