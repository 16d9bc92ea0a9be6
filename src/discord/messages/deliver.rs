//! Getting a message to Discord when Discord fails: every call has a time
//! limit; a 5xx or a timeout is retried with a short backoff while the
//! interaction token is valid, after checking that the first try did not
//! land already (so nothing is announced twice); a 429 is retried once the
//! limiter lets it (after the `retry_after` Discord gave, see
//! [`crate::discord::rest`]); and channel messages fall back to what the
//! channel allows, with each channel's problem logged once.

use std::collections::HashSet;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::{CreateMessage, EditMessage, Nonce};
use tokio::time::Instant;

use crate::discord::messages::reply::{Reply, mentions_with_roles};
pub use crate::discord::rest::Failure;
use crate::discord::rest::{Lane, Rest};
use crate::t;

pub use crate::discord::rest::CALL_TIMEOUT;

/// Waits between tries after a 5xx or a timeout (the call may also have
/// landed, which is checked before each retry). After a 429 the next try
/// waits in the limiter, as long as Discord asked.
pub const SERVER_ERROR_WAITS: [Duration; 4] =
    [Duration::from_millis(200), Duration::from_millis(500), Duration::from_secs(1), Duration::from_secs(2)];

/// How many times a call answered 429 is tried again.
const RATE_LIMITED_TRIES: usize = 4;

fn wait_before(failure: &Failure, attempt: usize) -> Option<Duration> {
    if matches!(failure, Failure::Status(429, _)) {
        // The limiter holds the next try until Discord's `retry_after`.
        (attempt < RATE_LIMITED_TRIES).then_some(Duration::ZERO)
    } else {
        SERVER_ERROR_WAITS.get(attempt).copied()
    }
}

/// How a persistent call ended well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivered {
    /// The call succeeded.
    Sent,
    /// A try whose answer was lost had landed; it was not repeated.
    AlreadyThere,
}

/// Calls `attempt` (given the time it may take) until it succeeds, it fails
/// for good, or `until` comes. Before repeating a call that may have landed,
/// asks `landed` whether it did. The one retry policy of every call the bot
/// makes to Discord.
pub async fn persist<T, A, AF, L, LF>(what: &str, until: Instant, attempt: A, landed: L) -> Result<Delivered, Failure>
where
    A: FnMut(Duration) -> AF,
    AF: Future<Output = Result<T, Failure>>,
    L: FnMut() -> LF,
    LF: Future<Output = bool>,
{
    Ok(match persist_for_value(what, until, attempt, landed).await? {
        Some(_) => Delivered::Sent,
        None => Delivered::AlreadyThere,
    })
}

/// [`persist`] for a call that may say the id of what it made: the id, or
/// `None` when the call did not say or a try whose answer was lost had
/// landed.
pub async fn persist_for_id<A, AF, L, LF>(
    what: &str,
    until: Instant,
    attempt: A,
    landed: L,
) -> Result<Option<u64>, Failure>
where
    A: FnMut(Duration) -> AF,
    AF: Future<Output = Result<Option<u64>, Failure>>,
    L: FnMut() -> LF,
    LF: Future<Output = bool>,
{
    Ok(persist_for_value(what, until, attempt, landed).await?.flatten())
}

/// How long a call that is harmless to repeat keeps being retried.
const REPEATABLE_PATIENCE: Duration = Duration::from_secs(20);

/// Makes a call that is harmless to repeat (a read, an overwrite) with
/// [`persist`]'s retries, and returns what Discord answered.
pub async fn repeatable<T, A, AF>(what: &str, attempt: A) -> Result<T, Failure>
where
    A: FnMut(Duration) -> AF,
    AF: Future<Output = Result<T, Failure>>,
{
    repeatable_within(what, REPEATABLE_PATIENCE, attempt).await
}

/// [`repeatable`], given up after `patience`: for what a reply can do
/// without, and should not wait long for.
pub async fn repeatable_within<T, A, AF>(what: &str, patience: Duration, attempt: A) -> Result<T, Failure>
where
    A: FnMut(Duration) -> AF,
    AF: Future<Output = Result<T, Failure>>,
{
    let until = Instant::now() + patience;
    // Only an interaction's answer can have "already landed"; these calls are none.
    persist_for_value(what, until, attempt, || async { false }).await?.ok_or(Failure::already_acknowledged())
}

/// [`persist`], keeping the successful call's value; `None` when a try
/// whose answer was lost had landed.
async fn persist_for_value<T, A, AF, L, LF>(
    what: &str,
    until: Instant,
    mut attempt: A,
    mut landed: L,
) -> Result<Option<T>, Failure>
where
    A: FnMut(Duration) -> AF,
    AF: Future<Output = Result<T, Failure>>,
    L: FnMut() -> LF,
    LF: Future<Output = bool>,
{
    let mut tries = 0;
    let mut maybe_landed = false;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let failure = if left.is_zero() {
            Failure::Timeout
        } else {
            // The whole time left: a call may wait for Discord's limits;
            // the exchange itself is held to `CALL_TIMEOUT`.
            match attempt(left).await {
                Ok(value) => return Ok(Some(value)),
                Err(f) if maybe_landed && f.is_already_acknowledged() => return Ok(None),
                Err(f) => f,
            }
        };
        maybe_landed |= failure.may_have_landed();
        if maybe_landed && landed().await {
            tracing::info!(what, "an earlier try had reached Discord after all; not sending it again");
            return Ok(None);
        }
        let wait = wait_before(&failure, tries).filter(|_| failure.is_transient());
        match wait {
            Some(wait) if Instant::now() + wait < until => {
                tracing::warn!(what, error = %failure, retry_in_ms = wait.as_millis() as u64, "Discord failed a call; retrying");
                tokio::time::sleep(wait).await;
                tries += 1;
            }
            _ => return Err(failure),
        }
    }
}

/// What an interaction's original response should show if it landed.
pub async fn original_shows(rest: &Rest, token: &str, content: Option<&str>) -> bool {
    match rest.original(token, CALL_TIMEOUT).await {
        Ok(message) => content.is_none_or(|c| message.content == c),
        Err(_) => false,
    }
}

/// What a channel lacks, as reported once per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelProblem {
    /// Messages with files are refused (403): no Attach Files.
    NoAttachFiles,
    /// Every message is refused (403): no Send Messages (in a thread: Send Messages in Threads).
    NoSendMessages,
    /// The channel is gone (404).
    Gone,
    /// The bot cannot open threads from it (no Create Public Threads, or a
    /// channel that holds no threads): its games are played in it. Said to
    /// the channel once; not a problem of posting, so a post that works
    /// does not clear it.
    NoThreads,
}

/// The channel problems already logged, so each is logged once per channel.
#[derive(Debug, Clone, Default)]
pub struct ChannelNotices(Arc<Mutex<HashSet<(u64, ChannelProblem)>>>);

impl ChannelNotices {
    /// Whether this is the first time `problem` is seen in `channel`.
    pub fn first(&self, channel: u64, problem: ChannelProblem) -> bool {
        self.problems().insert((channel, problem))
    }

    /// Forgets `channel`'s problems once a post there worked, but `still`
    /// (a post that had to leave its picture out still lacks Attach Files):
    /// a problem that comes back is logged again, and a channel that was
    /// fixed is not remembered for the life of the process. Returns whether
    /// anything was forgotten.
    pub fn cleared(&self, channel: u64, still: Option<ChannelProblem>) -> bool {
        let mut problems = self.problems();
        let before = problems.len();
        problems.retain(|&(c, problem)| c != channel || Some(problem) == still || problem == ChannelProblem::NoThreads);
        problems.len() != before
    }

    /// How many (channel, problem) pairs are remembered.
    pub fn len(&self) -> usize {
        self.problems().len()
    }

    /// Whether no channel has a problem remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn problems(&self) -> std::sync::MutexGuard<'_, HashSet<(u64, ChannelProblem)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Why a channel message was not posted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostError {
    /// The channel refuses the bot's messages (403).
    Forbidden,
    /// The channel no longer exists (404).
    Gone,
    /// Discord kept failing.
    Failed(Failure),
}

/// A nonce no other message of this process uses, for Discord's
/// `enforce_nonce`: retries of one post then make one message.
pub fn fresh_nonce() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    if NEXT.load(Ordering::Relaxed) == 0 {
        let millis = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_millis() as u64);
        let _ = NEXT.compare_exchange(0, millis << 8, Ordering::Relaxed, Ordering::Relaxed);
    }
    format!("n{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// How long a channel message keeps being retried.
const POST_PATIENCE: Duration = Duration::from_secs(20);

/// Posts `reply` in `channel` as an ordinary message notifying `pings`, in
/// `lane`, and returns the message's id. Retries are made safe by `nonce`
/// (Discord keeps one message per nonce, and answers a repeat with it).
/// A 403 with a picture is retried without it and with a line that says why; a
/// 403 without, or a 404, gives up. Each channel's problem is logged once.
pub async fn post_in_channel(
    rest: &Rest,
    notices: &ChannelNotices,
    channel: u64,
    reply: &Reply,
    pings: &[u64],
    nonce: &str,
    lane: Lane,
) -> Result<u64, PostError> {
    let first = post_once(rest, channel, reply, pings, nonce, lane).await;
    let mut still = None;
    let result = match first {
        Err(Failure::Status(403, _)) if !reply.files.is_empty() => {
            still = Some(ChannelProblem::NoAttachFiles);
            if notices.first(channel, ChannelProblem::NoAttachFiles) {
                tracing::warn!(channel, "missing permission Attach Files in this channel: posting without the picture");
            }
            let mut bare = reply.clone();
            bare.files.clear();
            bare.content = format!("{}\n{}", reply.content, t!(reply.lang, "no-picture"));
            post_once(rest, channel, &bare, pings, nonce, lane).await
        }
        other => other,
    };
    if result.is_err() {
        metrics::counter!(crate::metrics::ERRORS, "kind" => "delivery").increment(1);
    }
    match result {
        Ok(message) => {
            if notices.cleared(channel, still) {
                tracing::info!(channel, "the channel takes the bot's messages again");
            }
            Ok(message)
        }
        Err(Failure::Status(403, _)) => {
            if notices.first(channel, ChannelProblem::NoSendMessages) {
                tracing::error!(
                    channel,
                    "missing permission Send Messages (Send Messages in Threads in a thread) in this channel: its announcements cannot be posted"
                );
            }
            Err(PostError::Forbidden)
        }
        Err(Failure::Status(404, _)) => {
            if notices.first(channel, ChannelProblem::Gone) {
                tracing::warn!(channel, "the channel is gone (404): giving up its announcements");
            }
            Err(PostError::Gone)
        }
        Err(failure) => {
            tracing::error!(channel, error = %failure, "could not post an announcement in the channel");
            Err(PostError::Failed(failure))
        }
    }
}

/// One post with its retries, as [`post_in_channel`] makes it (no
/// fallback); the message's id.
pub(in crate::discord) async fn post_once(
    rest: &Rest,
    channel: u64,
    reply: &Reply,
    pings: &[u64],
    nonce: &str,
    lane: Lane,
) -> Result<u64, Failure> {
    let mut message = CreateMessage::new()
        .content(reply.text())
        .embeds(reply.created_embeds())
        .allowed_mentions(mentions_with_roles(pings, &reply.ping_roles))
        .nonce(Nonce::String(nonce.to_string()))
        .enforce_nonce(true);
    // The buttons go too: the end of a game announced by the clock or by
    // the bot's move carries its Replay button like any other. (A reply
    // that falls back to the channel has had its buttons taken off first.)
    if let Some(rows) = &reply.components {
        message = message.components(rows.clone());
    }
    // The nonce makes a repeat harmless, so there is nothing to check first.
    repeatable_within("post a message", POST_PATIENCE, |limit| {
        rest.create_message(channel, &message, &reply.files, lane, limit)
    })
    .await
}

/// Replaces the text and buttons of the bot's message `message` in
/// `channel` with `reply`'s (an edit notifies nobody); harmless to repeat.
pub async fn edit_in_channel(
    rest: &Rest,
    channel: u64,
    message: u64,
    reply: &Reply,
    lane: Lane,
) -> Result<(), Failure> {
    let mut edit = EditMessage::new().content(reply.text()).allowed_mentions(mentions_with_roles(&[], &[]));
    edit = edit.components(reply.components.clone().unwrap_or_default());
    repeatable("edit a message", |limit| rest.edit_message(channel, message, &edit, lane, limit)).await
}

/// Posts `reply` as a plain message in `channel` (for announcements that
/// answer no interaction), notifying everyone it mentions, paced with the
/// bot's other posts of its own. `nonce` names the message for Discord: a
/// second post with the same nonce shows as the first (see
/// [`fresh_nonce`] for a new one).
pub async fn post(
    rest: &Rest,
    notices: &ChannelNotices,
    channel: u64,
    reply: &Reply,
    nonce: &str,
) -> Result<(), PostError> {
    post_for_id(rest, notices, channel, reply, nonce).await.map(|_| ())
}

/// [`post`], returning the message's id (to edit it later).
pub async fn post_for_id(
    rest: &Rest,
    notices: &ChannelNotices,
    channel: u64,
    reply: &Reply,
    nonce: &str,
) -> Result<u64, PostError> {
    post_in_channel(rest, notices, channel, reply, &reply.pings_for(None), nonce, Lane::Paced).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_that_works_again_is_forgotten() {
        let notices = ChannelNotices::default();
        assert!(notices.first(1, ChannelProblem::NoAttachFiles));
        assert!(notices.first(1, ChannelProblem::NoSendMessages));
        assert!(notices.first(2, ChannelProblem::Gone));
        assert!(!notices.first(1, ChannelProblem::NoSendMessages), "logged once");
        // A post without its picture worked: Attach Files is still missing.
        assert!(notices.cleared(1, Some(ChannelProblem::NoAttachFiles)));
        assert!(!notices.first(1, ChannelProblem::NoAttachFiles));
        assert!(notices.first(1, ChannelProblem::NoSendMessages), "came back: logged again");
        assert!(notices.cleared(1, None));
        assert!(!notices.cleared(1, None), "nothing left to forget");
        assert_eq!(notices.len(), 1, "channel 2 is another channel");
        assert!(notices.cleared(2, None));
        assert!(notices.is_empty());
    }

    #[test]
    fn only_server_errors_and_timeouts_may_have_landed() {
        assert!(Failure::Status(500, 0).may_have_landed());
        assert!(Failure::Status(503, 0).may_have_landed());
        assert!(Failure::Timeout.may_have_landed());
        assert!(!Failure::Status(429, 0).may_have_landed());
        assert!(Failure::Status(429, 0).is_transient());
        assert!(!Failure::Status(403, 50013).is_transient());
        assert!(!Failure::Status(404, 10003).is_transient());
    }

    #[test]
    fn notices_are_first_once_per_channel_and_problem() {
        let notices = ChannelNotices::default();
        assert!(notices.first(1, ChannelProblem::NoAttachFiles));
        assert!(!notices.first(1, ChannelProblem::NoAttachFiles));
        assert!(notices.first(1, ChannelProblem::Gone));
        assert!(notices.first(2, ChannelProblem::NoAttachFiles));
    }

    #[test]
    fn nonces_are_distinct_and_fit_discord() {
        let (a, b) = (fresh_nonce(), fresh_nonce());
        assert_ne!(a, b);
        assert!(a.len() <= 25, "{a}");
    }

    #[tokio::test]
    async fn a_landed_try_is_not_repeated() {
        let mut tries = 0;
        let until = Instant::now() + Duration::from_secs(60);
        let result = persist(
            "test",
            until,
            |_| {
                tries += 1;
                async { Err::<(), _>(Failure::Status(500, 0)) }
            },
            || async { true },
        )
        .await;
        assert_eq!(result, Ok(Delivered::AlreadyThere));
        assert_eq!(tries, 1);
    }

    #[tokio::test]
    async fn server_errors_are_retried_until_the_deadline() {
        let mut tries = 0;
        let until = Instant::now() + Duration::from_millis(1000);
        let result = persist(
            "test",
            until,
            |_| {
                tries += 1;
                async { Err::<(), _>(Failure::Status(503, 0)) }
            },
            || async { false },
        )
        .await;
        assert_eq!(result, Err(Failure::Status(503, 0)));
        // 200 ms and 500 ms fit before the deadline; the 1 s wait does not.
        assert_eq!(tries, 3);
    }

    #[tokio::test]
    async fn a_refusal_is_not_retried() {
        let mut tries = 0;
        let until = Instant::now() + Duration::from_secs(60);
        let result = persist(
            "test",
            until,
            |_| {
                tries += 1;
                async { Err::<(), _>(Failure::Status(403, 50013)) }
            },
            || async { true },
        )
        .await;
        assert_eq!(result, Err(Failure::Status(403, 50013)));
        assert_eq!(tries, 1);
    }
}
