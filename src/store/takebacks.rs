//! Takebacks by consent: a player's standing request to take back their
//! last move (`games.takeback_by`), and taking the move back - the move row
//! gone, the game one ply back with the clock its mover had before it.

use super::{Store, StoreError, db_id, u32_column};
use crate::rules::Color;

/// A game's clock as its row holds it: what a move row keeps of the clock
/// before the move, and what taking the move back writes again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRow {
    /// When the move before was played, or the game started.
    pub last_move_at: i64,
    /// The deadline of the player to move.
    pub deadline: i64,
    /// When they are reminded.
    pub remind_at: i64,
    /// The ply whose reminder was handed out (-1: none yet).
    pub reminded_ply: i64,
}

/// A game's last move row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMoveRow {
    /// Its ply (plies before it).
    pub ply: u32,
    /// Its canonical notation.
    pub notation: String,
    /// When it was played.
    pub played_at: i64,
    /// The game's clock just before it; `None` for a move stored before
    /// moves kept it, or one of a match's set opening.
    pub clock_before: Option<ClockRow>,
    /// When the move before it was played (`None` for the first move).
    pub previous_played_at: Option<i64>,
}

/// Taking back the last move of a live game.
#[derive(Clone, Debug)]
pub struct TakeBack {
    /// The game.
    pub game_id: i64,
    /// The game's ply now, with the move (its row has `ply - 1`).
    pub ply: u32,
    /// When the move was played: with the ply, which move it is (another
    /// move later played at the same ply is not this one).
    pub played_at: i64,
    /// Whose request it answers (the player who made the move).
    pub requester: u64,
    /// The side to move again: the requester's.
    pub turn: Color,
    /// The clock to restore.
    pub clock: ClockRow,
    /// The live-position keys of the position before the move (see
    /// `live_positions`).
    pub position_keys: Vec<u64>,
    /// Unix seconds.
    pub now: i64,
}

impl Store {
    /// Records `user`'s request to take back their last move, if the game
    /// is live at `ply` and no request stands; `false` otherwise.
    pub async fn request_takeback(&self, id: i64, ply: u32, user: u64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET takeback_by = $3 WHERE id = $1 AND ply = $2 AND status = 'live' AND takeback_by IS NULL",
        )
        .bind(id)
        .bind(i64::from(ply))
        .bind(db_id(user)?)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Drops `requester`'s standing takeback request (declined); `false` if
    /// it no longer stood.
    pub async fn decline_takeback(&self, id: i64, requester: u64) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE games SET takeback_by = NULL WHERE id = $1 AND status = 'live' AND takeback_by = $2")
                .bind(id)
                .bind(db_id(requester)?)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Game `id`'s last move row, with the clock before it; `None` when no
    /// move was played.
    pub async fn last_move(&self, id: i64) -> Result<Option<LastMoveRow>, StoreError> {
        type Row = (i64, String, i64, Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);
        let row: Option<Row> = sqlx::query_as(
            "SELECT m.ply, m.notation, m.played_at, m.before_last_move_at, m.before_deadline, m.before_remind_at, \
             m.before_reminded_ply, \
             (SELECT p.played_at FROM moves p WHERE p.game_id = m.game_id AND p.ply = m.ply - 1) \
             FROM moves m WHERE m.game_id = $1 ORDER BY m.ply DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&self.reads)
        .await?;
        let Some((ply, notation, played_at, last_move_at, deadline, remind_at, reminded_ply, previous)) = row else {
            return Ok(None);
        };
        let clock_before = match (last_move_at, deadline, remind_at, reminded_ply) {
            (Some(last_move_at), Some(deadline), Some(remind_at), Some(reminded_ply)) => {
                Some(ClockRow { last_move_at, deadline, remind_at, reminded_ply })
            }
            (None, None, None, None) => None,
            _ => return Err(StoreError::Corrupt("before_deadline")),
        };
        Ok(Some(LastMoveRow {
            ply: u32_column(ply, "ply")?,
            notation,
            played_at,
            clock_before,
            previous_played_at: previous,
        }))
    }

    /// Takes back the last move of a live game, in one transaction: only
    /// if the game is still live at `t.ply`, its last move is the one
    /// played at `t.played_at`, and `t.requester`'s request stands. The
    /// move row goes, the game goes one ply back with `t.clock`, no draw
    /// offer or takeback request standing, and the live-position keys of
    /// the position before the move; what the outboxes held for the ply
    /// taken back (the opponent's direct message, a reminder) is cancelled.
    /// `false` when nothing changed.
    pub async fn take_back(&self, t: &TakeBack) -> Result<bool, StoreError> {
        let previous = t.ply.checked_sub(1).ok_or(StoreError::Corrupt("ply"))?;
        let mut tx = self.pool.begin().await?;
        // The conditional UPDATE first: the write lock, and of two racing
        // answers only one matches.
        let done = sqlx::query(
            "UPDATE games SET ply = $3, turn = $4, last_move_at = $5, deadline = $6, remind_at = $7, \
             reminded_ply = $8, draw_offer_by = NULL, takeback_by = NULL, positions_ply = $3 \
             WHERE id = $1 AND ply = $2 AND status = 'live' AND takeback_by = $9 \
             AND EXISTS (SELECT 1 FROM moves WHERE game_id = $1 AND ply = $3 AND played_at = $10)",
        )
        .bind(t.game_id)
        .bind(i64::from(t.ply))
        .bind(i64::from(previous))
        .bind(t.turn.name())
        .bind(t.clock.last_move_at)
        .bind(t.clock.deadline)
        .bind(t.clock.remind_at)
        .bind(t.clock.reminded_ply)
        .bind(db_id(t.requester)?)
        .bind(t.played_at)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply = $2")
            .bind(t.game_id)
            .bind(i64::from(previous))
            .execute(&mut *tx)
            .await?;
        super::live_positions::write_keys(&mut tx, t.game_id, &t.position_keys).await?;
        // Premove lines were entered against positions the game no longer
        // reaches the same way: both players' go.
        sqlx::query("DELETE FROM premoves WHERE game_id = $1").bind(t.game_id).execute(&mut *tx).await?;
        for table in ["announcements", "direct_messages"] {
            let sql = format!(
                "UPDATE {table} SET done_at = $3, outcome = 'cancelled', lease_until = NULL \
                 WHERE game_id = $1 AND ply = $2 AND done_at IS NULL"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(t.game_id)
                .bind(i64::from(t.ply))
                .bind(t.now)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
