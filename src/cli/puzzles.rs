//! `damas puzzles generate [--seed N] [--games N] [--tables PATH]`: the
//! starting set of puzzles, found by the engine in games it plays against
//! itself, in the format of `data/puzzles.txt` (the file in the
//! repository is this command's output with the defaults). The same seed
//! and number of games give the same file on every machine, whatever the
//! number of cores the work is spread over.
//!
//! `damas puzzles verify FILE` checks a puzzle file again with the deep
//! check; `damas puzzles flagged` lists the puzzles players reported as wrong;
//! `damas puzzles restore ID` puts one back in rotation once checked.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use super::CliResult;
use super::backup::{database_url, runtime, write_err};
use crate::calendar::Date;
use crate::engine::puzzle_kin::{NEAR_SQUARES, SHARED_PLIES};
use crate::engine::puzzle_set::{distinct, puzzle_line, puzzle_lines, puzzles_of_games, read_puzzle_line};
use crate::engine::puzzles::{DEEP_DEPTH, DEEP_NODES, FIND_DEPTH, MARGIN, VERIFY_DEPTH, deep_limits, verify_deeply};
use crate::engine::tables::{self, DEFAULT_PIECES, Tables};
use crate::engine::{DEFAULT_TABLE_MB, Limits, Searcher};
use crate::game::REPORTS_TO_RETIRE;
use crate::rules::{DrawRules, Variant};
use crate::store::{Retired, Store};

/// The seed the file in the repository was made from.
pub const DEFAULT_SEED: u64 = 2026;
/// The games the file in the repository was made from.
pub const DEFAULT_GAMES: u64 = 1200;

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
    /// Checks a puzzle file again with the deep check and prints what holds.
    Verify(VerifyArgs),
    /// Lists the puzzles players reported as wrong, most reported first.
    Flagged(FlaggedArgs),
    /// Puts a puzzle back in rotation and forgets its reports (once checked).
    Restore(RestoreArgs),
}

/// Arguments of `damas puzzles verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The puzzle file (as `damas puzzles generate` writes it).
    pub file: PathBuf,
    /// Check only the first N puzzles.
    #[arg(long)]
    pub limit: Option<usize>,
    /// The endgame tables file (loaded, or built and saved there if missing).
    #[arg(long, value_name = "PATH")]
    pub tables: Option<PathBuf>,
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
    /// The deep check's node budget for the search of each position (the
    /// shipped file uses the default).
    #[arg(long, default_value_t = DEEP_NODES, value_parser = clap::value_parser!(u64).range(1_000..))]
    pub deep_nodes: u64,
}

/// Runs `damas puzzles`.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    match &args.command {
        PuzzlesCommand::Generate(args) => generate(args, out),
        PuzzlesCommand::Verify(args) => verify(args, out),
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
             check: damas analyze \"{}\" --depth {DEEP_DEPTH}\n  put back: damas puzzles restore {}\n",
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

/// "12 million", or the number as it is when it is not a round million.
fn millions(n: u64) -> String {
    if n.is_multiple_of(1_000_000) { format!("{} million", n / 1_000_000) } else { n.to_string() }
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

/// The endgame tables at `given` (or the default file), built if missing.
fn load_tables(given: Option<&PathBuf>) -> Result<Arc<Tables>, String> {
    let path = given.cloned().unwrap_or_else(|| PathBuf::from(tables::file_name(DEFAULT_PIECES)));
    Ok(Arc::new(
        Tables::load_or_build(&path, DEFAULT_PIECES)
            .map_err(|e| format!("cannot load or build the tables at {}: {e}", path.display()))?,
    ))
}

/// What the deep check made of one puzzle of a file.
enum Checked {
    /// It holds with its own line, at this depth.
    Held(u32),
    /// It holds, with another line or theme (the deep search's).
    Changed(u32, String),
    /// It does not hold.
    Refused,
}

/// Checks each puzzle of a file with the deep check (on every core) and
/// prints those that do not hold as they are, then a summary.
fn verify(args: &VerifyArgs, out: &mut impl Write) -> CliResult {
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let lines: Vec<&str> = puzzle_lines(&text).collect();
    let lines = &lines[..args.limit.unwrap_or(usize::MAX).min(lines.len())];
    let puzzles = lines.iter().map(|l| read_puzzle_line(l)).collect::<Result<Vec<_>, _>>()?;
    let tables = load_tables(args.tables.as_ref())?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = std::time::Instant::now();
    let mut checked: Vec<(usize, Checked)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (tables, puzzles) = (tables.clone(), &puzzles);
                scope.spawn(move || {
                    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables));
                    let limits = deep_limits();
                    (t..puzzles.len())
                        .step_by(threads)
                        .map(|i| {
                            let p = &puzzles[i];
                            let deep = verify_deeply(&mut searcher, p, Variant::Classic, DrawRules::Classic, &limits);
                            let checked = match deep {
                                None => Checked::Refused,
                                Some(d) if d.puzzle == *p => Checked::Held(d.depth),
                                Some(d) => Checked::Changed(d.depth, puzzle_line(&d.puzzle)),
                            };
                            (i, checked)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a checking thread panicked")).collect()
    });
    checked.sort_by_key(|(i, _)| *i);
    let mut report = String::new();
    let mut depths = Vec::new();
    let (mut refused, mut changed) = (0, 0);
    for (i, result) in &checked {
        match result {
            Checked::Held(depth) => depths.push(*depth),
            Checked::Changed(depth, line) => {
                depths.push(*depth);
                changed += 1;
                report.push_str(&format!("changed: {}\n    now: {line}\n", lines[*i]));
            }
            Checked::Refused => {
                refused += 1;
                report.push_str(&format!("refused: {}\n", lines[*i]));
            }
        }
    }
    depths.sort_unstable();
    let depth_words = match (depths.first(), depths.get(depths.len() / 2)) {
        (Some(least), Some(median)) => {
            format!("; the searches of the positions reached depth {least} at least, {median} in the median")
        }
        _ => String::new(),
    };
    report.push_str(&format!(
        "{} checked to depth {DEEP_DEPTH} or {} million nodes a search in {:.0} s: {} held as they are, {changed} with another line, {refused} refused{depth_words}.\n",
        count(puzzles.len() as u64, "puzzle", "puzzles"),
        DEEP_NODES / 1_000_000,
        started.elapsed().as_secs_f64(),
        puzzles.len() - changed - refused,
    ));
    out.write_all(report.as_bytes()).map_err(write_err)
}

/// Prints a comment header, then each puzzle found, in the games' order.
fn generate(args: &GenerateArgs, out: &mut impl Write) -> CliResult {
    let tables = load_tables(args.tables.as_ref())?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    // Game i goes to thread i % threads; the results are put back in the
    // games' order, so the file does not depend on the threads.
    let mut found: Vec<(u64, _)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let tables = tables.clone();
                let (seed, games) = (args.seed, args.games);
                let deep = Limits { nodes: Some(args.deep_nodes), ..deep_limits() };
                scope.spawn(move || {
                    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables));
                    puzzles_of_games(&mut searcher, seed, (t..games).step_by(threads as usize), &deep)
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a generator thread panicked")).collect()
    });
    found.sort_by_key(|(game, _)| *game);
    let kept = distinct(found.into_iter().map(|(_, d)| d));
    let mut depths: Vec<u32> = kept.iter().map(|d| d.depth).collect();
    depths.sort_unstable();
    let (least, median) = (depths.first().copied().unwrap_or(0), depths.get(depths.len() / 2).copied().unwrap_or(0));
    let deeper = depths.iter().filter(|&&d| d >= DEEP_DEPTH).count();
    let mut text = format!(
        "# Puzzles found by the engine in {} games it played against itself (seed {}): in each\n\
         # position the side to move has one move that wins (a man or more in hand, or a proven\n\
         # endgame win) and every other scores at least {MARGIN} centi-men worse, at depth {FIND_DEPTH}, again at\n\
         # depth {VERIFY_DEPTH}, and again by the deep check: a search to depth {DEEP_DEPTH} or {} nodes\n\
         # (whichever comes first), from an empty table, with the endgame tables of {DEFAULT_PIECES} pieces,\n\
         # must still find the winning move best and winning; every other move, searched from the\n\
         # reply a ply less deep on a quarter of the nodes, must not win and must score at least\n\
         # {MARGIN} worse. The deep searches of these {} positions reached depth {DEEP_DEPTH} in {deeper} (a proven\n\
         # result ends a search sooner), depth {median} in the median, {least} at the least.\n\
         # The solution is the deep search's line up to the solver's move after which the gain is\n\
         # in hand: whatever the opponent replies, a capture back or a man crowned (a king is 3),\n\
         # the solver stays at least a man up (an endgame's line ends where the win is proven).\n\
         # A puzzle kin to one kept before it is left out: its position is within {NEAR_SQUARES} squares of one\n\
         # along that one's solution (or the reverse), or one's solution ({SHARED_PLIES} plies or more)\n\
         # runs inside the other's.\n\
         # Made by `damas puzzles generate --seed {} --games {}`.\n\
         # Columns: position (PDN FEN, the solver to move); solution (the solver's moves and the\n\
         # replies); theme; material gained (men, a king is 3).\n",
        args.games,
        args.seed,
        millions(args.deep_nodes),
        kept.len(),
        args.seed,
        args.games
    );
    for deep in &kept {
        text.push_str(&puzzle_line(&deep.puzzle));
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))
}
