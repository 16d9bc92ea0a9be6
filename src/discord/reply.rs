//! Building replies (text, files, buttons) and delivering them to Discord:
//! within the 3-second deadline (deferring when the work is slow) and
//! retrying a refused call (429) a bounded number of times.

use std::future::Future;
use std::time::Duration;

use serenity::all::{
    Builder, ChannelId, CreateActionRow, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, Http,
    InteractionId,
};

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
}

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

impl Reply {
    /// A public message.
    pub fn public(content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ..Reply::default() }
    }

    /// A message only the user who asked sees.
    pub fn ephemeral(content: impl Into<String>) -> Reply {
        Reply { content: content.into(), ephemeral: true, ..Reply::default() }
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

    fn text(&self) -> String {
        if self.content.chars().count() <= MESSAGE_LIMIT {
            return self.content.clone();
        }
        let mut cut: String = self.content.chars().take(MESSAGE_LIMIT - 1).collect();
        cut.push('…');
        cut
    }

    fn attachments(&self) -> Vec<CreateAttachment> {
        self.files.iter().map(|(name, bytes)| CreateAttachment::bytes(bytes.clone(), name.clone())).collect()
    }

    fn message(&self) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .content(self.text())
            .ephemeral(self.ephemeral)
            .files(self.attachments());
        if let Some(rows) = &self.components {
            m = m.components(rows.clone());
        }
        m
    }

    /// The interaction response carrying this reply.
    pub fn response(&self) -> CreateInteractionResponse {
        if self.update {
            CreateInteractionResponse::UpdateMessage(self.message())
        } else {
            CreateInteractionResponse::Message(self.message())
        }
    }
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
}

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
pub async fn respond(http: &Http, target: &Target, what: &str, work: impl Future<Output = Reply>) {
    let mut work = std::pin::pin!(work);
    let result = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(reply) => send_response(http, target, what, &reply).await,
        Err(_) => respond_late(http, target, what, work).await,
    };
    if let Err(e) = result {
        tracing::error!(what, error = %e, "could not answer an interaction");
    }
}

async fn send_response(http: &Http, target: &Target, what: &str, reply: &Reply) -> serenity::Result<()> {
    with_retry(what, || reply.response().execute(http, (target.id, &target.token))).await
}

async fn respond_late(
    http: &Http,
    target: &Target,
    what: &str,
    work: impl Future<Output = Reply>,
) -> serenity::Result<()> {
    tracing::debug!(what, "slow work: deferring");
    // Whether the reply will be public is not known yet: a command defers with a public
    // "thinking" message, a button silently (its answer may replace the button's message).
    let is_button = target.is_button;
    let first = if is_button {
        CreateInteractionResponse::Acknowledge
    } else {
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
    };
    with_retry(what, || first.clone().execute(http, (target.id, &target.token))).await?;
    let reply = work.await;
    if (reply.update || !is_button) && !reply.ephemeral {
        let mut edit = EditInteractionResponse::new().content(reply.text());
        for file in reply.attachments() {
            edit = edit.new_attachment(file);
        }
        if let Some(rows) = &reply.components {
            edit = edit.components(rows.clone());
        }
        with_retry(what, || edit.clone().execute(http, &target.token)).await?;
    } else {
        if !is_button {
            // The public "thinking" message cannot turn ephemeral: remove it, answer privately.
            with_retry(what, || http.delete_original_interaction_response(&target.token)).await?;
        }
        let mut followup = CreateInteractionResponseFollowup::new()
            .content(reply.text())
            .ephemeral(reply.ephemeral)
            .files(reply.attachments());
        if let Some(rows) = &reply.components {
            followup = followup.components(rows.clone());
        }
        with_retry(what, || followup.clone().execute(http, (None, &target.token))).await?;
    }
    Ok(())
}

/// Posts `reply` as a plain message in `channel` (for announcements that
/// answer no interaction).
pub async fn post(http: &Http, channel: u64, reply: &Reply) -> serenity::Result<()> {
    let channel = ChannelId::new(channel);
    with_retry("post a message", || {
        channel.send_message(http, CreateMessage::new().content(reply.text()).files(reply.attachments()))
    })
    .await
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_the_limit() {
        let reply = Reply::public("x".repeat(5000));
        assert_eq!(reply.text().chars().count(), MESSAGE_LIMIT);
        assert_eq!(Reply::public("short").text(), "short");
    }

    #[test]
    fn responses_have_the_discord_types() {
        let json = serde_json::to_value(Reply::ephemeral("no").response()).unwrap();
        assert_eq!(json["type"], 4);
        assert_eq!(json["data"]["flags"], 64);
        let json = serde_json::to_value(Reply::public("yes").updating().response()).unwrap();
        assert_eq!(json["type"], 7);
        assert_eq!(json["data"]["components"], serde_json::json!([]));
    }
}
