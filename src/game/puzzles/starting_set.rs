//! The starting set: the puzzles shipped in `data/puzzles.txt` (made by
//! `damas puzzles generate`), stored so a new server has puzzles on its
//! first day, and kept in step with the shipped file when a new version of
//! the bot ships a new set.

use super::Puzzles;
use crate::engine::puzzle_set::{puzzle_lines, read_puzzle_line};
use crate::game::GameError;
use crate::store::{PuzzleRow, SetSync};

/// The shipped puzzles, one `FEN;solution;theme;gain` a line.
pub const STARTING_SET: &str = include_str!("../../../data/puzzles.txt");

impl Puzzles<'_> {
    /// Brings the stored starting set in step with the shipped one: new
    /// puzzles stored, changed solutions taken, puzzles no longer shipped
    /// out of rotation (attempts at them finish as usual). A position
    /// stored before from a game is kept as it was.
    pub async fn load_starting_set(self, now: i64) -> Result<SetSync, GameError> {
        Ok(self.store.sync_shipped_puzzles(&shipped_rows()?, now).await?)
    }
}

/// The shipped set as rows to store.
fn shipped_rows() -> Result<Vec<PuzzleRow>, GameError> {
    puzzle_lines(STARTING_SET)
        .map(|line| {
            let puzzle = read_puzzle_line(line).map_err(|e| GameError::Corrupt(format!("starting set: {e}")))?;
            Ok(PuzzleRow {
                fen: puzzle.position.to_string(),
                line: puzzle.line_notation().join(" "),
                theme: puzzle.theme.name().to_string(),
                gain: puzzle.gain,
                source: None,
            })
        })
        .collect()
}
