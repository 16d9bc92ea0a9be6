//! Latency of `/move` end to end: from the INTERACTION_CREATE the fake
//! Discord sends to the callback (with the board picture) it receives, over
//! at least 1,000 moves spread across 100 live games, one at a time. Prints
//! p50, p99 and max, and the resident memory of the process (bot + fake)
//! after the run. On SQLite, then on PostgreSQL when
//! `DAMAS_TEST_POSTGRES_URL` names a server (a fresh schema on it).
//!
//! The bot logs as `damas run` does (its default filter, unless `RUST_LOG`
//! says otherwise).
//!
//! With `DAMAS_BENCH_SCANS=N`, the bot's clock ticks every 100 ms, the
//! moves are sent 20 ms apart (so background work runs between them) and
//! `N` finished games of 80 plies wait to be scanned for puzzles when the
//! moves begin: the latency of moves answered while the scans run (SQLite
//! only; compare with `N` = 0, which runs the same way with nothing to scan).
//!
//! `cargo bench --bench discord_latency`

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use damas::config::Clock;
use damas::game::GameService;
use damas::store::{Backend, ScratchDatabase};
use support::bot::{RunningBot, WAIT, ask, config};
use support::fake_discord::{FakeDiscord, FakeUser};

const GAMES: usize = 100;
const MOVES: usize = 1_000;

/// Finished games waiting to be scanned for puzzles during the run, if set.
fn scans() -> Option<u32> {
    std::env::var("DAMAS_BENCH_SCANS").ok().map(|n| n.parse().expect("DAMAS_BENCH_SCANS is a number"))
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let backends = if scans().is_some() { &[Backend::Sqlite][..] } else { &[Backend::Sqlite, Backend::Postgres][..] };
    for &backend in backends {
        match runtime.block_on(ScratchDatabase::for_tests(backend)).expect("a scratch database") {
            Some(db) => runtime.block_on(bench(&db)),
            None => println!("discord_latency: DAMAS_TEST_POSTGRES_URL is not set, no PostgreSQL run"),
        }
    }
}

async fn bench(db: &ScratchDatabase) {
    let fake = FakeDiscord::start().await;
    let url = db.url().to_string();
    let tick = if scans().is_some() { Duration::from_millis(100) } else { Duration::from_secs(60) };
    let config = config(&fake, &url, Clock::system(), tick);
    // Logs as `damas run` logs (its default filter unless RUST_LOG is set),
    // so the figures are what a user gets.
    damas::cli::run::install_logging(&config).expect("the log filter");
    let bot = RunningBot::start(&fake, config).await;
    let service = GameService::open(&url).await.expect("database");

    if let Some(copies) = scans().filter(|&n| n > 0) {
        waiting_scans(&fake, &service, copies).await;
    }

    let mut channels = Vec::with_capacity(GAMES);
    for _ in 0..GAMES {
        channels.push(new_game(&fake).await);
    }

    let mut latencies = Vec::with_capacity(MOVES);
    let mut round = 0;
    while latencies.len() < MOVES {
        for channel in channels.iter_mut() {
            let game = match service.game_in_channel(*channel).await {
                Ok(game) => game,
                Err(_) => {
                    *channel = new_game(&fake).await;
                    service.game_in_channel(*channel).await.expect("a new game")
                }
            };
            let legal = game.game.position().legal_moves_with_notation();
            // Vary the moves between games and rounds, deterministically.
            let (_, notation) = &legal[(round + *channel as usize) % legal.len()];
            let player = FakeUser::new(game.player_to_move(), "player");
            let command = fake.command("move").in_channel(*channel).string("move", notation).from(&player);

            if scans().is_some() {
                // Spaced out, as players' moves are, so that scans run between them.
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let sent = Instant::now();
            let interaction = fake.send(command);
            let callback = fake.wait_for_callback(interaction.id, WAIT).await;
            latencies.push(sent.elapsed());

            assert!(!callback.is_ephemeral(), "the move was refused: {:?}", callback.content());
            assert!(callback.files.iter().any(|f| f.filename.ends_with(".png")), "the board is attached");
        }
        round += 1;
        fake.clear_records();
    }

    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    println!("discord_latency ({:?}): /move INTERACTION_CREATE -> callback with the board PNG", db.backend());
    println!("  {} moves over {} live games, sent one at a time", latencies.len(), GAMES);
    println!("  p50 {:.2} ms", ms(pct(0.50)));
    println!("  p99 {:.2} ms", ms(pct(0.99)));
    println!("  max {:.2} ms", ms(*latencies.last().expect("latencies")));
    println!("  resident memory (bot + fake, one process): {}", resident_memory());
    if let Some(copies) = scans() {
        let scanned = service.store().games_scanned_for_puzzles().await.unwrap_or(0);
        println!("  clock tick 100 ms; {copies} finished games of 80 plies waiting to be scanned at the start,");
        println!("  {scanned} scanned by the end of the run");
    }
    bot.stop().await;
}

/// Plays the game of `tests/data/game_80_plies.txt` to its end (a
/// resignation after its moves), then copies it `copies` times: finished
/// games the bot has not scanned for puzzles yet.
async fn waiting_scans(fake: &FakeDiscord, service: &GameService, copies: u32) {
    let channel = new_game(fake).await;
    let moves = std::fs::read_to_string("tests/data/game_80_plies.txt").expect("the 80-ply game");
    let now = Clock::system().now();
    for notation in moves.split_whitespace() {
        let game = service.game_in_channel(channel).await.expect("the game goes on");
        service.games().play(now, channel, game.player_to_move(), notation, None).await.expect("a move of the game");
    }
    let game = service.game_in_channel(channel).await.expect("the game goes on");
    service.games().resign(now, channel, game.player_to_move()).await.expect("a resignation");
    let copied = service.store().copy_finished_game_for_load(game.id, copies, 50).await.expect("copies");
    println!("discord_latency: {copied} finished games of {} plies copied, to be scanned", game.ply());
}

async fn new_game(fake: &FakeDiscord) -> u64 {
    let channel = fake.new_id();
    let (white, black) = (fake.user("white"), fake.user("black"));
    ask(
        fake,
        fake.command("challenge").in_channel(channel).user("opponent", &black).string("color", "white").from(&white),
    )
    .await;
    let started = ask(fake, fake.command("accept").in_channel(channel).from(&black)).await;
    assert!(!started.is_ephemeral(), "{:?}", started.content());
    channel
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// VmRSS from /proc/self/status (Linux), or "unknown".
fn resident_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find(|l| l.starts_with("VmRSS:")).map(|l| l["VmRSS:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}
