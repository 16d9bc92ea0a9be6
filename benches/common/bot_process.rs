#![allow(dead_code)] // Each bench uses a part.

//! What the benches that run the bot as a process share: the bot as a
//! child process (the real `damas run` binary, with the default log filter
//! of `damas run`) and what /proc says of it, the endgame tables every such
//! bot reads, and percentiles. Included with `#[path]` by each bench.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use damas::engine::DEFAULT_TABLE_PIECES;
use damas::engine::tables::{self, Tables};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, ChildStderr, Command};
use tokio::sync::Notify;

use super::support::bot::{COMMANDS, WAIT};
use super::support::fake_discord::FakeDiscord;

/// Linux reports CPU times in /proc in ticks of 1/100 s (USER_HZ).
const TICKS_PER_SECOND: f64 = 100.0;

/// The endgame tables file every bot of this bench reads, built on first use.
pub fn shared_tables() -> &'static Path {
    static FILE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    &FILE
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join(tables::file_name(DEFAULT_TABLE_PIECES));
            let started = Instant::now();
            Tables::load_or_build(&path, DEFAULT_TABLE_PIECES).expect("endgame tables");
            println!("(endgame tables built for the bots in {:.1} s)", started.elapsed().as_secs_f64());
            (dir, path)
        })
        .1
}

/// The bot as a child process, and what /proc says about it.
pub struct BotProcess {
    child: Child,
    pub pid: u32,
    tables_ready: Arc<Notify>,
    /// The bot's database.
    pub database: String,
    _dir: tempfile::TempDir,
}

impl BotProcess {
    /// Starts `damas run` on the SQLite database `damas.db` of `dir`
    /// against `fake` and waits until its commands are registered.
    pub async fn start(fake: &FakeDiscord, dir: tempfile::TempDir) -> BotProcess {
        let database = format!("sqlite://{}", dir.path().join("damas.db").display());
        BotProcess::start_on(fake, dir, &database, &[]).await
    }

    /// Starts `damas run` in `dir` on `database` against `fake`, with the
    /// settings `env` besides the fake's, and waits until its commands are
    /// registered.
    pub async fn start_on(
        fake: &FakeDiscord,
        dir: tempfile::TempDir,
        database: &str,
        env: &[(&str, String)],
    ) -> BotProcess {
        let database = database.to_string();
        // BURST_BOT_WRAPPER runs the bot under a profiler, e.g. "heaptrack -o /tmp/bot".
        let wrapper = std::env::var("BURST_BOT_WRAPPER").unwrap_or_default();
        // BURST_BOT_BINARY runs another build of the bot, e.g. an older one to compare with.
        let other = std::env::var("BURST_BOT_BINARY").ok();
        let binary = other.clone().unwrap_or_else(|| env!("CARGO_BIN_EXE_damas").to_string());
        let mut words = wrapper.split_whitespace();
        let mut cmd = match words.next() {
            Some(program) => {
                let mut cmd = Command::new(program);
                cmd.args(words).arg(&binary);
                cmd
            }
            None => Command::new(&binary),
        };
        cmd.arg("run")
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", fake.token())
            .env("DISCORD_PROXY_URL", fake.rest_url())
            .env("DISCORD_GUILD_ID", fake.guild_id().to_string())
            .env("DATABASE_URL", &database)
            .env("ENGINE_TABLES", shared_tables())
            // The default filter of `damas run`, as users run it (this
            // bench's own RUST_LOG is not passed on), unless
            // BURST_BOT_RUST_LOG names another to compare with.
            .env_remove("RUST_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        if let Ok(filter) = std::env::var("BURST_BOT_RUST_LOG") {
            cmd.env("RUST_LOG", filter);
        }
        for (name, value) in env {
            cmd.env(name, value);
        }
        let registered = fake.registered_commands().len();
        let mut child = cmd.spawn().expect("start the bot binary");
        let pid = child.id().expect("a running bot");
        let tables_ready = Arc::new(Notify::new());
        let log = BufReader::new(child.stderr.take().expect("the bot's stderr"));
        tokio::spawn(pass_on_log(log, tables_ready.clone()));
        // Another build may have other commands: its registration is enough.
        let commands = if other.is_some() { 1 } else { COMMANDS };
        fake.wait_for_commands(registered + commands, WAIT).await;
        fake.wait_connected(WAIT).await;
        BotProcess { child, pid, tables_ready, database, _dir: dir }
    }

    /// Waits until the bot has said its endgame tables are loaded.
    pub async fn wait_for_tables(&self) {
        tokio::time::timeout(WAIT, self.tables_ready.notified()).await.expect("the bot loads its endgame tables");
    }

    pub fn status_field(&self, name: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).expect("the bot's /proc status");
        let line = status.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} in /proc status"));
        line[name.len()..].split_whitespace().next().and_then(|v| v.parse().ok()).expect("a number")
    }

    /// Resident memory now, in MB.
    pub fn rss_mb(&self) -> f64 {
        self.status_field("VmRSS:") as f64 / 1024.0
    }

    /// Peak resident memory so far, in MB.
    pub fn peak_rss_mb(&self) -> f64 {
        self.status_field("VmHWM:") as f64 / 1024.0
    }

    pub fn threads(&self) -> u64 {
        self.status_field("Threads:")
    }

    /// User + system CPU time so far, in seconds.
    pub fn cpu_seconds(&self) -> f64 {
        cpu_seconds(&self.pid.to_string())
    }

    /// Stops the bot as SIGTERM does and waits for it.
    pub async fn stop(mut self) {
        let _ = std::process::Command::new("kill").args(["-TERM", &self.pid.to_string()]).status();
        let _ = tokio::time::timeout(WAIT, self.child.wait()).await;
    }
}

/// Copies the bot's warnings and errors to this bench's stderr (its info
/// lines are written, as in any run, but not shown), and notifies
/// `tables_ready` when the bot says its endgame tables are loaded.
async fn pass_on_log(log: BufReader<ChildStderr>, tables_ready: Arc<Notify>) {
    let mut lines = log.lines();
    while let Ok(Some(line)) = lines.next_line().await {
        // The bot's log is coloured (as on a terminal): its level is only
        // found once the colour codes are taken out.
        let line = without_colours(&line);
        if line.contains("endgame tables ready") {
            tables_ready.notify_one();
        } else if line.contains(" WARN ") || line.contains(" ERROR ") || show_all() {
            eprintln!("bot: {line}");
        }
    }
}

/// Whether every line the bot logs is shown (`BENCH_BOT_LOG=1`), not only
/// its warnings and errors.
fn show_all() -> bool {
    std::env::var("BENCH_BOT_LOG").is_ok_and(|v| v == "1")
}

/// `line` without its ANSI colour codes (`ESC [ ... m`).
fn without_colours(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// User + system CPU time of process `pid` (or `self`) so far, in seconds.
pub fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc stat");
    // Fields after the parenthesised name: state is field 3; utime, stime are 14 and 15.
    let after = &stat[stat.rfind(')').expect("stat format") + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    ticks as f64 / TICKS_PER_SECOND
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
