//! Puzzles from the server's own games: finished games are scanned in the
//! background, at the worker pool's lowest priority, for positions with one
//! clearly winning move (see [`crate::engine::puzzles`]); each is stored
//! once, with the game and ply it came from.

feature_handle!(
    /// Puzzles found in finished games.
    Puzzles,
    puzzles
);

pub(super) mod scan;
