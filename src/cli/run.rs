//! `damas run`: the Discord bot.

use super::CliResult;

/// Starts the bot.
pub fn run() -> CliResult {
    Err("the Discord bot is not built yet; `damas moves` and `damas perft` work today".into())
}
