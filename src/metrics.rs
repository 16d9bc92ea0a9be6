//! What an operator watches: Prometheus metrics and a health check, served
//! on `METRICS_ADDR` (off when unset).
//!
//! The counters are recorded where things happen, through the `metrics`
//! crate's macros (no-ops until [`install`] runs): moves in the game
//! service, commands and errors in the Discord handler, rate limits in the
//! delivery layer. Two gauges are read from the store at each scrape, so
//! with several processes on one database they count for the whole bot.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::config::Clock;
use crate::game::GameService;

/// Moves stored by this process.
pub const MOVES: &str = "damas_moves_total";
/// Seconds from an interaction's arrival to its answer, by command.
pub const COMMAND_SECONDS: &str = "damas_command_seconds";
/// Failures: `kind="internal"` (a command failed inside the bot) and
/// `kind="delivery"` (Discord never took a message).
pub const ERRORS: &str = "damas_errors_total";
/// Discord answered 429 (or serenity's limiter made a call wait).
pub const RATE_LIMITED: &str = "damas_discord_rate_limited_total";
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
/// How long a scrape may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// Largest request head read.
const MAX_REQUEST: usize = 8 * 1024;

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

/// Serves `GET /metrics` and `GET /healthz` on `listener` until the task is
/// dropped or aborted. `/healthz` answers 200 while the database answers,
/// 503 otherwise.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, service: GameService, clock: Clock) {
    let upkeep = handle.clone();
    let _upkeep = AbortOnDrop(tokio::spawn(async move {
        // Folds recorded histogram samples into their buckets, so memory
        // stays bounded even if nobody scrapes.
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            upkeep.run_upkeep();
        }
    }));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, say: wait rather than spin.
                tracing::warn!(error = %e, "the metrics listener could not accept a connection");
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        let (handle, service, clock) = (handle.clone(), service.clone(), clock.clone());
        tokio::spawn(async move {
            if let Err(e) = answer(stream, &handle, &service, &clock).await {
                tracing::debug!(error = %e, "a metrics request failed");
            }
        });
    }
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn answer(
    mut stream: TcpStream,
    handle: &PrometheusHandle,
    service: &GameService,
    clock: &Clock,
) -> std::io::Result<()> {
    let head = tokio::time::timeout(REQUEST_TIMEOUT, read_head(&mut stream))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "request too slow"))??;
    let mut words = head.split_whitespace();
    let (status, content_type, body) = match (words.next(), words.next()) {
        (Some("GET"), Some("/metrics")) => {
            refresh_gauges(service, clock.now()).await;
            ("200 OK", "text/plain; version=0.0.4", handle.render())
        }
        (Some("GET"), Some("/healthz")) => match service.store().ping().await {
            Ok(()) => ("200 OK", "text/plain", "ok\n".to_string()),
            Err(e) => ("503 Service Unavailable", "text/plain", format!("database: {e}\n")),
        },
        (Some("GET"), _) => ("404 Not Found", "text/plain", "try /metrics or /healthz\n".to_string()),
        _ => ("405 Method Not Allowed", "text/plain", "GET only\n".to_string()),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// Reads up to the blank line that ends a request head.
async fn read_head(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut head = Vec::with_capacity(512);
    let mut chunk = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut chunk).await?;
        if n == 0 || head.len() + n > MAX_REQUEST {
            break;
        }
        head.extend_from_slice(&chunk[..n]);
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Sets the gauges read from the store; a failing read leaves them as they
/// were (and `/healthz` tells).
async fn refresh_gauges(service: &GameService, now: i64) {
    match service.activity(now).await {
        Ok((live, last_minute)) => {
            metrics::gauge!(LIVE_GAMES).set(live as f64);
            metrics::gauge!(MOVES_LAST_MINUTE).set(last_minute as f64);
        }
        Err(e) => tracing::warn!(error = %e, "metrics could not read the database"),
    }
}
