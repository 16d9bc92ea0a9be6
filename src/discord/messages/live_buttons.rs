//! Taking a game's buttons off the bot's messages once they can no longer
//! act (the game moved on, the offer ended, the game is over), so a channel
//! or thread never reads as a list of things still waiting for an answer.
//! Which buttons can act is the service's to say; this only edits.

use serenity::all::{ChannelId, EditMessage, Http, MessageId};

use crate::game::{ButtonMessage, GameService};

use crate::discord::messages::deliver::{Failure, call, repeatable_within};
use crate::discord::messages::reply::AfterEffects;

/// How long taking buttons off keeps being retried: it follows an answer
/// already given, and the next message of the game tries again.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// After a message about a game was posted as `message` in `channel`:
/// keeps it if it carries buttons, then takes the buttons off the game's
/// messages that can no longer act.
pub async fn after_posting(
    http: &Http,
    service: &GameService,
    channel: u64,
    message: Option<u64>,
    after: &AfterEffects,
) {
    if let (Some((seen, kind)), Some(message)) = (after.buttons, message) {
        let kept = ButtonMessage { message, channel, seen, kind };
        if let Err(e) = service.games().keep_buttons(kept).await {
            tracing::warn!(game = seen.game, message, error = %e, "could not keep a message's buttons; they stay when stale");
        }
    }
    if let Some(game) = after.game.or(after.buttons.map(|(seen, _)| seen.game)) {
        take_off_stale(http, service, game).await;
    }
}

/// Takes the buttons off every message of game `game` whose buttons can no
/// longer act, and forgets those messages. A message Discord no longer has
/// (or no longer lets the bot edit) is forgotten too; one that failed
/// otherwise is tried again after the game's next message.
pub async fn take_off_stale(http: &Http, service: &GameService, game: i64) {
    let stale = match service.games().buttons_that_cannot_act(game).await {
        Ok(stale) => stale,
        Err(e) => {
            tracing::warn!(game, error = %e, "could not read the game's messages with buttons");
            return;
        }
    };
    if stale.is_empty() {
        return;
    }
    let mut done = Vec::with_capacity(stale.len());
    for m in stale {
        match take_off(http, m).await {
            Ok(()) | Err(Failure::Status(403 | 404, _)) => done.push(m.message),
            Err(e) => tracing::debug!(game, message = m.message, error = %e, "buttons left on for now"),
        }
    }
    if let Err(e) = service.games().buttons_taken_off(&done).await {
        tracing::warn!(game, error = %e, "could not forget messages whose buttons are off");
    }
}

/// Edits `m` to carry no components (its text and pictures stay).
async fn take_off(http: &Http, m: ButtonMessage) -> Result<(), Failure> {
    let (channel, message) = (ChannelId::new(m.channel), MessageId::new(m.message));
    let edit = EditMessage::new().components(Vec::new());
    repeatable_within("take buttons off", PATIENCE, |limit| {
        call(limit, channel.edit_message(http, message, edit.clone()))
    })
    .await
    .map(|_| ())
}
