//! The correspondence clock: the time for a move, what falls due (reminders,
//! losses on time, expired challenges, announcements), vacations and more
//! time given by the opponent.

feature_handle!(
    /// The clock: what falls due, vacations and more time.
    Deadlines,
    deadlines
);

pub(super) mod due_events;
pub(super) mod more_time;
pub(super) mod pause;
pub(super) mod per_move;
pub(super) mod vacation;
