//! The `premoves` table: each player's conditional premove lines per game
//! (see the migration that makes it). What a line means, and when one is
//! played, is decided by the service; the store keeps the rows and replaces
//! a player's set only when the game and the set are as the caller read
//! them.

use sqlx::Row;

use super::{Store, StoreError, db_id, discord_id, u32_column};

/// One stored line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PremoveRow {
    /// The player whose line it is.
    pub owner: u64,
    /// The ply its first move is expected at.
    pub ply: u32,
    /// Canonical notations separated by spaces.
    pub line: String,
}

impl Store {
    /// Every premove line of game `game_id`, by owner then line.
    pub async fn premoves(&self, game_id: i64) -> Result<Vec<PremoveRow>, StoreError> {
        let rows = sqlx::query("SELECT owner_id, ply, line FROM premoves WHERE game_id = $1 ORDER BY owner_id, line")
            .bind(game_id)
            .fetch_all(&self.reads)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(PremoveRow {
                    owner: discord_id(row.try_get("owner_id")?, "owner_id")?,
                    ply: u32_column(row.try_get("ply")?, "ply")?,
                    line: row.try_get("line")?,
                })
            })
            .collect()
    }

    /// Replaces `owner`'s lines in game `game_id` with `lines`, stored at
    /// `game_ply`, only if the game is still live at that ply and the
    /// owner's rows are still `expected` (as the caller read them): `false`,
    /// and nothing changed, otherwise. Two commands racing over one tree (or
    /// a move and a command) cannot lose each other's lines.
    pub async fn replace_premoves(
        &self,
        game_id: i64,
        game_ply: u32,
        owner: u64,
        expected: &[PremoveRow],
        lines: &[String],
    ) -> Result<bool, StoreError> {
        let owner_id = db_id(owner)?;
        let mut tx = self.pool.begin().await?;
        // A write first: it takes SQLite's write lock and PostgreSQL's lock
        // on the game's row, so the check below holds until the commit.
        let game = sqlx::query("UPDATE games SET ply = ply WHERE id = $1 AND ply = $2 AND status = 'live'")
            .bind(game_id)
            .bind(i64::from(game_ply))
            .execute(&mut *tx)
            .await?;
        if game.rows_affected() == 0 {
            return Ok(false);
        }
        let stored: Vec<(i64, String)> =
            sqlx::query_as("SELECT ply, line FROM premoves WHERE game_id = $1 AND owner_id = $2 ORDER BY line")
                .bind(game_id)
                .bind(owner_id)
                .fetch_all(&mut *tx)
                .await?;
        let mut wanted: Vec<(i64, &str)> =
            expected.iter().filter(|r| r.owner == owner).map(|r| (i64::from(r.ply), r.line.as_str())).collect();
        wanted.sort_by(|a, b| a.1.cmp(b.1));
        if stored.len() != wanted.len() || stored.iter().zip(&wanted).any(|(s, w)| s.0 != w.0 || s.1 != w.1) {
            return Ok(false);
        }
        sqlx::query("DELETE FROM premoves WHERE game_id = $1 AND owner_id = $2")
            .bind(game_id)
            .bind(owner_id)
            .execute(&mut *tx)
            .await?;
        for line in lines {
            sqlx::query("INSERT INTO premoves (game_id, owner_id, ply, line) VALUES ($1, $2, $3, $4)")
                .bind(game_id)
                .bind(owner_id)
                .bind(i64::from(game_ply))
                .bind(line)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes `owner`'s lines in game `game_id`; returns how many went.
    pub async fn clear_premoves(&self, game_id: i64, owner: u64) -> Result<u64, StoreError> {
        Ok(sqlx::query("DELETE FROM premoves WHERE game_id = $1 AND owner_id = $2")
            .bind(game_id)
            .bind(db_id(owner)?)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }

    /// Deletes the lines of game `game_id` if it is no longer live.
    pub async fn drop_premoves_of_ended_game(&self, game_id: i64) -> Result<u64, StoreError> {
        Ok(sqlx::query(
            "DELETE FROM premoves WHERE game_id = $1 \
             AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'live')",
        )
        .bind(game_id)
        .execute(&self.pool)
        .await?
        .rows_affected())
    }

    /// Up to `limit` games whose premoves wait for the service: the game
    /// ended, or, with its last move made by `moved_by` at the latest,
    /// moved past the lines' ply (a crash between a move and the lines'
    /// update) or has a reply due from the player to move with no draw
    /// offer of their opponent standing.
    pub async fn games_with_premoves_to_settle(&self, moved_by: i64, limit: i64) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT p.game_id FROM premoves p JOIN games g ON g.id = p.game_id \
             WHERE g.status <> 'live' \
                OR (g.last_move_at <= $1 AND (p.ply <> g.ply \
                    OR (p.owner_id = CASE WHEN g.turn = 'white' THEN g.white_id ELSE g.black_id END \
                        AND (g.draw_offer_by IS NULL OR g.draw_offer_by = p.owner_id)))) \
             ORDER BY p.game_id LIMIT $2",
        )
        .bind(moved_by)
        .bind(limit)
        .fetch_all(&self.reads)
        .await?)
    }
}
