//! Players report a puzzle they think is wrong, from its result: a report
//! per player and puzzle; the report that makes [`REPORTS_TO_RETIRE`] takes
//! the puzzle out of rotation (no longer chosen for `/puzzle play` nor as a
//! daily puzzle), and the operator sees the reported ones with `damas
//! puzzles flagged` and puts back those that hold with `damas puzzles
//! restore`.

use super::Puzzles;
use crate::game::GameError;
use crate::store::{FlagOutcome, FlaggedPuzzle};

/// Players who must report a puzzle before it leaves the rotation: one
/// player's doubt (often a miss they disagree with) is not enough; three
/// who finished it and say so are.
pub const REPORTS_TO_RETIRE: u32 = 3;

impl Puzzles<'_> {
    /// `user` reports the puzzle of their attempt `attempt` as wrong at
    /// `now`. Refused, changing nothing, for someone else's attempt or one
    /// not finished; a second report by the same player counts once.
    pub async fn report(self, attempt: i64, user: u64, now: i64) -> Result<FlagOutcome, GameError> {
        let row = self.store.attempt(attempt).await?.ok_or(GameError::NotYourPuzzle)?;
        if row.user != user {
            return Err(GameError::NotYourPuzzle);
        }
        if row.solved.is_none() {
            return Err(GameError::PuzzleNotOver);
        }
        let outcome = self.store.flag_puzzle(row.puzzle.id, row.guild, user, now, REPORTS_TO_RETIRE).await?;
        if outcome.retired_now {
            tracing::warn!(
                puzzle = outcome.puzzle,
                reports = outcome.flags,
                "players reported a puzzle as wrong: it is out of rotation (see `damas puzzles flagged`)"
            );
        }
        Ok(outcome)
    }

    /// The reported puzzles, most reported first (at most `limit`).
    pub async fn reported(self, limit: i64) -> Result<Vec<FlaggedPuzzle>, GameError> {
        Ok(self.store.flagged_puzzles(limit).await?)
    }

    /// Puts puzzle `id` back in rotation, its reports forgotten; `false`
    /// when there is no such puzzle.
    pub async fn restore(self, id: i64) -> Result<bool, GameError> {
        Ok(self.store.restore_puzzle(id).await?)
    }
}
