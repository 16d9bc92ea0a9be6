//! The `tournaments` and `tournament_entrants` tables (RULES 8.4): storing
//! a tournament, signing up and leaving, and reading one back whole - its
//! entrants, its pairings with their games' results, its byes. What is
//! paired when is decided by the service; the rounds are written by
//! [`super::tournament_rounds`].

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::time_control::TimeControl;
use super::{
    FinishReason, GameStatus, Store, StoreError, TournamentFormat, TournamentStatus, bool_column, db_id, discord_id,
    enum_column, optional_enum_column, u32_column,
};
use crate::rules::{Color, DrawRules, Outcome, Variant};

/// A tournament to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournamentRow {
    /// The server.
    pub guild: u64,
    /// The channel it is run in: its messages, and its games' threads.
    pub channel: u64,
    /// Who created it and runs it.
    pub organiser: u64,
    /// Its name (1-60 characters).
    pub name: String,
    /// How it pairs.
    pub format: TournamentFormat,
    /// A Swiss's rounds, if the organiser chose them.
    pub rounds_asked: Option<u32>,
    /// The clock's terms of its games.
    pub time: TimeControl,
    /// The variant of its games.
    pub variant: Variant,
    /// The draw rules of its games.
    pub draw_rules: DrawRules,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// The most entrants it takes.
    pub max_players: u32,
    /// Whether its games' clocks stop for a player's vacation.
    pub vacation: bool,
    /// Unix seconds.
    pub created_at: i64,
}

/// A stored tournament, whole.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    /// Its id, which is its number.
    pub id: i64,
    /// Its terms, as stored.
    pub setup: NewTournamentRow,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The rounds it has, once started.
    pub rounds: Option<u32>,
    /// Rounds paired so far.
    pub round: u32,
    /// Ended games (forfeits included) its standings were last worked out from.
    pub results_seen: u32,
    /// Grows with every change its messages show.
    pub version: i64,
    /// The version its messages show.
    pub shown_version: i64,
    /// Its message in its channel (sign-up, then its summary).
    pub message: Option<u64>,
    /// Its standings message, from the start.
    pub standings_message: Option<u64>,
    /// Rounds whose start was announced in its channel.
    pub announced_round: u32,
    /// Whether its end was announced.
    pub final_announced: bool,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished or was cancelled.
    pub finished_at: Option<i64>,
    /// Who cancelled it.
    pub cancelled_by: Option<u64>,
    /// Its entrants, in the order they joined.
    pub entrants: Vec<EntrantRow>,
    /// Its pairings, by round and board.
    pub pairings: Vec<PairingRow>,
    /// Its byes, by round.
    pub byes: Vec<ByeRow>,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    /// The player.
    pub user: u64,
    /// Their name when they joined.
    pub name: Option<String>,
    /// When they joined.
    pub joined_at: i64,
    /// Their number in the pairing (from 0), from the start.
    pub seat: Option<u32>,
    /// Their rating at the start.
    pub rating: Option<f64>,
    /// When they withdrew or were removed.
    pub withdrawn_at: Option<i64>,
    /// The organiser who removed them (else they withdrew).
    pub removed_by: Option<u64>,
}

/// One pairing of a round and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// Its id.
    pub id: i64,
    /// Its round, from 1.
    pub round: u32,
    /// Its board in the round, from 1.
    pub board: u32,
    /// The player with White.
    pub white: u64,
    /// The player with Black.
    pub black: u64,
    /// Its game, once started.
    pub game: Option<PairedGame>,
    /// Not played: the side that scores.
    pub forfeit: Option<Color>,
    /// The thread opened for its game.
    pub thread: Option<u64>,
}

/// The game of a pairing, as its tournament needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedGame {
    /// The game's id (its number).
    pub id: i64,
    /// Where it is played (its thread).
    pub channel: u64,
    /// Live, finished or aborted.
    pub status: GameStatus,
    /// Who won, once finished.
    pub result: Option<Outcome>,
    /// Why it finished.
    pub reason: Option<FinishReason>,
}

/// A Swiss bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByeRow {
    /// The round.
    pub round: u32,
    /// Who sat out with a point.
    pub user: u64,
}

/// A line of the list of a server's tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLine {
    /// Its number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its channel.
    pub channel: u64,
    /// How it pairs.
    pub format: TournamentFormat,
    /// Where it stands.
    pub status: TournamentStatus,
    /// Rounds paired so far.
    pub round: u32,
    /// The rounds it has, once started.
    pub rounds: Option<u32>,
    /// Its entrants.
    pub players: u32,
}

/// How a sign-up went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinOutcome {
    /// The player is in.
    Joined,
    /// They were in already.
    AlreadyIn,
    /// It has as many entrants as it takes.
    Full,
    /// It no longer takes entrants (or does not exist).
    Closed,
}

/// The columns of a tournament row.
const COLUMNS: &str = "id, guild_id, channel_id, organiser_id, name, format, rounds_asked, rounds, days_per_move, \
    bank_start, bank_increment, bank_max, weekends_zone, variant, draw_rules, rated, max_players, vacation, status, round, results_seen, version, shown_version, \
    message_id, standings_message_id, announced_round, final_announced, created_at, started_at, finished_at, \
    cancelled_by";

fn optional_id(row: &AnyRow, column: &'static str) -> Result<Option<u64>, StoreError> {
    let id: Option<i64> = row.try_get(column)?;
    id.map(|id| discord_id(id, column)).transpose()
}

fn optional_u32(row: &AnyRow, column: &'static str) -> Result<Option<u32>, StoreError> {
    let n: Option<i64> = row.try_get(column)?;
    n.map(|n| u32_column(n, column)).transpose()
}

fn tournament_from_row(row: &AnyRow) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: row.try_get("id")?,
        setup: NewTournamentRow {
            guild: discord_id(row.try_get("guild_id")?, "guild_id")?,
            channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
            organiser: discord_id(row.try_get("organiser_id")?, "organiser_id")?,
            name: row.try_get("name")?,
            format: enum_column(row, "format")?,
            rounds_asked: optional_u32(row, "rounds_asked")?,
            time: TimeControl::from_row(row)?,
            variant: enum_column(row, "variant")?,
            draw_rules: enum_column(row, "draw_rules")?,
            rated: bool_column(row.try_get("rated")?, "rated")?,
            max_players: u32_column(row.try_get("max_players")?, "max_players")?,
            vacation: bool_column(row.try_get("vacation")?, "vacation")?,
            created_at: row.try_get("created_at")?,
        },
        status: enum_column(row, "status")?,
        rounds: optional_u32(row, "rounds")?,
        round: u32_column(row.try_get("round")?, "round")?,
        results_seen: u32_column(row.try_get("results_seen")?, "results_seen")?,
        version: row.try_get("version")?,
        shown_version: row.try_get("shown_version")?,
        message: optional_id(row, "message_id")?,
        standings_message: optional_id(row, "standings_message_id")?,
        announced_round: u32_column(row.try_get("announced_round")?, "announced_round")?,
        final_announced: bool_column(row.try_get("final_announced")?, "final_announced")?,
        started_at: row.try_get("started_at")?,
        finished_at: row.try_get("finished_at")?,
        cancelled_by: optional_id(row, "cancelled_by")?,
        entrants: Vec::new(),
        pairings: Vec::new(),
        byes: Vec::new(),
    })
}

fn entrant_from_row(row: &AnyRow) -> Result<EntrantRow, StoreError> {
    Ok(EntrantRow {
        user: discord_id(row.try_get("user_id")?, "user_id")?,
        name: row.try_get("name")?,
        joined_at: row.try_get("joined_at")?,
        seat: optional_u32(row, "seat")?,
        rating: row.try_get("rating")?,
        withdrawn_at: row.try_get("withdrawn_at")?,
        removed_by: optional_id(row, "removed_by")?,
    })
}

fn pairing_from_row(row: &AnyRow) -> Result<PairingRow, StoreError> {
    let game: Option<i64> = row.try_get("game_id")?;
    let game = match game {
        Some(id) => Some(PairedGame {
            id,
            channel: discord_id(row.try_get("game_channel")?, "channel_id")?,
            status: enum_column(row, "game_status")?,
            result: optional_enum_column(row, "game_result")?,
            reason: optional_enum_column(row, "game_reason")?,
        }),
        None => None,
    };
    Ok(PairingRow {
        id: row.try_get("id")?,
        round: u32_column(row.try_get("round")?, "round")?,
        board: u32_column(row.try_get("board")?, "board")?,
        white: discord_id(row.try_get("white_id")?, "white_id")?,
        black: discord_id(row.try_get("black_id")?, "black_id")?,
        game,
        forfeit: optional_enum_column(row, "forfeit")?,
        thread: optional_id(row, "thread_id")?,
    })
}

impl Store {
    /// Stores a tournament taking entrants; returns its id (its number).
    pub async fn create_tournament(&self, t: &NewTournamentRow) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, rounds_asked, days_per_move, \
             variant, draw_rules, rated, max_players, vacation, status, created_at, bank_start, bank_increment, \
             bank_max, weekends_zone) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'signup', $13, $14, $15, $16, $17) RETURNING id",
        )
        .bind(db_id(t.guild)?)
        .bind(db_id(t.channel)?)
        .bind(db_id(t.organiser)?)
        .bind(&t.name)
        .bind(t.format.name())
        .bind(t.rounds_asked.map(i64::from))
        .bind(t.time.days_column())
        .bind(t.variant.name())
        .bind(t.draw_rules.name())
        .bind(i64::from(t.rated))
        .bind(i64::from(t.max_players))
        .bind(i64::from(t.vacation))
        .bind(t.created_at)
        .bind(t.time.bank_columns()[0])
        .bind(t.time.bank_columns()[1])
        .bind(t.time.bank_columns()[2])
        .bind(&t.time.weekends_zone)
        .fetch_one(&self.pool)
        .await?)
    }

    /// Deletes a tournament that never got its message posted (its
    /// creation failed half-way); `false` if it had entrants or a message.
    pub async fn delete_unposted_tournament(&self, id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "DELETE FROM tournaments WHERE id = $1 AND status = 'signup' AND message_id IS NULL \
             AND NOT EXISTS (SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = tournaments.id)",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Tournament `id` whole, or `None` if there is none.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        let mut conn = self.reads.acquire().await?;
        read_tournament(&mut conn, id).await
    }

    /// A page of server `guild`'s tournaments, newest first: `limit` lines
    /// from `offset`, and how many there are in all.
    pub async fn tournaments_page(
        &self,
        guild: u64,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<TournamentLine>, u32), StoreError> {
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournaments WHERE guild_id = $1")
            .bind(db_id(guild)?)
            .fetch_one(&self.reads)
            .await?;
        let rows = sqlx::query(
            "SELECT id, name, channel_id, format, status, round, rounds, \
             (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = tournaments.id) AS players \
             FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
        )
        .bind(db_id(guild)?)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(&self.reads)
        .await?;
        let lines = rows
            .iter()
            .map(|row| {
                Ok(TournamentLine {
                    id: row.try_get("id")?,
                    name: row.try_get("name")?,
                    channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
                    format: enum_column(row, "format")?,
                    status: enum_column(row, "status")?,
                    round: u32_column(row.try_get("round")?, "round")?,
                    rounds: optional_u32(row, "rounds")?,
                    players: u32_column(row.try_get("players")?, "players")?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok((lines, u32_column(total, "count")?))
    }

    /// Signs `user` (named `name`) up for tournament `id` while it takes
    /// entrants and has room. Of several joining at once, each is counted
    /// once: the first statement writes the tournament's row, so the
    /// sign-ups of one tournament are made one after the other.
    pub async fn join_tournament(
        &self,
        id: i64,
        user: u64,
        name: Option<&str>,
        now: i64,
    ) -> Result<JoinOutcome, StoreError> {
        let mut tx = self.pool.begin().await?;
        let open = sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1 AND status = 'signup'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if open.rows_affected() == 0 {
            return Ok(JoinOutcome::Closed);
        }
        let (players, max): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1), max_players \
             FROM tournaments WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        let inserted = sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, user_id, name, joined_at) \
             SELECT $1, $2, $3, $4 WHERE NOT EXISTS \
             (SELECT 1 FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2)",
        )
        .bind(id)
        .bind(db_id(user)?)
        .bind(name)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Ok(JoinOutcome::AlreadyIn);
        }
        if players >= max {
            return Ok(JoinOutcome::Full);
        }
        tx.commit().await?;
        Ok(JoinOutcome::Joined)
    }

    /// Takes `user` off tournament `id` while it takes entrants; `false`
    /// when they were not signed up or it has started.
    pub async fn leave_tournament(&self, id: i64, user: u64) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let open = sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1 AND status = 'signup'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if open.rows_affected() == 0 {
            return Ok(false);
        }
        let left = sqlx::query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2")
            .bind(id)
            .bind(db_id(user)?)
            .execute(&mut *tx)
            .await?;
        if left.rows_affected() == 0 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }
}

/// Reads tournament `id` whole on `conn` (inside a transaction, it reads
/// what the transaction sees).
pub(super) async fn read_tournament(conn: &mut AnyConnection, id: i64) -> Result<Option<TournamentRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&mut *conn).await? else {
        return Ok(None);
    };
    let mut t = tournament_from_row(&row)?;
    t.entrants = sqlx::query(
        "SELECT user_id, name, joined_at, seat, rating, withdrawn_at, removed_by FROM tournament_entrants \
         WHERE tournament_id = $1 ORDER BY joined_at, user_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(entrant_from_row)
    .collect::<Result<_, _>>()?;
    t.pairings = sqlx::query(
        "SELECT p.id, p.round, p.board, p.white_id, p.black_id, p.game_id, p.forfeit, p.thread_id, \
         g.channel_id AS game_channel, g.status AS game_status, g.result AS game_result, g.reason AS game_reason \
         FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
         WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(pairing_from_row)
    .collect::<Result<_, _>>()?;
    t.byes = sqlx::query("SELECT round, user_id FROM tournament_byes WHERE tournament_id = $1 ORDER BY round")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| {
            Ok(ByeRow {
                round: u32_column(row.try_get("round")?, "round")?,
                user: discord_id(row.try_get("user_id")?, "user_id")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(Some(t))
}
