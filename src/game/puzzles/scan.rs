//! Scanning finished games for puzzles.

use super::Puzzles;
use crate::engine::puzzles::{Deep, FIND_DEPTH, VERIFY_DEPTH, deep_limits, puzzles_in_game};
use crate::game::GameError;
use crate::rules::{DrawRules, Game, Variant, parse_fen};
use crate::store::PuzzleRow;

/// How long a process may take to scan a game it claimed before another
/// takes it up (seconds): a game costs well under a second of one core,
/// but its searches wait while moves, analyses and pictures go first.
pub const SCAN_LEASE: i64 = 600;

/// What one scan did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scanned {
    /// Finished games scanned.
    pub games: usize,
    /// Puzzles found that were not stored before.
    pub puzzles: u64,
}

impl Puzzles<'_> {
    /// Scans up to `limit` finished classic games not scanned before
    /// (each leased to one process at a time, and scanned again if a crash
    /// cut its scan short) and stores the puzzles found in them. The searches run as background jobs of the
    /// worker pool: they wait while any move, analysis or picture waits.
    pub async fn scan_finished_games(self, now: i64, limit: i64) -> Result<Scanned, GameError> {
        let mut done = Scanned::default();
        for claimed in self.store.claim_games_to_scan(now, SCAN_LEASE, limit).await? {
            let start = parse_fen(&claimed.start_fen)
                .map_err(|e| GameError::Corrupt(format!("game {} start {}: {e}", claimed.id, claimed.start_fen)))?;
            // Puzzles are about the position: the draw rules do not change
            // a shot, and classic ones are what a puzzle is played under.
            let game = Game::replay(start, Variant::Classic, DrawRules::Classic, &claimed.moves)
                .map_err(|(i, e)| GameError::Corrupt(format!("game {} does not replay at ply {i}: {e}", claimed.id)))?;
            let found = self
                .engine
                .run_in_background(move |searcher| {
                    puzzles_in_game(searcher, &game, FIND_DEPTH, VERIFY_DEPTH, &deep_limits())
                })
                .await?;
            let rows: Vec<PuzzleRow> = found
                .iter()
                .map(|(ply, Deep { puzzle, .. })| PuzzleRow {
                    fen: puzzle.position.to_string(),
                    line: puzzle.line_notation().join(" "),
                    theme: puzzle.theme.name().to_string(),
                    gain: puzzle.gain,
                    source: Some((claimed.id, *ply as u32)),
                })
                .collect();
            done.puzzles += self.store.store_scan(claimed.id, &rows, now).await?;
            done.games += 1;
        }
        Ok(done)
    }
}
