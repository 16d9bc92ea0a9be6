//! `/moves [position]` and `/board [perspective]`.

use crate::rules::{Color, Position, parse_fen};

use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view;
use super::Invocation;

/// `/moves [position]`: the legal moves (text and picture) of a PDN FEN, of
/// the channel's game, or of the start position where there is no game.
pub async fn moves(inv: &Invocation, fen: Option<&str>) -> Result<Reply, CommandError> {
    let (position, last_move, whose) = match fen {
        Some(text) => {
            let position = parse_fen(text)
                .map_err(|e| CommandError::refused(format!("That is not a valid PDN FEN position: {e}.")))?;
            (position, None, "the position given".to_string())
        }
        None => match inv.service.game_in_channel(inv.channel).await {
            Ok(game) => (*game.game.position(), game.game.last_move().copied(), "this channel's game".to_string()),
            Err(e) if e.is_user_error() => {
                (Position::initial(), None, "the start position (there is no game in this channel)".to_string())
            }
            Err(e) => return Err(e.into()),
        },
    };
    let legal = position.legal_moves_with_notation();
    let turn = position.turn();
    let text = if legal.is_empty() {
        format!("In {whose}, {turn} is to move and has no legal move.")
    } else {
        let list: Vec<&str> = legal.iter().map(|(_, n)| n.as_str()).collect();
        let kind = if legal[0].0.is_capture() { "captures (capturing is compulsory)" } else { "moves" };
        format!("In {whose}, {turn} is to move. {} legal {kind}:\n{}", legal.len(), list.join("  "))
    };
    let png = view::board_png(position, turn, last_move, true).await?;
    let mut reply = Reply::ephemeral(text);
    reply = reply.file("moves.png", png);
    Ok(reply)
}

/// `/board [perspective]`: the channel's game, from the side asked for, or
/// from the side of the player to move.
pub async fn board(inv: &Invocation, perspective: Option<&str>) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let position = *game.game.position();
    let side = match perspective {
        None => position.turn(),
        Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(CommandError::refused(format!("Unknown side `{other}`: choose white or black.")));
        }
    };
    let png = view::board_png(position, side, game.game.last_move().copied(), false).await?;
    let text = format!("{}\n{}", view::players(&game), view::to_move(&game));
    Ok(Reply::public(text).file("board.png", png))
}
