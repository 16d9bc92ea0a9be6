//! The `damas` command: the bot (`damas run`) and tools around its rules.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Spanish draughts (damas españolas) for Discord, and tools for its rules.
#[derive(Parser)]
#[command(name = "damas", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs the Discord bot (settings from the environment or `.env`).
    Run,
    /// Writes a consistent, checked copy of the SQLite database, even while the bot runs.
    Backup(damas::cli::backup::BackupArgs),
    /// Puts a backup back in place of the SQLite database (with the bot stopped).
    Restore(damas::cli::backup::RestoreArgs),
    /// Copies every row of the database into an empty other (SQLite to PostgreSQL, or back), checked.
    Copy(damas::cli::copy::Args),
    /// Says what stops a silent bot: the token, the database, the endgame tables, its permissions per channel.
    Check,
    /// The engine's best move and evaluation of a position.
    Analyze(damas::cli::analyze::Args),
    /// Lists the legal moves of a position.
    Moves(damas::cli::moves::Args),
    /// Prints the balanced two-ply openings of match play (`data/balanced_openings.txt`).
    Openings(damas::cli::openings::Args),
    /// Finds puzzles: `generate` makes the starting set (`data/puzzles.txt`).
    Puzzles(damas::cli::puzzles::Args),
    /// Counts move sequences to a depth (perft), to check the move generator.
    Perft(damas::cli::perft::Args),
    /// Draws a position as a PNG picture of the board.
    Render(damas::cli::render::Args),
    /// Builds or loads the endgame tables and looks positions up in them.
    Tables(damas::cli::tables::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run => damas::cli::run::run(),
        Command::Backup(args) => damas::cli::backup::run_backup(&args, &mut std::io::stdout().lock()),
        Command::Restore(args) => damas::cli::backup::run_restore(&args, &mut std::io::stdout().lock()),
        Command::Copy(args) => damas::cli::copy::run(&args, &mut std::io::stdout().lock()),
        Command::Check => damas::cli::check::run(&mut std::io::stdout().lock()),
        Command::Analyze(args) => damas::cli::analyze::run(&args, &mut std::io::stdout().lock()),
        Command::Moves(args) => damas::cli::moves::run(&args, &mut std::io::stdout().lock()),
        Command::Openings(args) => damas::cli::openings::run(&args, &mut std::io::stdout().lock()),
        Command::Puzzles(args) => damas::cli::puzzles::run(&args, &mut std::io::stdout().lock()),
        Command::Perft(args) => damas::cli::perft::run(&args, &mut std::io::stdout().lock()),
        Command::Render(args) => damas::cli::render::run(&args, &mut std::io::stdout().lock()),
        Command::Tables(args) => damas::cli::tables::run(&args, &mut std::io::stdout().lock()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("damas: {message}");
            ExitCode::FAILURE
        }
    }
}
