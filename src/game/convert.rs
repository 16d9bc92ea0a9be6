//! Stored rows to service types.

use super::deadlines::move_clock::bank_after_move;
use super::deadlines::pause;
use super::{Challenge, Finish, GameError, GameView, MatchPlay, RatingChange, TournamentPlay};
use crate::engine::Level;
use crate::rules::{Color, Game, Position, parse_fen};
use crate::store::{Allowance, ChallengeRow, EngineSeat, GameRow, GameStatus, RatingChangeRow};

fn corrupt(what: impl std::fmt::Display) -> GameError {
    GameError::Corrupt(what.to_string())
}

/// The bot's stored seat as its side and level.
pub(super) fn engine_seat(seat: Option<EngineSeat>) -> Result<Option<(Color, Level)>, GameError> {
    let Some(seat) = seat else { return Ok(None) };
    let level = Level::new(seat.level).ok_or_else(|| corrupt(format!("engine level {}", seat.level)))?;
    Ok(Some((seat.color, level)))
}

fn start(fen: &str) -> Result<Position, GameError> {
    parse_fen(fen).map_err(|e| corrupt(format!("start position `{fen}`: {e}")))
}

/// Rebuilds a game from its row by replaying the stored moves.
pub(super) fn game_view(row: GameRow) -> Result<GameView, GameError> {
    let n = &row.setup;
    let game = Game::replay(start(&n.start_fen)?, n.variant, n.draw_rules, &row.moves)
        .map_err(|(i, e)| corrupt(format!("game {} does not replay at ply {i}: {e}", row.id)))?;
    let finished = match (row.status, row.result, row.reason) {
        (GameStatus::Live | GameStatus::Aborted, None, None) => None,
        (GameStatus::Finished, Some(outcome), Some(reason)) => Some(Finish { outcome, reason }),
        (status, result, _) => {
            return Err(corrupt(format!("game {} is {} with result {result:?}", row.id, status.name())));
        }
    };
    let mut view = GameView {
        id: row.id,
        guild: n.guild,
        channel: n.channel,
        white: n.white,
        black: n.black,
        white_name: n.white_name.clone(),
        black_name: n.black_name.clone(),
        time: n.time.clone(),
        waiting_bank: None,
        game,
        started_at: n.started_at,
        last_move_at: row.last_move_at,
        deadline: row.deadline,
        remind_at: n.remind_at,
        draw_offer_by: row.draw_offer_by,
        takeback_by: row.takeback_by,
        finished,
        finished_at: row.finished_at,
        aborted_by: row.aborted_by,
        engine: engine_seat(n.engine)?,
        rated: n.rated,
        rating_changes: row.rating_changes.iter().map(rating_change).collect(),
        match_play: match (&row.match_row, n.match_seat) {
            (Some(m), Some(seat)) => Some(MatchPlay::from_row(m, seat.number)),
            _ => None,
        },
        tournament: match (n.tournament_seat, &row.tournament_name) {
            (Some(seat), Some(name)) => {
                Some(TournamentPlay { id: seat.tournament_id, name: name.clone(), round: seat.round })
            }
            _ => None,
        },
        paused_since: (row.status == GameStatus::Live)
            .then(|| pause::paused_since(row.vacation, row.deadline))
            .flatten(),
    };
    view.waiting_bank = waiting_bank(&view, row.last_move_deadline);
    Ok(view)
}

/// The bank of the player not to move in `view`, derived from their last
/// move (its time, and `met`, the deadline it met): the start until they
/// have made a move of their own (a match's set opening moves are none).
fn waiting_bank(view: &GameView, met: Option<i64>) -> Option<i64> {
    let Allowance::Fischer { start, .. } = view.time.allowance else { return None };
    let set_plies = view.match_play.as_ref().map_or(0, MatchPlay::set_plies);
    match met {
        Some(met) if view.ply() > set_plies => bank_after_move(&view.time, &view.weekends(), view.last_move_at, met),
        _ => Some(start),
    }
}

/// A stored rating change as the service shows it.
pub(super) fn rating_change(row: &RatingChangeRow) -> RatingChange {
    RatingChange {
        user: row.user,
        before: row.rating_before,
        after: row.rating_after,
        deviation_after: row.deviation_after,
    }
}

/// A challenge from its row.
pub(super) fn challenge(row: ChallengeRow) -> Result<Challenge, GameError> {
    let n = row.setup;
    Ok(Challenge {
        id: row.id,
        guild: n.guild,
        channel: n.channel,
        challenger: n.challenger,
        opponent: n.opponent,
        color: n.color,
        time: n.time,
        variant: n.variant,
        draw_rules: n.draw_rules,
        start: start(&n.start_fen)?,
        challenger_name: n.challenger_name,
        opponent_name: n.opponent_name,
        created_at: n.created_at,
        expires_at: n.expires_at,
        state: row.state,
        game_id: row.game_id,
        rated: n.rated,
        is_match: n.is_match,
        rating_range: n.rating_range,
        closed_by: row.closed_by,
        post: row.post_message,
    })
}
