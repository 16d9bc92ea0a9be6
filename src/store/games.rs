//! The `games` table: starting games, reading them with their moves, and
//! ending them outside a move (resignation, agreement, time).

use std::collections::BTreeMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::direct_messages::Recipients;
use super::id_lists::{IDS_PER_STATEMENT, placeholders};
use super::match_rows::insert_match;
use super::ratings::rate_finished_game;
use super::time_control::TimeControl;
use super::vacations::{VacationFacts, vacation_facts};
use super::{
    AnnouncementKind, ChallengeRow, DirectKind, FinishReason, GameStatus, MatchRow, NewMatchRow, RatingChangeRow,
    Store, StoreError, bool_column, db_id, discord_id, enum_column, is_unique_violation, optional_enum_column,
    u32_column,
};
use crate::rules::{Color, DrawRules, Outcome, Variant};

/// A game to start.
#[derive(Clone, Debug)]
pub struct NewGameRow {
    /// The challenge it comes from.
    pub challenge_id: Option<i64>,
    /// Server id.
    pub guild: Option<u64>,
    /// Channel id.
    pub channel: u64,
    /// White's user id.
    pub white: u64,
    /// Black's user id.
    pub black: u64,
    /// Optional display name.
    pub white_name: Option<String>,
    /// Optional display name.
    pub black_name: Option<String>,
    /// The clock's terms.
    pub time: TimeControl,
    /// The variant.
    pub variant: Variant,
    /// The draw-rule preset.
    pub draw_rules: DrawRules,
    /// Start position, PDN FEN.
    pub start_fen: String,
    /// Side to move at the start.
    pub turn: Color,
    /// Unix seconds.
    pub started_at: i64,
    /// When the first move is due.
    pub deadline: i64,
    /// When the first reminder is due.
    pub remind_at: i64,
    /// The bot's seat in a game against its engine; `None` between people.
    pub engine: Option<EngineSeat>,
    /// Whether the game counts for ratings (if each side moves twice).
    pub rated: bool,
    /// The match it is a game of, if any.
    pub match_seat: Option<MatchSeat>,
    /// The tournament (and round) it is a game of, if any.
    pub tournament_seat: Option<TournamentSeat>,
}

/// A game's place in a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentSeat {
    /// The tournament.
    pub tournament_id: i64,
    /// Its round, from 1.
    pub round: u32,
}

/// A game's place in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSeat {
    /// The match.
    pub match_id: i64,
    /// Which of its games, 1-4.
    pub number: u8,
}

/// The side the bot's engine plays in a game, and at which level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    /// Playing level, 1-10.
    pub level: u8,
    /// The engine's side.
    pub color: Color,
}

/// A stored game and its moves.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its id.
    pub id: i64,
    /// How it was set up: players, terms, start position and first clock
    /// (what was stored when it started).
    pub setup: NewGameRow,
    /// Plies played (the length of `moves`).
    pub ply: u32,
    /// Side to move.
    pub turn: Color,
    /// Live, finished or aborted.
    pub status: GameStatus,
    /// Who won, once finished.
    pub result: Option<Outcome>,
    /// Why it finished.
    pub reason: Option<FinishReason>,
    /// Last move, or start.
    pub last_move_at: i64,
    /// Current deadline.
    pub deadline: i64,
    /// The deadline the last move met (`None` before the first move, and
    /// for moves stored before the moves kept it).
    pub last_move_deadline: Option<i64>,
    /// Whose draw offer stands.
    pub draw_offer_by: Option<u64>,
    /// Whose request to take back their last move stands.
    pub takeback_by: Option<u64>,
    /// When it finished or was aborted.
    pub finished_at: Option<i64>,
    /// Who aborted it, if it was aborted.
    pub aborted_by: Option<u64>,
    /// Every move, in order, in canonical notation.
    pub moves: Vec<String>,
    /// What the game did to its players' ratings (finished rated games).
    pub rating_changes: Vec<RatingChangeRow>,
    /// The match it is a game of, with all the match's games so far.
    pub match_row: Option<MatchRow>,
    /// The name of the tournament it is a game of.
    pub tournament_name: Option<String>,
    /// What its clock needs to know of vacations.
    pub vacation: VacationFacts,
}

/// A live game's clock as the claims of reminders and losses on time read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueClock {
    /// The game.
    pub game: i64,
    /// Its ply.
    pub ply: u32,
    /// Its deadline.
    pub deadline: i64,
    /// Whether the bot's engine is to move.
    pub engine_to_move: bool,
    /// What its clock needs to know of vacations.
    pub vacation: VacationFacts,
}

/// The columns [`Store::due_clocks`] reads, before its `WHERE`.
macro_rules! select_due_clocks {
    () => {
        concat!("SELECT id, ply, deadline, turn, engine_color, ", vacation_facts!(), " FROM games")
    };
}

macro_rules! select_games {
    ($where:literal) => {
        select_games!("", $where)
    };
    // With more columns after the game's own (`extra` starts with a comma).
    ($extra:literal, $where:literal) => {
        concat!(
            "SELECT id, challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name, \
             days_per_move, bank_start, bank_increment, bank_max, weekends_zone, variant, draw_rules, start_fen, ply, \
             turn, status, result, reason, started_at, \
             last_move_at, deadline, remind_at, draw_offer_by, takeback_by, finished_at, engine_level, engine_color, aborted_by, rated, match_id, match_game, \
             tournament_id, tournament_round, ",
            // The moves in order, in the row's own snapshot: one round trip
            // to the database for the game and its moves, and a takeback
            // cannot land between the two.
            "(SELECT string_agg(notation, ' ' ORDER BY ply) FROM moves WHERE moves.game_id = games.id) AS move_list, ",
            // The deadline the last mover met: with it and the move's time,
            // the game derives the waiting player's bank.
            "(SELECT before_deadline FROM moves WHERE moves.game_id = games.id AND moves.ply = games.ply - 1) \
             AS last_move_deadline, ",
            vacation_facts!(),
            $extra,
            " FROM games ",
            $where
        )
    };
}

/// A row's `match_id` and `match_game`: both NULL outside a match.
fn match_seat(row: &AnyRow) -> Result<Option<MatchSeat>, StoreError> {
    let id: Option<i64> = row.try_get("match_id")?;
    let number: Option<i64> = row.try_get("match_game")?;
    match (id, number) {
        (None, None) => Ok(None),
        (Some(match_id), Some(number)) => Ok(Some(MatchSeat {
            match_id,
            number: u8::try_from(number).map_err(|_| StoreError::Corrupt("match_game"))?,
        })),
        _ => Err(StoreError::Corrupt("match_game")),
    }
}

/// A row's `tournament_id` and `tournament_round`: both NULL outside a
/// tournament.
fn tournament_seat(row: &AnyRow) -> Result<Option<TournamentSeat>, StoreError> {
    let id: Option<i64> = row.try_get("tournament_id")?;
    let round: Option<i64> = row.try_get("tournament_round")?;
    match (id, round) {
        (None, None) => Ok(None),
        (Some(tournament_id), Some(round)) => {
            Ok(Some(TournamentSeat { tournament_id, round: u32_column(round, "tournament_round")? }))
        }
        _ => Err(StoreError::Corrupt("tournament_round")),
    }
}

/// The bot's seat from a row's `engine_level` and `engine_color` columns:
/// both NULL between people, both set in a game against the engine.
pub(super) fn engine_seat(row: &AnyRow) -> Result<Option<EngineSeat>, StoreError> {
    let engine_level: Option<i64> = row.try_get("engine_level")?;
    let engine_color: Option<Color> = optional_enum_column(row, "engine_color")?;
    match (engine_level, engine_color) {
        (None, None) => Ok(None),
        (Some(level), Some(color)) => {
            Ok(Some(EngineSeat { level: u8::try_from(level).map_err(|_| StoreError::Corrupt("engine_level"))?, color }))
        }
        _ => Err(StoreError::Corrupt("engine_color")),
    }
}

/// A row's `move_list`: its game's moves in order, as many as its ply
/// (a notation holds no space).
fn move_list(row: &AnyRow) -> Result<Vec<String>, StoreError> {
    let list: Option<String> = row.try_get("move_list")?;
    let moves: Vec<String> = list.iter().flat_map(|l| l.split(' ')).map(str::to_string).collect();
    let ply: i64 = row.try_get("ply")?;
    if i64::try_from(moves.len()) != Ok(ply) {
        return Err(StoreError::Corrupt("games.ply"));
    }
    Ok(moves)
}

fn game_from_row(row: &AnyRow) -> Result<GameRow, StoreError> {
    let guild: Option<i64> = row.try_get("guild_id")?;
    let offer: Option<i64> = row.try_get("draw_offer_by")?;
    let takeback: Option<i64> = row.try_get("takeback_by")?;
    let engine = engine_seat(row)?;
    Ok(GameRow {
        id: row.try_get("id")?,
        setup: NewGameRow {
            challenge_id: row.try_get("challenge_id")?,
            guild: guild.map(|g| discord_id(g, "guild_id")).transpose()?,
            channel: discord_id(row.try_get("channel_id")?, "channel_id")?,
            white: discord_id(row.try_get("white_id")?, "white_id")?,
            black: discord_id(row.try_get("black_id")?, "black_id")?,
            white_name: row.try_get("white_name")?,
            black_name: row.try_get("black_name")?,
            time: TimeControl::from_row(row)?,
            variant: enum_column(row, "variant")?,
            draw_rules: enum_column(row, "draw_rules")?,
            start_fen: row.try_get("start_fen")?,
            turn: enum_column(row, "turn")?,
            started_at: row.try_get("started_at")?,
            deadline: row.try_get("deadline")?,
            remind_at: row.try_get("remind_at")?,
            engine,
            rated: bool_column(row.try_get("rated")?, "rated")?,
            match_seat: match_seat(row)?,
            tournament_seat: tournament_seat(row)?,
        },
        ply: u32_column(row.try_get("ply")?, "ply")?,
        turn: enum_column(row, "turn")?,
        status: enum_column(row, "status")?,
        result: optional_enum_column(row, "result")?,
        reason: optional_enum_column(row, "reason")?,
        last_move_at: row.try_get("last_move_at")?,
        deadline: row.try_get("deadline")?,
        last_move_deadline: row.try_get("last_move_deadline")?,
        draw_offer_by: offer.map(|o| discord_id(o, "draw_offer_by")).transpose()?,
        takeback_by: takeback.map(|u| discord_id(u, "takeback_by")).transpose()?,
        finished_at: row.try_get("finished_at")?,
        aborted_by: row.try_get::<Option<i64>, _>("aborted_by")?.map(|u| discord_id(u, "aborted_by")).transpose()?,
        moves: move_list(row)?,
        rating_changes: Vec::new(),
        match_row: None,
        tournament_name: None,
        vacation: VacationFacts::from_row(row)?,
    })
}

/// Why accepting a challenge stored nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartRefused {
    /// The challenge was no longer open.
    ChallengeClosed,
    /// The channel already holds a live game.
    ChannelHasGame,
}

/// A game started from a challenge.
#[derive(Clone, Debug)]
pub struct Started {
    /// The new game.
    pub game: GameRow,
    /// The other challenges that were open in its channel, closed
    /// (`cancelled`) in the same transaction.
    pub closed: Vec<ChallengeRow>,
}

impl Store {
    /// `taker` (their id and name) accepts open challenge `challenge_id`
    /// (theirs, or open to anyone), starts its game and closes
    /// the channel's other open challenges, in one transaction: all of it
    /// happens or none. With `new_match`, the match is stored too and the
    /// game is its first. `from_post`: accepted by a press on the
    /// challenge's post, which the answer replaces (no edit of it is owed).
    pub async fn start_game(
        &self,
        challenge_id: i64,
        taker: (u64, Option<&str>),
        game: &NewGameRow,
        new_match: Option<&NewMatchRow>,
        from_post: bool,
    ) -> Result<Result<Started, StartRefused>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // PostgreSQL: against a challenge being stored in the channel now.
        self.lock_id(&mut tx, game.channel).await?;
        // A write first, so a SQLite transaction takes the write lock at
        // once. Of several accepting an open challenge at once, one changes
        // it and becomes its opponent; the others change nothing.
        let closed = sqlx::query(
            "UPDATE challenges SET state = 'accepted', opponent_id = $2, closed_by = $2, \
             post_message_id = CASE WHEN $4 = 1 THEN 0 ELSE post_message_id END, \
             opponent_name = CASE WHEN opponent_id IS NULL THEN $3 ELSE opponent_name END \
             WHERE id = $1 AND state = 'open' AND (opponent_id IS NULL OR opponent_id = $2)",
        )
        .bind(challenge_id)
        .bind(db_id(taker.0)?)
        .bind(taker.1)
        .bind(i64::from(from_post))
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() == 0 {
            return Ok(Err(StartRefused::ChallengeClosed));
        }
        let mut game = game.clone();
        if let Some(m) = new_match {
            match insert_match(&mut tx, m).await {
                Ok(match_id) => game.match_seat = Some(MatchSeat { match_id, number: 1 }),
                Err(StoreError::Sql(e)) if is_unique_violation(&e) => return Ok(Err(StartRefused::ChannelHasGame)),
                Err(e) => return Err(e),
            }
        }
        let inserted = self.insert_game(&mut tx, Some(challenge_id), &game).await;
        let id = match inserted {
            Ok(id) => id,
            Err(StoreError::Sql(e)) if is_unique_violation(&e) => return Ok(Err(StartRefused::ChannelHasGame)),
            Err(e) => return Err(e),
        };
        let others: Vec<i64> = sqlx::query_scalar(
            "UPDATE challenges SET state = 'cancelled' WHERE channel_id = $1 AND state = 'open' RETURNING id",
        )
        .bind(db_id(game.channel)?)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        let game = self.game(id).await?.ok_or(StoreError::Corrupt("games.id"))?;
        let mut closed = Vec::with_capacity(others.len());
        for id in others {
            closed.extend(self.challenge(id).await?);
        }
        closed.sort_by_key(|c| c.id);
        Ok(Ok(Started { game, closed }))
    }

    pub(super) async fn insert_game(
        &self,
        tx: &mut sqlx::AnyConnection,
        challenge_id: Option<i64>,
        g: &NewGameRow,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO games (challenge_id, guild_id, channel_id, white_id, black_id, white_name, black_name, \
             days_per_move, variant, draw_rules, start_fen, ply, turn, status, started_at, last_move_at, deadline, \
             remind_at, engine_level, engine_color, rated, match_id, match_game, tournament_id, tournament_round, \
             bank_start, bank_increment, bank_max, weekends_zone) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, 'live', $13, $13, $14, $15, $16, $17, $18, \
             $19, $20, $21, $22, $23, $24, $25, $26) \
             RETURNING id",
        )
        .bind(challenge_id)
        .bind(g.guild.map(db_id).transpose()?)
        .bind(db_id(g.channel)?)
        .bind(db_id(g.white)?)
        .bind(db_id(g.black)?)
        .bind(&g.white_name)
        .bind(&g.black_name)
        .bind(g.time.days_column())
        .bind(g.variant.name())
        .bind(g.draw_rules.name())
        .bind(&g.start_fen)
        .bind(g.turn.name())
        .bind(g.started_at)
        .bind(g.deadline)
        .bind(g.remind_at)
        .bind(g.engine.as_ref().map(|e| i64::from(e.level)))
        .bind(g.engine.map(|e| e.color.name()))
        .bind(i64::from(g.rated))
        .bind(g.match_seat.map(|m| m.match_id))
        .bind(g.match_seat.map(|m| i64::from(m.number)))
        .bind(g.tournament_seat.map(|t| t.tournament_id))
        .bind(g.tournament_seat.map(|t| i64::from(t.round)))
        .bind(g.time.bank_columns()[0])
        .bind(g.time.bank_columns()[1])
        .bind(g.time.bank_columns()[2])
        .bind(&g.time.weekends_zone)
        .fetch_one(&mut *tx)
        .await?)
    }

    /// Completes a game row, whose moves it lists: what it did to the
    /// ratings, its match and its tournament, for the games that have them.
    async fn with_extras(&self, mut game: GameRow) -> Result<GameRow, StoreError> {
        if game.setup.rated && game.status == GameStatus::Finished {
            game.rating_changes = self.rating_changes(game.id).await?;
        }
        if let Some(seat) = game.setup.match_seat {
            game.match_row = Some(self.match_row(seat.match_id).await?.ok_or(StoreError::Corrupt("games.match_id"))?);
        }
        if let Some(seat) = game.setup.tournament_seat {
            game.tournament_name = Some(
                sqlx::query_scalar("SELECT name FROM tournaments WHERE id = $1")
                    .bind(seat.tournament_id)
                    .fetch_optional(&self.reads)
                    .await?
                    .ok_or(StoreError::Corrupt("games.tournament_id"))?,
            );
        }
        Ok(game)
    }

    async fn games_where(&self, rows: Vec<AnyRow>) -> Result<Vec<GameRow>, StoreError> {
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            out.push(self.with_extras(game_from_row(row)?).await?);
        }
        Ok(out)
    }

    /// A game by id, with its moves.
    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        let rows = sqlx::query(select_games!("WHERE id = $1")).bind(id).fetch_all(&self.reads).await?;
        Ok(self.games_where(rows).await?.pop())
    }

    /// The live game of a channel, with its moves.
    pub async fn live_game_in_channel(&self, channel: u64) -> Result<Option<GameRow>, StoreError> {
        let rows = sqlx::query(select_games!("WHERE channel_id = $1 AND status = 'live'"))
            .bind(db_id(channel)?)
            .fetch_all(&self.reads)
            .await?;
        Ok(self.games_where(rows).await?.pop())
    }

    /// The live game of a channel, with its moves, and whether `user`
    /// confirms their moves in its server (`player_settings`; never outside
    /// a server): what a move needs, in one read.
    pub async fn live_game_for_move(&self, channel: u64, user: u64) -> Result<Option<(GameRow, bool)>, StoreError> {
        let row = sqlx::query(select_games!(
            ", COALESCE((SELECT p.confirm_moves FROM player_settings p \
               WHERE p.guild_id = games.guild_id AND p.user_id = $2), 0) AS confirms",
            "WHERE channel_id = $1 AND status = 'live'"
        ))
        .bind(db_id(channel)?)
        .bind(db_id(user)?)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let confirms = bool_column(row.try_get("confirms")?, "confirm_moves")?;
        Ok(Some((self.with_extras(game_from_row(&row)?).await?, confirms)))
    }

    /// Up to `limit` live games whose position keys are missing or not for
    /// their current ply (games just started), oldest first.
    pub async fn live_games_without_positions(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(select_games!(
            "WHERE status = 'live' AND (positions_ply IS NULL OR positions_ply <> ply) ORDER BY id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        self.games_where(rows).await
    }

    /// The live games of a server, oldest first.
    pub async fn live_games_in_guild(&self, guild: u64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(select_games!("WHERE guild_id = $1 AND status = 'live' ORDER BY id"))
            .bind(db_id(guild)?)
            .fetch_all(&self.reads)
            .await?;
        self.games_where(rows).await
    }

    /// The live games a user plays in, oldest first.
    pub async fn live_games_of_user(&self, user: u64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(select_games!("WHERE (white_id = $1 OR black_id = $1) AND status = 'live' ORDER BY id"))
            .bind(db_id(user)?)
            .fetch_all(&self.reads)
            .await?;
        self.games_where(rows).await
    }

    /// Ends a live game outside a move (resignation): `false` when it was
    /// no longer live.
    /// A rated game's rating changes are written in the same transaction.
    pub async fn finish_game(
        &self,
        id: i64,
        outcome: Outcome,
        reason: FinishReason,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE games SET status = 'finished', result = $2, reason = $3, finished_at = $4, draw_offer_by = NULL, \
             takeback_by = NULL WHERE id = $1 AND status = 'live'",
        )
        .bind(id)
        .bind(outcome.pdn())
        .bind(reason.name())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        self.rate_if_finished(tx, id, done.rows_affected() == 1, now).await
    }

    /// Commits `tx`, in which game `id` was just finished if `finished`,
    /// with the game's rating changes; `finished` back.
    async fn rate_if_finished(
        &self,
        mut tx: sqlx::Transaction<'_, sqlx::Any>,
        id: i64,
        finished: bool,
        now: i64,
    ) -> Result<bool, StoreError> {
        if finished {
            rate_finished_game(&mut tx, self.backend, id, now).await?;
            tx.commit().await?;
        }
        Ok(finished)
    }

    /// Aborts a live game, ending it without a result, on behalf of `by`;
    /// with `before_ply`, only while fewer plies than that were played (so
    /// a move landing first wins). `false` when nothing changed.
    pub async fn abort_game(&self, id: i64, by: u64, before_ply: Option<u32>, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET status = 'aborted', aborted_by = $2, finished_at = $3, draw_offer_by = NULL, \
             takeback_by = NULL WHERE id = $1 AND status = 'live' AND ($4 IS NULL OR ply < $4)",
        )
        .bind(id)
        .bind(db_id(by)?)
        .bind(now)
        .bind(before_ply.map(i64::from))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Draws a live game by agreement, if `offerer`'s offer still stands
    /// at ply `ply`; `false` otherwise. A rated game's rating changes are
    /// written in the same transaction.
    pub async fn agree_draw(&self, id: i64, ply: u32, offerer: u64, now: i64) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE games SET status = 'finished', result = '1-1', reason = 'agreement', finished_at = $4, \
             draw_offer_by = NULL, takeback_by = NULL \
             WHERE id = $1 AND ply = $2 AND status = 'live' AND draw_offer_by = $3",
        )
        .bind(id)
        .bind(i64::from(ply))
        .bind(db_id(offerer)?)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        self.rate_if_finished(tx, id, done.rows_affected() == 1, now).await
    }

    /// Records `user`'s draw offer if the game is live and no offer stands.
    pub async fn offer_draw(&self, id: i64, user: u64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET draw_offer_by = $2 WHERE id = $1 AND status = 'live' AND draw_offer_by IS NULL",
        )
        .bind(id)
        .bind(db_id(user)?)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Withdraws `offerer`'s standing draw offer (declined); `false` if it
    /// no longer stood.
    pub async fn decline_draw(&self, id: i64, offerer: u64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET draw_offer_by = NULL WHERE id = $1 AND status = 'live' AND draw_offer_by = $2",
        )
        .bind(id)
        .bind(db_id(offerer)?)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the deadline and the reminder time of live game `id` (as the
    /// service computed them), only while it is still at ply `ply` with the
    /// deadline `was_due` it read (the move the clock was computed for);
    /// `false` when it moved on, ended or its clock moved first.
    pub async fn set_move_clock(
        &self,
        id: i64,
        ply: u32,
        was_due: i64,
        (deadline, remind_at): (i64, i64),
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET deadline = $4, remind_at = $5 \
             WHERE id = $1 AND ply = $2 AND deadline = $3 AND status = 'live'",
        )
        .bind(id)
        .bind(i64::from(ply))
        .bind(was_due)
        .bind(deadline)
        .bind(remind_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The clocks of the live games whose deadline is at or before `now`.
    pub async fn clocks_past_deadline(&self, now: i64) -> Result<Vec<DueClock>, StoreError> {
        // Oldest due first, read off the live games' deadline index (ordered by
        // id, SQLite would scan every game).
        let sql = concat!(select_due_clocks!(), " WHERE status = 'live' AND deadline <= $1 ORDER BY deadline, id");
        self.due_clocks(sql, now).await
    }

    /// The clocks of the live games whose reminder time has come, whose
    /// deadline has not, and whose move was not reminded yet.
    pub async fn clocks_to_remind(&self, now: i64) -> Result<Vec<DueClock>, StoreError> {
        let sql = concat!(
            select_due_clocks!(),
            // Read off the index of the games not reminded yet at their ply,
            // so that games already reminded cost nothing.
            " WHERE status = 'live' AND reminded_ply <> ply AND remind_at <= $1 AND deadline > $1 \
             ORDER BY remind_at, id"
        );
        self.due_clocks(sql, now).await
    }

    async fn due_clocks(&self, sql: &'static str, now: i64) -> Result<Vec<DueClock>, StoreError> {
        let rows = sqlx::query(sql).bind(now).fetch_all(&self.reads).await?;
        rows.iter()
            .map(|row| {
                let engine: Option<String> = row.try_get("engine_color")?;
                let turn: String = row.try_get("turn")?;
                Ok(DueClock {
                    game: row.try_get("id")?,
                    ply: u32_column(row.try_get("ply")?, "ply")?,
                    deadline: row.try_get("deadline")?,
                    engine_to_move: engine.as_deref() == Some(turn.as_str()),
                    vacation: VacationFacts::from_row(row)?,
                })
            })
            .collect()
    }

    /// Ends each of `games` as a loss on time for the side to move, if it is
    /// still live at the ply and deadline read, and returns those it ended:
    /// each game is handed out once, however many processes claim it. Each
    /// is rated and announced through the outbox in the same transaction.
    pub async fn claim_losses_on_time(&self, games: &[DueClock], now: i64) -> Result<Vec<GameRow>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut claimed = Vec::new();
        for clock in games {
            let ended: Option<i64> = sqlx::query_scalar(
                "UPDATE games SET status = 'finished', reason = 'time', finished_at = deadline, \
                 draw_offer_by = NULL, takeback_by = NULL, result = CASE turn WHEN 'white' THEN '0-2' ELSE '2-0' END \
                 WHERE id = $1 AND ply = $2 AND deadline = $3 AND status = 'live' RETURNING channel_id",
            )
            .bind(clock.game)
            .bind(i64::from(clock.ply))
            .bind(clock.deadline)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(channel) = ended else { continue };
            rate_finished_game(&mut tx, self.backend, clock.game, now).await?;
            let kind = AnnouncementKind::LossOnTime { game: clock.game };
            Store::insert_announcement(&mut tx, discord_id(channel, "channel_id")?, kind, now).await?;
            Store::queue_game_dm(&mut tx, DirectKind::LossOnTime { game: clock.game }, Recipients::Both, now).await?;
            claimed.push(clock.game);
        }
        tx.commit().await?;
        self.games_by_ids(claimed).await
    }

    /// Marks the reminder of the current move as sent for each of `games`,
    /// if it is still live at the ply and deadline read and not reminded,
    /// and returns those it marked: once per move, once ever. Each is
    /// announced through the outbox in the same transaction.
    pub async fn claim_reminders(&self, games: &[DueClock], now: i64) -> Result<Vec<GameRow>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut claimed = Vec::new();
        for clock in games {
            let marked: Option<i64> = sqlx::query_scalar(
                "UPDATE games SET reminded_ply = ply \
                 WHERE id = $1 AND ply = $2 AND deadline = $3 AND status = 'live' AND reminded_ply <> ply \
                 RETURNING channel_id",
            )
            .bind(clock.game)
            .bind(i64::from(clock.ply))
            .bind(clock.deadline)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(channel) = marked else { continue };
            let (game, ply) = (clock.game, clock.ply);
            let kind = AnnouncementKind::Reminder { game, ply };
            Store::insert_announcement(&mut tx, discord_id(channel, "channel_id")?, kind, now).await?;
            Store::queue_game_dm(&mut tx, DirectKind::Reminder { game, ply }, Recipients::ToMove, now).await?;
            claimed.push(game);
        }
        tx.commit().await?;
        self.games_by_ids(claimed).await
    }

    /// The games of `ids` that exist, with their moves, in order of id: one
    /// read for up to [`IDS_PER_STATEMENT`] of them. A game that does not
    /// read back fails the whole list (see [`Store::games_each`]).
    pub(super) async fn games_by_ids(&self, ids: Vec<i64>) -> Result<Vec<GameRow>, StoreError> {
        self.games_each(ids).await?.into_values().collect()
    }

    /// Each game of `ids` that exists, with its moves, by id, read as
    /// [`Store::games_by_ids`] reads them, with each game's own error: one
    /// corrupt game spoils only itself. Batches of the outbox read their
    /// games this way (before, one read each).
    pub async fn games_each(
        &self,
        mut ids: Vec<i64>,
    ) -> Result<BTreeMap<i64, Result<GameRow, StoreError>>, StoreError> {
        ids.sort_unstable();
        ids.dedup();
        let mut out = BTreeMap::new();
        for chunk in ids.chunks(IDS_PER_STATEMENT) {
            let sql = format!("{} WHERE id IN ({})", select_games!(""), placeholders(1, chunk.len()));
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for &id in chunk {
                query = query.bind(id);
            }
            for row in query.fetch_all(&self.reads).await? {
                let id: i64 = row.try_get("id")?;
                let game = match game_from_row(&row) {
                    Ok(game) => self.with_extras(game).await,
                    Err(e) => Err(e),
                };
                out.insert(id, game);
            }
        }
        Ok(out)
    }

    /// How many games are stored, live or finished.
    pub async fn game_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM games").fetch_one(&self.reads).await?)
    }
}
