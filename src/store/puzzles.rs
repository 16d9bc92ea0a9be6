//! The `puzzles` table, and the finished games still to scan for puzzles
//! (`games.puzzles_scanned_at`, `games.puzzles_claimed_until`).

use sqlx::Row;

use super::{Store, StoreError};

/// A puzzle to store, found in a game (or with no game: the starting set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRow {
    /// The position, PDN FEN, the solver to move.
    pub fen: String,
    /// The solution, moves in canonical notation separated by spaces.
    pub line: String,
    /// `shot`, `breakthrough` or `endgame`.
    pub theme: String,
    /// Material the solver gains (men; a king is 3).
    pub gain: i32,
    /// The game and the ply it came from, if any.
    pub source: Option<(i64, u32)>,
}

/// A finished game to scan: its id, start position and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameToScan {
    /// The game.
    pub id: i64,
    /// Its start position, PDN FEN.
    pub start_fen: String,
    /// Its moves in canonical notation.
    pub moves: Vec<String>,
}

impl Store {
    /// Claims up to `limit` finished classic games not yet scanned for
    /// puzzles, oldest first, each leased to the caller until `now +
    /// lease_secs` by one conditional write: however many processes ask, a
    /// game is handed out to one at a time, and a scan a crash cut short
    /// (its lease run out, [`Store::store_scan`] never called) is handed
    /// out again.
    pub async fn claim_games_to_scan(
        &self,
        now: i64,
        lease_secs: i64,
        limit: i64,
    ) -> Result<Vec<GameToScan>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'finished' AND puzzles_scanned_at IS NULL AND variant = 'classic' \
             AND (puzzles_claimed_until IS NULL OR puzzles_claimed_until <= $1) ORDER BY id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        let mut claimed = Vec::with_capacity(ids.len());
        for id in ids {
            let row = sqlx::query(
                "UPDATE games SET puzzles_claimed_until = $3 WHERE id = $1 AND puzzles_scanned_at IS NULL \
                 AND (puzzles_claimed_until IS NULL OR puzzles_claimed_until <= $2) \
                 RETURNING start_fen, \
                 (SELECT string_agg(notation, ' ' ORDER BY ply) FROM moves WHERE moves.game_id = games.id) AS move_list",
            )
            .bind(id)
            .bind(now)
            .bind(now + lease_secs)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = row {
                let list: Option<String> = row.try_get("move_list")?;
                let moves = list.iter().flat_map(|l| l.split(' ')).map(str::to_string).collect();
                claimed.push(GameToScan { id, start_fen: row.try_get("start_fen")?, moves });
            }
        }
        Ok(claimed)
    }

    /// Stores the puzzles found in game `game` and marks it scanned at
    /// `now`, together. Returns how many puzzles were new.
    pub async fn store_scan(&self, game: i64, puzzles: &[PuzzleRow], now: i64) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let added = Store::insert_puzzle_rows(&mut tx, puzzles, now).await?;
        sqlx::query("UPDATE games SET puzzles_scanned_at = $2 WHERE id = $1")
            .bind(game)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(added)
    }

    /// How many finished games were scanned (or claimed) for puzzles.
    pub async fn games_scanned_for_puzzles(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE puzzles_scanned_at IS NOT NULL")
            .fetch_one(&self.reads)
            .await?)
    }

    /// Stores `puzzles` found at `now`; a position stored already is kept
    /// as it was. Returns how many were new.
    pub async fn insert_puzzles(&self, puzzles: &[PuzzleRow], now: i64) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let added = Store::insert_puzzle_rows(&mut tx, puzzles, now).await?;
        tx.commit().await?;
        Ok(added)
    }

    pub(super) async fn insert_puzzle_rows(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        puzzles: &[PuzzleRow],
        now: i64,
    ) -> Result<u64, StoreError> {
        let mut added = 0;
        for p in puzzles {
            added += sqlx::query(
                "INSERT INTO puzzles (fen, line, theme, gain, game_id, ply, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (fen) DO NOTHING",
            )
            .bind(&p.fen)
            .bind(&p.line)
            .bind(&p.theme)
            .bind(i64::from(p.gain))
            .bind(p.source.map(|(game, _)| game))
            .bind(p.source.map(|(_, ply)| i64::from(ply)))
            .bind(now)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        }
        Ok(added)
    }

    /// The puzzles found in game `game`, by ply.
    pub async fn puzzles_of_game(&self, game: i64) -> Result<Vec<PuzzleRow>, StoreError> {
        let rows =
            sqlx::query("SELECT fen, line, theme, gain, game_id, ply FROM puzzles WHERE game_id = $1 ORDER BY ply")
                .bind(game)
                .fetch_all(&self.reads)
                .await?;
        rows.iter()
            .map(|row| {
                let ply: Option<i64> = row.try_get("ply")?;
                let game: Option<i64> = row.try_get("game_id")?;
                let gain: i64 = row.try_get("gain")?;
                Ok(PuzzleRow {
                    fen: row.try_get("fen")?,
                    line: row.try_get("line")?,
                    theme: row.try_get("theme")?,
                    gain: i32::try_from(gain).map_err(|_| StoreError::Corrupt("puzzles.gain"))?,
                    source: match (game, ply) {
                        (Some(g), Some(p)) => {
                            Some((g, u32::try_from(p).map_err(|_| StoreError::Corrupt("puzzles.ply"))?))
                        }
                        _ => None,
                    },
                })
            })
            .collect()
    }
}
