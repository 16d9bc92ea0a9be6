//! Two processes on one database race for every move of a game: each round
//! both try to play at the same ply (different moves when there are two),
//! and exactly one lands. The second process is this test binary started
//! again with an environment variable that makes the test act as it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::support::games::*;
use damas::game::{GameService, Seen};

const CHILD_ENV: &str = "DAMAS_RACE_CHILD_DB";
const CHANNEL: u64 = 5;
const ROUNDS: u32 = 24;

async fn two_processes_race_for_each_move_and_one_lands(backend: Backend) {
    if let Ok(url) = std::env::var(CHILD_ENV) {
        return child(&url).await;
    }
    let db = database(backend).await;
    let svc = GameService::open(db.url()).await.unwrap();
    start_classic(&svc, T0, CHANNEL).await;
    let test_name = harness_name(module_path!(), "two_processes_race_for_each_move_and_one_lands", backend);
    let mut other = Command::new(std::env::current_exe().unwrap())
        .args([test_name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, db.url())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the second process");
    let mut orders = other.stdin.take().unwrap();
    // Its answers are read on a thread of their own: this runtime must keep
    // running (a connection going back to the pool is a task of it).
    let stdout = other.stdout.take().unwrap();
    let (answer_tx, mut answers) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // The first answer shares its line with the test harness's
            // "test ... " of the child.
            let Some(at) = line.find("WON ").or_else(|| line.find("LOST ")) else { continue };
            if answer_tx.send(line[at..].to_string()).is_err() {
                break;
            }
        }
    });

    let mut rounds = 0;
    for _ in 0..ROUNDS {
        let view = svc.game_in_channel(CHANNEL).await.unwrap();
        if !view.is_live() {
            break;
        }
        let ply = view.ply();
        let legal = view.game.position().legal_moves_with_notation();
        let mine = legal[ply as usize % legal.len()].1.clone();
        let theirs = legal[(ply as usize + 1) % legal.len()].1.clone();
        let user = view.player_to_move();
        writeln!(orders, "PLAY {} {ply} {user} {theirs}", view.id).unwrap();
        orders.flush().unwrap();
        let i_won = svc
            .games()
            .play(T0 + 10 + i64::from(ply), CHANNEL, user, &mine, Some(Seen { game: view.id, ply }))
            .await
            .is_ok();
        let answer = answers.recv().await.expect("an answer from the other process");
        let they_won = answer.starts_with("WON");
        assert!(i_won != they_won, "round at ply {ply}: this process won {i_won}, the other {answer}");
        let stored = svc.game_by_id(view.id).await.unwrap();
        assert_eq!(stored.ply(), ply + 1, "exactly one move is stored");
        let winner = if i_won { &mine } else { &theirs };
        assert_eq!(&stored.game.notations()[ply as usize], winner);
        rounds += 1;
    }
    drop(orders);
    other.wait().unwrap();
    assert!(rounds >= 10, "only {rounds} rounds were raced");
}

/// The second process: plays each move it is told to, at the ply it is
/// told, and says whether it landed.
async fn child(url: &str) {
    let svc = GameService::open(url).await.unwrap();
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [_, game, ply, user, notation] = words[..] else { continue };
        let (game, ply, user): (i64, u32, u64) = (game.parse().unwrap(), ply.parse().unwrap(), user.parse().unwrap());
        match svc.games().play(T0 + 10 + i64::from(ply), CHANNEL, user, notation, Some(Seen { game, ply })).await {
            Ok(_) => writeln!(out, "WON {ply}").unwrap(),
            Err(e) => writeln!(out, "LOST {ply} {e}").unwrap(),
        }
        out.flush().unwrap();
    }
}

on_both_backends!(two_processes_race_for_each_move_and_one_lands);
