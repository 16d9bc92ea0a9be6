//! The correspondence clock: deadlines, reminders, losses on time and
//! expired challenges.

use super::{Challenge, GameError, GameService, GameView, convert};

/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// Share of the time for a move after which the player is reminded.
pub const REMINDER_PERCENT: i64 = 80;

/// Something the clock made happen, to announce once.
#[derive(Clone, Debug)]
pub enum DueEvent {
    /// The player to move has used most of their time (one per move).
    Reminder(GameView),
    /// The player to move passed the deadline and lost; the game is finished.
    LossOnTime(GameView),
    /// A challenge was not answered in time and is now expired.
    ChallengeExpired(Challenge),
}

/// The deadline of a move started at `since`.
pub fn deadline(since: i64, days_per_move: u32) -> i64 {
    since + i64::from(days_per_move) * DAY
}

/// When the reminder for a move started at `since` falls due.
pub fn reminder_time(since: i64, days_per_move: u32) -> i64 {
    since + i64::from(days_per_move) * DAY * REMINDER_PERCENT / 100
}

impl GameService {
    /// Everything due at `now`: losses on time (also deadlines that passed
    /// while the bot was down), reminders, expired challenges. The effect is
    /// stored before it is returned, and each item is handed out once ever,
    /// even when several callers ask at the same time. (Handed out at most
    /// once: if the caller dies before announcing an item, it is not repeated.)
    pub async fn claim_due(&self, now: i64) -> Result<Vec<DueEvent>, GameError> {
        // Losses first: a game past its deadline gets no reminder.
        let mut due = Vec::new();
        for row in self.store.claim_losses_on_time(now).await? {
            due.push(DueEvent::LossOnTime(convert::game_view(row)?));
        }
        for row in self.store.claim_reminders(now).await? {
            due.push(DueEvent::Reminder(convert::game_view(row)?));
        }
        for row in self.store.claim_expired_challenges(now).await? {
            due.push(DueEvent::ChallengeExpired(convert::challenge(row)?));
        }
        Ok(due)
    }
}
