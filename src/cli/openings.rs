//! `damas openings [--depth N]`: the balanced two-ply openings of match
//! play (RULES 8.3c), in the format of `data/balanced_openings.txt`. The
//! file in the repository is this command's output at the default depth.

use std::io::Write;

use super::CliResult;
use crate::engine::{BALANCED_OPENINGS, balanced_openings};

/// The depth the file in the repository was made at.
pub const DEFAULT_DEPTH: u32 = 12;

/// Arguments of `damas openings`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Depth of the search that scores each opening, in plies.
    #[arg(long, default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
}

/// Prints a comment header, then one opening per line: White's move,
/// Black's reply and the engine's score for White.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let openings = balanced_openings(args.depth);
    let mut text = format!(
        "# The {BALANCED_OPENINGS} balanced two-ply openings of match play (RULES 8.3c): of the 7 x 7\n\
         # openings from the start, those whose score by the engine's search at depth {} is\n\
         # closest to equal. Games 3 and 4 of a match start from one of them, drawn at random.\n\
         # Made by `damas openings --depth {}`; columns: White's move, Black's reply, score for White.\n",
        args.depth, args.depth
    );
    for o in &openings {
        text.push_str(&format!("{} {} {}\n", o.first, o.reply, o.score));
    }
    out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))
}
