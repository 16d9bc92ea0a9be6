//! A player's puzzle figures and the server's puzzle leaderboard.

use super::Puzzles;
use crate::game::GameError;
use crate::store::{PuzzleRatingPoint, PuzzleRatingRow};

/// Players a puzzle leaderboard shows at most.
pub const PUZZLE_LEADERBOARD_SIZE: i64 = 10;

/// Puzzles a player must have finished in a server to be on its puzzle
/// leaderboard. Not the game ratings' deviation bound: a puzzle starts as
/// unknown as a new player, so a solver's deviation falls slowly (thirty
/// solved in a row leave it near 136), while twenty puzzles say plenty.
pub const PUZZLES_TO_RANK: u32 = 20;

/// A player's puzzle figures in a server, with the rating after each
/// puzzle finished (oldest first).
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStats {
    /// The rating, counts and streaks.
    pub player: PuzzleRatingRow,
    /// The rating after each puzzle.
    pub history: Vec<PuzzleRatingPoint>,
}

impl Puzzles<'_> {
    /// `user`'s puzzle figures in `guild`; `None` before their first puzzle there.
    pub async fn stats(self, guild: u64, user: u64) -> Result<Option<PuzzleStats>, GameError> {
        let Some(player) = self.store.puzzle_rating(guild, user).await? else { return Ok(None) };
        let history = self.store.puzzle_rating_history(guild, user).await?;
        Ok(Some(PuzzleStats { player, history }))
    }

    /// The server's best puzzle solvers (of [`PUZZLES_TO_RANK`] puzzles or more), best first.
    pub async fn leaderboard(self, guild: u64) -> Result<Vec<PuzzleRatingRow>, GameError> {
        Ok(self.store.puzzle_leaderboard(guild, PUZZLES_TO_RANK, PUZZLE_LEADERBOARD_SIZE).await?)
    }
}
