//! Crash safety: a child process plays moves and reports each one as soon
//! as the service acknowledges it; it is killed with SIGKILL at random
//! moments. After each kill the database is reopened: every reported move
//! is there, nothing is half-written, and play continues.
//!
//! The child is this same test binary, started again with an environment
//! variable that makes the test act as the child. It runs on both backends:
//! on PostgreSQL the killed client is the bot, and the server must keep
//! every commit it answered.

use std::hash::{BuildHasher, RandomState};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::games::*;
use damas::game::{GameError, GameService, NewChallenge, Seen};

const CHILD_ENV: &str = "DAMAS_CRASH_CHILD_DB";
const ROUNDS: u64 = 8;

/// One acknowledged command, as the child reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ack {
    Move { game: i64, ply: u32, notation: String },
    Resigned { game: i64 },
}

fn parse_ack(line: &str) -> Option<Ack> {
    let mut words = line.split_whitespace();
    match (words.next()?, words.next()?.parse().ok()?) {
        ("ACK-MOVE", game) => {
            Some(Ack::Move { game, ply: words.next()?.parse().ok()?, notation: words.next()?.to_string() })
        }
        ("ACK-RESIGN", game) => Some(Ack::Resigned { game }),
        _ => None,
    }
}

async fn acknowledged_moves_survive_sigkill(backend: Backend) {
    if let Ok(url) = std::env::var(CHILD_ENV) {
        return child(&url).await;
    }
    let db = database(backend).await;
    let url = db.url();
    let test_name = harness_name(module_path!(), "acknowledged_moves_survive_sigkill", backend);
    let mut acks = Vec::new();
    for round in 0..ROUNDS {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([test_name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_ENV, url)
            .stdout(Stdio::piped())
            // A child that fails says why on the test's output.
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the child");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(ack) = parse_ack(&line) {
                    let _ = tx.send(ack);
                }
            }
        });
        // Let it start playing, then kill it somewhere in the next half second.
        let first = rx.recv_timeout(Duration::from_secs(120)).expect("the child acknowledged nothing");
        let delay = RandomState::new().hash_one(round) % 500;
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().expect("SIGKILL the child");
        child.wait().unwrap();
        reader.join().unwrap();
        let round_acks: Vec<Ack> = std::iter::once(first).chain(rx.try_iter()).collect();
        acks.extend(round_acks);
        check(url, &acks).await;
    }
    let moves = acks.iter().filter(|a| matches!(a, Ack::Move { .. })).count();
    assert!(moves >= ROUNDS as usize, "the children played only {moves} moves");
    eprintln!("{moves} moves and {} resignations acknowledged over {ROUNDS} kills", acks.len() - moves);

    // Play continues after the last kill.
    let svc = GameService::open(url).await.unwrap();
    let Ack::Move { game, ply, notation } = play_one(&svc).await else { unreachable!() };
    assert_eq!(svc.game_by_id(game).await.unwrap().game.notations()[ply as usize], notation);
}

/// Every acknowledged command is in the database, which is sound.
async fn check(url: &str, acks: &[Ack]) {
    let svc = GameService::open(url).await.expect("reopen after SIGKILL");
    assert!(svc.store().integrity_check().await.unwrap(), "the database file is damaged");
    for ack in acks {
        match ack {
            Ack::Move { game, ply, notation } => {
                // `game_by_id` replays every stored move and checks the count.
                let stored = svc.game_by_id(*game).await.unwrap();
                assert_eq!(stored.game.notations().get(*ply as usize), Some(notation), "lost {ack:?}");
                assert_whole(&svc, *game).await;
            }
            Ack::Resigned { game } => assert!(!svc.game_by_id(*game).await.unwrap().is_live(), "lost {ack:?}"),
        }
    }
    // Every game, acknowledged or not, replays and has exactly its moves.
    // (PostgreSQL may skip an id that a killed insert had drawn.)
    let count = svc.store().game_count().await.unwrap();
    let (mut found, mut id) = (0, 0);
    while found < count {
        id += 1;
        assert!(id <= 2 * count + 16, "only {found} of {count} games found by id");
        if svc.game_by_id(id).await.is_err() {
            continue;
        }
        assert_whole(&svc, id).await;
        found += 1;
    }
    svc.store().close().await;
}

/// Game `id` has exactly the move rows its ply says: none written without
/// the game's update. Both are read in one statement: on PostgreSQL a
/// commit the killed child had sent may still be landing on the server.
async fn assert_whole(svc: &GameService, id: i64) {
    let (ply, rows) = svc.store().ply_and_move_rows(id).await.unwrap().expect("a stored game");
    assert_eq!(rows, ply, "game {id}: a move row without its game update, or the other way round");
}

/// Plays one move in the live game of WHITE, starting one if needed
/// (accepting a challenge a killed child left open). Returns the game and
/// the ply the move was made at, as an acknowledgement; `None` when the
/// service refused a step because the game changed under it: on PostgreSQL
/// a commit the killed child had sent may land after its death.
async fn try_one(svc: &GameService) -> Option<Ack> {
    let view = match svc.live_games_of_user(WHITE).await.unwrap().into_iter().next() {
        Some(view) => view,
        None => {
            let channel = 1000 + svc.store().game_count().await.unwrap() as u64;
            if svc.open_challenges_in_channel(channel).await.unwrap().is_empty() {
                refused_or(svc.challenges().challenge(T0, NewChallenge::new(channel, WHITE, BLACK)).await)?;
            }
            refused_or(svc.challenges().accept(T0, channel, BLACK, None).await)?
        }
    };
    let legal = view.game.position().legal_moves_with_notation();
    let (_, text) = &legal[(view.id as usize * 7 + view.ply() as usize * 13) % legal.len()];
    let report =
        refused_or(svc.games().play(T0 + 1, view.channel, view.player_to_move(), text, Some(Seen::of(&view))).await)?;
    Some(Ack::Move { game: view.id, ply: view.ply(), notation: report.notation })
}

/// The value, or `None` for a refusal; any other failure fails the test.
fn refused_or<T>(result: Result<T, GameError>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(e) if e.is_user_error() => None,
        Err(e) => panic!("{e}"),
    }
}

/// [`try_one`] until a move is acknowledged.
async fn play_one(svc: &GameService) -> Ack {
    for _ in 0..100 {
        if let Some(ack) = try_one(svc).await {
            return ack;
        }
    }
    panic!("every move was refused")
}

/// The child: plays until killed (or for a minute at most), printing each
/// acknowledged command; resigns games that run long so new ones start.
async fn child(path: &str) {
    let svc = GameService::open(path).await.unwrap();
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    while started.elapsed() < Duration::from_secs(60) {
        let Ack::Move { game, ply, notation } = play_one(&svc).await else { unreachable!() };
        writeln!(out, "ACK-MOVE {game} {ply} {notation}").unwrap();
        out.flush().unwrap();
        if ply >= 30 {
            let view = svc.game_by_id(game).await.unwrap();
            if view.is_live()
                && refused_or(svc.games().resign(T0 + 2, view.channel, view.player_to_move()).await).is_some()
            {
                writeln!(out, "ACK-RESIGN {game}").unwrap();
                out.flush().unwrap();
            }
        }
    }
}

on_both_backends!(acknowledged_moves_survive_sigkill);
