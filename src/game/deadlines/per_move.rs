//! The time a player has for a move: its deadline, and when they are
//! reminded of it.

/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// Share of the time for a move after which the player is reminded.
pub const REMINDER_PERCENT: i64 = 80;

/// The deadline of a move started at `since`.
pub fn deadline(since: i64, days_per_move: u32) -> i64 {
    since + i64::from(days_per_move) * DAY
}

/// When the reminder for a move started at `since` falls due.
pub fn reminder_time(since: i64, days_per_move: u32) -> i64 {
    since + i64::from(days_per_move) * DAY * REMINDER_PERCENT / 100
}
