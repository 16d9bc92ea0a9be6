//! The schema's own guards, tried with writes the store never makes: the
//! database refuses them even if the code above it had a bug.

use super::{Backend, ScratchDatabase, Store};

const CHALLENGE: &str = "INSERT INTO challenges (channel_id, challenger_id, opponent_id, color, days_per_move, \
    variant, draw_rules, start_fen, created_at, expires_at, state) VALUES ";
const GAME: &str = "INSERT INTO games (channel_id, white_id, black_id, days_per_move, variant, draw_rules, \
    start_fen, ply, turn, status, result, reason, started_at, last_move_at, deadline, remind_at, finished_at) VALUES ";

/// A store on a scratch database; `None` for PostgreSQL when no test
/// server is named (see [`ScratchDatabase::for_tests`]).
async fn store(backend: Backend) -> Option<(ScratchDatabase, Store)> {
    let db = ScratchDatabase::for_tests(backend).await.expect("a scratch database")?;
    let store = Store::open(db.url()).await.unwrap();
    Some((db, store))
}

/// Each guard test, once per backend.
macro_rules! on_both_backends {
    ($($name:ident),*) => {
        $(mod $name {
            #[tokio::test]
            async fn sqlite() { super::$name(super::Backend::Sqlite).await }
            #[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
            #[tokio::test]
            async fn postgres() { super::$name(super::Backend::Postgres).await }
        })*
    };
}

on_both_backends!(
    challenges_hold_known_values_only,
    one_live_game_per_channel_and_consistent_results,
    one_move_per_ply_of_an_existing_game
);

async fn accepts(store: &Store, sql: String) -> bool {
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&store.pool).await.is_ok()
}

fn challenge(channel: i64, color: &str, days: i64, state: &str) -> String {
    format!(
        "{CHALLENGE}({channel}, 1, 2, '{color}', {days}, 'classic', 'classic', 'W:W1-12:B21-32', 0, 100, '{state}')"
    )
}

fn game(channel: i64, status: &str, result: &str, reason: &str, finished_at: &str) -> String {
    format!(
        "{GAME}({channel}, 1, 2, 3, 'classic', 'classic', 'W:W1-12:B21-32', 0, 'white', '{status}', {result}, \
         {reason}, 0, 0, 100, 80, {finished_at})"
    )
}

async fn challenges_hold_known_values_only(backend: Backend) {
    let Some((_db, s)) = store(backend).await else { return };
    assert!(accepts(&s, challenge(1, "white", 3, "open")).await);
    // Several may wait in one channel; the store keeps the limits.
    assert!(accepts(&s, challenge(1, "black", 3, "open")).await, "a second open challenge");
    assert!(accepts(&s, challenge(1, "black", 3, "declined")).await, "closed ones may pile up");
    assert!(!accepts(&s, challenge(2, "green", 3, "open")).await);
    assert!(!accepts(&s, challenge(2, "white", 0, "open")).await);
    assert!(!accepts(&s, challenge(2, "white", 15, "open")).await);
    assert!(!accepts(&s, challenge(2, "white", 3, "pending")).await);
    assert!(accepts(&s, challenge(2, "random", 14, "open")).await);
}

async fn one_live_game_per_channel_and_consistent_results(backend: Backend) {
    let Some((_db, s)) = store(backend).await else { return };
    assert!(accepts(&s, game(1, "live", "NULL", "NULL", "NULL")).await);
    assert!(!accepts(&s, game(1, "live", "NULL", "NULL", "NULL")).await, "a second live game");
    assert!(accepts(&s, game(1, "finished", "'2-0'", "'resignation'", "5")).await);
    assert!(!accepts(&s, game(2, "finished", "NULL", "NULL", "5")).await, "finished without a result");
    assert!(!accepts(&s, game(2, "live", "'2-0'", "'time'", "NULL")).await, "live with a result");
    assert!(!accepts(&s, game(2, "finished", "'3-0'", "'time'", "5")).await, "unknown result");
    assert!(!accepts(&s, game(2, "finished", "'2-0'", "'boredom'", "5")).await, "unknown reason");
    assert!(!accepts(&s, game(2, "finished", "'2-0'", "'agreement'", "5")).await, "an agreed win");
    assert!(!accepts(&s, game(2, "finished", "'1-1'", "'resignation'", "5")).await, "a resigned draw");
    assert!(!accepts(&s, game(2, "paused", "NULL", "NULL", "NULL")).await, "unknown status");
}

async fn one_move_per_ply_of_an_existing_game(backend: Backend) {
    let Some((_db, s)) = store(backend).await else { return };
    assert!(accepts(&s, game(1, "live", "NULL", "NULL", "NULL")).await);
    let mv = |game: i64, ply: i64| {
        format!("INSERT INTO moves (game_id, ply, notation, played_at) VALUES ({game}, {ply}, '11-15', 0)")
    };
    assert!(accepts(&s, mv(1, 0)).await);
    assert!(!accepts(&s, mv(1, 0)).await, "two moves for one ply");
    assert!(!accepts(&s, mv(99, 0)).await, "a move of no game (foreign keys are on)");
    assert!(!accepts(&s, mv(1, -1)).await);
}
