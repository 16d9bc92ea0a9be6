//! `damas puzzles generate [--seed N] [--games N] [--tables PATH]`: the
//! starting set of puzzles, found by the engine in games it plays against
//! itself, in the format of `data/puzzles.txt` (the file in the
//! repository is this command's output with the defaults). The same seed
//! and number of games give the same file on every machine, whatever the
//! number of cores the work is spread over.
//!
//! `damas puzzles flagged` lists the puzzles players reported as wrong;
//! `damas puzzles restore ID` puts one back in rotation once checked.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use super::CliResult;
use super::backup::{database_url, runtime, write_err};
use crate::calendar::Date;
use crate::game::REPORTS_TO_RETIRE;
use crate::store::{Retired, Store};
use crate::engine::puzzle_kin::{NEAR_SQUARES, SHARED_PLIES};
use crate::engine::puzzle_set::{distinct, puzzle_line, puzzles_of_games};
use crate::engine::puzzles::{FIND_DEPTH, MARGIN, VERIFY_DEPTH};
use crate::engine::tables::{self, DEFAULT_PIECES, Tables};
use crate::engine::{DEFAULT_TABLE_MB, Searcher};

/// The seed the file in the repository was made from.
pub const DEFAULT_SEED: u64 = 2026;
/// The games the file in the repository was made from.
pub const DEFAULT_GAMES: u64 = 800;

/// Arguments of `damas puzzles`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// What `damas puzzles` does.
#[derive(clap::Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Plays the engine against itself and prints the puzzles found, one a line.
    Generate(GenerateArgs),
    /// Lists the puzzles players reported as wrong, most reported first.
    Flagged(FlaggedArgs),
    /// Puts a puzzle back in rotation and forgets its reports (once checked).
    Restore(RestoreArgs),
}

/// Arguments of `damas puzzles flagged`.
#[derive(clap::Args, Debug)]
pub struct FlaggedArgs {
    /// The database (default: `DATABASE_URL`, else `damas.db`).
    #[arg(long)]
    pub database: Option<String>,
    /// Most puzzles listed.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(i64).range(1..=10_000))]
    pub limit: i64,
}

/// Arguments of `damas puzzles restore`.
#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The puzzle's number (as `damas puzzles flagged` and the bot show it).
    pub id: i64,
    /// The database (default: `DATABASE_URL`, else `damas.db`).
    #[arg(long)]
    pub database: Option<String>,
}

/// Arguments of `damas puzzles generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// The seed of the games' random moves.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// How many games to play.
    #[arg(long, default_value_t = DEFAULT_GAMES, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games: u64,
    /// The endgame tables file (loaded, or built and saved there if missing).
    #[arg(long, value_name = "PATH")]
    pub tables: Option<PathBuf>,
}

/// Runs `damas puzzles`.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    match &args.command {
        PuzzlesCommand::Generate(args) => generate(args, out),
        PuzzlesCommand::Flagged(args) => flagged(args, out),
        PuzzlesCommand::Restore(args) => restore(args, out),
    }
}

/// Opens the database of `given` (or the environment's).
async fn store(given: Option<&str>) -> Result<Store, String> {
    let url = database_url(given)?;
    Store::open(&url).await.map_err(|e| format!("cannot open the database: {e}"))
}

/// Prints the reported puzzles, each with how to check it and put it back.
fn flagged(args: &FlaggedArgs, out: &mut impl Write) -> CliResult {
    let listed = runtime()?.block_on(async {
        let store = store(args.database.as_deref()).await?;
        store.flagged_puzzles(args.limit).await.map_err(|e| format!("cannot read the reported puzzles: {e}"))
    })?;
    if listed.is_empty() {
        return writeln!(out, "No puzzle has been reported as wrong.").map_err(write_err);
    }
    let mut text = format!(
        "{} reported as wrong, most reported first ({REPORTS_TO_RETIRE} players' reports take one out of rotation):\n",
        count(listed.len() as u64, "puzzle", "puzzles")
    );
    for p in &listed {
        let state = match p.retired {
            Some((at, Retired::Flagged)) => format!("out of rotation since {}", utc(at)),
            Some((at, Retired::Replaced)) => format!("no longer shipped since {}", utc(at)),
            None => "in rotation".to_string(),
        };
        let from = p.game.map_or_else(|| "the shipped set".to_string(), |g| format!("game #{g}"));
        text.push_str(&format!(
            "\n#{} · {} · {state}\n  {} from {from}, played {}, solved {}\n  {};{}\n  \
             check: damas analyze \"{}\" --depth 20\n  put back: damas puzzles restore {}\n",
            p.id,
            count(u64::from(p.flags), "report", "reports"),
            p.theme,
            p.plays,
            p.solves,
            p.fen,
            p.line,
            p.fen,
            p.id
        ));
    }
    out.write_all(text.as_bytes()).map_err(write_err)
}

/// Puts a puzzle back in rotation.
fn restore(args: &RestoreArgs, out: &mut impl Write) -> CliResult {
    let found = runtime()?.block_on(async {
        let store = store(args.database.as_deref()).await?;
        store.restore_puzzle(args.id).await.map_err(|e| format!("cannot restore the puzzle: {e}"))
    })?;
    if !found {
        return Err(format!("there is no puzzle #{}", args.id));
    }
    writeln!(out, "Puzzle #{} is back in rotation; its reports are forgotten.", args.id).map_err(write_err)
}

/// "1 report", "3 reports".
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A moment as "2026-12-07 18:40 UTC".
fn utc(unix: i64) -> String {
    let date = Date::of_unix(unix);
    let minutes = unix.rem_euclid(86_400) / 60;
    format!("{}-{:02}-{:02} {:02}:{:02} UTC", date.year, date.month, date.day, minutes / 60, minutes % 60)
}

/// Prints a comment header, then each puzzle found, in the games' order.
fn generate(args: &GenerateArgs, out: &mut impl Write) -> CliResult {
    let path = args.tables.clone().unwrap_or_else(|| PathBuf::from(tables::file_name(DEFAULT_PIECES)));
    let tables = Arc::new(
        Tables::load_or_build(&path, DEFAULT_PIECES)
            .map_err(|e| format!("cannot load or build the tables at {}: {e}", path.display()))?,
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    // Game i goes to thread i % threads; the results are put back in the
    // games' order, so the file does not depend on the threads.
    let mut found: Vec<(u64, _)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let tables = tables.clone();
                let (seed, games) = (args.seed, args.games);
                scope.spawn(move || {
                    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables));
                    puzzles_of_games(&mut searcher, seed, (t..games).step_by(threads as usize))
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a generator thread panicked")).collect()
    });
    found.sort_by_key(|(game, _)| *game);
    let puzzles = distinct(found.into_iter().map(|(_, p)| p));
    let mut text = format!(
        "# Puzzles found by the engine in {} games it played against itself (seed {}): in each\n\
         # position the side to move has one move that wins (a man or more once the captures are\n\
         # over, or a proven endgame win) and every other scores at least {MARGIN} centi-men worse,\n\
         # at depth {FIND_DEPTH} and again at depth {VERIFY_DEPTH}. A puzzle kin to one kept before it is left out:\n\
         # its position is within {NEAR_SQUARES} squares of one along that one's solution (or the reverse), or\n\
         # one's solution ({SHARED_PLIES} plies or more) runs inside the other's.\n\
         # Made by `damas puzzles generate --seed {} --games {}`.\n\
         # Columns: position (PDN FEN, the solver to move); solution (the solver's moves and the\n\
         # replies); theme; material gained (men, a king is 3).\n",
        args.games, args.seed, args.seed, args.games
    );
    for puzzle in &puzzles {
        text.push_str(&puzzle_line(puzzle));
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))
}
