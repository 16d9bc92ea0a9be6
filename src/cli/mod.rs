//! The subcommands of the `damas` binary. Each takes its parsed arguments
//! and a writer, and returns a one-line error for stderr.

pub mod analyze;
pub mod backup;
pub mod check;
pub mod copy;
pub mod moves;
pub mod openings;
pub mod perft;
pub mod puzzles;
pub mod render;
pub mod run;
pub mod tables;

/// A subcommand's failure: one sentence for stderr, exit code 1.
pub type CliResult = Result<(), String>;

/// Reads an optional FEN argument; the start position when absent.
pub fn position_arg(fen: Option<&str>) -> Result<crate::rules::Position, String> {
    match fen {
        None => Ok(crate::rules::Position::initial()),
        Some(text) => crate::rules::parse_fen(text).map_err(|e| e.to_string()),
    }
}
