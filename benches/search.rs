//! Search speed: the depth reached in one second from the start and from
//! three middle games, with nodes per second (median of three runs each),
//! then criterion timings of fixed-depth searches.
//!
//! `cargo bench --bench search`

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use damas::engine::{Limits, Root, Searcher, analyze};
use damas::rules::{DrawRules, Position, Variant};

const POSITIONS: [(&str, &str); 4] = [
    ("start", "W:W1-12:B21-32"),
    ("opening", "B:W1,2,3,4,5,6,7,9,10,11,12,15:B21,22,23,24,25,26,27,28,29,30,31,32"),
    ("middle game", "W:W1,2,3,5,6,7,9,10,11,13:B18,20,21,22,23,25,26,27,29,30"),
    ("middle game with kings", "B:W1,3,6,9,10,11,14,K31:B17,20,21,23,26,27,K5,K8"),
];

fn root(fen: &str) -> Root {
    Root::new(fen.parse::<Position>().unwrap(), Variant::Classic, DrawRules::Classic)
}

fn one_second(c: &mut Criterion) {
    let _ = c;
    println!("depth reached in 1 s (median of 3): depth, nodes, nodes per second");
    for (name, fen) in POSITIONS {
        let mut runs: Vec<(u32, u64, f64)> = (0..3)
            .map(|_| {
                let a = analyze(&mut Searcher::new(16, None), &root(fen), &Limits::time(Duration::from_secs(1)));
                (a.depth, a.nodes, a.nodes as f64 / a.elapsed.as_secs_f64())
            })
            .collect();
        runs.sort_by(|a, b| a.2.total_cmp(&b.2));
        let (depth, nodes, nps) = runs[1];
        println!("  {name:<24} depth {depth:>2}  {nodes:>9} nodes  {:>5.2} M nodes/s", nps / 1e6);
    }
}

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen, depth) in [("start depth 10", POSITIONS[0].1, 10), ("middle game depth 10", POSITIONS[2].1, 10)] {
        let r = root(fen);
        group.bench_function(name, |b| b.iter(|| analyze(&mut Searcher::new(16, None), &r, &Limits::depth(depth))));
    }
    group.finish();
}

criterion_group!(benches, one_second, fixed_depth);
criterion_main!(benches);
