//! `damas backup FILE` (and `--check FILE`) and `damas restore FILE`:
//! a consistent copy of the SQLite database while the bot runs, and putting
//! one back while it does not.

use std::io::Write;
use std::path::PathBuf;

use super::CliResult;
use crate::store::backup::{BackupError, BackupFacts, inspect, restore, write_backup};

/// Arguments of `damas backup`.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The file to write (or, with `--check`, to check).
    pub file: PathBuf,
    /// Replace `FILE` if it exists.
    #[arg(long)]
    pub force: bool,
    /// Only check an existing backup: SQLite's integrity check, the
    /// foreign keys, the schema level and every table's rows.
    #[arg(long, conflicts_with = "force")]
    pub check: bool,
    /// The database to back up (default: `DATABASE_URL`, else `damas.db`).
    #[arg(long)]
    pub database: Option<String>,
    /// When the check finds damage, list every problem it found (by
    /// default, only how many).
    #[arg(long)]
    pub details: bool,
}

/// Arguments of `damas restore`.
#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The backup to restore (made by `damas backup`).
    pub file: PathBuf,
    /// Replace the database if one exists (it is moved aside, not deleted).
    #[arg(long)]
    pub force: bool,
    /// The database to restore into (default: `DATABASE_URL`, else `damas.db`).
    #[arg(long)]
    pub database: Option<String>,
    /// When the backup is damaged, list every problem its check found (by
    /// default, only how many).
    #[arg(long)]
    pub details: bool,
}

/// Writes (or checks) a backup and prints what it holds.
pub fn run_backup(args: &BackupArgs, out: &mut impl Write) -> CliResult {
    let runtime = runtime()?;
    if args.check {
        let facts = runtime.block_on(inspect(&args.file)).map_err(|e| refusal(e, args.details))?;
        print_facts(out, &facts)?;
        return writeln!(out, "{} is sound.", args.file.display()).map_err(write_err);
    }
    let url = database_url(args.database.as_deref())?;
    let written = runtime.block_on(write_backup(&url, &args.file, args.force)).map_err(|e| refusal(e, args.details))?;
    print_facts(out, &written.facts)?;
    writeln!(
        out,
        "Backed up to {} ({}) in {:.1} s, and checked.",
        written.path.display(),
        size(written.facts.bytes),
        written.took.as_secs_f64()
    )
    .map_err(write_err)
}

/// Restores a backup in place of the database and prints what it holds.
pub fn run_restore(args: &RestoreArgs, out: &mut impl Write) -> CliResult {
    let url = database_url(args.database.as_deref())?;
    let restored = runtime()?.block_on(restore(&args.file, &url, args.force)).map_err(|e| refusal(e, args.details))?;
    print_facts(out, &restored.facts)?;
    if let Some(old) = &restored.replaced {
        writeln!(out, "The database it replaced is kept as {}.", old.display()).map_err(write_err)?;
    }
    writeln!(out, "Restored {} to {}: start the bot again.", args.file.display(), restored.database.display())
        .map_err(write_err)
}

/// Why a backup or restore did not happen, in one sentence; for a damaged
/// file, how many problems its check found, and with `details` each of
/// them on a line of its own after it.
fn refusal(e: BackupError, details: bool) -> String {
    let sentence = e.to_string();
    match e {
        BackupError::Damaged { problems, .. } if !problems.is_empty() => {
            if details {
                format!("{sentence}:\n{}", problems.join("\n"))
            } else {
                let them = if problems.len() == 1 { "it" } else { "them" };
                format!("{sentence} (add --details to see {them})")
            }
        }
        _ => sentence,
    }
}

/// The table of a backup's rows, then its schema level.
fn print_facts(out: &mut impl Write, facts: &BackupFacts) -> CliResult {
    let width = facts.tables.iter().map(|t| t.table.len()).max().unwrap_or(5).max(5);
    let mut text = format!("{:<width$}  {:>10}\n", "table", "rows");
    for t in &facts.tables {
        text.push_str(&format!("{:<width$}  {:>10}\n", t.table, t.rows));
    }
    text.push_str(&format!("{:<width$}  {:>10}\n", "all", facts.total_rows()));
    text.push_str(&format!("Schema level {}; SQLite's integrity check: ok.\n", facts.schema_level));
    out.write_all(text.as_bytes()).map_err(write_err)
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / 1048576.0)
    } else {
        format!("{} kB", bytes.div_ceil(1024))
    }
}

/// The database URL given, else the one the environment names.
pub(super) fn database_url(given: Option<&str>) -> Result<String, String> {
    match given {
        Some(url) => Ok(url.to_string()),
        None => crate::config::database_url_from_env().map_err(|e| e.to_string()),
    }
}

pub(super) fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

pub(super) fn write_err(e: std::io::Error) -> String {
    format!("cannot write the output: {e}")
}
