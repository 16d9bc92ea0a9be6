//! Stopping the bot after Discord closed the gateway: serenity 0.12.5's
//! shard runner, asked to shut down once its websocket has ended, waits for
//! a Close frame in a loop that never yields (`next()` on the ended stream
//! returns `None` at once), so a worker thread spins forever and the
//! runtime holding it can never be dropped; and its own read took the
//! ended stream for "no event yet" and looped too. The project carries
//! serenity with both mended (see docs/architecture.md, "serenity,
//! patched").
//!
//! Each round runs on a runtime and a thread of its own: a fake Discord,
//! the bot connected, the gateway closed by the fake, then the bot stopped
//! after a delay that varies from round to round; the round, its runtime's
//! drop included, must end within a bound. Without the patch, the first
//! round hung.

use std::sync::mpsc;
use std::time::Duration;

use damas::config::Clock;

use crate::support::bot::{RunningBot, config};
use crate::support::fake_discord::FakeDiscord;
use crate::support::games::{Backend, database};

/// Rounds, each with its own delay between the gateway's close and the stop.
const ROUNDS: u64 = 8;
/// How long one round may take, its runtime's drop included.
const ROUND_BOUND: Duration = Duration::from_secs(30);

/// One round: the fake closes the gateway (with a Close frame without a
/// status code, which ends serenity's stream and leaves its runner
/// running), and `delay` later the bot is stopped, as SIGTERM stops it.
async fn round(delay: Duration) {
    let fake = FakeDiscord::start().await;
    let db = database(Backend::Sqlite).await;
    let bot = RunningBot::start(&fake, config(&fake, db.url(), Clock::system(), Duration::from_millis(200))).await;
    assert!(fake.close_gateway_without_code(), "the bot was connected");
    tokio::time::sleep(delay).await;
    bot.stop().await;
}

#[test]
fn a_bot_stopped_after_the_gateway_closed_stops_and_leaves_nothing_spinning() {
    for n in 0..ROUNDS {
        // 0 to 350 ms: before, while and after the runner notices the end
        // of its stream.
        let delay = Duration::from_millis(n * 50);
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let runtime =
                tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
            runtime.block_on(round(delay));
            // A task that never yields would hold this drop forever.
            drop(runtime);
            let _ = done.send(());
        });
        if finished.recv_timeout(ROUND_BOUND).is_err() {
            panic!(
                "round {n} ({delay:?} after the gateway closed): the bot's runtime did not end within {ROUND_BOUND:?}"
            );
        }
    }
}
