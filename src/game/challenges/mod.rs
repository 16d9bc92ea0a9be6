//! Starting games: challenges (named or open to anyone), the open
//! challenges of a server, and matches of four games with their openings.

feature_handle!(
    /// Starting games: challenges, open challenges and matches.
    Challenges,
    challenges
);

pub(super) mod challenge;
pub(super) mod match_openings;
pub(super) mod match_play;
pub(super) mod matches;
pub(super) mod open_challenges;
