//! Puzzles from the server's own games: finished games are scanned in the
//! background, at the worker pool's lowest priority, for positions with one
//! clearly winning move (see [`crate::engine::puzzles`]); each is stored
//! once, with the game and ply it came from. Players solve them one at a
//! time (`play`), each try rated against the puzzle (both ratings move);
//! a server may get one a day in a channel (`daily`); a starting set ships
//! with the bot (`starting_set`), kept in step with the stored one; players
//! report the puzzles they find wrong (`reports`).

feature_handle!(
    /// Puzzles: finding, solving, rating, the daily puzzle.
    Puzzles,
    puzzles
);

pub(super) mod daily;
pub(super) mod play;
pub(super) mod reports;
pub(super) mod scan;
pub(super) mod starting_set;
pub(super) mod stats;
