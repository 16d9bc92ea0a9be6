//! Answering an interaction: within Discord's 3-second deadline (deferring
//! when the work is slow), retrying what Discord refuses for a while (429,
//! 5xx, timeouts; see [`crate::discord::messages::deliver`]), and posting a public reply that
//! cannot be delivered as an ordinary channel message instead, so no
//! announcement is lost.

use std::future::Future;
use std::time::Duration;

use serenity::all::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, InteractionId,
};
use tokio::time::Instant;

use crate::i18n::Lang;

use crate::discord::messages::deliver::{
    self, CALL_TIMEOUT, ChannelNotices, Delivered, original_shows, persist, persist_for_id, post_in_channel,
};
use crate::discord::messages::reply::{Reply, mentions, ping_note};
use crate::discord::rest::{Lane, Rest};

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
    /// The message a pressed button or menu is on.
    pub message: Option<u64>,
    /// The bot itself, never notified of what it says.
    pub bot_user: u64,
}

impl Target {
    /// Whom `reply` notifies: those it names but the user who acted (who is
    /// looking at it already) and the bot itself.
    fn pings(&self, reply: &Reply) -> Vec<u64> {
        let mut pings = reply.pings_for(Some(self.user));
        pings.retain(|&u| u != self.bot_user);
        pings
    }
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

/// Answers the interaction with the reply `work` produces: directly when it
/// is ready in time, otherwise after deferring (a public "thinking" state,
/// replaced by the reply; an ephemeral reply becomes an ephemeral followup).
/// A public reply that Discord will not take through the interaction is
/// posted in the channel instead; whoever it concerns is notified once.
/// Returns the id of the public message a reply with a game's buttons or
/// a challenge became (to take them off later); `None` for any other reply.
pub async fn respond(
    rest: &Rest,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    work: impl Future<Output = Reply>,
) -> Option<u64> {
    let received = Instant::now();
    let mut work = std::pin::pin!(work);
    match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(reply) if reply.closes_menu.is_some() && !reply.ephemeral && target.is_button => {
            let until = received + FIRST_RESPONSE_WINDOW;
            let closing = menu_closed(&reply);
            let closed = persist(
                what,
                until,
                |limit| rest.respond(target.id.get(), &target.token, &closing, &[], false, limit),
                || original_shows(rest, &target.token, reply.closes_menu.as_deref()),
            )
            .await;
            after_menu_closed(rest, notices, target, what, &reply, closed).await
        }
        Ok(reply) => respond_now(rest, notices, target, what, received, &reply).await,
        Err(_) => respond_late(rest, notices, target, what, received, work).await,
    }
}

/// The update that replaces a private menu or confirmation with the line
/// `reply` closes it with.
fn menu_closed(reply: &Reply) -> CreateInteractionResponse {
    let line = reply.closes_menu.clone().unwrap_or_default();
    Reply::ephemeral(reply.lang, line).updating().response(&[])
}

/// Once a private menu is closed (or could not be), the public reply it
/// led to, as a message of its own.
async fn after_menu_closed(
    rest: &Rest,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    reply: &Reply,
    closed: Result<Delivered, deliver::Failure>,
) -> Option<u64> {
    if let Err(e) = closed {
        // The move or answer is done all the same; its announcement must be seen.
        tracing::warn!(what, error = %e, "could not close a private menu");
    }
    post_public(rest, notices, target, reply).await
}

/// Posts the public `reply` to an interaction already answered, as a
/// channel message (safe to retry); where the channel refuses the bot,
/// as a followup (the interaction needs no permission), sent once.
async fn post_public(rest: &Rest, notices: &ChannelNotices, target: &Target, reply: &Reply) -> Option<u64> {
    let pings = target.pings(reply);
    let nonce = format!("a{}", target.id.get());
    match post_in_channel(rest, notices, target.channel, reply, &pings, &nonce, Lane::Prompt).await {
        Ok(id) => Some(id),
        Err(deliver::PostError::Forbidden | deliver::PostError::Gone) => {
            let mut followup = CreateInteractionResponseFollowup::new()
                .content(reply.text())
                .embeds(reply.created_embeds())
                .allowed_mentions(mentions(&pings));
            if let Some(rows) = &reply.components {
                followup = followup.components(rows.clone());
            }
            match rest.followup(&target.token, &followup, &reply.files, CALL_TIMEOUT).await {
                Ok(message) => Some(message),
                Err(e) => {
                    tracing::error!(channel = target.channel, error = %e, "could not post an answer");
                    None
                }
            }
        }
        Err(_) => None,
    }
}

/// Whether the id of the public message `reply` becomes is wanted: when it
/// carries a game's buttons (to take them off once they cannot act) or
/// posts a challenge (to say how it closed).
fn wants_message(reply: &Reply) -> bool {
    (reply.after.buttons.is_some() || reply.after.challenge_post.is_some()) && !reply.ephemeral
}

/// The id of the public message `reply` became as the interaction's
/// answer (`answered`: what the answer itself said, if asked), when it
/// carries a game's buttons or a challenge: the pressed button's message
/// for an update, else the original response, read back only when the
/// answer did not say.
async fn shown_as(rest: &Rest, target: &Target, reply: &Reply, answered: Option<u64>) -> Option<u64> {
    if !wants_message(reply) {
        return None;
    }
    if reply.update {
        return target.message;
    }
    if answered.is_some() {
        return answered;
    }
    match rest.original(&target.token, CALL_TIMEOUT).await {
        Ok(message) => Some(message.id),
        Err(e) => {
            tracing::warn!(error = %e, "could not read the answer's message; its buttons stay when stale");
            None
        }
    }
}

async fn respond_now(
    rest: &Rest,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    received: Instant,
    reply: &Reply,
) -> Option<u64> {
    let pings = target.pings(reply);
    let response = reply.response(&pings);
    let text = reply.text();
    // Discord says which message the answer made, when asked: no second call.
    let ask = wants_message(reply) && !reply.update;
    let sent = persist_for_id(
        what,
        received + FIRST_RESPONSE_WINDOW,
        |limit| rest.respond(target.id.get(), &target.token, &response, &reply.files, ask, limit),
        // An update of buttons alone has no text to recognise it by.
        || original_shows(rest, &target.token, (!reply.buttons_only).then_some(text.as_str())),
    )
    .await;
    match sent {
        Ok(answered) => {
            // An update edits a message, which notifies nobody.
            if reply.update && !pings.is_empty() {
                post_note(rest, notices, target, reply.lang, &pings).await;
            }
            shown_as(rest, target, reply, answered).await
        }
        Err(e) => fall_back(rest, notices, target, what, reply, &e).await,
    }
}

async fn respond_late(
    rest: &Rest,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    received: Instant,
    work: impl Future<Output = Reply>,
) -> Option<u64> {
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
        |limit| rest.respond(target.id.get(), &target.token, &first, &[], false, limit),
        || original_shows(rest, &target.token, None),
    )
    .await;
    let reply = work.await;
    if let Err(e) = deferred {
        return fall_back(rest, notices, target, what, &reply, &e).await;
    }
    let pings = target.pings(&reply);
    let until = (received + TOKEN_WINDOW).min(Instant::now() + LATE_PATIENCE);
    if reply.buttons_only && is_button {
        // The silent acknowledgement made the pressed message the original: its buttons change.
        if let Err(e) = edit_original(rest, target, what, &reply, until).await {
            tracing::warn!(what, error = %e, "could not change a message's buttons");
        }
        None
    } else if reply.ephemeral {
        if let Err(e) = private_followup(rest, target, what, &reply, until).await {
            tracing::error!(what, error = %e, "could not answer an interaction privately; the user saw no answer");
        }
        None
    } else if is_button && reply.closes_menu.is_some() {
        // The silent acknowledgement made the menu the original response.
        let line = Reply::ephemeral(reply.lang, reply.closes_menu.clone().unwrap_or_default()).updating();
        let closed = edit_original(rest, target, what, &line, until).await;
        after_menu_closed(rest, notices, target, what, &reply, closed).await
    } else if reply.update || !is_button {
        match edit_original(rest, target, what, &reply, until).await {
            Ok(_) => {
                // An edit notifies nobody.
                if !pings.is_empty() {
                    post_note(rest, notices, target, reply.lang, &pings).await;
                }
                shown_as(rest, target, &reply, None).await
            }
            Err(e) => fall_back(rest, notices, target, what, &reply, &e).await,
        }
    } else {
        // A new public message after a button's silent acknowledgement: a channel
        // message, which notifies like a followup and is safe to retry.
        post_public(rest, notices, target, &reply).await
    }
}

/// Replaces the deferred "thinking" message (or the button's message) with
/// `reply`; before repeating an edit that may have landed, checks whether
/// the original response shows it already.
async fn edit_original(
    rest: &Rest,
    target: &Target,
    what: &str,
    reply: &Reply,
    until: Instant,
) -> Result<Delivered, deliver::Failure> {
    let text = reply.text();
    let mut edit = if reply.buttons_only {
        // Its text, pictures and mentions stay as they are.
        EditInteractionResponse::new()
    } else {
        EditInteractionResponse::new().content(&text).embeds(reply.created_embeds()).allowed_mentions(mentions(&[]))
    };
    if let Some(rows) = &reply.components {
        edit = edit.components(rows.clone());
    }
    persist(
        what,
        until,
        |limit| rest.edit_original(&target.token, &edit, &reply.files, limit),
        || original_shows(rest, &target.token, (!reply.buttons_only).then_some(text.as_str())),
    )
    .await
}

/// An ephemeral followup (the public "thinking" message of a command is
/// removed first: it cannot turn private). Before repeating a followup that
/// may have landed, checks the original response, which Discord fills with
/// the first followup after a deferral.
async fn private_followup(
    rest: &Rest,
    target: &Target,
    what: &str,
    reply: &Reply,
    until: Instant,
) -> Result<Delivered, deliver::Failure> {
    if !target.is_button {
        let deleted =
            persist(what, until, |limit| rest.delete_original(&target.token, limit), || async { false }).await;
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
        .embeds(reply.created_embeds())
        .allowed_mentions(mentions(&[]));
    if let Some(rows) = &reply.components {
        followup = followup.components(rows.clone());
    }
    persist(
        what,
        until,
        |limit| rest.followup(&target.token, &followup, &reply.files, limit),
        || original_shows(rest, &target.token, Some(text.as_str())),
    )
    .await
}

/// Notifies `pings` of a message that did not (an edit) with a short
/// channel message, safe to retry; where the channel refuses the bot's
/// messages, with a followup instead (the interaction needs no permission),
/// sent once: a followup that may have landed cannot be told apart.
async fn post_note(rest: &Rest, notices: &ChannelNotices, target: &Target, reply_lang: Lang, pings: &[u64]) {
    let nonce = format!("p{}", target.id.get());
    let note = ping_note(reply_lang, pings);
    let posted = post_in_channel(rest, notices, target.channel, &note, pings, &nonce, Lane::Prompt).await;
    if let Err(deliver::PostError::Forbidden | deliver::PostError::Gone) = posted {
        let followup = CreateInteractionResponseFollowup::new().content(note.text()).allowed_mentions(mentions(pings));
        if let Err(e) = rest.followup(&target.token, &followup, &[], CALL_TIMEOUT).await {
            tracing::error!(channel = target.channel, error = %e, "could not notify the player to move");
        }
    }
}

/// The interaction could not carry the reply: a public one is posted in the
/// channel (notifying whom it concerns); a private one is lost, and logged.
async fn fall_back(
    rest: &Rest,
    notices: &ChannelNotices,
    target: &Target,
    what: &str,
    reply: &Reply,
    failure: &deliver::Failure,
) -> Option<u64> {
    if reply.ephemeral {
        tracing::error!(what, error = %failure, "could not answer an interaction; the user saw no answer");
        return None;
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
    if post_in_channel(rest, notices, target.channel, &post, &target.pings(reply), &nonce, Lane::Prompt).await.is_ok() {
        tracing::info!(what, channel = target.channel, "the announcement was posted in the channel");
    }
    // Posted without its buttons: nothing to take off later.
    None
}
