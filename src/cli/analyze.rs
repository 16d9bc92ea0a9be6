//! `damas analyze [FEN] [--level N] [--depth D] [--ms MS] [--variant V] [--json]`:
//! the engine's best move and judgement of a position.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use super::{CliResult, position_arg};
use crate::engine::tables::Tables;
use crate::engine::{Analysis, DEFAULT_TABLE_MB, Level, Root, Searcher, Verdict, choose_move};
use crate::rules::{Color, DrawRules, Position, Variant};

/// Time to think when neither `--depth` nor `--ms` is given.
const DEFAULT_MS: u64 = 1_000;

/// Arguments of `damas analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PDN FEN position, e.g. `W:W1-12:B21-32` (default: the start).
    pub fen: Option<String>,
    /// Playing level, 1 (weakest) to 10 (full strength).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Search to this depth in plies (alone: no time limit, so the answer
    /// is the same every time).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Think for at most this many milliseconds (default 1000 unless
    /// `--depth` is given).
    #[arg(long)]
    pub ms: Option<u64>,
    /// The variant: classic or giveaway.
    #[arg(long, default_value = "classic", value_parser = |s: &str| s.trim().parse::<Variant>())]
    pub variant: Variant,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The endgame tables' file, built there on first use (default: the
    /// bot's, from `ENGINE_TABLES` (`off`: none) else beside the SQLite
    /// database of `DATABASE_URL`; building 4 pieces takes about half a
    /// minute, once).
    #[arg(long)]
    pub tables: Option<PathBuf>,
    /// Most pieces of the endgame tables (2-5; 5 needs about 400 MB).
    #[arg(long, default_value_t = crate::engine::DEFAULT_TABLE_PIECES, value_parser = clap::value_parser!(u32).range(2..=5))]
    pub table_pieces: u32,
    /// Search without endgame tables.
    #[arg(long, conflicts_with = "tables")]
    pub no_tables: bool,
}

/// The `--json` output; the field names are a public format.
#[derive(Serialize)]
struct JsonAnalysis {
    best: Option<String>,
    score: i32,
    result: Option<&'static str>,
    plies: Option<u32>,
    pv: Vec<String>,
    depth: u32,
    nodes: u64,
    ms: u64,
}

/// Analyses the position and prints the answer.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let pos = position_arg(args.fen.as_deref())?;
    let path = match &args.tables {
        Some(path) => Some(path.clone()),
        None if args.no_tables => None,
        None => crate::config::engine_tables_from_env(args.table_pieces),
    };
    let tables = path.map(|path| load_tables(&path, args.table_pieces)).transpose()?;
    let level = Level::new(args.level).ok_or("the level must be 1 to 10")?;
    let time = match (args.ms, args.depth) {
        (Some(ms), _) => Some(Duration::from_millis(ms)),
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_millis(DEFAULT_MS)),
    };
    let mut limits = level.limits(time.unwrap_or(Duration::MAX));
    limits.time = time;
    if args.depth.is_some() {
        limits.depth = args.depth;
    }
    let root = Root::new(pos, args.variant, DrawRules::Classic);
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, tables);
    let analysis = if level == Level::MAX {
        crate::engine::analyze(&mut searcher, &root, &limits)
    } else {
        choose_move(&mut searcher, &root, level, limits.time.unwrap_or(Duration::MAX))
    };
    let write_err = |e: std::io::Error| format!("cannot write the output: {e}");
    if args.json {
        let json = serde_json::to_string(&to_json(&analysis, &pos)).map_err(|e| e.to_string())?;
        writeln!(out, "{json}").map_err(write_err)
    } else {
        write_text(&analysis, &pos, out).map_err(write_err)
    }
}

/// Loads the tables from `path`, building them on first use.
fn load_tables(path: &std::path::Path, pieces: u32) -> Result<Arc<Tables>, String> {
    let tables = Tables::load_or_build(path, pieces)
        .map_err(|e| format!("cannot read or write the endgame tables at {}: {e}", path.display()))?;
    Ok(Arc::new(tables))
}

fn to_json(a: &Analysis, pos: &Position) -> JsonAnalysis {
    JsonAnalysis {
        best: a.best.map(|mv| pos.notation(&mv)),
        score: a.score,
        result: a.proof.map(|p| p.verdict.name()),
        plies: a.proof.map(|p| p.plies),
        pv: a.pv_notation(pos),
        depth: a.depth,
        nodes: a.nodes,
        ms: a.elapsed.as_millis() as u64,
    }
}

fn write_text(a: &Analysis, pos: &Position, out: &mut impl Write) -> std::io::Result<()> {
    let mover = pos.turn();
    match a.best {
        Some(mv) => writeln!(out, "best move: {}", pos.notation(&mv))?,
        None => writeln!(out, "best move: none ({mover} has no legal move)")?,
    }
    writeln!(out, "evaluation: {}", describe(a, mover))?;
    if !a.pv.is_empty() {
        writeln!(out, "line: {}", a.pv_notation(pos).join(" "))?;
    }
    writeln!(out, "depth {}, {} nodes, {} ms", a.depth, a.nodes, a.elapsed.as_millis())
}

/// The evaluation in words, from White's point of view.
fn describe(a: &Analysis, mover: Color) -> String {
    if let Some(proof) = a.proof {
        let (winner, loser) = match proof.verdict {
            Verdict::Win => (mover, mover.opponent()),
            Verdict::Loss => (mover.opponent(), mover),
            Verdict::Draw => return "a draw with best play (proven)".into(),
        };
        let plies = crate::store::counted(proof.plies, "ply", "plies");
        return format!("{winner} wins in {plies} (proven; {loser} loses)");
    }
    let white = if mover == Color::White { a.score } else { -a.score };
    let men = white as f64 / 100.0;
    let judgement = match white {
        s if s.abs() < 25 => "about equal".to_string(),
        s if s > 0 => format!("White is better, about {men:+.1} men"),
        _ => format!("Black is better, about {men:+.1} men"),
    };
    format!("{judgement} ({men:+.2} for White)")
}
