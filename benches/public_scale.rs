//! A public bot: the database of ten thousand servers, 200,000 players,
//! 100,000 live games and a large history, built through the store in bulk
//! (`public_scale/build.rs`), then measured as it serves:
//!
//! 1. The clock loop's tick, run here on that database against the fake
//!    Discord: the first (it catches up: the daily puzzles of the servers
//!    past their hour today, paced at Discord's limit, the deadlines due)
//!    and then idle ones (the median of five), and the puzzle scans' tick;
//!    what they cost should grow with the work due, not with the rows stored.
//! 2. The real bot as a process (`damas run`, its default settings and log
//!    filter): start-up to the first answered command; the first response
//!    (p50, p99, max) of `/move`, `/board`, `/mygames`, `/games`,
//!    `/history`, `/rating`, `/leaderboard`, `/puzzle play` and
//!    `/challenges`, `SCALE_ASKED` of each (default 200), in the servers,
//!    channels and games of the database; its CPU over a minute of idling
//!    (`SCALE_IDLE` seconds); its memory (RSS, now and at its peak).
//! 3. `damas backup` of the SQLite database, and `damas copy` of it to
//!    PostgreSQL, as an operator runs them (`SCALE_KEEPING=0` skips them).
//!
//! `cargo bench --bench public_scale`. Sizes: `SCALE_FINISHED` (finished
//! games; a comma-separated list runs each, e.g. `100000,300000`; default
//! 100,000), `SCALE_LIVE` (100,000), `SCALE_SERVERS` (10,000),
//! `SCALE_PLAYERS` (200,000). On SQLite, then on PostgreSQL when
//! `DAMAS_TEST_POSTGRES_URL` names a server (a schema of its own, dropped
//! afterwards); `SCALE_BACKENDS=postgres` (or `sqlite`) runs one. `SCALE_KEEP=FOLDER` keeps each SQLite database there
//! (`scale-N.db`), to look into. Linux (reads /proc); `damas backup` and
//! `copy` run under GNU `time` (Debian package `time`).

#[path = "../tests/it/support/mod.rs"]
mod support;

#[path = "common/bot_process.rs"]
mod bot_process;
#[path = "public_scale/build.rs"]
mod build;
#[path = "common/played.rs"]
mod played;
#[path = "common/timed.rs"]
mod timed;

use std::time::{Duration, Instant};

use bot_process::{BotProcess, ms, percentile, shared_tables};
use build::Size;
use damas::config::Clock;
use damas::discord::background::answering::Answering;
use damas::discord::background::clock_loop;
use damas::discord::background::send_direct_messages::DmChannels;
use damas::discord::messages::deliver::ChannelNotices;
use damas::discord::messages::live_buttons::Sweeps;
use damas::discord::rest::Rest;
use damas::game::GameService;
use damas::store::{Backend, ScratchDatabase, Store};
use support::bot::{WAIT, ask};
use support::fake_discord::{FakeDiscord, FakeUser, InteractionBuilder, Place};

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn main() {
    let sizes: Vec<u32> = std::env::var("SCALE_FINISHED")
        .unwrap_or_else(|_| "100000".to_string())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        shared_tables();
        for &finished in &sizes {
            let size = Size {
                servers: setting("SCALE_SERVERS", 10_000) as u32,
                players: setting("SCALE_PLAYERS", 200_000) as u32,
                live: setting("SCALE_LIVE", 100_000) as u32,
                finished,
            };
            for backend in backends() {
                let Some(db) = ScratchDatabase::for_tests(backend).await.expect("a scratch database") else {
                    println!("(no {}: PostgreSQL skipped)", damas::store::TEST_POSTGRES_URL_VAR);
                    continue;
                };
                run(&db, size).await;
                if let (Ok(folder), Backend::Sqlite) = (std::env::var("SCALE_KEEP"), backend) {
                    let kept = std::path::Path::new(&folder).join(format!("scale-{finished}.db"));
                    let path = db.url().trim_start_matches("sqlite://").to_string();
                    std::fs::copy(&path, &kept).expect("keep the database");
                    println!("  (kept as {})", kept.display());
                }
            }
        }
    });
}

/// The backends to measure: `SCALE_BACKENDS` (`sqlite`, `postgres`, or
/// both comma-separated, the default).
fn backends() -> Vec<Backend> {
    let named = std::env::var("SCALE_BACKENDS").unwrap_or_else(|_| "sqlite,postgres".to_string());
    let chosen: Vec<Backend> = named
        .split(',')
        .filter_map(|name| match name.trim() {
            "sqlite" => Some(Backend::Sqlite),
            "postgres" => Some(Backend::Postgres),
            _ => None,
        })
        .collect();
    assert!(!chosen.is_empty(), "SCALE_BACKENDS names no backend: {named}");
    chosen
}

/// Builds one database and measures the bot on it.
async fn run(db: &ScratchDatabase, size: Size) {
    println!(
        "\n{:?}: {} servers, {} players, {} live and {} finished games",
        db.backend(),
        size.servers,
        size.players,
        size.live,
        size.finished
    );
    build::build(db.url(), size).await;
    let store = Store::open(db.url()).await.expect("database");
    println!("  database {:.0} MB", store.size_bytes().await.expect("its size") as f64 / 1_048_576.0);
    store.close().await;

    let fake = FakeDiscord::start().await;
    ticks(&fake, db.url()).await;
    fake.clear_records();
    serve(&fake, db, size).await;
    if setting("SCALE_KEEPING", 1) > 0 && db.backend() == Backend::Sqlite {
        keeping(db.url()).await;
    }
}

/// The clock loop's tick and the puzzle scans' tick, run here.
async fn ticks(fake: &FakeDiscord, url: &str) {
    let service = GameService::open(url).await.expect("database");
    let rest = Rest::new(&fake.token(), Some(fake.rest_url()), damas::config::DEFAULT_REQUESTS_PER_SECOND);
    rest.set_application(fake.application_id());
    let (notices, sweeps, dms, answering) =
        (ChannelNotices::default(), Sweeps::default(), DmChannels::default(), Answering::default());
    let clock = Clock::system();
    let tick = || clock_loop::tick(&rest, &notices, &sweeps, &service, &clock, &dms, &answering);
    let started = Instant::now();
    tick().await;
    let first = started.elapsed();
    let posted = fake.requests().iter().filter(|r| r.method == "POST" && r.path.contains("/channels/")).count();
    let mut idle = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        tick().await;
        idle.push(started.elapsed());
    }
    idle.sort();
    let mut scans = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        service.puzzles().scan_finished_games(clock.now(), 4).await.expect("a scan");
        scans.push(started.elapsed());
    }
    scans.sort();
    println!(
        "  clock tick: the first {:.1} s ({posted} posts, paced), then idle: median {:.1} ms (max {:.1} ms); \
         puzzle scans' tick median {:.2} ms",
        first.as_secs_f64(),
        ms(idle[2]),
        ms(idle[4]),
        ms(scans[2])
    );
    service.store().close().await;
}

/// The bot as a process: start-up, commands, idle CPU, memory.
async fn serve(fake: &FakeDiscord, db: &ScratchDatabase, size: Size) {
    let dir = tempfile::tempdir().expect("a folder");
    let spawned = Instant::now();
    let bot = BotProcess::start_on(fake, dir, db.url(), &[]).await;
    let asker = fake.user("asker");
    loop {
        let help = ask(fake, fake.command("help").from(&asker)).await;
        if help.content().is_some_and(|c| !c.is_empty()) {
            break;
        }
    }
    let ready = spawned.elapsed();
    println!("  start-up to the first answer: {:.2} s; RSS {:.0} MB", ready.as_secs_f64(), bot.rss_mb());

    let service = GameService::open(db.url()).await.expect("database");
    let asked = setting("SCALE_ASKED", 200);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound.max(1)
    };
    let live = u64::from(size.live);
    let finished = u64::from(size.finished);
    let user = |id: u64| FakeUser::new(id, "player");
    let place = |guild: u64, channel: u64| Place::Guild { guild_id: guild, channel_id: channel };
    let mut report = Vec::new();
    for command in
        ["move", "board", "mygames", "games", "history", "rating", "leaderboard", "puzzle play", "challenges"]
    {
        let mut times = Vec::with_capacity(asked as usize);
        let mut refused = 0;
        let mut sample = String::new();
        for _ in 0..asked {
            // Copies, not the games played (numbered from 1).
            let (i, j) = (1 + next(live - 1), 1 + next(finished - 1));
            let (white, black) = size.seats(j);
            let builder: InteractionBuilder = match command {
                "move" => {
                    let channel = build::LIVE + i;
                    let game = service.game_in_channel(channel).await.expect("a live game");
                    let legal = game.game.position().legal_moves_with_notation();
                    let notation = &legal[next(legal.len() as u64) as usize].1;
                    let mover = user(game.player_to_move());
                    fake.command("move").string("move", notation).at(place(size.guild(i), channel)).from(&mover)
                }
                "board" => fake.command("board").at(place(size.guild(i), build::LIVE + i)).from(&asker),
                "mygames" => {
                    fake.command("mygames").at(place(size.guild(i), fake.new_id())).from(&user(size.seats(i).0))
                }
                "games" => fake.command("games").at(place(size.guild(i), fake.new_id())).from(&asker),
                "history" => fake
                    .command("history")
                    .user("user", &user(white))
                    .at(place(size.guild(j), fake.new_id()))
                    .from(&asker),
                "rating" => fake
                    .command("rating")
                    .user("user", &user(black))
                    .at(place(size.guild(j), fake.new_id()))
                    .from(&asker),
                "leaderboard" => fake.command("leaderboard").at(place(size.guild(j), fake.new_id())).from(&asker),
                "puzzle play" => {
                    fake.command("puzzle").subcommand("play").at(place(size.guild(j), fake.new_id())).from(&user(white))
                }
                _ => {
                    let n = next(build::CHALLENGE_SERVERS);
                    let challenged = user(build::challenge_seats(n).1);
                    fake.command("challenges").at(place(size.guild(n), fake.new_id())).from(&challenged)
                }
            };
            let interaction = fake.send(builder);
            let answer = fake.wait_for_callback(interaction.id, WAIT).await;
            if answer.is_ephemeral() && command != "puzzle play" {
                refused += 1;
            }
            if sample.is_empty() {
                sample = answer.content().unwrap_or_default().chars().take(70).collect::<String>().replace('\n', " / ");
            }
            times.push(answer.elapsed);
        }
        let first = times[0];
        let limits = fake.rate_limits();
        if limits.limited > 0 {
            println!("  ({} answered 429 by the fake during /{command})", limits.limited);
        }
        times.sort();
        report.push((command, times, first, refused, sample));
        fake.clear_records();
    }
    for (command, times, first, refused, sample) in &report {
        let note = if *refused > 0 { format!(" ({refused} private)") } else { String::new() };
        println!(
            "  /{command:<12} p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms (the first {:.1} ms){note}  \"{sample}\"",
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            ms(*times.last().expect("times")),
            ms(*first)
        );
    }
    service.store().close().await;

    let idle = Duration::from_secs(setting("SCALE_IDLE", 60));
    let before = bot.cpu_seconds();
    tokio::time::sleep(idle).await;
    let spent = bot.cpu_seconds() - before;
    println!(
        "  idle: {:.2} s of CPU in {} s; RSS {:.0} MB, peak {:.0} MB",
        spent,
        idle.as_secs(),
        bot.rss_mb(),
        bot.peak_rss_mb()
    );
    bot.stop().await;
}

/// `damas backup` of the SQLite database, and `damas copy` to PostgreSQL.
async fn keeping(url: &str) {
    let dir = tempfile::tempdir().expect("a folder");
    let backup = dir.path().join("backup.db");
    let path = backup.to_str().expect("a path").to_string();
    let source = url.to_string();
    let (secs, mb) = tokio::task::spawn_blocking(move || timed::timed(&["backup", &path, "--database", &source]))
        .await
        .expect("backup");
    println!("  damas backup: {secs:.1} s, peak RSS {mb:.0} MB, the backup {:.0} MB", timed::size_mb(&backup));
    let Ok(server) = std::env::var(damas::store::TEST_POSTGRES_URL_VAR) else { return };
    let pg = ScratchDatabase::postgres(&server).await.expect("a PostgreSQL schema");
    let (from, to) = (url.to_string(), pg.url().to_string());
    let (secs, mb) =
        tokio::task::spawn_blocking(move || timed::timed(&["copy", "--from", &from, "--to", &to])).await.expect("copy");
    println!("  damas copy SQLite -> PostgreSQL: {secs:.0} s, peak RSS {mb:.0} MB");
}
