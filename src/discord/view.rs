//! The words and pictures of the bot's messages about a game: mentions,
//! deadlines, results, and the board PNG. No decisions are made here.

use crate::engine::Level;
use crate::game::{Finish, FinishReason, GameView, PLAYER_ABORT_BEFORE_PLY};
use crate::render::{RenderOptions, render_png};
use crate::rules::{Color, EndReason, Move, Outcome, Position};
use crate::workers::Workers;

use super::components::abort_button;
use super::errors::CommandError;
use super::reply::Reply;

/// A user mention.
pub fn user(id: u64) -> String {
    format!("<@{id}>")
}

/// A channel mention.
pub fn channel(id: u64) -> String {
    format!("<#{id}>")
}

/// A Discord timestamp shown relative to the reader's now ("in 3 days").
pub fn relative_time(unix: i64) -> String {
    format!("<t:{unix}:R>")
}

/// "<@id> (White)"; the bot's side says its engine level.
pub fn player(view: &GameView, color: Color) -> String {
    let id = match color {
        Color::White => view.white,
        Color::Black => view.black,
    };
    seat(id, color, view.engine)
}

/// "<@id> (White)", or "<@id> (White, engine level 8)" when `engine` says
/// the bot plays that side.
pub fn seat(id: u64, color: Color, engine: Option<(Color, Level)>) -> String {
    match engine {
        Some((side, level)) if side == color => format!("{} ({color}, engine level {level})", user(id)),
        _ => format!("{} ({color})", user(id)),
    }
}

/// "<@w> (White) vs <@b> (Black)".
pub fn players(view: &GameView) -> String {
    format!("{} vs {}", player(view, Color::White), player(view, Color::Black))
}

/// "<@x> (Black) to move, deadline <t:..:R>."
pub fn to_move(view: &GameView) -> String {
    let turn = view.game.position().turn();
    format!("{} to move, deadline {}.", player(view, turn), relative_time(view.deadline))
}

/// "White wins (2-0): Black has no legal move." and the like.
pub fn result(view: &GameView, finish: &Finish) -> String {
    let headline = match finish.outcome {
        Outcome::Win(color) => format!("{} wins ({})", player(view, color), finish.outcome.pdn()),
        Outcome::Draw => format!("Draw ({})", finish.outcome.pdn()),
    };
    let loser = match finish.outcome {
        Outcome::Win(color) => Some(player(view, color.opponent())),
        Outcome::Draw => None,
    };
    let reason = match (&finish.reason, loser) {
        // The side to move in the final position is the one left without a move.
        (FinishReason::Rules(EndReason::NoLegalMove), _) => {
            format!("{} has no legal move", player(view, view.game.position().turn()))
        }
        (FinishReason::Rules(reason), _) => format!("by {reason}"),
        (FinishReason::Resignation, Some(loser)) => format!("{loser} resigned"),
        (FinishReason::Time, Some(loser)) => format!("{loser} ran out of time"),
        (FinishReason::Agreement, _) => "by agreement".to_string(),
        (FinishReason::Resignation, None) => "by resignation".to_string(),
        (FinishReason::Time, None) => "on time".to_string(),
    };
    format!("**Game over.** {headline}: {reason}.")
}

/// Renders a board on the shared worker pool (it is CPU work; see
/// [`crate::workers`]): at most one picture per core at a time, the others
/// wait in its queue. `last_move` is the move marked (the one that led
/// here, or a suggested one).
pub async fn board_png(
    position: Position,
    perspective: Color,
    last_move: Option<Move>,
    show_moves: bool,
) -> Result<Vec<u8>, CommandError> {
    let options = RenderOptions { perspective, last_move, show_moves };
    Workers::shared()
        .run(move || render_png(&position, &options))
        .await
        .map_err(|e| CommandError::Internal(format!("rendering failed: {e}")))
}

/// The board of a game as the player to move sees it, last move marked.
pub async fn game_board(view: &GameView) -> Result<Vec<u8>, CommandError> {
    let position = *view.game.position();
    board_png(position, position.turn(), view.game.last_move().copied(), false).await
}

/// The name of a game's record file.
pub fn pdn_file_name(view: &GameView) -> String {
    format!("damas-game-{}.pdn", view.id)
}

/// The message of a live game: who plays, the board, who is to move, and
/// an Abort button until each side has moved.
pub async fn live_game(view: &GameView, headline: String) -> Result<Reply, CommandError> {
    let text = format!("{headline}\n{}\n{}", players(view), to_move(view));
    let reply = Reply::public(text).file("board.png", game_board(view).await?);
    Ok(if view.ply() < PLAYER_ABORT_BEFORE_PLY { reply.components(abort_button(view.id)) } else { reply })
}

/// The message of a finished game: the result, the final board and the record.
pub async fn finished_game(
    service: &crate::game::GameService,
    view: &GameView,
    headline: String,
    finish: &Finish,
) -> Result<Reply, CommandError> {
    let text = format!("{headline}\n{}\n{}", result(view, finish), players(view));
    let pdn = service.pdn(view.id).await?;
    Ok(Reply::public(text).file("board.png", game_board(view).await?).file(pdn_file_name(view), pdn.into_bytes()))
}

/// The message after a game changed: live, or finished.
pub async fn game_message(
    service: &crate::game::GameService,
    view: &GameView,
    headline: String,
) -> Result<Reply, CommandError> {
    match (&view.finished, view.aborted_by) {
        (Some(finish), _) => finished_game(service, view, headline, finish).await,
        (None, Some(by)) => {
            let text = format!("{headline}\n**Game aborted** by {}: no result.\n{}", user(by), players(view));
            Ok(Reply::public(text).file("board.png", game_board(view).await?))
        }
        (None, None) => live_game(view, headline).await,
    }
}
