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
    #[tokio::test]
    async fn postgres() {
        super::reads_list_the_moves_in_ply_order_and_refuse_a_row_they_do_not_match(super::Backend::Postgres).await
    }
}
