//! More time: a player gives their opponent extra days for the move the
//! opponent is to make. Only the opponent's current deadline moves; the
//! next move's deadline is the usual one again.

use super::Deadlines;
use std::ops::RangeInclusive;

use crate::game::{DAY, GameError, GameView};

/// How many days a player may give at once.
pub const MORE_TIME_DAYS: RangeInclusive<u32> = 1..=7;

/// More time given: the game as it now stands, and the deadline it moved
/// from (which the game's messages may still show).
#[derive(Clone, Debug)]
pub struct MoreTimeGiven {
    /// The game, its deadline moved.
    pub game: GameView,
    /// The deadline before.
    pub deadline_before: i64,
}

impl Deadlines<'_> {
    /// `user` gives their opponent in the live game of `channel` `days`
    /// more days (see [`MORE_TIME_DAYS`]) for the move the opponent is to
    /// make: its deadline and reminder move by that many days. Refused on
    /// the giver's own move (their own clock is not theirs to stop), for
    /// the bot (it needs no time), and once the game moved on or ended.
    pub async fn give_more_time(
        self,
        now: i64,
        channel: u64,
        user: u64,
        days: u32,
    ) -> Result<MoreTimeGiven, GameError> {
        if !MORE_TIME_DAYS.contains(&days) {
            return Err(GameError::MoreTimeDays(days));
        }
        let (mut view, color) = self.games().live_game_of_player(now, channel, user).await?;
        if color == view.turn() {
            return Err(GameError::MoreTimeOnOwnMove);
        }
        if view.is_engine(view.turn()) {
            return Err(GameError::MoreTimeForBot);
        }
        let clock = view.clock().extended(&view.weekends(), i64::from(days) * DAY);
        // Conditional on the ply (time given for a move never lands on the
        // next) and on the deadline read (a vacation's end may move it too).
        let moved = (clock.deadline, clock.remind_at);
        if !self.store.set_move_clock(view.id, view.ply(), view.deadline, moved).await? {
            return Err(self.games().conflict(view.id).await);
        }
        let deadline_before = view.deadline;
        (view.deadline, view.remind_at) = moved;
        Ok(MoreTimeGiven { game: view, deadline_before })
    }
}
