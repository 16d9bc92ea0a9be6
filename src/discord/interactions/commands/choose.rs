//! Moves without typing: the Move button opens, privately, a menu of the
//! pieces that can move, then one of the moves of the piece picked, and the
//! move picked is played as `/move` plays it. A player who confirms their
//! moves first sees the board after it, with Confirm / Cancel.

use crate::game::{GameError, MoveOutcome, MoveReport, Seen};
use crate::t;

use super::{Invocation, play};
use crate::discord::interactions::move_menu::{MoveMenuId, move_rows, piece_rows};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::reply::Reply;

/// Does what the pressed button or the chosen option of a move menu says.
pub async fn press(inv: &Invocation, id: MoveMenuId, values: &[String]) -> Result<Reply, CommandError> {
    let done = match id {
        MoveMenuId::Open(seen) => open(inv, seen).await,
        MoveMenuId::Pieces { seen, .. } => match chosen(inv, values)?.parse() {
            Ok(square) => piece(inv, seen, square, 0).await,
            Err(_) => Err(unknown(inv)),
        },
        MoveMenuId::Page { seen, from, page } => piece(inv, seen, from, page).await,
        MoveMenuId::Moves { seen, .. } => pick(inv, seen, chosen(inv, values)?).await,
        MoveMenuId::Confirm { seen, notation } => confirm(inv, seen, &notation).await,
        MoveMenuId::Cancel(_) => Ok(Reply::ephemeral(inv.lang, t!(inv.lang, "move-cancelled")).updating()),
    };
    done.map_err(|e| out_of_date(inv, e))
}

/// The one option chosen in a menu (Discord sends exactly one).
fn chosen<'a>(inv: &Invocation, values: &'a [String]) -> Result<&'a str, CommandError> {
    match values {
        [value] => Ok(value),
        _ => Err(unknown(inv)),
    }
}

fn unknown(inv: &Invocation) -> CommandError {
    CommandError::refused(t!(inv.lang, "button-unknown"))
}

/// A menu made for a position the game has left, or for a game that is
/// over, is refused in words about menus rather than about commands.
fn out_of_date(inv: &Invocation, error: CommandError) -> CommandError {
    match error {
        CommandError::Game(GameError::PositionChanged) => CommandError::refused(t!(inv.lang, "move-stale")),
        CommandError::Game(GameError::NoGame | GameError::GameOver) => {
            CommandError::refused(t!(inv.lang, "button-game-over"))
        }
        e => e,
    }
}

/// The Move button: the pieces the presser, the player to move, can move.
async fn open(inv: &Invocation, seen: Seen) -> Result<Reply, CommandError> {
    let choices = inv.service.games().move_choices(inv.now, inv.channel, inv.user, Some(seen)).await?;
    let lang = inv.lang;
    let text = t!(lang, "menu-choose-piece", game = seen.game.to_string());
    Ok(Reply::ephemeral(lang, text).components(piece_rows(lang, &choices)))
}

/// A piece picked (or another page of its moves): its moves, in place of
/// the menu.
async fn piece(inv: &Invocation, seen: Seen, square: u8, page: u32) -> Result<Reply, CommandError> {
    let choices = inv.service.games().move_choices(inv.now, inv.channel, inv.user, Some(seen)).await?;
    let piece = choices.pieces.iter().find(|p| p.square == square).ok_or_else(|| unknown(inv))?;
    let lang = inv.lang;
    let text = t!(lang, "menu-choose-move", game = seen.game.to_string(), square = square.to_string());
    Ok(Reply::ephemeral(lang, text).components(move_rows(lang, seen, piece, page)).updating())
}

/// A move picked: played, or shown first in place of the menu.
async fn pick(inv: &Invocation, seen: Seen, notation: &str) -> Result<Reply, CommandError> {
    match inv.service.games().play_or_show(inv.now, inv.channel, inv.user, notation, Some(seen)).await? {
        MoveOutcome::Played(report) => played(inv, &report).await,
        // The board shown replaces the menu.
        MoveOutcome::Shown(shown) => Ok(play::preview(inv, &shown).await?.updating()),
    }
}

/// Confirm under a move shown before it is played: played, unless the
/// game has moved on since.
async fn confirm(inv: &Invocation, seen: Seen, notation: &str) -> Result<Reply, CommandError> {
    let report = inv.service.games().play_seen(inv.now, inv.channel, inv.user, notation, seen).await?;
    played(inv, &report).await
}

/// The public announcement of a move played from a private menu or
/// preview, which is closed first: its choices have acted.
async fn played(inv: &Invocation, report: &MoveReport) -> Result<Reply, CommandError> {
    let line = t!(inv.lang, "menu-played", notation = report.notation.clone(), game = report.game.id.to_string());
    Ok(play::announce(inv, report).await?.closing_menu(line))
}
