//! `/moves [position]` and `/board [perspective]`.

use crate::game::{MovesAsked, MovesOf};
use crate::i18n::{alt, color};
use crate::render::RenderOptions;
use crate::rules::Color;
use crate::t;

use super::Invocation;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/moves [position]`: the legal moves (text and picture) of a PDN FEN, of
/// the channel's game, or of the start position where there is no game.
pub async fn moves(inv: &Invocation, fen: Option<&str>) -> Result<Reply, CommandError> {
    // Only the asker sees the answer: it is in their language.
    let lang = inv.lang;
    let MovesAsked { position, last, last_notation, source, moves: legal } =
        inv.service.moves_asked(inv.channel, fen).await?;
    let whose = match source {
        MovesOf::Position => t!(lang, "moves-of-position"),
        MovesOf::Game => t!(lang, "moves-of-game"),
        MovesOf::Start => t!(lang, "moves-of-start"),
    };
    let turn = position.turn();
    let side = color(lang, turn);
    let text = if legal.is_empty() {
        t!(lang, "moves-none", whose = whose, side = side)
    } else {
        let list: Vec<&str> = legal.iter().map(|(_, n)| n.as_str()).collect();
        let count = legal.len();
        let head = if legal[0].0.is_capture() {
            t!(lang, "moves-captures", whose = whose, side = side, count = count)
        } else {
            t!(lang, "moves-quiet", whose = whose, side = side, count = count)
        };
        format!("{head}\n{}", list.join("  "))
    };
    let (last_move, before) = last.unzip();
    let options =
        RenderOptions { perspective: turn, last_move, show_moves: true, before, suggested: None, refuted: None };
    let png = game_messages::board_png(position, options).await?;
    let description = alt::moves(lang, &position, last_notation.as_deref());
    Ok(Reply::ephemeral(lang, text).file("moves.png", png, description))
}

/// `/board [perspective]`: the channel's game, from the side asked for, or
/// as its messages show it (see [`game_messages::board_side`]), with its
/// Move button.
pub async fn board(inv: &Invocation, perspective: Option<&str>) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let position = *game.game.position();
    let side = match perspective {
        None => game_messages::board_side(&game),
        Some(name) => name
            .parse::<Color>()
            .map_err(|_| CommandError::refused(t!(inv.lang, "err-unknown-side", name = name.to_string())))?,
    };
    let g = &game.game;
    let png = game_messages::board_png(position, game_messages::played(side, g)).await?;
    let lang = inv.server_lang;
    let text = format!("{}\n{}", game_messages::numbered_players(lang, &game), game_messages::to_move(lang, &game));
    // A look at the board asks nobody to act: it names the player to move
    // without notifying them (their turn was announced with the move).
    let reply = Reply::public(lang, text).file("board.png", png, alt::game_board(lang, &game)).pinging(Vec::new());
    Ok(game_messages::with_game_buttons(reply, lang, &game, false))
}
