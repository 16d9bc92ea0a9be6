//! The `moves` table, and writing a move together with its game.

use super::{Store, StoreError, db_id};

/// A move to store, with what it does to its game.
#[derive(Clone, Debug)]
pub struct MoveWrite<'a> {
    /// The game.
    pub game_id: i64,
    /// The ply the move was decided on (plies played before it): the write
    /// only lands if the game is still at this ply and live.
    pub ply: u32,
    /// Canonical notation.
    pub notation: &'a str,
    /// The player who moved (their standing draw offer survives; the
    /// opponent's is declined by the move).
    pub mover: u64,
    /// Unix seconds.
    pub now: i64,
    /// Side to move after it: `white` or `black`.
    pub next_turn: &'a str,
    /// The next move's deadline.
    pub deadline: i64,
    /// The next move's reminder time.
    pub remind_at: i64,
    /// The result, when this move ends the game.
    pub finishing: Option<Finishing<'a>>,
}

/// How a move ends its game.
#[derive(Clone, Copy, Debug)]
pub struct Finishing<'a> {
    /// `2-0`, `0-2` or `1-1`.
    pub result: &'a str,
    /// The stored reason name.
    pub reason: &'a str,
}

impl Store {
    /// Writes a move and its effect on the game in one transaction, only if
    /// the game is still live at the ply the move was decided on. `false`
    /// when another command got there first (nothing is written then).
    pub async fn append_move(&self, m: &MoveWrite<'_>) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The conditional UPDATE comes first: it takes the write lock, and
        // of two commands made against the same ply only one matches.
        let (status, result, reason, finished_at) = match m.finishing {
            Some(f) => ("finished", Some(f.result), Some(f.reason), Some(m.now)),
            None => ("live", None, None, None),
        };
        let updated = sqlx::query(
            "UPDATE games SET ply = ply + 1, turn = $3, last_move_at = $4, deadline = $5, remind_at = $6, \
             status = $7, result = $8, reason = $9, finished_at = $10, \
             draw_offer_by = CASE WHEN $7 = 'live' AND draw_offer_by = $11 THEN draw_offer_by ELSE NULL END \
             WHERE id = $1 AND ply = $2 AND status = 'live'",
        )
        .bind(m.game_id)
        .bind(i64::from(m.ply))
        .bind(m.next_turn)
        .bind(m.now)
        .bind(m.deadline)
        .bind(m.remind_at)
        .bind(status)
        .bind(result)
        .bind(reason)
        .bind(finished_at)
        .bind(db_id(m.mover)?)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Ok(false);
        }
        sqlx::query("INSERT INTO moves (game_id, ply, notation, played_at) VALUES ($1, $2, $3, $4)")
            .bind(m.game_id)
            .bind(i64::from(m.ply))
            .bind(m.notation)
            .bind(m.now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The moves of a game, in order.
    pub async fn moves(&self, game_id: i64) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?)
    }
}
