//! Writes the fair-play keys of the games that moved
//! ([`Analyses::write_pending_live_positions`](crate::game::Analyses::write_pending_live_positions)), a commit of a few games
//! at a time, each once no answer is being made (or after
//! [`YIELD_AT_MOST`]): nobody waits on them, while a player waits on the
//! answer to their move. Until they are written, the check computes a
//! lagging game's keys itself.

use tokio::sync::watch;

use crate::discord::background::answering::{Answering, YIELD_AT_MOST};
use crate::game::GameService;

/// Runs until `stop` turns true, writing keys whenever a move leaves some.
pub async fn run(service: GameService, answering: Answering, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = service.analyses().pending_live_positions().added() => {}
            _ = stop.wait_for(|&stop| stop) => break,
        }
        write_all(&service, &answering).await;
    }
}

/// Writes the keys of every game waiting for them, one commit at a time.
pub async fn write_all(service: &GameService, answering: &Answering) {
    while !service.analyses().pending_live_positions().is_empty() {
        answering.quiet_or(YIELD_AT_MOST).await;
        match service.analyses().write_pending_live_positions().await {
            Ok(written) => tracing::debug!(written, "fair-play keys written"),
            // Those games' keys are computed by the next check instead.
            Err(e) => tracing::warn!(error = %e, "could not write the fair-play keys of games that moved"),
        }
    }
}
