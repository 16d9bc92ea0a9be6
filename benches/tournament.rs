//! The Swiss pairing (RULES 8.4c): the 7th round of 128 players, after six
//! rounds paired by the same function with pseudo-random results from a
//! fixed seed. Target: under 100 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use damas::tournament::swiss::{SwissEntrant, pair_round};
use damas::tournament::{GameResult, Player, TournamentGame};
use std::hint::black_box;

/// The entrants, games and byes after `rounds` rounds of `players`.
fn history(players: usize, rounds: u32) -> (Vec<SwissEntrant>, Vec<TournamentGame>, Vec<Player>) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let entrants: Vec<SwissEntrant> =
        (0..players).map(|_| SwissEntrant { rating: 1000.0 + next(1200) as f64, withdrawn: false }).collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for round in 1..=rounds {
        let paired = pair_round(&entrants, &games, &byes).expect("a pairing");
        for p in paired.pairings {
            let result = match next(5) {
                0 | 1 => GameResult::WhiteWins,
                2 | 3 => GameResult::BlackWins,
                _ => GameResult::Draw,
            };
            games.push(TournamentGame { round, white: p.white, black: p.black, result: Some(result) });
        }
        byes.extend(paired.bye);
    }
    (entrants, games, byes)
}

fn swiss(c: &mut Criterion) {
    let (entrants, games, byes) = history(128, 6);
    let mut group = c.benchmark_group("swiss");
    group.sample_size(20);
    group.bench_function("round 7 of 128 players", |b| {
        b.iter(|| pair_round(black_box(&entrants), black_box(&games), black_box(&byes)).expect("a pairing"))
    });
    group.finish();
}

criterion_group!(benches, swiss);
criterion_main!(benches);
