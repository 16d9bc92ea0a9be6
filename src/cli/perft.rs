//! `damas perft DEPTH [FEN]`: node counts for each depth up to DEPTH.

use std::io::Write;
use std::time::Instant;

use super::{CliResult, position_arg};
use crate::rules::perft;

/// Arguments of `damas perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The deepest depth to count (1 or more).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// A PDN FEN position (default: the start).
    pub fen: Option<String>,
}

/// Prints `depth nodes seconds nodes_per_second`, one line per depth.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let pos = position_arg(args.fen.as_deref())?;
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = perft(&pos, depth);
        let seconds = started.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
        writeln!(out, "{depth} {nodes} {seconds:.3} {nps:.0}").map_err(|e| format!("cannot write the output: {e}"))?;
    }
    Ok(())
}
