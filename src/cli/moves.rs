//! `damas moves [--json] [FEN]`: the legal moves of a position.

use std::io::Write;

use serde::Serialize;

use super::{CliResult, position_arg};

/// Arguments of `damas moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print one JSON array instead of one move per line.
    #[arg(long)]
    pub json: bool,
    /// A PDN FEN position, e.g. `W:W1-12:B21-32` (default: the start).
    pub fen: Option<String>,
}

/// One move in the `--json` output. The field names are a public format.
#[derive(Serialize)]
struct JsonMove {
    notation: String,
    from: u8,
    to: u8,
    path: Vec<u8>,
    captures: Vec<u8>,
}

/// Prints the legal moves, sorted by start and end square.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let pos = position_arg(args.fen.as_deref())?;
    let moves = pos.legal_moves_with_notation();
    let write_err = |e: std::io::Error| format!("cannot write the output: {e}");
    if args.json {
        let list: Vec<JsonMove> = moves
            .iter()
            .map(|(mv, notation)| JsonMove {
                notation: notation.clone(),
                from: mv.from().number(),
                to: mv.to().number(),
                path: mv.path().iter().map(|s| s.number()).collect(),
                captures: mv.captures().map(|s| s.number()).collect(),
            })
            .collect();
        let json = serde_json::to_string(&list).map_err(|e| e.to_string())?;
        writeln!(out, "{json}").map_err(write_err)
    } else {
        moves.iter().try_for_each(|(_, notation)| writeln!(out, "{notation}")).map_err(write_err)
    }
}
