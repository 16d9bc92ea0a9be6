//! The HTTP side of the metrics: `GET /metrics` and `GET /healthz`, with
//! what the bot knows of itself asked through a [`Probe`].

use std::future::Future;
use std::time::Duration;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::{LIVE_GAMES, MOVES_LAST_MINUTE};

/// How long a scrape may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// Largest request head read.
const MAX_REQUEST: usize = 8 * 1024;

/// What the server asks the bot at each request.
pub trait Probe: Clone + Send + Sync + 'static {
    /// Live games and moves in the last minute, for the gauges; an error
    /// leaves them as they were.
    fn activity(&self) -> impl Future<Output = Result<(u64, u64), String>> + Send;
    /// Whether the bot can serve (its database answers); the reason if not.
    fn health(&self) -> impl Future<Output = Result<(), String>> + Send;
}

/// Serves `GET /metrics` and `GET /healthz` on `listener` until the task is
/// dropped or aborted. `/healthz` answers 200 while the database answers,
/// 503 otherwise.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, probe: impl Probe) {
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
        let (handle, probe) = (handle.clone(), probe.clone());
        tokio::spawn(async move {
            if let Err(e) = answer(stream, &handle, &probe).await {
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

async fn answer(mut stream: TcpStream, handle: &PrometheusHandle, probe: &impl Probe) -> std::io::Result<()> {
    let head = tokio::time::timeout(REQUEST_TIMEOUT, read_head(&mut stream))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "request too slow"))??;
    let mut words = head.split_whitespace();
    let (status, content_type, body) = match (words.next(), words.next()) {
        (Some("GET"), Some("/metrics")) => {
            refresh_gauges(probe).await;
            ("200 OK", "text/plain; version=0.0.4", handle.render())
        }
        (Some("GET"), Some("/healthz")) => match probe.health().await {
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

/// Sets the gauges from the probe; a failing read leaves them as they were
/// (and `/healthz` tells).
async fn refresh_gauges(probe: &impl Probe) {
    match probe.activity().await {
        Ok((live, last_minute)) => {
            metrics::gauge!(LIVE_GAMES).set(live as f64);
            metrics::gauge!(MOVES_LAST_MINUTE).set(last_minute as f64);
        }
        Err(e) => tracing::warn!(error = %e, "metrics could not read the database"),
    }
}
