//! Moves per second through the game service with durable commits: 100
//! games played at once, one move in each per iteration, every move
//! acknowledged only once committed; then, timed apart, the fair-play keys
//! of the 100 new positions, which the bot writes after its answers
//! ([`Analyses::write_pending_live_positions`], 16 games a commit).
//! On a SQLite file (WAL, synchronous =
//! FULL), then on PostgreSQL when `DAMAS_TEST_POSTGRES_URL` names a server
//! (a fresh schema on it; the server's default synchronous_commit = on).

use std::hash::{BuildHasher, RandomState};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damas::game::{ColorChoice, GameService, GameView, NewChallenge, Seen};
use damas::store::{Backend, ScratchDatabase};

const GAMES: usize = 100;
const WHITE: u64 = 1;
const BLACK: u64 = 2;
/// Games are resigned (outside the timing) after this many plies, so the
/// replay cost stays that of a typical game.
const MAX_PLY: u32 = 60;

struct Table {
    svc: GameService,
    games: Vec<GameView>,
    next_channel: u64,
    now: i64,
    seed: RandomState,
}

impl Table {
    async fn new(svc: GameService) -> Table {
        let mut table = Table { svc, games: Vec::new(), next_channel: 1, now: 1_767_225_600, seed: RandomState::new() };
        for _ in 0..GAMES {
            let game = table.start().await;
            table.games.push(game);
        }
        table
    }

    async fn start(&mut self) -> GameView {
        let channel = self.next_channel;
        self.next_channel += 1;
        let req = NewChallenge { color: ColorChoice::White, ..NewChallenge::new(channel, WHITE, BLACK) };
        self.svc.challenges().challenge(self.now, req).await.unwrap();
        self.svc.challenges().accept(self.now, channel, BLACK, None).await.unwrap()
    }

    /// Replaces finished or long games (not timed).
    async fn refresh(&mut self) {
        for i in 0..self.games.len() {
            let game = &self.games[i];
            if game.is_live() && game.ply() < MAX_PLY {
                continue;
            }
            if game.is_live() {
                self.svc.games().resign(self.now, game.channel, WHITE).await.unwrap();
            }
            self.games[i] = self.start().await;
        }
    }

    /// One move in every game, all at once; returns the time taken.
    async fn round(&mut self) -> Duration {
        self.now += 60;
        let started = Instant::now();
        let tasks: Vec<_> = self
            .games
            .iter()
            .map(|game| {
                let legal = game.game.position().legal_moves_with_notation();
                let pick = self.seed.hash_one((game.id, game.ply())) as usize % legal.len();
                let text = legal[pick].1.clone();
                let (svc, now, channel, user, seen) =
                    (self.svc.clone(), self.now, game.channel, game.player_to_move(), Seen::of(game));
                tokio::spawn(async move { svc.games().play(now, channel, user, &text, Some(seen)).await })
            })
            .collect();
        let mut reports = Vec::with_capacity(tasks.len());
        for task in tasks {
            reports.push(task.await.unwrap().unwrap());
        }
        let elapsed = started.elapsed();
        for (slot, report) in self.games.iter_mut().zip(reports) {
            *slot = report.game;
        }
        elapsed
    }

    /// Writes the fair-play keys the moves left, as the bot does after its
    /// answers; returns the time taken.
    async fn write_keys(&self) -> Duration {
        let started = Instant::now();
        while !self.svc.analyses().pending_live_positions().is_empty() {
            self.svc.analyses().write_pending_live_positions().await.unwrap();
        }
        started.elapsed()
    }
}

fn moves_through_the_service(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some(db) = rt.block_on(ScratchDatabase::for_tests(backend)).unwrap() else {
            println!("service: DAMAS_TEST_POSTGRES_URL is not set, no PostgreSQL run");
            continue;
        };
        let table = rt.block_on(async { Table::new(GameService::open(db.url()).await.unwrap()).await });
        bench_on(c, &rt, backend, table);
    }
}

/// What of a round [`rounds`] times.
#[derive(Clone, Copy, PartialEq)]
enum Timed {
    Moves,
    Keys,
}

/// `iters` rounds of a move in every game, each followed by their keys;
/// the time the moves took, or the keys.
async fn rounds(table: &mut Table, iters: u64, timed: Timed) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        table.refresh().await;
        let moves = table.round().await;
        let keys = table.write_keys().await;
        total += if timed == Timed::Moves { moves } else { keys };
    }
    total
}

fn bench_on(c: &mut Criterion, rt: &tokio::runtime::Runtime, backend: Backend, mut table: Table) {
    let mut group = c.benchmark_group(format!("service/{backend:?}"));
    group.throughput(Throughput::Elements(GAMES as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(15));
    group.bench_function("100 games at once, one durable move each", |b| {
        b.iter_custom(|iters| rt.block_on(rounds(&mut table, iters, Timed::Moves)))
    });
    group.bench_function("their fair-play keys, after the moves", |b| {
        b.iter_custom(|iters| rt.block_on(rounds(&mut table, iters, Timed::Keys)))
    });
    group.finish();
}

criterion_group!(benches, moves_through_the_service);
criterion_main!(benches);
