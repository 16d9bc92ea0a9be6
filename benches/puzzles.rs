//! Puzzles: the cost of scanning one finished game of 80 plies for puzzles
//! (each position searched at the finding depth, each candidate again at
//! the verification depth and then deeply, on one core, with the 4-piece endgame tables),
//! and the rate of the starting set's generator (games played and scanned,
//! and puzzles found, per second of one core).
//!
//! `cargo bench --bench puzzles`

use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use damas::engine::puzzle_set::{puzzles_of_games, self_play_game};
use damas::engine::puzzles::{FIND_DEPTH, VERIFY_DEPTH, deep_limits, puzzles_in_game};
use damas::engine::tables::Tables;
use damas::engine::{DEFAULT_TABLE_MB, Searcher};
use damas::rules::Game;

/// Games of the generator's set, each cut to its first 80 plies.
fn game_of_80_plies(searcher: &mut Searcher) -> Game {
    (0..)
        .map(|index| self_play_game(searcher, 2026, index))
        .find(|g| g.ply() >= 80)
        .map(|g| {
            let mut cut = Game::new(*g.start(), g.variant(), g.draw_rules());
            for mv in &g.moves()[..80] {
                cut.play(mv).expect("a game's moves replay");
            }
            cut
        })
        .expect("a game of 80 plies")
}

fn scan_and_generate(c: &mut Criterion) {
    let tables = Arc::new(Tables::build(4));
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables.clone()));
    let game = game_of_80_plies(&mut searcher);

    let games = 20;
    let started = Instant::now();
    let found = puzzles_of_games(&mut searcher, 2026, 0..games, &deep_limits());
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "generator: {games} games in {seconds:.1} s: {:.2} games/s, {} puzzles, {:.2} puzzles/s (one core)",
        games as f64 / seconds,
        found.len(),
        found.len() as f64 / seconds
    );

    let mut group = c.benchmark_group("puzzles");
    group.sample_size(10);
    group.bench_function("scan a game of 80 plies", |b| {
        b.iter(|| {
            searcher.clear();
            puzzles_in_game(&mut searcher, &game, FIND_DEPTH, VERIFY_DEPTH, &deep_limits())
        })
    });
    group.finish();
}

criterion_group!(benches, scan_and_generate);
criterion_main!(benches);
