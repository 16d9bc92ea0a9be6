//! How a SQLite store shares out its connections (see
//! [`super::connect::Pools`]): writers queue for the one connection that
//! writes, so none meets SQLite's busy lock, and reads never wait for them.

use std::time::Duration;

use super::game_read_tests::game_at_ply;
use super::{Backend, ButtonMessageRow, ButtonsKind, GameKeys, MoveWrite, ScratchDatabase, Store};
use crate::rules::Color;

const GAMES: i64 = 24;

/// A SQLite store with `GAMES` live games at ply 0, ids 1 to `GAMES`.
async fn store_with_games() -> (ScratchDatabase, Store) {
    let db = ScratchDatabase::for_tests(Backend::Sqlite).await.unwrap().expect("SQLite needs no server");
    let store = Store::open(db.url()).await.unwrap();
    for channel in 1..=GAMES {
        game_at_ply(&store, channel, 0, &[]).await;
    }
    (db, store)
}

fn first_move(game_id: i64) -> MoveWrite {
    MoveWrite {
        game_id,
        ply: 0,
        notation: "11-15".to_string(),
        mover: 1,
        now: 10,
        next_turn: Color::Black,
        met_deadline: 500,
        deadline: 1_000,
        remind_at: 900,
        finishing: None,
        premove_in: None,
    }
}

#[tokio::test]
async fn sqlite_writers_of_every_kind_queue_for_one_connection_and_never_meet_the_busy_lock() {
    let (_db, store) = store_with_games().await;
    assert_eq!(store.pool.options().get_max_connections(), 1, "one connection writes");
    assert!(store.reads.options().get_max_connections() > 1, "the reads have their own");
    for pool in [&store.pool, &store.reads] {
        assert!(!pool.options().get_test_before_acquire(), "no ping before each query");
    }
    // A writer that found the lock taken would now fail at once ("database
    // is locked") instead of sleeping in the busy handler.
    sqlx::query("PRAGMA busy_timeout = 0").execute(&store.pool).await.unwrap();
    let mut writers = tokio::task::JoinSet::new();
    for id in 1..=GAMES {
        let s = store.clone();
        writers.spawn(async move { s.append_move(first_move(id)).await.map(|w| w.is_some()) });
        let s = store.clone();
        writers.spawn(async move { s.offer_draw(id, 2).await });
        let s = store.clone();
        writers.spawn(async move {
            let row = ButtonMessageRow {
                message: 100 + id as u64,
                channel: 1,
                game: id,
                ply: 1,
                kind: ButtonsKind::Game,
                content: Some(format!("game {id}")),
            };
            s.keep_button_message(&row).await.map(|()| true)
        });
        let s = store.clone();
        writers.spawn(async move {
            s.set_live_positions_of(&[GameKeys { game_id: id, ply: 0, keys: vec![7, 8] }]).await.map(|n| n <= 1)
        });
    }
    while let Some(done) = writers.join_next().await {
        assert!(done.unwrap().expect("no writer meets a locked database"));
    }
    for id in 1..=GAMES {
        assert_eq!(store.ply_and_move_rows(id).await.unwrap(), Some((1, 1)), "game {id}'s move landed");
        let kept = store.button_messages_of(id).await.unwrap();
        assert_eq!(
            kept.iter().map(|m| m.message).collect::<Vec<_>>(),
            vec![100 + id as u64],
            "game {id}'s buttons kept"
        );
        assert_eq!(kept[0].content, Some(format!("game {id}")), "with their text");
    }
}

#[tokio::test]
async fn sqlite_reads_go_on_while_a_writer_holds_the_write_connection() {
    let (_db, store) = store_with_games().await;
    let mut writing = store.pool.begin().await.unwrap();
    sqlx::query("UPDATE games SET days_per_move = 9 WHERE id = 1").execute(&mut *writing).await.unwrap();
    let read = tokio::time::timeout(Duration::from_secs(5), store.game(1)).await;
    let game = read.expect("a read does not wait for the writer").unwrap().expect("game 1");
    assert_eq!(
        game.setup.time,
        super::TimeControl::per_move(3),
        "the read sees what was committed, not the write in progress"
    );
    writing.commit().await.unwrap();
    assert_eq!(store.game(1).await.unwrap().unwrap().setup.time, super::TimeControl::per_move(9));
}

#[tokio::test]
async fn a_move_that_fails_in_a_batch_leaves_nothing_of_itself_and_the_others_land() {
    let (_db, store) = store_with_games().await;
    // Game 5 already has a move row at ply 0 (written by hand): its move's
    // INSERT fails after its UPDATE of the game has run.
    sqlx::query("INSERT INTO moves (game_id, ply, notation, played_at) VALUES (5, 0, '9-13', 0)")
        .execute(&store.pool)
        .await
        .unwrap();
    let moves = (1..=GAMES).map(|id| {
        let s = store.clone();
        tokio::spawn(async move { (id, s.append_move(first_move(id)).await) })
    });
    for (id, written) in futures::future::join_all(moves).await.into_iter().map(Result::unwrap) {
        if id == 5 {
            assert!(written.is_err(), "game 5's move fails");
            assert_eq!(store.ply_and_move_rows(5).await.unwrap(), Some((0, 1)), "its UPDATE was undone");
        } else {
            assert!(written.unwrap().is_some(), "game {id}'s move lands");
            assert_eq!(store.ply_and_move_rows(id).await.unwrap(), Some((1, 1)));
        }
    }
}
