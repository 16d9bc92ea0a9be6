//! A player's puzzle figures and the server's puzzle leaderboard.

use super::Puzzles;
use crate::game::GameError;
use crate::store::{PuzzleRatingPoint, PuzzleRatingRow};

/// Players a puzzle leaderboard shows at most.
pub const PUZZLE_LEADERBOARD_SIZE: i64 = 10;

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

    /// The server's best established puzzle solvers, best first.
    pub async fn leaderboard(self, guild: u64) -> Result<Vec<PuzzleRatingRow>, GameError> {
        Ok(self.store.puzzle_leaderboard(guild, PUZZLE_LEADERBOARD_SIZE).await?)
    }
}
