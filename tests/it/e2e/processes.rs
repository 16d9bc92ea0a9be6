//! Several bot processes on one PostgreSQL database, against the fake
//! Discord: each runs its own shards (`DISCORD_SHARDS`), both run the clock,
//! and every announcement is posted exactly once. The process that holds
//! the server's shard answers a move and serves its metrics and health.
//!
//! PostgreSQL only (SQLite is one process by design): tests built without
//! `DAMAS_TEST_POSTGRES_URL` list it as ignored, with the reason; CI sets it.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::support::bot::{WAIT, ask};
use crate::support::fake_discord::{FakeDiscord, MessageKind, Place};
use crate::support::games::{Backend, database};
use damas::game::{ColorChoice, DAY, GameService, NewChallenge};

/// A `damas run` process, killed when dropped.
struct BotProcess(Child);

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `damas run` on `database_url` for the shards `shards`
/// (`FIRST-LAST/TOTAL`).
fn spawn_bot(fake: &FakeDiscord, database_url: &str, shards: &str, metrics: Option<SocketAddr>) -> BotProcess {
    let folder = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_damas"));
    command
        .arg("run")
        // A folder without a .env, so only these settings count.
        .current_dir(folder.path())
        .env_clear()
        .env("DISCORD_TOKEN", fake.token())
        .env("DATABASE_URL", database_url)
        .env("DISCORD_GUILD_ID", fake.guild_id().to_string())
        .env("DISCORD_PROXY_URL", fake.rest_url())
        .env("DISCORD_SHARDS", shards)
        .env("DAMAS_CLOCK_SECONDS", "1")
        .env("ENGINE_TABLES", "off")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    if let Some(addr) = metrics {
        command.env("METRICS_ADDR", addr.to_string());
    }
    BotProcess(command.spawn().expect("start damas run"))
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// A port free a moment ago on the loopback interface.
fn free_port() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
}

/// `GET path` on `addr`: the status line and the body.
fn http_get(addr: SocketAddr, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("the metrics address answers");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: damas\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
    (head.lines().next().unwrap_or_default().to_string(), body.to_string())
}

/// The value of an unlabelled metric in a Prometheus text page.
fn metric(page: &str, name: &str) -> Option<f64> {
    page.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

/// How many ticks the clock loop of the process serving metrics on `addr`
/// has run.
async fn clock_ticks(addr: SocketAddr) -> f64 {
    let (_, page) = tokio::task::spawn_blocking(move || http_get(addr, "/metrics")).await.unwrap();
    metric(&page, "damas_clock_ticks_total").unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
async fn two_processes_share_the_clock_and_post_each_announcement_once() {
    let db = database(Backend::Postgres).await;
    let fake = FakeDiscord::start().await;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let (late, due, stale) = (fake.new_id(), fake.new_id(), fake.new_id());
    let service = GameService::open(db.url()).await.unwrap();
    let t = now();
    // A game whose deadline passed two days ago, one whose reminder is due
    // (20 hours into a one-day move), and a challenge 49 hours old.
    for (channel, started) in [(late, t - 3 * DAY), (due, t - 20 * 3600)] {
        let req = NewChallenge {
            days_per_move: Some(1),
            color: ColorChoice::White,
            ..NewChallenge::new(channel, ana.id, bruno.id)
        };
        service.challenges().challenge(started, req).await.unwrap();
        service.challenges().accept(started, channel, bruno.id, None).await.unwrap();
    }
    service.challenges().challenge(t - 49 * 3600, NewChallenge::new(stale, ana.id, bruno.id)).await.unwrap();

    // The fake's server lives on one of the two shards; that process
    // answers its interactions and serves metrics.
    let holder = (fake.guild_id() >> 22) % 2;
    let (metrics_addr, other_metrics_addr) = (free_port(), free_port());
    let _first = spawn_bot(&fake, db.url(), &format!("{holder}/2"), Some(metrics_addr));
    let _second = spawn_bot(&fake, db.url(), &format!("{}/2", 1 - holder), Some(other_metrics_addr));
    fake.wait_gateway(WAIT, |g| g.identifies >= 2 && g.other_shards >= 1 && g.connected).await;

    let channel_posts = |channel: u64| {
        fake.posted_messages().iter().filter(|m| m.kind == MessageKind::Channel && m.channel_id == channel).count()
    };
    let give_up = tokio::time::Instant::now() + Duration::from_secs(60);
    while ![late, due, stale].iter().all(|&c| channel_posts(c) >= 1) {
        assert!(tokio::time::Instant::now() < give_up, "the three announcements were not all posted");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Three more ticks of each process's clock, and still one post each.
    let mut after = Vec::new();
    for addr in [metrics_addr, other_metrics_addr] {
        after.push(clock_ticks(addr).await + 3.0);
    }
    for (addr, enough) in [metrics_addr, other_metrics_addr].into_iter().zip(after) {
        while clock_ticks(addr).await < enough {
            assert!(tokio::time::Instant::now() < give_up, "the clock of {addr} stopped ticking");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    for (channel, what) in [(late, "loss on time"), (due, "reminder"), (stale, "expired challenge")] {
        assert_eq!(channel_posts(channel), 1, "the {what} is posted exactly once");
    }
    let reminder = fake.posted_messages().into_iter().find(|m| m.channel_id == due).unwrap();
    assert!(reminder.content().contains(&format!("<@{}>", ana.id)), "{}", reminder.content());

    // The holder of the server's shard answers a move, after a 429.
    fake.fail_next("POST /interactions/*/*/callback", 429, Duration::from_millis(50));
    let moved = ask(&fake, fake.command("move").in_channel(due).string("move", "11-15").from(&ana)).await;
    assert!(!moved.is_ephemeral(), "{:?}", moved.content());
    assert_eq!(service.game_in_channel(due).await.unwrap().ply(), 1);

    let (status, body) = tokio::task::spawn_blocking(move || http_get(metrics_addr, "/healthz")).await.unwrap();
    assert!(status.contains("200"), "{status}: {body}");
    // The command's time is recorded once its answer is out, which may be
    // a moment after the test has the answer: read the page until it is.
    let bucket = "damas_command_seconds_bucket{command=\"move\",le=\"0.5\"}";
    let until = tokio::time::Instant::now() + WAIT;
    let (status, page) = loop {
        let (status, page) = tokio::task::spawn_blocking(move || http_get(metrics_addr, "/metrics")).await.unwrap();
        if page.contains(bucket) || tokio::time::Instant::now() > until {
            break (status, page);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.contains("200"), "{status}");
    assert_eq!(metric(&page, "damas_live_games"), Some(1.0), "{page}");
    assert_eq!(metric(&page, "damas_moves_last_minute"), Some(1.0), "{page}");
    assert_eq!(metric(&page, "damas_moves_total"), Some(1.0), "{page}");
    assert_eq!(metric(&page, "damas_discord_rate_limited_total{scope=\"route\"}"), Some(1.0), "{page}");
    assert!(metric(&page, "damas_discord_requests_total{lane=\"answer\"}").is_some_and(|n| n >= 2.0), "{page}");
    assert!(page.contains(bucket), "{page}");
    let (status, _) = tokio::task::spawn_blocking(move || http_get(metrics_addr, "/nothing")).await.unwrap();
    assert!(status.contains("404"), "{status}");
}

/// Past 2,500 servers Discord wants shards: it recommends four, and two
/// processes on one PostgreSQL database run two each. Each server's
/// commands reach the process that runs its shard and are answered once;
/// each announcement, whichever process's clock claims it, is posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
async fn four_shards_over_two_processes_answer_each_server_once() {
    let db = database(Backend::Postgres).await;
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(4);
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let service = GameService::open(db.url()).await.unwrap();
    // A server on each shard (the fake's own on one of them), each with a
    // game going on and a challenge that expired while no bot ran.
    let mut servers = vec![fake.guild_id()];
    let own = ((fake.guild_id() >> 22) % 4) as u32;
    servers.extend((0..4).filter(|&s| s != own).map(|shard| fake.add_guild(shard, 4)));
    let t = now();
    let mut tables = Vec::new();
    for &guild in &servers {
        let (table, stale) = (fake.new_id(), fake.new_id());
        let game = NewChallenge {
            guild: Some(guild),
            color: ColorChoice::White,
            ..NewChallenge::new(table, ana.id, bruno.id)
        };
        service.challenges().challenge(t, game).await.unwrap();
        service.challenges().accept(t, table, bruno.id, None).await.unwrap();
        let expired = NewChallenge { guild: Some(guild), ..NewChallenge::new(stale, bruno.id, ana.id) };
        service.challenges().challenge(t - 3 * DAY, expired).await.unwrap();
        tables.push((guild, table, stale));
    }

    let _first = spawn_bot(&fake, db.url(), "0-1/4", None);
    let _second = spawn_bot(&fake, db.url(), "2-3/4", None);
    let give_up = tokio::time::Instant::now() + Duration::from_secs(60);
    while !(0..4).all(|shard| fake.shard_connected(shard)) {
        assert!(tokio::time::Instant::now() < give_up, "the four shards did not all connect");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(fake.gateway_stats().identifies, 4, "each shard identified once");

    for &(guild, table, stale) in &tables {
        let place = Place::Guild { guild_id: guild, channel_id: table };
        let moved = ask(&fake, fake.command("move").at(place).string("move", "11-15").from(&ana)).await;
        assert!(!moved.is_ephemeral(), "server {guild}: {:?}", moved.content());
        assert_eq!(service.game_in_channel(table).await.unwrap().ply(), 1, "server {guild}: the move is played");
        fake.wait_for_channel_message(stale, |m| m.content().contains(&format!("<@{}>", bruno.id)), WAIT).await;
    }
    // A few more ticks of both clocks: still one answer and one post each.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let requests = fake.requests();
    let answers = requests.iter().filter(|r| r.path.contains("/interactions/") && r.status < 300).count();
    assert_eq!(answers, tables.len(), "each command answered once");
    for &(guild, _, stale) in &tables {
        let posts = fake.count_messages(|m| m.kind == MessageKind::Channel && m.channel_id == stale);
        assert_eq!(posts, 1, "server {guild}: the expired challenge is announced once");
    }
    fake.assert_rate_limits_honoured();
}
