//! The Discord bot: serenity glue around the game service. Each command
//! reads its options, calls [`crate::game`], renders, and replies; no rules
//! and no SQL live here.
//!
//! [`run_bot`] is the whole bot: `damas run` calls it with the settings and
//! the process's stop signal; tests call it in-process against a fake
//! Discord.

pub mod background;
pub mod check;
pub mod interactions;
pub mod messages;
pub mod rest;

use std::future::Future;
use std::time::Duration;

use serenity::all::{Client, ClientBuilder, GatewayIntents, Http, HttpBuilder};
use serenity::gateway::GatewayError;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::{Clock, Config, ShardRange};
use crate::game::GameService;

use background::{answering, backups, clock_loop, fair_play_keys, puzzle_scans};
use interactions::handler::Handler;
use messages::deliver::{Failure, repeatable};
use messages::live_buttons;
use rest::Rest;

/// How long shutdown waits for interactions being answered.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);
/// How long shutdown waits for the gateway connection to close.
const GATEWAY_CLOSE_TIMEOUT: Duration = Duration::from_secs(5);

/// Why the bot could not start or stopped; each Display is one sentence.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The database cannot be opened or created.
    #[error("cannot open the database {url}: {reason}")]
    Database {
        /// The `DATABASE_URL` used.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// Another `damas run` holds this SQLite database.
    #[error("{0}")]
    AlreadyRunning(String),
    /// Discord refused the token.
    #[error(
        "Discord rejected the bot token: check DISCORD_TOKEN (Developer Portal, your application, Bot, Reset Token)"
    )]
    TokenRejected,
    /// Discord could not be reached.
    #[error("cannot reach Discord: {0}")]
    Unreachable(String),
    /// The gateway connection failed for good.
    #[error("the connection to Discord failed: {0}")]
    Gateway(String),
    /// The metrics address cannot be listened on.
    #[error("cannot serve metrics on METRICS_ADDR {addr}: {reason}")]
    Metrics {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// What went wrong.
        reason: String,
    },
}

/// Runs the bot until `shutdown` completes (or the connection fails for
/// good): opens the database, checks the token, connects, registers the
/// commands, answers interactions and runs the clock loop. On shutdown it
/// closes the gateway, lets the clock loop finish its tick and in-flight
/// interactions finish their replies, then closes the database.
pub async fn run_bot(config: Config, shutdown: impl Future<Output = ()> + Send) -> Result<(), BotError> {
    // Held until the bot has stopped: a second process on the same SQLite
    // file is refused before it touches anything.
    let _lock = lock_database(&config.database_url)?;
    let service = open_service(&config).await?;
    let metrics = serve_metrics(&config, &service).await?;
    let rest = discord_rest(&config);
    let bot_user = check_token(&rest).await?;
    // A bot's application has its user's id; READY says so again.
    rest.set_application(bot_user);

    let handler = Handler::new(service.clone(), rest.clone(), config.clock.clone(), config.guild_id, bot_user);
    let in_flight = handler.in_flight.clone();
    let (notices, outbox, answering) = (handler.notices.clone(), handler.outbox.clone(), handler.answering.clone());
    let sweeps = handler.sweeps.clone();
    let mut client = ClientBuilder::new_with_http(gateway_http(&config, &rest), GatewayIntents::empty())
        .event_handler(handler)
        .await
        .map_err(|e| BotError::Gateway(e.to_string()))?;
    let (stop_clock, stop_rx) = watch::channel(false);
    let keys_loop = tokio::spawn(fair_play_keys::run(service.clone(), answering.clone(), stop_rx.clone()));
    let backups = config.backups.clone().map(|schedule| {
        let (url, clock, every) = (config.database_url.clone(), config.clock.clone(), config.clock_interval);
        tokio::spawn(backups::run(url, schedule, clock, every, answering.clone(), stop_rx.clone()))
    });
    let (clock, every) = (config.clock.clone(), config.clock_interval);
    let scans = tokio::spawn(puzzle_scans::run(service.clone(), clock, every, answering.clone(), stop_rx.clone()));
    let sweeping = tokio::spawn(live_buttons::run(rest.clone(), service.clone(), sweeps.clone(), stop_rx.clone()));
    let clock_loop = tokio::spawn(clock_loop::run(
        rest.clone(),
        service.clone(),
        config.clock.clone(),
        config.clock_interval,
        notices,
        sweeps,
        outbox,
        answering,
        stop_rx,
    ));

    let result = run_gateway(&mut client, config.shards, shutdown).await;

    let _ = stop_clock.send(true);
    if let Err(e) = clock_loop.await {
        tracing::error!(error = %e, "the clock loop failed");
    }
    if tokio::time::timeout(DRAIN_TIMEOUT, in_flight.write()).await.is_err() {
        tracing::warn!("some interactions were still being answered at shutdown");
    }
    // The keys of the last moves too (left out, the next check would
    // compute them).
    if let Err(e) = keys_loop.await {
        tracing::error!(error = %e, "the fair-play keys loop failed");
    }
    fair_play_keys::write_all(&service, &answering::Answering::default()).await;
    if let Err(e) = scans.await {
        tracing::error!(error = %e, "the puzzle scans loop failed");
    }
    if let Err(e) = sweeping.await {
        tracing::error!(error = %e, "the stale buttons' sweeps failed");
    }
    if let Some(task) = backups
        && let Err(e) = task.await
    {
        tracing::error!(error = %e, "the backups loop failed");
    }
    if let Some(metrics) = metrics {
        metrics.abort();
    }
    service.store().close().await;
    tracing::info!("stopped");

    result.map_err(|e| match e {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => BotError::TokenRejected,
        e => BotError::Gateway(e.to_string()),
    })
}

/// Opens the database (migrating it) and starts loading the endgame
/// tables; searches before they are ready run without them.
async fn open_service(config: &Config) -> Result<GameService, BotError> {
    let service = GameService::open(&config.database_url)
        .await
        .map_err(|e| BotError::Database { url: config.database_url.clone(), reason: e.to_string() })?;
    match &config.engine_tables {
        Some(path) => drop(service.engine().load_tables_in_background(path.clone())),
        None => tracing::info!("endgame tables are off (ENGINE_TABLES=off)"),
    }
    Ok(service)
}

/// Serves `/metrics` and `/healthz` when `METRICS_ADDR` is set. The address
/// is bound before connecting, so a taken port stops the start-up.
async fn serve_metrics(config: &Config, service: &GameService) -> Result<Option<JoinHandle<()>>, BotError> {
    let Some(addr) = config.metrics_addr else { return Ok(None) };
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| BotError::Metrics { addr, reason: e.to_string() })?;
    tracing::info!(addr = %listener.local_addr().unwrap_or(addr), "serving /metrics and /healthz");
    let probe = ServiceProbe(service.clone(), config.clock.clone());
    Ok(Some(tokio::spawn(crate::metrics::serve(listener, crate::metrics::install(), probe))))
}

/// The bot's REST client: through the proxy if one is set, within this
/// process's share of the bot's global limit.
pub fn discord_rest(config: &Config) -> Rest {
    Rest::new(&config.token, config.proxy_url.as_deref(), config.requests_per_second())
}

/// serenity's REST client, which only its gateway uses (`GET
/// /gateway/bot` when it connects): its own rate limiter off, as for
/// every call the bot makes (the bot's limiter is the one limiter; see
/// [`rest`]), sharing the bot's connection pool.
fn gateway_http(config: &Config, rest: &Rest) -> Http {
    let mut http = HttpBuilder::new(&config.token).client(rest.http_client()).ratelimiter_disabled(true);
    if let Some(proxy) = &config.proxy_url {
        http = http.proxy(proxy.as_str());
    }
    http.build()
}

/// Connects the shards (`SHARDS`, or as many as Discord recommends) and
/// runs them until the connection fails for good or `shutdown` completes.
async fn run_gateway(
    client: &mut Client,
    shards: Option<ShardRange>,
    shutdown: impl Future<Output = ()> + Send,
) -> serenity::Result<()> {
    let manager = client.shard_manager.clone();
    let started = async {
        match shards {
            Some(range) => {
                tracing::info!(first = range.first, last = range.last, total = range.total, "running shards");
                client.start_shard_range(range.first..range.last + 1, range.total).await
            }
            None => client.start_autosharded().await,
        }
    };
    tokio::pin!(started);
    tokio::select! {
        result = &mut started => result,
        () = shutdown => {
            tracing::info!("shutting down");
            manager.shutdown_all().await;
            // A shard still connecting is not known to the manager yet; do not wait for it forever.
            tokio::time::timeout(GATEWAY_CLOSE_TIMEOUT, &mut started).await.unwrap_or(Ok(()))
        }
    }
}

/// What `/metrics` and `/healthz` ask of the bot: the database, through
/// the service.
#[derive(Clone)]
struct ServiceProbe(GameService, Clock);

impl crate::metrics::Probe for ServiceProbe {
    async fn activity(&self) -> Result<(u64, u64), String> {
        self.0.activity(self.1.now()).await.map_err(|e| e.to_string())
    }

    async fn health(&self) -> Result<(), String> {
        self.0.store().ping().await.map_err(|e| e.to_string())
    }
}

/// Takes the SQLite database's process lock (none for PostgreSQL).
fn lock_database(url: &str) -> Result<Option<crate::store::ProcessLock>, BotError> {
    crate::store::lock_for_one_process(url).map_err(|e| match e {
        crate::store::StoreError::InUse(_) => BotError::AlreadyRunning(e.to_string()),
        e => BotError::Database { url: url.to_string(), reason: e.to_string() },
    })
}

/// Asks Discord who the token belongs to, so a bad token is reported
/// before anything else happens.
async fn check_token(rest: &Rest) -> Result<u64, BotError> {
    match repeatable("check the token", |limit| rest.current_user(limit)).await {
        Ok(me) => {
            tracing::info!(bot = %me.name, "token accepted");
            Ok(me.id.get())
        }
        Err(Failure::Status(401, _)) => Err(BotError::TokenRejected),
        Err(e) => Err(BotError::Unreachable(e.to_string())),
    }
}
