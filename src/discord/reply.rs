//! Building replies (text, files, buttons, whom they notify) and delivering
//! them to Discord: within the 3-second deadline (deferring when the work is
//! slow), retrying what Discord refuses for a while (429, 5xx, timeouts; see
//! [`super::deliver`]), and posting a public reply that cannot be delivered
//! as an ordinary channel message instead, so no announcement is lost.

use std::future::Future;
use std::time::Duration;

use serenity::all::{
    Builder, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse, Http, InteractionId,
    UserId,
};
use tokio::time::Instant;

use crate::i18n::Lang;
use crate::t;

use super::deliver::{self, CALL_TIMEOUT, ChannelNotices, Delivered, call, original_shows, persist, post_in_channel};

/// What the bot answers to one interaction.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The message text (at most 2,000 characters; longer text is cut).
    pub content: String,
    /// Seen only by the user who asked.
    pub ephemeral: bool,
    /// Attached files: (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// Button rows; `Some(vec![])` removes the buttons of an updated message.
    pub components: Option<Vec<CreateActionRow>>,
    /// For a button: replace the message the button is on instead of posting a new one.
    pub update: bool,
    /// The users this message notifies; `None`: everyone it mentions but
    /// the user who acted (see [`Reply::pings_for`]).
    pub pings: Option<Vec<u64>>,
    /// The language it is written in, for the words the delivery adds
    /// (a missing picture, a ping after an edit).
    pub lang: Lang,
    /// An announcement waits in the outbox to follow this message (the next
    /// game of a match): the clock loop is woken to post it right after.
    pub outbox_follows: bool,
}

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

impl Reply {
    /// A public message in `lang` (the server's, as everyone reads it).
    pub fn public(lang: Lang, content: impl Into<String>) -> Reply {
        Reply { content: content.into(), lang, ..Reply::default() }
    }

    /// A message only the user who asked sees, in `lang` (theirs).
    pub fn ephemeral(lang: Lang, content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ephemeral: true, lang, ..Reply::default() }
    }

    /// Adds a file.
    pub fn file(mut self, name: impl Into<String>, bytes: Vec<u8>) -> Reply {
        self.files.push((name.into(), bytes));
        self
    }

    /// Sets the button rows.
    pub fn components(mut self, rows: Vec<CreateActionRow>) -> Reply {
        self.components = Some(rows);
        self
    }

    /// Makes a button's answer replace the message the button is on (and drops its buttons unless set).
    pub fn updating(mut self) -> Reply {
        self.update = true;
        if self.components.is_none() {
            self.components = Some(Vec::new());
        }
        self
    }

    /// Notifies exactly these users (of those it mentions).
    pub fn pinging(mut self, users: Vec<u64>) -> Reply {
        self.pings = Some(users);
        self
    }

    /// The users this reply notifies when `actor` caused it: the ones set,
    /// or else everyone mentioned but the actor (who is looking at it
    /// already). An ephemeral reply notifies nobody.
    pub fn pings_for(&self, actor: Option<u64>) -> Vec<u64> {
        if self.ephemeral {
            return Vec::new();
        }
        if let Some(users) = &self.pings {
            return users.clone();
        }
        let mut users: Vec<u64> = Vec::new();
        for piece in self.content.split("<@").skip(1) {
            let piece = piece.strip_prefix('!').unwrap_or(piece);
            let id = piece.split_once('>').and_then(|(digits, _)| digits.parse().ok());
            if let Some(id) = id
                && Some(id) != actor
                && !users.contains(&id)
            {
                users.push(id);
            }
        }
        users
    }

    pub(crate) fn text(&self) -> String {
        if self.content.chars().count() <= MESSAGE_LIMIT {
            return self.content.clone();
        }
        let mut cut: String = self.content.chars().take(MESSAGE_LIMIT - 1).collect();
        cut.push('…');
        cut
    }

    pub(crate) fn attachments(&self) -> Vec<CreateAttachment> {
        self.files.iter().map(|(name, bytes)| CreateAttachment::bytes(bytes.clone(), name.clone())).collect()
    }

    fn message(&self, pings: &[u64]) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .content(self.text())
            .ephemeral(self.ephemeral)
            .files(self.attachments())
            .allowed_mentions(mentions(pings));
        if let Some(rows) = &self.components {
            m = m.components(rows.clone());
        }
        m
    }

    /// The interaction response carrying this reply, notifying `pings`.
    pub fn response(&self, pings: &[u64]) -> CreateInteractionResponse {
        if self.update {
            CreateInteractionResponse::UpdateMessage(self.message(pings))
        } else {
            CreateInteractionResponse::Message(self.message(pings))
        }
    }
}

/// Allowed mentions that notify exactly `users`.
pub fn mentions(users: &[u64]) -> CreateAllowedMentions {
    let allowed = CreateAllowedMentions::new().replied_user(false);
    if users.is_empty() { allowed.empty_users() } else { allowed.users(users.iter().copied().map(UserId::new)) }
}

/// The few words that notify `users` of a message they were not notified by
/// (an edit notifies nobody on Discord).
pub fn ping_note(lang: Lang, users: &[u64]) -> Reply {
    let who: Vec<String> = users.iter().map(|u| format!("<@{u}>")).collect();
    Reply::public(lang, t!(lang, "ping-note", players = who.join(" "))).pinging(users.to_vec())
}

/// The interaction being answered.
#[derive(Debug, Clone)]
pub struct Target {
    /// The interaction's id.
    pub id: InteractionId,
    /// The interaction's token (valid 15 minutes).
    pub token: String,
    /// A button press (its answer may replace the button's message) rather than a command.
    pub is_button: bool,
    /// The channel it came from: where an undeliverable reply is posted.
    pub channel: u64,
    /// The user who acted (not notified by the answer to their own action).
    pub user: u64,
}

/// Discord's time for the first response to an interaction; a little is
/// kept in hand for the way there.
const FIRST_RESPONSE_WINDOW: Duration = Duration::from_millis(2800);

/// How long the interaction token serves for followups and edits (Discord
/// gives 15 minutes; a minute is kept in hand).
const TOKEN_WINDOW: Duration = Duration::from_secs(14 * 60);

/// How long an edit or followup keeps being retried: well inside the
/// token's life, so the channel fallback still comes soon.
const LATE_PATIENCE: Duration = Duration::from_secs(20);

/// When the work is not done after this long, the bot defers (Discord
/// drops answers that come after 3 seconds).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Waits between attempts after Discord answers 429. serenity (with its own
/// rate limiter off) does not hand the Retry-After header to its caller, so
/// the bot backs off on a fixed, growing schedule that covers Discord's
/// usual waits, and gives up after the last one.
pub const RETRY_WAITS: [Duration; 3] = [Duration::from_millis(500), Duration::from_secs(1), Duration::from_secs(2)];

/// Runs `call` again after each 429, waiting [`RETRY_WAITS`] in between.
pub async fn with_retry<T, F, Fut>(what: &str, mut call: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut waits = RETRY_WAITS.iter();
    loop {
        match call().await {
            Err(e) if is_rate_limited(&e) => match waits.next() {
                Some(wait) => {
                    tracing::warn!(what, wait_ms = wait.as_millis() as u64, "Discord answered 429; retrying");
                    tokio::time::sleep(*wait).await;
                }
                None => return Err(e),
            },
            other => return other,
        }
    }
}

/// Whether Discord refused a call for going too fast.
pub fn is_rate_limited(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(e) if e.status_code().map(|s| s.as_u16()) == Some(429))
}

/// Answers the interaction with the reply `work` produces: directly when it
/// is ready in time, otherwise after deferring (a public "thinking" state,
/// replaced by the reply; an ephemeral reply becomes an ephemeral followup).
/// A public reply that Discord will not take through the interaction is
/// posted in the channel instead; whoever it concerns is notified once.
pub async fn respond(
    http: &Http,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    work: impl Future<Output = Reply>,
) {
    let received = Instant::now();
    let mut work = std::pin::pin!(work);
    match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(reply) => respond_now(http, notices, target, what, received, &reply).await,
        Err(_) => respond_late(http, notices, target, what, received, work).await,
    }
}

async fn respond_now(
    http: &Http,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    received: Instant,
    reply: &Reply,
) {
    let pings = reply.pings_for(Some(target.user));
    let response = reply.response(&pings);
    let text = reply.text();
    let sent = persist(
        what,
        received + FIRST_RESPONSE_WINDOW,
        |limit| call(limit, response.clone().execute(http, (target.id, &target.token))),
        || original_shows(http, &target.token, Some(text.as_str())),
    )
    .await;
    match sent {
        // An update edits a message, which notifies nobody.
        Ok(_) if reply.update && !pings.is_empty() => {
            post_note(http, notices, target, reply.lang, &pings).await;
        }
        Ok(_) => {}
        Err(e) => fall_back(http, notices, target, what, reply, &e).await,
    }
}

async fn respond_late(
    http: &Http,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    received: Instant,
    work: impl Future<Output = Reply>,
) {
    tracing::debug!(what, "slow work: deferring");
    // Whether the reply will be public is not known yet: a command defers with a public
    // "thinking" message, a button silently (its answer may replace the button's message).
    let is_button = target.is_button;
    let first = if is_button {
        CreateInteractionResponse::Acknowledge
    } else {
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
    };
    let deferred = persist(
        what,
        received + FIRST_RESPONSE_WINDOW,
        |limit| call(limit, first.clone().execute(http, (target.id, &target.token))),
        || original_shows(http, &target.token, None),
    )
    .await;
    let reply = work.await;
    if let Err(e) = deferred {
        return fall_back(http, notices, target, what, &reply, &e).await;
    }
    let pings = reply.pings_for(Some(target.user));
    let until = (received + TOKEN_WINDOW).min(Instant::now() + LATE_PATIENCE);
    if reply.ephemeral {
        if let Err(e) = private_followup(http, target, what, &reply, until).await {
            tracing::error!(what, error = %e, "could not answer an interaction privately; the user saw no answer");
        }
    } else if reply.update || !is_button {
        match edit_original(http, target, what, &reply, until).await {
            // An edit notifies nobody.
            Ok(_) if !pings.is_empty() => post_note(http, notices, target, reply.lang, &pings).await,
            Ok(_) => {}
            Err(e) => fall_back(http, notices, target, what, &reply, &e).await,
        }
    } else {
        // A new public message after a button's silent acknowledgement: a channel
        // message, which notifies like a followup and is safe to retry.
        let nonce = format!("a{}", target.id.get());
        let _ = post_in_channel(http, notices, target.channel, &reply, &pings, &nonce).await;
    }
}

/// Replaces the deferred "thinking" message (or the button's message) with
/// `reply`; before repeating an edit that may have landed, checks whether
/// the original response shows it already.
async fn edit_original(
    http: &Http,
    target: &Target,
    what: &str,
    reply: &Reply,
    until: Instant,
) -> Result<Delivered, deliver::Failure> {
    let text = reply.text();
    let mut edit = EditInteractionResponse::new().content(&text).allowed_mentions(mentions(&[]));
    for file in reply.attachments() {
        edit = edit.new_attachment(file);
    }
    if let Some(rows) = &reply.components {
        edit = edit.components(rows.clone());
    }
    persist(
        what,
        until,
        |limit| call(limit, edit.clone().execute(http, &target.token)),
        || original_shows(http, &target.token, Some(text.as_str())),
    )
    .await
}

/// An ephemeral followup (the public "thinking" message of a command is
/// removed first: it cannot turn private). Before repeating a followup that
/// may have landed, checks the original response, which Discord fills with
/// the first followup after a deferral.
async fn private_followup(
    http: &Http,
    target: &Target,
    what: &str,
    reply: &Reply,
    until: Instant,
) -> Result<Delivered, deliver::Failure> {
    if !target.is_button {
        let deleted = persist(
            what,
            until,
            |limit| call(limit, http.delete_original_interaction_response(&target.token)),
            || async { false },
        )
        .await;
        // Already gone is as good as deleted.
        if let Err(e) = deleted
            && e != deliver::Failure::Status(404, 10008)
        {
            return Err(e);
        }
    }
    let text = reply.text();
    let mut followup = CreateInteractionResponseFollowup::new()
        .content(&text)
        .ephemeral(true)
        .files(reply.attachments())
        .allowed_mentions(mentions(&[]));
    if let Some(rows) = &reply.components {
        followup = followup.components(rows.clone());
    }
    persist(
        what,
        until,
        |limit| call(limit, followup.clone().execute(http, (None, &target.token))),
        || original_shows(http, &target.token, Some(text.as_str())),
    )
    .await
}

/// Notifies `pings` of a message that did not (an edit) with a short
/// channel message, safe to retry; where the channel refuses the bot's
/// messages, with a followup instead (the interaction needs no permission),
/// sent once: a followup that may have landed cannot be told apart.
async fn post_note(http: &Http, notices: &ChannelNotices, target: &Target, reply_lang: Lang, pings: &[u64]) {
    let nonce = format!("p{}", target.id.get());
    let note = ping_note(reply_lang, pings);
    let posted = post_in_channel(http, notices, target.channel, &note, pings, &nonce).await;
    if let Err(deliver::PostError::Forbidden | deliver::PostError::Gone) = posted {
        let followup = CreateInteractionResponseFollowup::new().content(note.text()).allowed_mentions(mentions(pings));
        if let Err(e) = call(CALL_TIMEOUT, followup.execute(http, (None, &target.token))).await {
            tracing::error!(channel = target.channel, error = %e, "could not notify the player to move");
        }
    }
}

/// The interaction could not carry the reply: a public one is posted in the
/// channel (notifying whom it concerns); a private one is lost, and logged.
async fn fall_back(
    http: &Http,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    reply: &Reply,
    failure: &deliver::Failure,
) {
    if reply.ephemeral {
        tracing::error!(what, error = %failure, "could not answer an interaction; the user saw no answer");
        return;
    }
    tracing::warn!(
        what,
        channel = target.channel,
        error = %failure,
        "could not answer an interaction; posting the announcement in the channel instead"
    );
    let mut post = reply.clone();
    // Buttons belong to the interaction's message; a stale copy would only confuse.
    post.components = None;
    let nonce = format!("a{}", target.id.get());
    if post_in_channel(http, notices, target.channel, &post, &reply.pings_for(Some(target.user)), &nonce).await.is_ok()
    {
        tracing::info!(what, channel = target.channel, "the announcement was posted in the channel");
    }
}

/// Posts `reply` as a plain message in `channel` (for announcements that
/// answer no interaction), notifying everyone it mentions. `nonce` names
/// the message for Discord: a second post with the same nonce shows as
/// the first (see [`deliver::fresh_nonce`] for a new one).
pub async fn post(
    http: &Http,
    notices: &ChannelNotices,
    channel: u64,
    reply: &Reply,
    nonce: &str,
) -> Result<(), deliver::PostError> {
    post_in_channel(http, notices, channel, reply, &reply.pings_for(None), nonce).await.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_the_limit() {
        let reply = Reply::public(Lang::En, "x".repeat(5000));
        assert_eq!(reply.text().chars().count(), MESSAGE_LIMIT);
        assert_eq!(Reply::public(Lang::En, "short").text(), "short");
    }

    #[test]
    fn responses_have_the_discord_types() {
        let json = serde_json::to_value(Reply::ephemeral(Lang::En, "no").response(&[])).unwrap();
        assert_eq!(json["type"], 4);
        assert_eq!(json["data"]["flags"], 64);
        let json = serde_json::to_value(Reply::public(Lang::En, "yes").updating().response(&[7])).unwrap();
        assert_eq!(json["type"], 7);
        assert_eq!(json["data"]["components"], serde_json::json!([]));
        assert_eq!(json["data"]["allowed_mentions"]["users"], serde_json::json!(["7"]));
    }

    #[test]
    fn the_actor_is_not_notified_of_their_own_action() {
        let reply =
            Reply::public(Lang::En, "<@1> played **11-15**.\n<@1> (White) vs <@2> (Black)\n<@2> (Black) to move");
        assert_eq!(reply.pings_for(Some(1)), vec![2]);
        assert_eq!(reply.pings_for(None), vec![1, 2]);
        assert_eq!(reply.clone().pinging(vec![1]).pings_for(Some(1)), vec![1]);
        assert!(Reply::ephemeral(Lang::En, "<@2>").pings_for(Some(1)).is_empty());
    }
}
