//! The starting set of puzzles stored at start-up, then finished games
//! scanned for puzzles, a few at each tick of the clock
//! loop's interval, when no answer is being made: the searches run as the
//! worker pool's background jobs, after every move, analysis and picture.

use std::time::Duration;

use tokio::sync::watch;

use crate::config::Clock;
use crate::discord::background::answering::{Answering, YIELD_AT_MOST};
use crate::game::GameService;
use crate::store::SetSync;

/// Games scanned at each tick at most (a game of 80 plies costs about
/// 0.15 s of one core).
const GAMES_PER_TICK: i64 = 4;

/// Runs until `stop` turns true.
pub async fn run(
    service: GameService,
    clock: Clock,
    every: Duration,
    answering: Answering,
    mut stop: watch::Receiver<bool>,
) {
    // The starting set first, so a new server has puzzles on day one.
    match service.puzzles().load_starting_set(clock.now()).await {
        Ok(sync) if sync == SetSync::default() => {}
        Ok(SetSync { added, updated, retired }) => {
            tracing::info!(added, updated, retired, "the stored starting set of puzzles is the shipped one");
        }
        Err(e) => tracing::error!(error = %e, "could not store the starting set of puzzles"),
    }
    loop {
        answering.quiet_or(YIELD_AT_MOST).await;
        match service.puzzles().scan_finished_games(clock.now(), GAMES_PER_TICK).await {
            Ok(done) if done.games > 0 => {
                tracing::debug!(games = done.games, puzzles = done.puzzles, "finished games scanned for puzzles");
            }
            Ok(_) => {}
            // The games claimed are left unscanned; the next ones come at the next tick.
            Err(e) => tracing::error!(error = %e, "scanning finished games for puzzles failed"),
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = stop.wait_for(|&stop| stop) => break,
        }
    }
}
