//! What an operator watches: Prometheus metrics and a health check, served
//! on `METRICS_ADDR` (off when unset).
//!
//! The counters are recorded where things happen, through the `metrics`
//! crate's macros (no-ops until [`install`] runs): moves in the game
//! service, commands and errors in the Discord handler, rate limits in the
//! delivery layer. Two gauges are read at each scrape through a [`Probe`]
//! (the bot's reads the database, so with several processes on one
//! database they count for the whole bot).
//!
//! This module names the metrics and depends on no other part of the bot;
//! [`server`] serves them.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub mod server;

pub use server::{Probe, serve};

/// Moves stored by this process.
pub const MOVES: &str = "damas_moves_total";
/// Seconds from an interaction's arrival to its answer, by command.
pub const COMMAND_SECONDS: &str = "damas_command_seconds";
/// Failures: `kind="internal"` (a command failed inside the bot) and
/// `kind="delivery"` (Discord never took a message).
pub const ERRORS: &str = "damas_errors_total";
/// Discord answered 429: `scope="route"` (a route's bucket) or
/// `scope="global"` (the bot's global limit).
pub const RATE_LIMITED: &str = "damas_discord_rate_limited_total";
/// Calls sent to Discord's REST API, by lane (`answer`, `prompt`, `paced`, `spare`).
pub const DISCORD_REQUESTS: &str = "damas_discord_requests_total";
/// Invalid requests (401, 403, 429) Discord answered in the last ten
/// minutes: Discord bans a bot for an hour at 10,000.
pub const DISCORD_INVALID: &str = "damas_discord_invalid_requests";
/// Ticks of the clock loop run by this process: it rises every
/// `DAMAS_CLOCK_SECONDS` while the clock is alive.
pub const CLOCK_TICKS: &str = "damas_clock_ticks_total";
/// Replay GIFs answered by this process: `source="made"` (drawn) or
/// `source="kept"` (an ended game's, read back from the database).
pub const REPLAYS: &str = "damas_replays_total";
/// Live games in the database (all processes).
pub const LIVE_GAMES: &str = "damas_live_games";
/// Moves stored in the last 60 seconds (all processes).
pub const MOVES_LAST_MINUTE: &str = "damas_moves_last_minute";

/// Bucket bounds of [`COMMAND_SECONDS`]: Discord wants a first answer
/// within 3 s, so the buckets are finest below that.
const COMMAND_BUCKETS: [f64; 12] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];

/// Installs the process's metrics recorder (once; later calls return the
/// same handle).
pub fn install() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(COMMAND_SECONDS.to_string()), &COMMAND_BUCKETS)
                .expect("the bucket list is not empty");
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("another metrics recorder is installed; damas metrics will be empty");
            }
            handle
        })
        .clone()
}
