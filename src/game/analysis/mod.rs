//! Analysis for people, and the fair play that keeps it off live games:
//! the positions of live games (their keys), written a few at a time.

pub(super) mod fair_play;
pub(super) mod pending_keys;
pub(super) mod requests;
