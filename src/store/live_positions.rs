//! The `live_positions` table: for each live game, the keys of its position
//! and of the positions within two plies of it, so `/analyze` can refuse
//! them with one indexed lookup (see `game::fair_play`). The keys of a
//! move's new position are written after the move, in batches of games,
//! off the path of its answer; a game that ends loses them (a trigger);
//! `games.positions_ply` says which ply a game's keys are for, so a game
//! whose keys lag (just started or moved since) is found and computed
//! before the next check.

use sqlx::{AnyConnection, AssertSqlSafe};

use super::{Store, StoreError, db_id};

/// Keys inserted per statement (two parameters each, far below any limit).
const KEYS_PER_INSERT: usize = 250;

/// Replaces game `game_id`'s keys with `keys` on `conn` (inside the
/// caller's transaction, which has checked that the game is live at the
/// ply the keys are for and set its `positions_ply` to it in the same
/// UPDATE that checked: one statement fewer per move).
pub(super) async fn write_keys(conn: &mut AnyConnection, game_id: i64, keys: &[u64]) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM live_positions WHERE game_id = $1").bind(game_id).execute(&mut *conn).await?;
    for chunk in keys.chunks(KEYS_PER_INSERT) {
        // `$1` is the game; `$2`... the keys. Written out with numbered
        // placeholders, which both backends read (sqlx's query builder
        // writes `?` for its Any driver, which PostgreSQL does not).
        let rows: Vec<String> = (0..chunk.len()).map(|i| format!("($1, ${})", i + 2)).collect();
        let sql = format!("INSERT INTO live_positions (game_id, position_key) VALUES {}", rows.join(", "));
        let mut insert = sqlx::query(AssertSqlSafe(sql)).bind(game_id);
        for key in chunk {
            // Stored bit for bit as a signed 64-bit integer.
            insert = insert.bind(*key as i64);
        }
        insert.execute(&mut *conn).await?;
    }
    Ok(())
}

/// One game's keys, for its position at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameKeys {
    /// The game.
    pub game_id: i64,
    /// The ply the keys are for: they are written only while the game is
    /// live at that ply.
    pub ply: u32,
    /// The keys ([`crate::game::live_position_keys`]).
    pub keys: Vec<u64>,
}

impl Store {
    /// Stores game `game_id`'s keys for `ply`, unless the game has moved on
    /// (or ended) meanwhile: `false` then, and nothing is written.
    pub async fn set_live_positions(&self, game_id: i64, ply: u32, keys: &[u64]) -> Result<bool, StoreError> {
        let one = GameKeys { game_id, ply, keys: keys.to_vec() };
        Ok(self.set_live_positions_of(std::slice::from_ref(&one)).await? == 1)
    }

    /// Stores each game's keys as [`Store::set_live_positions`] does, all
    /// in one transaction (one commit for the lot); returns how many games'
    /// keys were written.
    pub async fn set_live_positions_of(&self, games: &[GameKeys]) -> Result<usize, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut written = 0;
        for game in games {
            // Takes the write lock first: a move of this game waits, or has landed.
            // Keys already current are written again: the newest noted
            // position of a ply wins (a move taken back and played again).
            let live =
                sqlx::query("UPDATE games SET positions_ply = $2 WHERE id = $1 AND ply = $2 AND status = 'live'")
                    .bind(game.game_id)
                    .bind(i64::from(game.ply))
                    .execute(&mut *tx)
                    .await?;
            if live.rows_affected() == 1 {
                write_keys(&mut tx, game.game_id, &game.keys).await?;
                written += 1;
            }
        }
        if written > 0 {
            tx.commit().await?;
        }
        Ok(written)
    }

    /// The live games holding position key `key`: in server `guild`, or,
    /// with no server, those `user` plays. (`CROSS JOIN` makes SQLite start
    /// from the key's few rows, not from every live game of the server.)
    pub async fn live_games_with_position(
        &self,
        key: u64,
        guild: Option<u64>,
        user: u64,
    ) -> Result<Vec<i64>, StoreError> {
        let key = key as i64;
        let ids = match guild {
            Some(guild) => {
                sqlx::query_scalar(
                    "SELECT p.game_id FROM live_positions p CROSS JOIN games g \
                     WHERE g.id = p.game_id AND p.position_key = $1 AND g.status = 'live' AND g.guild_id = $2 \
                     ORDER BY p.game_id",
                )
                .bind(key)
                .bind(db_id(guild)?)
                .fetch_all(&self.reads)
                .await?
            }
            None => {
                sqlx::query_scalar(
                    "SELECT p.game_id FROM live_positions p CROSS JOIN games g \
                     WHERE g.id = p.game_id AND p.position_key = $1 AND g.status = 'live' \
                     AND (g.white_id = $2 OR g.black_id = $2) ORDER BY p.game_id",
                )
                .bind(key)
                .bind(db_id(user)?)
                .fetch_all(&self.reads)
                .await?
            }
        };
        Ok(ids)
    }

    /// How many keys are stored for game `game_id`.
    pub async fn live_position_count(&self, game_id: i64) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM live_positions WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&self.reads)
            .await?)
    }
}
