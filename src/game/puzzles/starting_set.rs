//! The starting set: the puzzles shipped in `data/puzzles.txt` (made by
//! `damas puzzles generate`), stored once so a new server has puzzles on
//! its first day.

use super::Puzzles;
use crate::engine::puzzle_set::read_puzzle_line;
use crate::game::GameError;
use crate::store::PuzzleRow;

/// The shipped puzzles, one `FEN;solution;theme;gain` a line.
pub const STARTING_SET: &str = include_str!("../../../data/puzzles.txt");

impl Puzzles<'_> {
    /// Stores the starting set unless every one of its puzzles is stored
    /// already; a position stored before (found in a game) is kept as it
    /// was. Returns how many were added.
    pub async fn load_starting_set(self, now: i64) -> Result<u64, GameError> {
        let lines: Vec<&str> = STARTING_SET.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
        if self.store.starting_puzzles().await? >= lines.len() as i64 {
            return Ok(0);
        }
        let mut rows = Vec::with_capacity(lines.len());
        for line in lines {
            let puzzle = read_puzzle_line(line).map_err(|e| GameError::Corrupt(format!("starting set: {e}")))?;
            rows.push(PuzzleRow {
                fen: puzzle.position.to_string(),
                line: puzzle.line_notation().join(" "),
                theme: puzzle.theme.name().to_string(),
                gain: puzzle.gain,
                source: None,
            });
        }
        Ok(self.store.insert_puzzles(&rows, now).await?)
    }
}
