//! Taking a game's buttons off the bot's messages once they can no longer
//! act (the game moved on, the offer ended, the game is over), so a channel
//! or thread never reads as a list of things still waiting for an answer.
//! Which buttons can act is the service's to say; this only edits.
//!
//! It is a nicety, and paid for as one: a game's messages are swept once
//! the game has been quiet for [`QUIET`] (so a quick exchange of moves
//! costs one sweep, not one a move). A sweep clears the newest
//! [`CLEARED_AT_MOST`] stale messages (those nearest the game's latest,
//! the ones people see), each edit a spare call that goes only while
//! Discord's limits have room to spare, and comes back for them later when
//! there is none; older stale messages are left as they are and forgotten.
//! A press on a button that can no longer act is refused by the game's own
//! checks, so a button left live is a nicety lost, never a wrong move.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{CreateAllowedMentions, EditMessage};
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use crate::game::{ButtonMessage, ButtonsKind, GameService, StaleButtons};
use crate::i18n::Lang;
use crate::t;

use crate::discord::messages::game_messages;
use crate::discord::messages::reply::{AfterEffects, DeadlineMoved};
use crate::discord::rest::{CALL_TIMEOUT, Failure, Lane, Rest};

/// How long a game stays quiet (no new message about it) before its stale
/// buttons are swept.
pub const QUIET: Duration = Duration::from_secs(3);
/// The most stale messages of a game a sweep clears: the newest.
pub const CLEARED_AT_MOST: usize = 3;

/// The games whose messages are to be swept, and when. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Sweeps(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    due: Mutex<HashMap<i64, Instant>>,
    changed: Notify,
}

impl Sweeps {
    /// A message about `game` was posted: its stale buttons are swept once
    /// it has been quiet for [`QUIET`] (a later message puts that off).
    pub fn after_message(&self, game: i64) {
        self.due().insert(game, Instant::now() + QUIET);
        self.0.changed.notify_one();
    }

    /// How many games wait for a sweep.
    pub fn pending(&self) -> usize {
        self.due().len()
    }

    fn due(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Instant>> {
        self.0.due.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The games due by now, taken off the schedule; else when the next is due.
    fn take_due(&self, now: Instant) -> Result<Vec<i64>, Option<Instant>> {
        let mut due = self.due();
        let ready: Vec<i64> = due.iter().filter(|&(_, &at)| at <= now).map(|(&game, _)| game).collect();
        if ready.is_empty() {
            return Err(due.values().min().copied());
        }
        for game in &ready {
            due.remove(game);
        }
        Ok(ready)
    }
}

/// After a message about a game was posted as `message` in `channel`,
/// reading `text`: keeps it if it carries buttons, and has the game's stale
/// buttons swept once it is quiet.
pub async fn after_posting(
    service: &GameService,
    sweeps: &Sweeps,
    channel: u64,
    message: Option<u64>,
    text: &str,
    after: &AfterEffects,
) {
    if let (Some((seen, kind)), Some(message)) = (after.buttons, message) {
        let kept = ButtonMessage { message, channel, seen, kind, text: Some(text.to_string()) };
        if let Err(e) = service.games().keep_buttons(kept).await {
            tracing::warn!(game = seen.game, message, error = %e, "could not keep a message's buttons; they stay when stale");
        }
    }
    if let Some(game) = after.game.or(after.buttons.map(|(seen, _)| seen.game)) {
        sweeps.after_message(game);
    }
}

/// Sweeps the games of `sweeps` as they fall due, until `stop` turns true
/// (what is still due then is left: a nicety, not a promise).
pub async fn run(rest: Rest, service: GameService, sweeps: Sweeps, mut stop: watch::Receiver<bool>) {
    loop {
        let changed = sweeps.0.changed.notified();
        let mut changed = std::pin::pin!(changed);
        changed.as_mut().enable();
        match sweeps.take_due(Instant::now()) {
            Ok(games) => {
                for game in games {
                    // No room now: not even worth reading the game.
                    let swept = if rest.limiter().has_room_to_spare() {
                        sweep(&rest, &service, game).await
                    } else {
                        Swept::NoRoom
                    };
                    if swept == Swept::NoRoom {
                        // Tried again once the game has been quiet a while more.
                        sweeps.after_message(game);
                    }
                }
                continue;
            }
            Err(next) => {
                let wake = next.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
                tokio::select! {
                    _ = tokio::time::sleep_until(wake) => {}
                    _ = &mut changed => {}
                    _ = stop.wait_for(|&stop| stop) => return,
                }
            }
        }
    }
}

/// How a sweep ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swept {
    /// Every stale message it meant to clear is cleared (or gone).
    Done,
    /// Discord's limits had no room to spare: some are left for later.
    NoRoom,
}

/// Takes the buttons off game `game`'s newest [`CLEARED_AT_MOST`] messages
/// that can no longer act, newest first, while Discord's limits have room
/// to spare, and forgets the older stale ones (left as they are). An offer
/// (a draw offer, a takeback request) is struck through and said to be
/// closed, so it no longer asks its question. Those it could not clear for
/// want of room are kept for the next sweep.
pub async fn sweep(rest: &Rest, service: &GameService, game: i64) -> Swept {
    let StaleButtons { guild, messages: mut stale } = match service.games().buttons_that_cannot_act(game).await {
        Ok(stale) => stale,
        Err(e) => {
            tracing::warn!(game, error = %e, "could not read the game's messages with buttons");
            return Swept::Done;
        }
    };
    if stale.is_empty() {
        return Swept::Done;
    }
    let lang = game_messages::server_lang(service, guild).await;
    // Discord's ids grow with time: the newest first.
    stale.sort_by_key(|m| Reverse(m.message));
    let mut forgotten: Vec<u64> = stale.iter().skip(CLEARED_AT_MOST).map(|m| m.message).collect();
    let mut swept = Swept::Done;
    for m in stale.iter().take(CLEARED_AT_MOST) {
        match take_off(rest, lang, m).await {
            // Cleared, gone, or no longer the bot's to edit.
            Ok(()) | Err(Failure::Status(403 | 404, _)) => forgotten.push(m.message),
            Err(Failure::Held) => {
                swept = Swept::NoRoom;
                break;
            }
            Err(e) => {
                tracing::debug!(game, message = m.message, error = %e, "buttons left on");
                forgotten.push(m.message);
            }
        }
    }
    if !forgotten.is_empty()
        && let Err(e) = service.games().buttons_taken_off(&forgotten).await
    {
        tracing::warn!(game, error = %e, "could not forget messages whose buttons are off");
    }
    swept
}

/// Edits `m` to carry no components (its pictures stay, and its text but
/// for an offer's, closed in `lang`): one spare call, not repeated.
async fn take_off(rest: &Rest, lang: Lang, m: &ButtonMessage) -> Result<(), Failure> {
    let mut edit = EditMessage::new().components(Vec::new());
    if let Some(closed) = closed_offer(lang, m) {
        edit = edit.content(closed).allowed_mentions(CreateAllowedMentions::new());
    }
    rest.edit_message(m.channel, m.message, &edit, Lane::Spare, CALL_TIMEOUT).await
}

/// The text of an offer whose answers go (a draw offer, a takeback
/// request): struck through, and said to be closed, so it no longer asks
/// its question; `None` for a board (its text stays true) or a text not kept.
fn closed_offer(lang: Lang, m: &ButtonMessage) -> Option<String> {
    let text = m.text.as_deref().filter(|t| !t.is_empty())?;
    match m.kind {
        ButtonsKind::Game => None,
        ButtonsKind::DrawOffer | ButtonsKind::TakebackRequest => {
            Some(format!("~~{text}~~\n{}", t!(lang, "offer-closed")))
        }
    }
}

/// After more time was given (`moved`): the game's boards that still act,
/// which show the deadline before, are edited to show the new one. Run in
/// the background after the answer: each edit waits in the paced lane,
/// behind what people are waiting for.
pub async fn deadline_moved(rest: &Rest, service: &GameService, moved: DeadlineMoved) {
    let boards = match service.games().current_boards(moved.game).await {
        Ok(boards) => boards,
        Err(e) => {
            tracing::warn!(game = moved.game, error = %e, "could not read the game's boards; they show the old deadline");
            return;
        }
    };
    let (before, now) = (game_messages::relative_time(moved.from), game_messages::relative_time(moved.to));
    for board in boards {
        let Some(text) = board.text.filter(|t| t.contains(&before)) else { continue };
        let text = text.replace(&before, &now);
        let edit = EditMessage::new().content(&text).allowed_mentions(CreateAllowedMentions::new());
        match rest.edit_message(board.channel, board.message, &edit, Lane::Paced, CALL_TIMEOUT).await {
            Ok(()) => {
                if let Err(e) = service.games().buttons_text_changed(board.message, &text).await {
                    tracing::warn!(message = board.message, error = %e, "could not record a board's new text");
                }
            }
            Err(e) => tracing::debug!(message = board.message, error = %e, "a board still shows the old deadline"),
        }
    }
}

/// A button's answer replaced the message it was on with one that carries
/// no buttons of the game (an offer answered, say): that message is
/// forgotten, so no sweep edits what it says now.
pub async fn replaced_without_buttons(service: &GameService, message: u64) {
    if let Err(e) = service.games().buttons_taken_off(&[message]).await {
        tracing::warn!(message, error = %e, "could not forget a message whose buttons were replaced");
    }
}
