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

use serenity::all::EditMessage;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use crate::game::{ButtonMessage, GameService};

use crate::discord::messages::reply::AfterEffects;
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

/// After a message about a game was posted as `message` in `channel`:
/// keeps it if it carries buttons, and has the game's stale buttons swept
/// once it is quiet.
pub async fn after_posting(
    service: &GameService,
    sweeps: &Sweeps,
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
/// to spare, and forgets the older stale ones (left as they are). Those it
/// could not clear for want of room are kept for the next sweep.
pub async fn sweep(rest: &Rest, service: &GameService, game: i64) -> Swept {
    let mut stale = match service.games().buttons_that_cannot_act(game).await {
        Ok(stale) => stale,
        Err(e) => {
            tracing::warn!(game, error = %e, "could not read the game's messages with buttons");
            return Swept::Done;
        }
    };
    // Discord's ids grow with time: the newest first.
    stale.sort_by_key(|m| Reverse(m.message));
    let mut forgotten: Vec<u64> = stale.iter().skip(CLEARED_AT_MOST).map(|m| m.message).collect();
    let mut swept = Swept::Done;
    for m in stale.iter().take(CLEARED_AT_MOST) {
        match take_off(rest, *m).await {
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

/// Edits `m` to carry no components (its text and pictures stay): one
/// spare call, not repeated.
async fn take_off(rest: &Rest, m: ButtonMessage) -> Result<(), Failure> {
    let edit = EditMessage::new().components(Vec::new());
    rest.edit_message(m.channel, m.message, &edit, Lane::Spare, CALL_TIMEOUT).await
}
