//! `damas copy --to URL [--from URL]`: every row of one database into an
//! empty other, SQLite to PostgreSQL or back, checked table by table.

use std::io::{IsTerminal, Write};

use super::CliResult;
use super::backup::{database_url, runtime, write_err};
use crate::store::copy::{Copied, Progress, copy};
use crate::store::counted;

/// Arguments of `damas copy`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The database to copy into: new or empty, e.g. postgres://damas@db/damas.
    #[arg(long)]
    pub to: String,
    /// The database to copy (default: `DATABASE_URL`, else `damas.db`).
    #[arg(long)]
    pub from: Option<String>,
}

/// Copies, showing progress on stderr, and prints the check of each table.
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let from = database_url(args.from.as_deref())?;
    let bar = indicatif::ProgressBar::new(0);
    let on_terminal = std::io::stderr().is_terminal();
    if on_terminal {
        let style = indicatif::ProgressStyle::with_template("{msg:>22} [{bar:40}] {pos}/{len} rows, {eta} left")
            .map_err(|e| e.to_string())?
            .progress_chars("=> ");
        bar.set_style(style);
    } else {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let mut show = |p: Progress<'_>| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_message(p.table.to_string());
        if p.table_done && !on_terminal {
            // For logs and scripts: a line per table, as each is written.
            eprintln!("copied {} ({} of {})", p.table, p.done, counted(p.total as i64, "row", "rows"));
        }
    };
    let copied = runtime()?.block_on(copy(&from, &args.to, &mut show)).map_err(|e| e.to_string());
    bar.finish_and_clear();
    print_report(out, &copied?)
}

fn print_report(out: &mut impl Write, copied: &Copied) -> CliResult {
    let width = copied.tables.iter().map(|t| t.table.len()).max().unwrap_or(5).max(5);
    let mut text = format!(
        "{:<width$}  {:>10}  {:>10}  {:>16}  {:>16}  check\n",
        "table", "source", "target", "source checksum", "target checksum"
    );
    for t in &copied.tables {
        let ok = if (t.source_rows, t.source_sum) == (t.target_rows, t.target_sum) { "same" } else { "DIFFERENT" };
        text.push_str(&format!(
            "{:<width$}  {:>10}  {:>10}  {:016x}  {:016x}  {ok}\n",
            t.table, t.source_rows, t.target_rows, t.source_sum, t.target_sum
        ));
    }
    let rows: i64 = copied.tables.iter().map(|t| t.target_rows).sum();
    text.push_str(&format!(
        "Copied {} in {} at schema level {} in {:.1} s; every table reads back the same.\n",
        counted(rows, "row", "rows"),
        counted(copied.tables.len() as i64, "table", "tables"),
        copied.schema_level,
        copied.took.as_secs_f64()
    ));
    out.write_all(text.as_bytes()).map_err(write_err)
}
