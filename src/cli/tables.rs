//! `damas tables [--pieces N] [--file PATH] [--probe FEN]...`: builds the
//! endgame tables (or loads them from their cache file), prints what they
//! hold, and looks positions up in them.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use super::CliResult;
use crate::engine::tables::{self, DEFAULT_PIECES, MAX_SUPPORTED_PIECES, TableValue, Tables, Wdl};
use crate::rules::{Position, parse_fen};

/// Arguments of `damas tables`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Positions with at most this many pieces (4 builds in seconds; 5 is
    /// far larger).
    #[arg(long, default_value_t = DEFAULT_PIECES,
          value_parser = clap::value_parser!(u32).range(0..=MAX_SUPPORTED_PIECES as i64))]
    pub pieces: u32,
    /// The cache file (default: damas-tables-N.bin in the current folder,
    /// beside the default database damas.db).
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,
    /// Build the tables even if the file is valid, and replace it.
    #[arg(long)]
    pub rebuild: bool,
    /// A PDN FEN position to look up (may be repeated).
    #[arg(long, value_name = "FEN")]
    pub probe: Vec<String>,
}

/// Loads or builds the tables, prints the time, the size and the counts
/// per piece count, then one line per probed position.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    // Read every position first: a typo must not cost a build.
    let positions: Vec<(String, Position)> = args
        .probe
        .iter()
        .map(|text| parse_fen(text).map(|pos| (text.clone(), pos)).map_err(|e| format!("--probe {text}: {e}")))
        .collect::<Result<_, _>>()?;
    let path = args.file.clone().unwrap_or_else(|| PathBuf::from(tables::file_name(args.pieces)));
    let write_err = |e: std::io::Error| format!("cannot write the output: {e}");
    let started = Instant::now();
    let loaded = if args.rebuild { None } else { Tables::load(&path, args.pieces).ok() };
    let (tables, how) = match loaded {
        Some(tables) => (tables, "loaded"),
        None => {
            let tables = Tables::build(args.pieces);
            tables.save(&path).map_err(|e| format!("cannot write the tables to {}: {e}", path.display()))?;
            (tables, "built and saved")
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "{} pieces: {how} {} in {seconds:.2} s ({} bytes, {:.1} MB)",
        tables.max_pieces(),
        path.display(),
        tables.file_len(),
        tables.file_len() as f64 / 1e6
    )
    .map_err(write_err)?;
    writeln!(out, "pieces positions wins draws losses longest_plies").map_err(write_err)?;
    for row in tables.summary() {
        let positions = row.wins + row.draws + row.losses;
        writeln!(out, "{} {positions} {} {} {} {}", row.pieces, row.wins, row.draws, row.losses, row.longest)
            .map_err(write_err)?;
    }
    for (text, pos) in positions {
        writeln!(out, "{text}: {}", describe(&tables, &pos)).map_err(write_err)?;
    }
    Ok(())
}

/// `win in 7 plies, best move 1-10`, or why the position is not in the tables.
fn describe(tables: &Tables, pos: &Position) -> String {
    let pieces = pos.count(crate::rules::Color::White) + pos.count(crate::rules::Color::Black);
    let Some(value) = tables.probe(pos) else {
        return format!("not in the tables ({pieces} pieces; they hold at most {})", tables.max_pieces());
    };
    let plies = |n: u16| if n == 1 { "1 ply".to_string() } else { format!("{n} plies") };
    let verdict = match value {
        TableValue { wdl: Wdl::Win, plies: n } => format!("{} wins in {}", pos.turn(), plies(n)),
        TableValue { wdl: Wdl::Loss, plies: n } => format!("{} loses in {}", pos.turn(), plies(n)),
        TableValue { wdl: Wdl::Draw, .. } => "draw".to_string(),
    };
    match tables.best_move(pos) {
        Some((mv, _)) => format!("{verdict}, best move {}", pos.notation(&mv)),
        None => format!("{verdict}, no legal move"),
    }
}
