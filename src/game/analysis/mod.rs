//! Analysis for people, and the fair play that keeps it off live games:
//! the positions of live games (their keys), written a few at a time.

feature_handle!(
    /// Analysis for people, and the fair-play keys of live games.
    Analyses,
    analyses
);

pub(super) mod fair_play;
pub(super) mod pending_keys;
pub(super) mod requests;
