//! Endgame tables: the cost of a probe (what the search pays at a leaf) and
//! of building the 3-piece tables.

use criterion::{Criterion, criterion_group, criterion_main};
use damas::engine::tables::Tables;
use damas::rules::{Color, Piece, Position, Role, Square};
use std::hint::black_box;

/// 1024 legal positions of exactly `pieces` pieces, from a fixed seed.
fn positions(pieces: usize) -> Vec<Position> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut out = Vec::new();
    while out.len() < 1024 {
        let placed: Vec<(Square, Piece)> = (0..pieces)
            .map(|_| {
                let sq = Square::new(next(32) as u8 + 1).unwrap();
                let color = if next(2) == 0 { Color::White } else { Color::Black };
                let role = if next(2) == 0 { Role::Man } else { Role::King };
                (sq, Piece { color, role })
            })
            .collect();
        let turn = if next(2) == 0 { Color::White } else { Color::Black };
        if let Ok(p) = Position::from_pieces(turn, placed)
            && p.count(Color::White) + p.count(Color::Black) == pieces as u32
        {
            out.push(p);
        }
    }
    out
}

fn probe(c: &mut Criterion) {
    let tables = Tables::build(4);
    let mut group = c.benchmark_group("tables probe");
    for pieces in [2, 4, 5] {
        let list = positions(pieces);
        // Per call: the 1024 probes of one iteration are divided out when
        // reading the report (time / 1024).
        group.bench_function(format!("1024 probes of {pieces} pieces"), |b| {
            b.iter(|| list.iter().filter(|p| tables.probe(black_box(p)).is_some()).count())
        });
    }
    group.finish();
}

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("tables build");
    group.sample_size(10);
    group.bench_function("3 pieces", |b| b.iter(|| Tables::build(black_box(3)).data_len()));
    group.finish();
}

criterion_group!(benches, probe, build);
criterion_main!(benches);
