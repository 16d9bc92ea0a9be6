//! Measures the database file after N finished games (default 10,000):
//! games between two players, 100 at a time, each played through the
//! service with pseudo-random legal moves until the rules end it (or
//! resigned at ply 120), then the file is checkpointed and measured.
//!
//! `cargo run --release --example store_size -- [games] [path]`
//!
//! Commits use `Durability::Normal` to save time: the file's size does not
//! depend on when it is synced.

use std::hash::{BuildHasher, RandomState};
use std::time::Instant;

use damas::game::{ColorChoice, GameService, GameView, NewChallenge, Seen};
use damas::store::{Durability, Store};

const AT_ONCE: u64 = 100;
const RESIGN_AT: u32 = 120;

async fn play_out(svc: GameService, channel: u64, seed: RandomState) -> u32 {
    let now = 1_767_225_600;
    let req = NewChallenge { color: ColorChoice::White, ..NewChallenge::new(channel, 1, 2) };
    svc.challenges().challenge(now, req).await.unwrap();
    let mut view: GameView = svc.challenges().accept(now, channel, 2, None).await.unwrap();
    while view.is_live() {
        if view.ply() >= RESIGN_AT {
            view = svc.games().resign(now, channel, view.player_to_move()).await.unwrap();
            break;
        }
        let legal = view.game.position().legal_moves_with_notation();
        let text = &legal[seed.hash_one((channel, view.ply())) as usize % legal.len()].1;
        view = svc.games().play(now, channel, view.player_to_move(), text, Some(Seen::of(&view))).await.unwrap().game;
    }
    view.ply()
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(10_000, |a| a.parse().expect("a number of games"));
    let dir = tempfile::tempdir().unwrap();
    let path = args.next().unwrap_or_else(|| dir.path().join("size.db").to_string_lossy().into_owned());
    let store = Store::open_with(&path, Durability::Normal).await.unwrap();
    let svc = GameService::with_store(store.clone());
    let seed = RandomState::new();
    let started = Instant::now();
    let mut plies = 0u64;
    for batch in 0..games.div_ceil(AT_ONCE) {
        let tasks: Vec<_> = (batch * AT_ONCE..((batch + 1) * AT_ONCE).min(games))
            .map(|channel| tokio::spawn(play_out(svc.clone(), channel, seed.clone())))
            .collect();
        for t in tasks {
            plies += u64::from(t.await.unwrap());
        }
    }
    store.close().await; // checkpoints the WAL into the file
    let bytes = std::fs::metadata(&path).unwrap().len();
    println!(
        "{games} finished games, {plies} moves ({:.1} per game) in {:.0?}: {bytes} bytes ({:.1} MiB, {:.0} bytes per game)",
        plies as f64 / games as f64,
        started.elapsed(),
        bytes as f64 / 1_048_576.0,
        bytes as f64 / games as f64,
    );
}
