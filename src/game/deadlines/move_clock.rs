//! The time a player has for a move: its deadline, and when they are
//! reminded of it. Every deadline the service writes is made here: a turn
//! begun ([`MoveClock::started`], with the time the control gives: days per
//! move, or the player's bank), a clock given more time
//! ([`MoveClock::extended`]), or a clock that stood still for a vacation
//! ([`MoveClock::resumed`]).
//!
//! Banks are never counted down anywhere: a player's bank after a move is
//! derived from the move's time and the deadline it met
//! ([`bank_after_move`]), both stored with the move, so every process and
//! every restart derives the same seconds.

use super::weekends::Weekends;
use crate::store::{Allowance, TimeControl};

pub use crate::calendar::DAY;

/// Share of the time a player has for a move after which they are reminded.
pub const REMINDER_PERCENT: i64 = 80;

/// The clock of one move: when it is due and when its player is reminded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveClock {
    /// When the player to move loses on time (unix seconds).
    pub deadline: i64,
    /// When they are reminded (unix seconds).
    pub remind_at: i64,
}

impl MoveClock {
    /// The clock of a turn begun at `since` with `time` seconds to count:
    /// due when they have counted, reminded when [`REMINDER_PERCENT`] of
    /// them have.
    pub fn started(weekends: &Weekends, since: i64, time: i64) -> MoveClock {
        MoveClock {
            deadline: weekends.after(since, time),
            remind_at: weekends.after(since, time * REMINDER_PERCENT / 100),
        }
    }

    /// This clock with `seconds` more to count: its deadline and its
    /// reminder alike.
    pub fn extended(self, weekends: &Weekends, seconds: i64) -> MoveClock {
        MoveClock {
            deadline: weekends.after(self.deadline, seconds),
            remind_at: weekends.after(self.remind_at, seconds),
        }
    }

    /// This clock after it stood still from `stopped` to `resumed`: what
    /// was left to count at `stopped` counts from `resumed` (a reminder
    /// already due by `stopped` moves by the time that stood still).
    pub fn resumed(self, weekends: &Weekends, stopped: i64, resumed: i64) -> MoveClock {
        let shift = |at: i64| {
            if at > stopped { weekends.after(resumed, weekends.counted(stopped, at)) } else { at + (resumed - stopped) }
        };
        MoveClock { deadline: shift(self.deadline), remind_at: shift(self.remind_at) }
    }
}

/// The weekends a game's clock skips.
pub fn weekends_of(time: &TimeControl) -> Weekends {
    Weekends::of(time.weekends_zone.as_deref())
}

/// The time a player has for the move they are to make (seconds that
/// count): the days per move, or their bank (`bank`, or the start when
/// they have not moved yet).
pub fn time_for_move(allowance: Allowance, bank: Option<i64>) -> i64 {
    match allowance {
        Allowance::PerMove { days } => i64::from(days) * DAY,
        Allowance::Fischer { start, .. } => bank.unwrap_or(start),
    }
}

/// A Fischer bank after a move played at `played_at` that was due at
/// `deadline`: the time left, plus the increment, never above the maximum
/// (`None` for days per move, which keep no bank).
pub fn bank_after_move(time: &TimeControl, weekends: &Weekends, played_at: i64, deadline: i64) -> Option<i64> {
    match time.allowance {
        Allowance::PerMove { .. } => None,
        Allowance::Fischer { increment, max, .. } => {
            Some((weekends.counted(played_at, deadline).max(0) + increment).min(max))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 3_600;

    fn fischer(start_days: i64, increment_days: i64, max_days: i64) -> TimeControl {
        let allowance =
            Allowance::Fischer { start: start_days * DAY, increment: increment_days * DAY, max: max_days * DAY };
        TimeControl { allowance, weekends_zone: None }
    }

    #[test]
    fn a_move_is_due_after_its_days_and_reminded_at_four_fifths() {
        let clock = MoveClock::started(&Weekends::none(), 1_000, 5 * DAY);
        assert_eq!(clock.deadline, 1_000 + 5 * DAY);
        assert_eq!(clock.remind_at, 1_000 + 4 * DAY);
    }

    #[test]
    fn more_time_keeps_the_reminder_as_far_before_the_deadline() {
        let clock = MoveClock::started(&Weekends::none(), 0, 3 * DAY).extended(&Weekends::none(), 7_200);
        assert_eq!(clock.deadline, 3 * DAY + 7_200);
        assert_eq!(clock.deadline - clock.remind_at, 3 * DAY / 5);
    }

    #[test]
    fn a_bank_grows_by_the_increment_and_stops_at_the_maximum() {
        let time = fischer(5, 1, 10);
        let every_day = Weekends::none();
        // Moved with 4 days left: 5 in the bank.
        assert_eq!(bank_after_move(&time, &every_day, DAY, 5 * DAY), Some(5 * DAY));
        // Moved at once with 9.5 days left: capped at 10.
        assert_eq!(bank_after_move(&time, &every_day, 0, 9 * DAY + 12 * HOUR), Some(10 * DAY));
        // Moved at the last second: the increment alone.
        assert_eq!(bank_after_move(&time, &every_day, 5 * DAY, 5 * DAY), Some(DAY));
        assert_eq!(bank_after_move(&TimeControl::per_move(3), &every_day, 0, 3 * DAY), None);
    }

    #[test]
    fn the_time_for_a_move_is_the_bank_or_the_days() {
        let time = fischer(5, 1, 10);
        assert_eq!(time_for_move(time.allowance, None), 5 * DAY, "the start before a first move");
        assert_eq!(time_for_move(time.allowance, Some(7 * DAY)), 7 * DAY);
        assert_eq!(time_for_move(Allowance::PerMove { days: 3 }, Some(7 * DAY)), 3 * DAY);
    }

    #[test]
    fn a_clock_that_stood_still_counts_what_was_left_from_its_resumption() {
        let clock = MoveClock::started(&Weekends::none(), 0, 5 * DAY);
        let resumed = clock.resumed(&Weekends::none(), 2 * DAY, 9 * DAY);
        assert_eq!(resumed, MoveClock { deadline: 12 * DAY, remind_at: 11 * DAY });
        // Over a Madrid weekend: what was left when it stopped still counts.
        let madrid = Weekends::of(Some("Europe/Madrid"));
        let friday_noon = 1_806_058_800;
        let clock = MoveClock::started(&madrid, friday_noon - 2 * DAY, 5 * DAY);
        let resumed = clock.resumed(&madrid, friday_noon, friday_noon + DAY);
        assert_eq!(madrid.counted(friday_noon + DAY, resumed.deadline), madrid.counted(friday_noon, clock.deadline));
    }
}
