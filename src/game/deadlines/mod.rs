//! The correspondence clock: the time for a move, what falls due (reminders,
//! losses on time, expired challenges, announcements), vacations and more
//! time given by the opponent.

pub(super) mod due_events;
pub(super) mod more_time;
pub(super) mod per_move;
pub(super) mod vacation;
