//! Every setting of the bot, read from the environment (and `.env`) and
//! validated once at start-up, so the rest of the program never meets a bad
//! setting.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::store::DatabaseTarget;

/// The database used when `DATABASE_URL` is not set: a SQLite file created
/// beside the working directory on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://damas.db";
/// The log filter used when `RUST_LOG` is not set: the bot's own `info`
/// lines, and only warnings from serenity, whose `info` spans record every
/// request and gateway event (a picture's bytes among them) with `Debug`:
/// they cost more CPU than the bot's own work on a move and tell an
/// operator nothing (the bot logs lost and resumed connections itself).
pub const DEFAULT_LOG_FILTER: &str = "info,serenity=warn";
/// The endgame tables' file name, kept beside the database file unless
/// `ENGINE_TABLES` says otherwise.
pub const DEFAULT_TABLES_FILE: &str = "damas-tables-4.bin";
/// Discord's global limit on a bot's REST calls, a second, unless it
/// granted more (`DISCORD_REQUESTS_PER_SECOND`).
pub const DEFAULT_REQUESTS_PER_SECOND: u32 = 50;
/// How often the clock loop looks for due deadlines, when not set.
pub const DEFAULT_CLOCK_SECONDS: u64 = 60;

/// The validated settings of the bot.
#[derive(Clone)]
pub struct Config {
    /// The bot token (never printed: `Debug` hides it).
    pub token: String,
    /// Where games are kept, e.g. `sqlite://damas.db`.
    pub database_url: String,
    /// Register the commands in this server only (instant; for development).
    pub guild_id: Option<u64>,
    /// Send every REST call to this base URL instead of `https://discord.com`,
    /// with serenity's rate limiter off (the tests' fake Discord).
    pub proxy_url: Option<String>,
    /// A `tracing` filter such as `info` or `damas=debug,serenity=warn`.
    pub log_filter: String,
    /// How often the clock loop claims due reminders, time losses and expiries.
    pub clock_interval: Duration,
    /// Where "now" comes from; tests shift it to make deadlines pass.
    pub clock: Clock,
    /// The engine's endgame tables file (built there on first run);
    /// `None` (`ENGINE_TABLES=off`): the engine plays without them.
    pub engine_tables: Option<PathBuf>,
    /// The shards this process runs; `None`: all that Discord recommends.
    pub shards: Option<ShardRange>,
    /// Where Prometheus metrics and `/healthz` are served; `None`: nowhere.
    pub metrics_addr: Option<SocketAddr>,
    /// How log lines are written.
    pub log_format: LogFormat,
    /// Backups the bot takes of its SQLite database by itself; `None`
    /// (`BACKUP_DIR` unset): none.
    pub backups: Option<BackupSchedule>,
    /// The bot's global limit on Discord's REST API, calls a second, over
    /// every process (`DISCORD_REQUESTS_PER_SECOND`; Discord's is 50 unless
    /// it granted more).
    pub requests_per_second: u32,
}

/// Scheduled backups: `BACKUP_DIR`, `BACKUP_EVERY_HOURS`, `BACKUP_KEEP`.
pub use crate::store::backup::Schedule as BackupSchedule;

/// Hours between scheduled backups when `BACKUP_EVERY_HOURS` is not set.
pub const DEFAULT_BACKUP_HOURS: u64 = 24;
/// Scheduled backups kept when `BACKUP_KEEP` is not set.
pub const DEFAULT_BACKUP_KEEP: u32 = 7;

/// A range of shards for one process, `DISCORD_SHARDS=FIRST-LAST/TOTAL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (inclusive).
    pub last: u32,
    /// How many shards the bot runs in all, over every process.
    pub total: u32,
}

impl ShardRange {
    /// Reads `FIRST-LAST/TOTAL` (or `N/TOTAL` for one shard); `first <=
    /// last < total`.
    pub fn parse(text: &str) -> Option<ShardRange> {
        let (range, total) = text.split_once('/')?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let [first, last, total] = [first, last, total].map(|n| n.trim().parse::<u32>().ok());
        let range = ShardRange { first: first?, last: last?, total: total? };
        (range.first <= range.last && range.last < range.total).then_some(range)
    }
}

/// The shape of log lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people (the default).
    #[default]
    Text,
    /// One JSON object a line, for log collectors (`LOG_FORMAT=json`).
    Json,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("database_url", &self.database_url)
            .field("guild_id", &self.guild_id)
            .field("proxy_url", &self.proxy_url)
            .field("log_filter", &self.log_filter)
            .field("clock_interval", &self.clock_interval)
            .field("engine_tables", &self.engine_tables)
            .field("shards", &self.shards)
            .field("metrics_addr", &self.metrics_addr)
            .field("log_format", &self.log_format)
            .field("backups", &self.backups)
            .field("requests_per_second", &self.requests_per_second)
            .finish()
    }
}

/// A setting that is missing or malformed; its Display is one sentence.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is not set.
    #[error(
        "DISCORD_TOKEN is not set: put the bot token in the environment, or in a .env file in the folder \
         damas is started from (see .env.example)"
    )]
    MissingToken,
    /// A setting has a value that cannot be used.
    #[error("{name} is invalid: {reason}")]
    Invalid {
        /// The variable's name.
        name: &'static str,
        /// Why it was refused.
        reason: String,
    },
    /// The `.env` file exists but cannot be read.
    #[error("the .env file cannot be read: {0}")]
    DotEnv(String),
}

impl Config {
    /// Loads `.env` (if present; real environment variables win) and reads
    /// the settings from the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        if let Err(e) = dotenvy::dotenv()
            && !e.not_found()
        {
            return Err(ConfigError::DotEnv(e.to_string()));
        }
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `lookup` (a variable name to its value);
    /// empty values count as unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());

        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        if token.chars().any(char::is_whitespace) {
            return Err(invalid("DISCORD_TOKEN", "a token contains no spaces"));
        }

        let database_url = get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
        let guild_id = match get("DISCORD_GUILD_ID") {
            None => None,
            Some(v) => Some(
                v.parse::<u64>()
                    .ok()
                    .filter(|&id| id > 0)
                    .ok_or_else(|| invalid("DISCORD_GUILD_ID", "expected a server id (a number)"))?,
            ),
        };
        let proxy_url = match get("DISCORD_PROXY_URL") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_string())
            }
            Some(_) => return Err(invalid("DISCORD_PROXY_URL", "expected a URL starting with http:// or https://")),
        };
        let log_filter = get("RUST_LOG").unwrap_or_else(|| DEFAULT_LOG_FILTER.to_string());
        if let Err(e) = tracing_subscriber::EnvFilter::try_new(&log_filter) {
            return Err(invalid("RUST_LOG", &e.to_string()));
        }
        let clock_seconds = number_in(
            get("DAMAS_CLOCK_SECONDS"),
            "DAMAS_CLOCK_SECONDS",
            DEFAULT_CLOCK_SECONDS,
            1..=3600,
            "expected a number of seconds from 1 to 3600",
        )?;

        let engine_tables = engine_tables(get("ENGINE_TABLES"), &database_url, DEFAULT_TABLES_FILE);
        let shards = match get("DISCORD_SHARDS") {
            None => None,
            Some(v) => Some(ShardRange::parse(&v).ok_or_else(|| {
                invalid("DISCORD_SHARDS", "expected FIRST-LAST/TOTAL with FIRST <= LAST < TOTAL, e.g. 0-3/8")
            })?),
        };
        let metrics_addr = match get("METRICS_ADDR") {
            None => None,
            Some(v) => Some(
                v.parse::<SocketAddr>()
                    .map_err(|_| invalid("METRICS_ADDR", "expected an address and port, e.g. 127.0.0.1:9100"))?,
            ),
        };
        let log_format = match get("LOG_FORMAT").as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(_) => return Err(invalid("LOG_FORMAT", "expected text or json")),
        };

        let backups = backup_schedule(&get, &database_url)?;
        let requests_per_second = number_in(
            get("DISCORD_REQUESTS_PER_SECOND"),
            "DISCORD_REQUESTS_PER_SECOND",
            DEFAULT_REQUESTS_PER_SECOND,
            1..=10_000,
            "expected a number of requests a second from 1 to 10000 (Discord's limit is 50 unless it granted more)",
        )?;

        Ok(Config {
            backups,
            engine_tables,
            token,
            database_url,
            guild_id,
            proxy_url,
            log_filter,
            clock_interval: Duration::from_secs(clock_seconds),
            clock: Clock::system(),
            shards,
            metrics_addr,
            log_format,
            requests_per_second,
        })
    }

    /// This process's share of the bot's global limit: all of it, or with
    /// `DISCORD_SHARDS` the part its shards are of all of them (the
    /// processes of one bot share one limit and do not talk to each other).
    pub fn requests_per_second(&self) -> u32 {
        match self.shards {
            None => self.requests_per_second,
            Some(range) => {
                let share = u64::from(self.requests_per_second) * u64::from(range.last - range.first + 1)
                    / u64::from(range.total.max(1));
                (share as u32).max(1)
            }
        }
    }
}

/// Reads the scheduled backups' settings; `None` without `BACKUP_DIR`.
fn backup_schedule(
    get: &impl Fn(&str) -> Option<String>,
    database_url: &str,
) -> Result<Option<BackupSchedule>, ConfigError> {
    let Some(folder) = get("BACKUP_DIR") else { return Ok(None) };
    if DatabaseTarget::parse(database_url).is_ok_and(|t| t.backend == crate::store::Backend::Postgres) {
        return Err(invalid("BACKUP_DIR", crate::store::backup::PG_DUMP_HINT));
    }
    let hours = number_in(
        get("BACKUP_EVERY_HOURS"),
        "BACKUP_EVERY_HOURS",
        DEFAULT_BACKUP_HOURS,
        1..=720,
        "expected a number of hours from 1 to 720",
    )?;
    let keep = number_in(
        get("BACKUP_KEEP"),
        "BACKUP_KEEP",
        DEFAULT_BACKUP_KEEP,
        1..=1000,
        "expected how many backups to keep, from 1 to 1000",
    )?;
    Ok(Some(BackupSchedule { folder: PathBuf::from(folder), every: Duration::from_secs(hours * 3600), keep }))
}

/// The database the environment (and `.env`) names, for the command-line
/// tools that need no token: `DATABASE_URL`, else the default file.
pub fn database_url_from_env() -> Result<String, ConfigError> {
    if let Err(e) = dotenvy::dotenv()
        && !e.not_found()
    {
        return Err(ConfigError::DotEnv(e.to_string()));
    }
    let url = std::env::var("DATABASE_URL").ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    Ok(url.unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()))
}

/// The folder of the SQLite file a database URL names (the working
/// directory for a bare file name, an in-memory database or a server).
/// Where the endgame tables are, from the `ENGINE_TABLES` setting (`off`:
/// nowhere, the engine plays without them), else `file` in the SQLite
/// database's folder: the bot and `damas analyze` find the same file.
pub fn engine_tables(setting: Option<String>, database_url: &str, file: &str) -> Option<PathBuf> {
    match setting {
        Some(off) if off.eq_ignore_ascii_case("off") => None,
        Some(path) => Some(PathBuf::from(path)),
        None => Some(beside_database(database_url).join(file)),
    }
}

/// [`engine_tables`] as the environment sets it (`DATABASE_URL` and
/// `ENGINE_TABLES`), for tables of `pieces` pieces.
pub fn engine_tables_from_env(pieces: u32) -> Option<PathBuf> {
    let get = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    let database_url = get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
    engine_tables(get("ENGINE_TABLES"), &database_url, &crate::engine::tables::file_name(pieces))
}

fn beside_database(url: &str) -> PathBuf {
    let path = DatabaseTarget::parse(url).ok().and_then(|target| target.sqlite_path).unwrap_or_default();
    match Path::new(&path).parent() {
        Some(dir) if !path.starts_with(':') => dir.to_path_buf(),
        _ => PathBuf::new(),
    }
}

/// A whole number setting within `range`; `default` when unset.
fn number_in<T: std::str::FromStr + PartialOrd>(
    value: Option<String>,
    name: &'static str,
    default: T,
    range: std::ops::RangeInclusive<T>,
    expected: &str,
) -> Result<T, ConfigError> {
    match value {
        None => Ok(default),
        Some(v) => v.parse::<T>().ok().filter(|n| range.contains(n)).ok_or_else(|| invalid(name, expected)),
    }
}

fn invalid(name: &'static str, reason: &str) -> ConfigError {
    ConfigError::Invalid { name, reason: reason.to_string() }
}

/// The bot's source of the current time in unix seconds: the system clock
/// plus a shift that tests can move forward to make deadlines pass.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    shift: Arc<AtomicI64>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock::default()
    }

    /// The current time, unix seconds.
    pub fn now(&self) -> i64 {
        let system = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
        system + self.shift.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every clone of it) forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.shift.fetch_add(seconds, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn token_is_required() {
        assert_eq!(config(&[]).unwrap_err(), ConfigError::MissingToken);
        assert_eq!(config(&[("DISCORD_TOKEN", "  ")]).unwrap_err(), ConfigError::MissingToken);
    }

    #[test]
    fn defaults() {
        let c = config(&[("DISCORD_TOKEN", "abc.def.ghi")]).unwrap();
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.guild_id, None);
        assert_eq!(c.proxy_url, None);
        assert_eq!(c.log_filter, "info,serenity=warn");
        assert_eq!(c.clock_interval, Duration::from_secs(60));
        assert_eq!(c.engine_tables, Some(PathBuf::from(DEFAULT_TABLES_FILE)));
        assert_eq!((c.shards, c.metrics_addr, c.log_format), (None, None, LogFormat::Text));
    }

    #[test]
    fn engine_tables_sit_beside_the_database_unless_set() {
        let c =
            config(&[("DISCORD_TOKEN", "abc"), ("DATABASE_URL", "sqlite:///var/lib/damas/games.db?mode=rwc")]).unwrap();
        assert_eq!(c.engine_tables, Some(PathBuf::from("/var/lib/damas").join(DEFAULT_TABLES_FILE)));
        let c = config(&[("DISCORD_TOKEN", "abc"), ("DATABASE_URL", "data/damas.db")]).unwrap();
        assert_eq!(c.engine_tables, Some(PathBuf::from("data").join(DEFAULT_TABLES_FILE)));
        let c = config(&[("DISCORD_TOKEN", "abc"), ("DATABASE_URL", "postgres://db.example/damas")]).unwrap();
        assert_eq!(c.engine_tables, Some(PathBuf::from(DEFAULT_TABLES_FILE)), "a server has no folder");
        let c = config(&[("DISCORD_TOKEN", "abc"), ("ENGINE_TABLES", "/tmp/t.bin")]).unwrap();
        assert_eq!(c.engine_tables, Some(PathBuf::from("/tmp/t.bin")));
        let c = config(&[("DISCORD_TOKEN", "abc"), ("ENGINE_TABLES", "OFF")]).unwrap();
        assert_eq!(c.engine_tables, None);
    }

    #[test]
    fn every_setting_is_read() {
        let c = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("DATABASE_URL", "sqlite://other.db"),
            ("DISCORD_GUILD_ID", "123456789012345678"),
            ("DISCORD_PROXY_URL", "http://127.0.0.1:9/"),
            ("RUST_LOG", "damas=debug"),
            ("DAMAS_CLOCK_SECONDS", "5"),
            ("DISCORD_SHARDS", "2-3/8"),
            ("METRICS_ADDR", "127.0.0.1:9100"),
            ("LOG_FORMAT", "json"),
        ])
        .unwrap();
        assert_eq!(c.shards, Some(ShardRange { first: 2, last: 3, total: 8 }));
        assert_eq!(c.metrics_addr, Some("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(c.log_format, LogFormat::Json);
        assert_eq!(c.database_url, "sqlite://other.db");
        assert_eq!(c.guild_id, Some(123456789012345678));
        assert_eq!(c.proxy_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.log_filter, "damas=debug");
        assert_eq!(c.clock_interval, Duration::from_secs(5));
    }

    #[test]
    fn bad_settings_are_refused_by_name() {
        let cases = [
            ("DISCORD_GUILD_ID", "general"),
            ("DISCORD_PROXY_URL", "127.0.0.1:9"),
            ("RUST_LOG", "damas=[loud"),
            ("DAMAS_CLOCK_SECONDS", "0"),
            ("DISCORD_SHARDS", "3-2/8"),
            ("DISCORD_SHARDS", "0-8/8"),
            ("DISCORD_SHARDS", "4"),
            ("METRICS_ADDR", "localhost"),
            ("LOG_FORMAT", "xml"),
        ];
        for (name, value) in cases {
            let err = config(&[("DISCORD_TOKEN", "abc"), (name, value)]).unwrap_err();
            assert!(err.to_string().starts_with(name), "{name}: {err}");
        }
    }

    #[test]
    fn scheduled_backups_are_off_unless_a_folder_is_set() {
        assert_eq!(config(&[("DISCORD_TOKEN", "abc")]).unwrap().backups, None);
        let c = config(&[("DISCORD_TOKEN", "abc"), ("BACKUP_DIR", "/var/backups/damas")]).unwrap();
        let schedule = c.backups.unwrap();
        assert_eq!(schedule.folder, PathBuf::from("/var/backups/damas"));
        assert_eq!((schedule.every, schedule.keep), (Duration::from_secs(24 * 3600), DEFAULT_BACKUP_KEEP));
        let c = config(&[
            ("DISCORD_TOKEN", "abc"),
            ("BACKUP_DIR", "b"),
            ("BACKUP_EVERY_HOURS", "6"),
            ("BACKUP_KEEP", "28"),
        ])
        .unwrap();
        assert_eq!(c.backups.map(|s| (s.every.as_secs(), s.keep)), Some((6 * 3600, 28)));
        for (name, value) in [("BACKUP_EVERY_HOURS", "0"), ("BACKUP_EVERY_HOURS", "daily"), ("BACKUP_KEEP", "0")] {
            let err = config(&[("DISCORD_TOKEN", "abc"), ("BACKUP_DIR", "b"), (name, value)]).unwrap_err();
            assert!(err.to_string().starts_with(name), "{name}: {err}");
        }
        let pg = config(&[("DISCORD_TOKEN", "abc"), ("BACKUP_DIR", "b"), ("DATABASE_URL", "postgres://db/damas")]);
        assert!(pg.unwrap_err().to_string().contains("pg_dump"));
    }

    #[test]
    fn shard_ranges() {
        assert_eq!(ShardRange::parse("0-3/8"), Some(ShardRange { first: 0, last: 3, total: 8 }));
        assert_eq!(ShardRange::parse("5/8"), Some(ShardRange { first: 5, last: 5, total: 8 }));
        for bad in ["", "0-3", "8/8", "3-1/8", "a-b/c", "0-3/0", "-1-2/4"] {
            assert_eq!(ShardRange::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn debug_hides_the_token() {
        let c = config(&[("DISCORD_TOKEN", "very-secret")]).unwrap();
        assert!(!format!("{c:?}").contains("very-secret"));
    }

    #[test]
    fn clock_advances_for_every_clone() {
        let clock = Clock::system();
        let other = clock.clone();
        let before = other.now();
        clock.advance(3 * 86_400);
        assert!(other.now() >= before + 3 * 86_400);
    }
}
