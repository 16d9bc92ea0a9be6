//! The bot's one door to Discord's REST API. Every call the bot makes goes
//! through [`Rest::send`]: it waits for Discord's limits ([`limiter`]),
//! sends the call with a time limit, reads the rate-limit headers of the
//! answer, and records what a 429 asks (its `retry_after`, for its route or,
//! if global, for every route), so that nothing is sent where Discord said
//! to wait. serenity's own rate limiter is off everywhere: the bot's
//! limiter is the one limiter, in production as in the tests (see
//! docs/architecture.md, "Discord's limits"). serenity still runs the
//! gateway, which asks `GET /gateway/bot` once per start.

pub mod calls;
pub mod failure;
pub mod limiter;
pub mod payload;
pub mod route;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue, USER_AGENT};
use serde::de::DeserializeOwned;
use tokio::time::Instant;

pub use failure::Failure;
use limiter::{BucketHeaders, Held, Outcome, TooMany};
pub use limiter::{DISCORD_GLOBAL_LIMIT, Lane, Limiter};
pub use payload::Body;
use route::Route;

/// Longest wait for one exchange with Discord (once the limits let the
/// call go) before it counts as a timeout.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(4);

/// Discord's REST API, below the base URL.
const API: &str = "/api/v10";
/// Where Discord is, unless `DISCORD_PROXY_URL` says otherwise.
const DISCORD: &str = "https://discord.com";
/// How the bot names itself to Discord (its required form).
const AGENT: &str = concat!("DiscordBot (https://discord.com/developers/docs, damas ", env!("CARGO_PKG_VERSION"), ")");

/// One call to Discord's REST API.
#[derive(Clone, Debug)]
pub struct Call {
    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    pub method: Method,
    /// The path below `/api/v10`, e.g. `/channels/1/messages`.
    pub path: String,
    /// The query string, without its `?`, if any.
    pub query: Option<String>,
    /// What is sent.
    pub body: Body,
    /// Which queue it waits in for Discord's limits.
    pub lane: Lane,
}

impl Call {
    /// A call of `method` on `path` in `lane`, with no body.
    pub fn new(method: Method, path: String, lane: Lane) -> Call {
        Call { method, path, query: None, body: Body::Empty, lane }
    }

    /// The same call with `body`.
    pub fn with_body(mut self, body: Body) -> Call {
        self.body = body;
        self
    }

    /// The same call with a query string.
    pub fn with_query(mut self, query: &str) -> Call {
        self.query = Some(query.to_string());
        self
    }
}

/// Discord's answer to a call that succeeded.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The HTTP status (2xx).
    pub status: u16,
    /// The body as sent.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body read as `T`.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, Failure> {
        serde_json::from_slice(&self.body).map_err(|e| Failure::Transport(format!("unreadable answer: {e}")))
    }
}

/// The bot's REST client. Cheap to clone: one connection pool, one limiter.
#[derive(Clone, Debug)]
pub struct Rest(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the proxy's.
    base: String,
    authorization: HeaderValue,
    limiter: Limiter,
    /// The application's id, once known (for an interaction's webhook).
    application: AtomicU64,
}

impl Rest {
    /// A client for the bot with `token`, calling `proxy` instead of
    /// Discord if given, within a global limit of `per_second` calls a
    /// second (this process's share of the bot's).
    pub fn new(token: &str, proxy: Option<&str>, per_second: u32) -> Rest {
        let token = if token.starts_with("Bot ") || token.starts_with("Bearer ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        let mut authorization = HeaderValue::from_str(&token).unwrap_or_else(|_| HeaderValue::from_static("Bot -"));
        authorization.set_sensitive(true);
        let client = reqwest::Client::builder().use_rustls_tls().build().unwrap_or_else(|_| reqwest::Client::new());
        let base = format!("{}{API}", proxy.unwrap_or(DISCORD).trim_end_matches('/'));
        Rest(Arc::new(Inner {
            client,
            base,
            authorization,
            limiter: Limiter::new(per_second),
            application: AtomicU64::new(0),
        }))
    }

    /// The HTTP client, shared with serenity's gateway (one connection pool).
    pub fn http_client(&self) -> reqwest::Client {
        self.0.client.clone()
    }

    /// The limiter every call waits on.
    pub fn limiter(&self) -> &Limiter {
        &self.0.limiter
    }

    /// Sets the application's id (from the token check or READY).
    pub fn set_application(&self, id: u64) {
        self.0.application.store(id, Ordering::Relaxed);
    }

    /// The application's id (0 until known).
    pub fn application(&self) -> u64 {
        self.0.application.load(Ordering::Relaxed)
    }

    /// Sends `call` once, within Discord's limits: waits for them first (an
    /// answer or a prompt call at most `limit` in all; a paced call as long
    /// as they ask; a spare call not at all), then gives the exchange what
    /// is left of `limit`, at most [`CALL_TIMEOUT`]. A 429 is recorded for
    /// the limiter before it is returned.
    pub async fn send(&self, call: &Call, limit: Duration) -> Result<Answer, Failure> {
        let route = Route::of(call.method.as_str(), &call.path);
        let deadline = Instant::now() + limit;
        // Made before waiting, so that a call let through goes at once.
        let request = match self.request(call) {
            Ok(request) => request,
            Err(e) => return Err(Failure::Transport(e.to_string())),
        };
        let prompt = matches!(call.lane, Lane::Answer | Lane::Prompt);
        let ticket = match self.0.limiter.admit(&route, call.lane, prompt.then_some(deadline)).await {
            Ok(ticket) => ticket,
            Err(Held::Skipped) => return Err(Failure::Held),
            Err(Held::TooLong) => {
                tracing::debug!(route = %route.template, "Discord's limits would hold the call past its time");
                return Err(Failure::Held);
            }
        };
        let waited = limit.saturating_sub(deadline.saturating_duration_since(Instant::now()));
        if waited > Duration::from_millis(100) {
            tracing::debug!(route = %route.template, lane = call.lane.name(), waited_ms = waited.as_millis() as u64, "a call waited for Discord's limits");
        }
        metrics::counter!(crate::metrics::DISCORD_REQUESTS, "lane" => call.lane.name()).increment(1);
        let left = if prompt { deadline.saturating_duration_since(Instant::now()) } else { limit };
        let limit = left.min(CALL_TIMEOUT);
        let exchange = async {
            let response = self.0.client.execute(request).await?;
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            let body = response.bytes().await?;
            Ok::<_, reqwest::Error>((status, headers, body))
        };
        let (status, headers, body) = match tokio::time::timeout(limit, exchange).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => {
                ticket.record(&Outcome::Lost);
                return Err(Failure::Transport(e.to_string()));
            }
            Err(_) => {
                ticket.record(&Outcome::Lost);
                return Err(Failure::Timeout);
            }
        };
        let too_many = (status == 429).then(|| too_many(&headers, &body));
        if let Some(t) = &too_many {
            let scope = if t.global { "global" } else { "route" };
            metrics::counter!(crate::metrics::RATE_LIMITED, "scope" => scope).increment(1);
        }
        ticket.record(&Outcome::Answered { status, bucket: bucket_headers(&headers), too_many });
        metrics::gauge!(crate::metrics::DISCORD_INVALID).set(self.0.limiter.invalid_recently() as f64);
        if (200..300).contains(&status) {
            Ok(Answer { status, body: body.to_vec() })
        } else {
            Err(Failure::Status(status, error_code(&body)))
        }
    }

    /// Sends `call` and reads its answer as `T`.
    pub async fn send_for<T: DeserializeOwned>(&self, call: &Call, limit: Duration) -> Result<T, Failure> {
        self.send(call, limit).await?.json()
    }

    fn request(&self, call: &Call) -> Result<reqwest::Request, reqwest::Error> {
        let mut url = format!("{}{}", self.0.base, call.path);
        if let Some(query) = &call.query {
            url.push('?');
            url.push_str(query);
        }
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, self.0.authorization.clone());
        headers.insert(USER_AGENT, HeaderValue::from_static(AGENT));
        let builder = self.0.client.request(call.method.clone(), url).headers(headers);
        let builder = match &call.body {
            Body::Empty => builder,
            Body::Json(bytes) => builder.header(CONTENT_TYPE, "application/json").body(bytes.clone()),
            Body::Files { .. } => builder.multipart(call.body.form()?),
        };
        builder.build()
    }
}

/// The bucket headers of an answer.
fn bucket_headers(headers: &HeaderMap) -> BucketHeaders {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    BucketHeaders {
        bucket: text("x-ratelimit-bucket").map(str::to_string),
        limit: text("x-ratelimit-limit").and_then(|v| v.parse().ok()),
        remaining: text("x-ratelimit-remaining").and_then(|v| v.parse().ok()),
        reset_after: text("x-ratelimit-reset-after")
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64),
    }
}

/// What a 429 says: `retry_after` from its body (seconds, with a
/// fraction) or else its `Retry-After` header; global from either.
fn too_many(headers: &HeaderMap, body: &[u8]) -> TooMany {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
    let seconds = json["retry_after"]
        .as_f64()
        .or_else(|| text("retry-after").and_then(|v| v.parse::<f64>().ok()))
        .filter(|s| s.is_finite() && *s >= 0.0)
        // A 429 that says nothing of when: a second, Discord's usual.
        .unwrap_or(1.0);
    TooMany {
        retry_after: Duration::from_secs_f64(seconds.min(3600.0)),
        global: json["global"].as_bool() == Some(true) || text("x-ratelimit-global") == Some("true"),
        shared: text("x-ratelimit-scope") == Some("shared"),
    }
}

/// Discord's JSON error code in an error's body (0 if none).
fn error_code(body: &[u8]) -> isize {
    serde_json::from_slice::<serde_json::Value>(body).ok().and_then(|v| v["code"].as_i64()).unwrap_or(0) as isize
}
