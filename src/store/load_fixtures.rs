//! Bulk copies of stored games, for the benches that measure the queries of
//! a server with a long history (a hundred thousand finished games cannot
//! be played through the service in a bench's time). Not used by the bot.

use super::{Store, StoreError};

impl Store {
    /// Copies finished game `game_id` (its row and its moves) `copies`
    /// times in one transaction: copy `i` is in channel `channel_id + i`,
    /// ended `i` seconds earlier, White `white_id + i % players` and Black
    /// `black_id + (7 i) % players` (so `players` people share the copies).
    /// Returns how many games were written.
    pub async fn copy_finished_game_for_load(
        &self,
        game_id: i64,
        copies: u32,
        players: u32,
    ) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM games").fetch_one(&mut *tx).await?;
        let written = sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) \
             INSERT INTO games (guild_id, channel_id, white_id, black_id, white_name, black_name, days_per_move, \
             variant, draw_rules, start_fen, ply, turn, status, result, reason, started_at, last_move_at, deadline, \
             remind_at, finished_at, rated) \
             SELECT g.guild_id, g.channel_id + n.i, g.white_id + n.i % $3, g.black_id + (7 * n.i) % $3 + $3, \
             g.white_name, g.black_name, g.days_per_move, g.variant, g.draw_rules, g.start_fen, g.ply, g.turn, \
             g.status, g.result, g.reason, g.started_at - n.i, g.last_move_at - n.i, g.deadline, g.remind_at, \
             g.finished_at - n.i, g.rated FROM games g, n WHERE g.id = $1 AND g.status = 'finished' ORDER BY n.i",
        )
        .bind(game_id)
        .bind(i64::from(copies))
        .bind(i64::from(players.max(1)))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "INSERT INTO moves (game_id, ply, notation, played_at) \
             SELECT g.id, m.ply, m.notation, m.played_at FROM games g JOIN moves m ON m.game_id = $1 WHERE g.id > $2",
        )
        .bind(game_id)
        .bind(before)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(written)
    }
}
