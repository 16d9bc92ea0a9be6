//! Puzzles reported as wrong (`puzzle_flags`, `puzzles.flags`), puzzles out
//! of rotation (`puzzles.retired_at`), and the shipped set kept in step
//! with the stored one.

use std::collections::HashMap;

use sqlx::Row;

use super::{PuzzleRow, Store, StoreError, db_id, u32_column};

/// Why a puzzle is out of rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retired {
    /// Enough players reported it as wrong.
    Flagged,
    /// A shipped puzzle that the shipped set no longer holds.
    Replaced,
}

impl Retired {
    fn name(self) -> &'static str {
        match self {
            Retired::Flagged => "flagged",
            Retired::Replaced => "replaced",
        }
    }

    fn parse(name: Option<String>) -> Result<Option<Retired>, StoreError> {
        match name.as_deref() {
            None => Ok(None),
            Some("flagged") => Ok(Some(Retired::Flagged)),
            Some("replaced") => Ok(Some(Retired::Replaced)),
            Some(_) => Err(StoreError::Corrupt("puzzles.retired_why")),
        }
    }
}

/// What a report did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagOutcome {
    /// The puzzle reported.
    pub puzzle: i64,
    /// Whether this report is new (a player reports a puzzle once).
    pub new: bool,
    /// The puzzle's reports, this one counted.
    pub flags: u32,
    /// Whether this report took the puzzle out of rotation.
    pub retired_now: bool,
}

/// A reported puzzle, as the operator's list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct FlaggedPuzzle {
    /// The puzzle.
    pub id: i64,
    /// Its position, PDN FEN.
    pub fen: String,
    /// Its solution.
    pub line: String,
    /// Its theme's name.
    pub theme: String,
    /// Players who reported it.
    pub flags: u32,
    /// Times it was played, and solved.
    pub plays: u32,
    /// Times it was solved.
    pub solves: u32,
    /// When it went out of rotation, if it did, and why.
    pub retired: Option<(i64, Retired)>,
    /// The game it came from (none: the shipped set).
    pub game: Option<i64>,
}

/// What keeping the stored shipped set in step with the shipped one did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetSync {
    /// Shipped puzzles stored for the first time.
    pub added: u64,
    /// Stored ones whose solution, theme or gain changed (or back in rotation).
    pub updated: u64,
    /// Stored ones no longer shipped, taken out of rotation.
    pub retired: u64,
}

impl Store {
    /// Records `user`'s report (from server `guild`) of `puzzle` at `now`;
    /// the report that makes `retire_at` takes the puzzle out of rotation.
    /// The caller checked that the player finished the puzzle (an attempt
    /// once finished stays so).
    pub async fn flag_puzzle(
        &self,
        puzzle: i64,
        guild: u64,
        user: u64,
        now: i64,
        retire_at: u32,
    ) -> Result<FlagOutcome, StoreError> {
        let mut tx = self.pool.begin().await?;
        let new = sqlx::query(
            "INSERT INTO puzzle_flags (puzzle_id, user_id, guild_id, flagged_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(puzzle)
        .bind(db_id(user)?)
        .bind(db_id(guild)?)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        let (flags, retired_now) = if new {
            // Every SET expression reads the row as it was: `flags` is the count before this report.
            let row = sqlx::query(
                "UPDATE puzzles SET flags = flags + 1, \
                 retired_why = CASE WHEN retired_at IS NULL AND flags + 1 >= $2 THEN 'flagged' ELSE retired_why END, \
                 retired_at = CASE WHEN retired_at IS NULL AND flags + 1 >= $2 THEN $3 ELSE retired_at END \
                 WHERE id = $1 RETURNING flags, retired_why",
            )
            .bind(puzzle)
            .bind(i64::from(retire_at))
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            let flags: i64 = row.try_get("flags")?;
            // The report that reached the threshold is the one that retired it.
            let why = Retired::parse(row.try_get("retired_why")?)?;
            (flags, why == Some(Retired::Flagged) && flags == i64::from(retire_at))
        } else {
            (
                sqlx::query_scalar("SELECT flags FROM puzzles WHERE id = $1").bind(puzzle).fetch_one(&mut *tx).await?,
                false,
            )
        };
        tx.commit().await?;
        Ok(FlagOutcome { puzzle, new, flags: u32_column(flags, "puzzles.flags")?, retired_now })
    }

    /// The reported puzzles, most reported first, then out of rotation first.
    pub async fn flagged_puzzles(&self, limit: i64) -> Result<Vec<FlaggedPuzzle>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, fen, line, theme, flags, plays, solves, retired_at, retired_why, game_id FROM puzzles \
             WHERE flags > 0 ORDER BY flags DESC, retired_at IS NULL, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                let retired_at: Option<i64> = row.try_get("retired_at")?;
                let why = Retired::parse(row.try_get("retired_why")?)?;
                Ok(FlaggedPuzzle {
                    id: row.try_get("id")?,
                    fen: row.try_get("fen")?,
                    line: row.try_get("line")?,
                    theme: row.try_get("theme")?,
                    flags: u32_column(row.try_get("flags")?, "puzzles.flags")?,
                    plays: u32_column(row.try_get("plays")?, "puzzles.plays")?,
                    solves: u32_column(row.try_get("solves")?, "puzzles.solves")?,
                    retired: retired_at.zip(why),
                    game: row.try_get("game_id")?,
                })
            })
            .collect()
    }

    /// Puts puzzle `id` back in rotation and forgets its reports (the
    /// operator checked it). `false`: no such puzzle.
    pub async fn restore_puzzle(&self, id: i64) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM puzzle_flags WHERE puzzle_id = $1").bind(id).execute(&mut *tx).await?;
        let found = sqlx::query("UPDATE puzzles SET flags = 0, retired_at = NULL, retired_why = NULL WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(found == 1)
    }

    /// Keeps the stored shipped puzzles (those from no game) in step with
    /// `shipped`: new ones stored; a stored one whose solution, theme or
    /// gain changed takes the shipped one's (unless an attempt at it is
    /// open: its steps follow the old solution; the next start does it);
    /// one no longer shipped goes out of rotation, and back in if shipped
    /// again. A position found in a game is left as it was. Returns what it did.
    pub async fn sync_shipped_puzzles(&self, shipped: &[PuzzleRow], now: i64) -> Result<SetSync, StoreError> {
        let mut tx = self.pool.begin().await?;
        // A shipped position first found in a game is the game's: the insert below leaves it.
        let rows = sqlx::query("SELECT id, fen, line, theme, gain, retired_why FROM puzzles WHERE game_id IS NULL")
            .fetch_all(&mut *tx)
            .await?;
        let mut stored = HashMap::with_capacity(rows.len());
        for row in &rows {
            let fen: String = row.try_get("fen")?;
            let kept = (
                row.try_get::<i64, _>("id")?,
                row.try_get::<String, _>("line")?,
                row.try_get::<String, _>("theme")?,
                row.try_get::<i64, _>("gain")?,
                Retired::parse(row.try_get("retired_why")?)?,
            );
            stored.insert(fen, kept);
        }
        let mut sync = SetSync::default();
        let mut missing = Vec::new();
        for puzzle in shipped {
            let Some((id, line, theme, gain, why)) = stored.remove(&puzzle.fen) else {
                missing.push(puzzle.clone());
                continue;
            };
            let same = *line == puzzle.line && *theme == puzzle.theme && gain == i64::from(puzzle.gain);
            if same && why != Some(Retired::Replaced) {
                continue;
            }
            sync.updated += sqlx::query(
                "UPDATE puzzles SET line = $2, theme = $3, gain = $4, \
                 retired_at = CASE WHEN retired_why = 'replaced' THEN NULL ELSE retired_at END, \
                 retired_why = CASE WHEN retired_why = 'replaced' THEN NULL ELSE retired_why END \
                 WHERE id = $1 AND ($5 = 1 OR NOT EXISTS \
                 (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = $1 AND a.finished_at IS NULL))",
            )
            .bind(id)
            .bind(&puzzle.line)
            .bind(&puzzle.theme)
            .bind(i64::from(puzzle.gain))
            .bind(i64::from(same))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        sync.added = Store::insert_puzzle_rows(&mut tx, &missing, now).await?;
        for (id, .., why) in stored.into_values() {
            if why.is_some() {
                continue;
            }
            sync.retired += sqlx::query(
                "UPDATE puzzles SET retired_at = $2, retired_why = $3 WHERE id = $1 AND retired_at IS NULL",
            )
            .bind(id)
            .bind(now)
            .bind(Retired::Replaced.name())
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        tx.commit().await?;
        Ok(sync)
    }
}
