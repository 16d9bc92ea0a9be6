//! Move generation speed: perft from the start and from a middle game with
//! kings, and the legal moves of single positions (quiet, and men's
//! multiple captures).

use criterion::{Criterion, criterion_group, criterion_main};
use damas::rules::{Position, perft};
use std::hint::black_box;

/// A middle game with kings on both sides and captures in the air.
const MIDDLE_GAME: &str = "B:W1,3,6,9,10,11,14,K31:B17,20,21,23,26,27,K5,K8";
/// Men's three-jump captures on several routes, with a king to prefer.
const MEN_CAPTURES: &str = "W:W2,3:B6,15,23,14,K22,21,7";
/// A quiet, typical opening position.
const OPENING: &str = "B:W1,2,3,4,5,6,7,9,10,11,12,15:B21,22,23,24,25,26,27,28,29,30,31,32";

fn perft_benches(c: &mut Criterion) {
    let start = Position::initial();
    let middle: Position = MIDDLE_GAME.parse().expect("valid FEN");
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 9", |b| b.iter(|| perft(black_box(&start), 9)));
    group.bench_function("middle game depth 8", |b| b.iter(|| perft(black_box(&middle), 8)));
    group.finish();
}

fn legal_move_benches(c: &mut Criterion) {
    let opening: Position = OPENING.parse().expect("valid FEN");
    let middle: Position = MIDDLE_GAME.parse().expect("valid FEN");
    c.bench_function("legal_moves opening", |b| b.iter(|| black_box(&opening).legal_moves().len()));
    c.bench_function("legal_moves middle game", |b| b.iter(|| black_box(&middle).legal_moves().len()));
    c.bench_function("count_legal_moves opening", |b| b.iter(|| black_box(&opening).count_legal_moves()));
    let captures: Position = MEN_CAPTURES.parse().expect("valid FEN");
    c.bench_function("legal_moves men's captures", |b| b.iter(|| black_box(&captures).legal_moves().len()));
    c.bench_function("count_legal_moves men's captures", |b| b.iter(|| black_box(&captures).count_legal_moves()));
}

criterion_group!(benches, perft_benches, legal_move_benches);
criterion_main!(benches);
