//! The time a player has for a move: its deadline, and when they are
//! reminded of it. Every deadline the service writes is made here: a move
//! started ([`MoveClock::started`]) or a clock moved later
//! ([`MoveClock::moved_by`]: more time given, or time that stood still on
//! vacation).

pub use crate::calendar::DAY;

/// Share of the time for a move after which the player is reminded.
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
    /// The clock of a move started at `since`, with `days_per_move` days.
    pub fn started(since: i64, days_per_move: u32) -> MoveClock {
        let time = i64::from(days_per_move) * DAY;
        MoveClock { deadline: since + time, remind_at: since + time * REMINDER_PERCENT / 100 }
    }

    /// This clock, `seconds` later: its deadline and its reminder alike.
    pub fn moved_by(self, seconds: i64) -> MoveClock {
        MoveClock { deadline: self.deadline + seconds, remind_at: self.remind_at + seconds }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_due_after_its_days_and_reminded_at_four_fifths() {
        let clock = MoveClock::started(1_000, 5);
        assert_eq!(clock.deadline, 1_000 + 5 * DAY);
        assert_eq!(clock.remind_at, 1_000 + 4 * DAY);
    }

    #[test]
    fn moving_a_clock_keeps_the_reminder_as_far_before_the_deadline() {
        let clock = MoveClock::started(0, 3).moved_by(7_200);
        assert_eq!(clock.deadline, 3 * DAY + 7_200);
        assert_eq!(clock.deadline - clock.remind_at, 3 * DAY / 5);
    }
}
