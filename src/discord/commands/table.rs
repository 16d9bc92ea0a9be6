//! `/resign` (with its confirm button) and `/draw` (offer, accept, decline).

use crate::game::GameError;

use super::super::components::{draw_buttons, resign_buttons};
use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view::{self, user};
use super::Invocation;

const STALE_BUTTON: &str = "This button belongs to a game that is over.";

/// `/resign`: asks the player to confirm, privately.
pub async fn resign_confirm(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let opponent = game.opponent_of(inv.user).ok_or(GameError::NotAPlayer)?;
    Ok(Reply::ephemeral(format!("Resign this game against {}? This cannot be undone.", user(opponent)))
        .components(resign_buttons(game.id)))
}

/// The Resign button: the game ends; the result is posted publicly.
pub async fn resign(inv: &Invocation, game_id: i64) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await.map_err(|_| CommandError::refused(STALE_BUTTON))?;
    if game.id != game_id {
        return Err(CommandError::refused(STALE_BUTTON));
    }
    let game = inv.service.resign(inv.now, inv.channel, inv.user).await?;
    view::game_message(&inv.service, &game, format!("{} resigned.", user(inv.user))).await
}

/// `/draw`: offers a draw, or accepts the opponent's standing offer.
pub async fn draw(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let opponent = game.opponent_of(inv.user).ok_or(GameError::NotAPlayer)?;
    if game.draw_offer_by == Some(opponent) {
        let game = inv.service.answer_draw(inv.now, inv.channel, inv.user, true).await?;
        return view::game_message(&inv.service, &game, format!("{} accepted the draw.", user(inv.user))).await;
    }
    let game = inv.service.offer_draw(inv.now, inv.channel, inv.user).await?;
    if game.engine.is_some() {
        // The bot has answered already.
        return if game.finished.is_some() {
            view::game_message(&inv.service, &game, format!("{} accepts the draw.", user(opponent))).await
        } else {
            Ok(Reply::public(format!("{} declines the draw offer. The game goes on.", user(opponent))))
        };
    }
    let text = format!("{} offers a draw. {}, do you accept?", user(inv.user), user(opponent));
    Ok(Reply::public(text).components(draw_buttons(game.id)))
}

/// The Accept / Decline buttons of a draw offer.
pub async fn answer_draw(inv: &Invocation, game_id: i64, accept: bool) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await.map_err(|_| CommandError::refused(STALE_BUTTON))?;
    if game.id != game_id {
        return Err(CommandError::refused(STALE_BUTTON));
    }
    let game = inv.service.answer_draw(inv.now, inv.channel, inv.user, accept).await?;
    if accept {
        view::game_message(&inv.service, &game, format!("{} accepted the draw.", user(inv.user))).await
    } else {
        Ok(Reply::public(format!("{} declined the draw offer. The game goes on.", user(inv.user))))
    }
}
