//! The correspondence clock: time controls (days per move or a Fischer
//! bank, weekends off), the time for a move, what falls due (reminders,
//! losses on time, expired challenges, announcements), vacations and more
//! time given by the opponent.

feature_handle!(
    /// The clock: what falls due, vacations and more time.
    Deadlines,
    deadlines
);

pub(super) mod due_events;
pub(super) mod more_time;
pub(super) mod move_clock;
pub(super) mod pause;
pub(super) mod server_clock;
pub(super) mod time_control;
pub(super) mod vacation;
pub(super) mod weekends;
