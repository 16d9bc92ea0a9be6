//! A match's rows (RULES 8.3): the match to store, the stored match with its
//! games, and writing a new one (inside the transaction that starts its
//! first game, [`super::games`]).

use sqlx::AnyConnection;

use super::columns::db_id;
use super::error::StoreError;
use super::kinds::{GameStatus, MatchStatus};
use crate::rules::Outcome;

/// A match to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMatchRow {
    /// Server id.
    pub guild: Option<u64>,
    /// Channel id: every game of the match is played there.
    pub channel: u64,
    /// White in games 1 and 3.
    pub first_white: u64,
    /// White in games 2 and 4.
    pub first_black: u64,
    /// The two-ply opening of games 3 and 4: "move reply".
    pub opening: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// A stored match and its games so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    /// Its id.
    pub id: i64,
    /// Its players, opening and start (what was stored).
    pub setup: NewMatchRow,
    /// Live, finished or aborted.
    pub status: MatchStatus,
    /// Its games, by number.
    pub games: Vec<MatchGameRow>,
}

/// One game of a match, as the match's score needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGameRow {
    /// 1-4.
    pub number: u8,
    /// The game's id.
    pub game_id: i64,
    /// Who had White.
    pub white: u64,
    /// Live, finished or aborted.
    pub status: GameStatus,
    /// Who won, once finished.
    pub result: Option<Outcome>,
}

pub(super) async fn insert_match(conn: &mut AnyConnection, m: &NewMatchRow) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO matches (guild_id, channel_id, first_white, first_black, opening, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'live', $6) RETURNING id",
    )
    .bind(m.guild.map(db_id).transpose()?)
    .bind(db_id(m.channel)?)
    .bind(db_id(m.first_white)?)
    .bind(db_id(m.first_black)?)
    .bind(&m.opening)
    .bind(m.created_at)
    .fetch_one(&mut *conn)
    .await?)
}
