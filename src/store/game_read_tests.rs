//! A game is read with its moves in one statement (`move_list`): in ply
//! order, and a row whose ply its moves do not match is corrupt.

use super::{Backend, ScratchDatabase, Store, StoreError};

/// Writes live game `channel` (its id too) in channel `channel` at `ply`,
/// with the move rows `moves` (ply, notation), as the tests need them.
pub(super) async fn game_at_ply(store: &Store, channel: i64, ply: i64, moves: &[(i64, &str)]) {
    let turn = if ply % 2 == 0 { "white" } else { "black" };
    let sql = format!(
        "INSERT INTO games (id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, start_fen, ply, \
         turn, status, started_at, last_move_at, deadline, remind_at) VALUES ({channel}, {channel}, 1, 2, 3, \
         'classic', 'classic', 'W:W1-12:B21-32', {ply}, '{turn}', 'live', 0, 0, 100, 80)"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&store.pool).await.unwrap();
    for (ply, notation) in moves {
        let sql =
            format!("INSERT INTO moves (game_id, ply, notation, played_at) VALUES ({channel}, {ply}, '{notation}', 0)");
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&store.pool).await.unwrap();
    }
}

async fn reads_list_the_moves_in_ply_order_and_refuse_a_row_they_do_not_match(backend: Backend) {
    let Some(db) = ScratchDatabase::for_tests(backend).await.unwrap() else { return };
    let store = Store::open(db.url()).await.unwrap();
    // Written out of order.
    game_at_ply(&store, 1, 3, &[(2, "15x22"), (0, "11-15"), (1, "22-19")]).await;
    game_at_ply(&store, 2, 0, &[]).await;
    game_at_ply(&store, 3, 2, &[(0, "11-15")]).await;
    assert_eq!(store.game(1).await.unwrap().unwrap().moves, ["11-15", "22-19", "15x22"]);
    assert_eq!(store.live_game_in_channel(1).await.unwrap().unwrap().moves.len(), 3);
    assert!(store.game(2).await.unwrap().unwrap().moves.is_empty());
    assert!(matches!(store.game(3).await, Err(StoreError::Corrupt("games.ply"))), "a move is missing");
}

mod reads_list_the_moves_in_ply_order_and_refuse_a_row_they_do_not_match {
    #[tokio::test]
    async fn sqlite() {
        super::reads_list_the_moves_in_ply_order_and_refuse_a_row_they_do_not_match(super::Backend::Sqlite).await
    }
    #[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
    #[tokio::test]
    async fn postgres() {
        super::reads_list_the_moves_in_ply_order_and_refuse_a_row_they_do_not_match(super::Backend::Postgres).await
    }
}

/// Games read together: one statement per 500 ids, each game with its own
/// error, so one corrupt game spoils only itself.
async fn games_read_together_keep_each_games_own_error(backend: Backend) {
    let Some(db) = ScratchDatabase::for_tests(backend).await.unwrap() else { return };
    let store = Store::open(db.url()).await.unwrap();
    game_at_ply(&store, 1, 1, &[(0, "11-15")]).await;
    game_at_ply(&store, 2, 0, &[]).await;
    game_at_ply(&store, 3, 2, &[(0, "11-15")]).await;
    // In the second statement's share of the ids.
    game_at_ply(&store, 550, 0, &[]).await;
    let asked: Vec<i64> = (1..=600).chain([1, 3]).collect();
    let read = store.games_each(asked).await.unwrap();
    assert_eq!(read.keys().copied().collect::<Vec<_>>(), [1, 2, 3, 550], "those stored, each once");
    assert_eq!(read[&1].as_ref().unwrap().moves, ["11-15"]);
    assert!(read[&2].as_ref().unwrap().moves.is_empty());
    assert!(matches!(read[&3], Err(StoreError::Corrupt("games.ply"))), "a move is missing");
    assert_eq!(read[&550].as_ref().unwrap().id, 550);
    let ids = |rows: Vec<super::GameRow>| rows.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(store.games_by_ids(vec![550, 2, 1]).await.unwrap()), [1, 2, 550], "in order of id");
    assert!(store.games_by_ids(vec![1, 3]).await.is_err(), "a list fails on a corrupt game");
}

mod games_read_together_keep_each_games_own_error {
    #[tokio::test]
    async fn sqlite() {
        super::games_read_together_keep_each_games_own_error(super::Backend::Sqlite).await
    }
    #[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
    #[tokio::test]
    async fn postgres() {
        super::games_read_together_keep_each_games_own_error(super::Backend::Postgres).await
    }
}
