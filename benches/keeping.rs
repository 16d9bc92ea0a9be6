//! Keeping a club's games: `damas backup` and `damas copy` on a large
//! history, as an operator runs them (the release binary, its default
//! settings), timed and with their peak memory.
//!
//! The history, written straight into a SQLite file: `KEEPING_FINISHED`
//! finished games (default 100,000: 100 played through the service to 60
//! plies and resigned, each copied in bulk by the store), `KEEPING_LIVE`
//! live games (default 5,000, 10 plies each, one in ten with a premove
//! line), and three running round-robins of eight players.
//!
//! Then, each a child process run under GNU time (`/usr/bin/time`, for its
//! peak resident memory):
//! 1. `damas backup FILE` of the SQLite file: time and the backup's size;
//! 2. `damas copy --to postgres://…` (SQLite to PostgreSQL, into a new
//!    schema on `DAMAS_TEST_POSTGRES_URL`'s server; skipped without it);
//! 3. `damas copy` back from PostgreSQL to a new SQLite file.
//!
//! `cargo bench --bench keeping` (Linux).

#[path = "common/played.rs"]
mod played;
#[path = "common/timed.rs"]
mod timed;

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use played::{play, start};
use timed::{size_mb, timed};

use damas::game::{GameService, TournamentFormat, TournamentTerms};
use damas::store::{Durability, ScratchDatabase, Store};

const GUILD: u64 = 77;
/// Games played through the service to be copied as finished ones.
const PLAYED: u64 = 100;
/// Plies of each finished game before its resignation.
const FINISHED_PLIES: usize = 60;
/// Plies of each live game.
const LIVE_PLIES: usize = 10;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn main() {
    let finished = setting("KEEPING_FINISHED", 100_000);
    let live = setting("KEEPING_LIVE", 5_000);
    let dir = tempfile::tempdir().expect("temp dir");
    let source = dir.path().join("club.db");
    let url = format!("sqlite://{}", source.display());
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let seeding = Instant::now();
    runtime.block_on(seed(&url, finished, live));
    println!(
        "history: {finished} finished and {live} live games, 3 running tournaments; {:.0} MB in SQLite (seeded in {:.0} s)",
        size_mb(&source),
        seeding.elapsed().as_secs_f64()
    );

    let backup = dir.path().join("backup.db");
    let run = timed(&["backup", backup.to_str().expect("path"), "--database", &url]);
    println!("damas backup: {:.1} s, peak RSS {:.0} MB; the backup {:.0} MB", run.0, run.1, size_mb(&backup));

    let Ok(server) = std::env::var(damas::store::TEST_POSTGRES_URL_VAR) else {
        println!("(no {}: the copies to and from PostgreSQL are skipped)", damas::store::TEST_POSTGRES_URL_VAR);
        return;
    };
    let pg = runtime.block_on(ScratchDatabase::postgres(&server)).expect("a PostgreSQL schema");
    let there = timed(&["copy", "--from", &url, "--to", pg.url()]);
    println!("damas copy SQLite -> PostgreSQL: {:.1} s, peak RSS {:.0} MB", there.0, there.1);
    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let returned = timed(&["copy", "--from", pg.url(), "--to", &back]);
    println!("damas copy PostgreSQL -> SQLite: {:.1} s, peak RSS {:.0} MB", returned.0, returned.1);
}

async fn seed(url: &str, finished: u64, live: u64) {
    let store = Store::open_with(url, Durability::Normal).await.expect("database");
    let service = GameService::with_store(store.clone());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock").as_secs() as i64 - 86_400;
    let copies = finished.div_ceil(PLAYED).saturating_sub(1) as u32;
    for i in 0..PLAYED {
        let channel = 10_000_000 + i * 1_000_000;
        let view = start(&service, now, GUILD, channel, (20_000_000 + i, 30_000_000 + i)).await;
        let view = play(&service, now, view, FINISHED_PLIES, i as usize).await;
        if view.is_live() {
            service.games().resign(now + 60, channel, view.player_to_move()).await.expect("resign");
        }
        store.copy_finished_game_for_load(view.id, copies, 500).await.expect("copies");
    }
    let games: Vec<_> = (0..live)
        .map(|i| {
            let service = service.clone();
            tokio::spawn(async move {
                let channel = 1_000_000 + i;
                let view = start(&service, now, GUILD, channel, (2_000_000 + i, 3_000_000 + i)).await;
                let view = play(&service, now, view, LIVE_PLIES, i as usize).await;
                if i % 10 == 0 && view.is_live() {
                    let legal = view.game.position().legal_moves_with_notation();
                    let mut after = view.game.clone();
                    after.play_notation(&legal[0].1).expect("legal");
                    let replies = after.position().legal_moves_with_notation();
                    if let Some((_, reply)) = replies.first() {
                        let waiting = view.player_to_move() ^ (2_000_000 + i) ^ (3_000_000 + i);
                        let line = format!("{} {reply}", legal[0].1);
                        service.games().add_premove(now, channel, waiting, &line).await.expect("premove");
                    }
                }
            })
        })
        .collect();
    for task in games {
        task.await.expect("live game");
    }
    for t in 0..3u64 {
        let terms = TournamentTerms::new(&format!("Cup {t}"), TournamentFormat::RoundRobin);
        let hall = 900_000 + t;
        let organiser = 910_000 + t;
        let cup = service.tournaments().create_tournament(now, GUILD, hall, organiser, true, terms).await.expect("cup");
        for p in 0..8 {
            let player = 920_000 + t * 100 + p;
            service.tournaments().join_tournament(now, Some(GUILD), cup.id, player, None, false).await.expect("join");
        }
        service.tournaments().start_tournament(now, Some(GUILD), cup.id, organiser, false).await.expect("start");
        for pending in service.tournaments().pending_tournament_games(now).await.expect("pairings") {
            let thread = 5_000_000 + pending.pairing as u64;
            service.tournaments().start_tournament_game(now, &pending, thread).await.expect("game");
        }
    }
    store.close().await;
}
