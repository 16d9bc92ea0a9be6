//! `/resign` (with its confirm button), `/draw` (offer, accept, decline,
//! withdraw) and `/moretime` (days given to the opponent, said in the game).

use crate::game::{ButtonsKind, DrawDone, GameError, Seen};
use crate::t;

use super::Invocation;
use crate::discord::interactions::buttons::{draw_buttons, resign_buttons};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::{DeadlineMoved, Reply};

/// The live game a button of game `game_id` acts on. A button whose game
/// is over or gone is refused as stale; a failure to read the game is an
/// internal error (logged, and answered as one), never a stale button.
pub(super) async fn game_of_button(inv: &Invocation, game_id: i64) -> Result<crate::game::GameView, CommandError> {
    match inv.service.game_in_channel(inv.channel).await {
        Ok(game) if game.id == game_id => Ok(game),
        Ok(_) => Err(stale_button(inv)),
        Err(e) if e.is_user_error() => Err(stale_button(inv)),
        Err(e) => Err(e.into()),
    }
}

/// The refusal of a button whose game is over or gone.
fn stale_button(inv: &Invocation) -> CommandError {
    CommandError::refused(t!(inv.lang, "button-game-over"))
}

/// `/resign`: asks the player to confirm, privately.
pub async fn resign_confirm(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let opponent = game.opponent_of(inv.user).ok_or(GameError::NotAPlayer)?;
    let lang = inv.lang;
    Ok(Reply::ephemeral(lang, t!(lang, "resign-confirm", opponent = user(opponent)))
        .components(resign_buttons(lang, game.id)))
}

/// The Resign button: the game ends; the result is posted publicly.
pub async fn resign(inv: &Invocation, game_id: i64) -> Result<Reply, CommandError> {
    game_of_button(inv, game_id).await?;
    let game = inv.service.games().resign(inv.now, inv.channel, inv.user).await?;
    let lang = inv.server_lang;
    let reply =
        game_messages::game_message(lang, &inv.service, &game, t!(lang, "resigned", player = user(inv.user))).await?;
    Ok(reply.closing_menu(t!(inv.lang, "resign-done", game = game.id.to_string())))
}

/// `/draw`: offers a draw, accepts the opponent's standing offer, or
/// withdraws the player's own (the service decides which).
pub async fn draw(inv: &Invocation) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    match inv.service.games().draw(inv.now, inv.channel, inv.user).await? {
        DrawDone::Accepted(game) => {
            let headline = t!(lang, "draw-accepted", player = user(inv.user));
            game_messages::game_message(lang, &inv.service, &game, headline).await
        }
        DrawDone::BotAnswered(game) => {
            let bot = game.opponent_of(inv.user).unwrap_or_default();
            if game.finished.is_some() {
                game_messages::game_message(lang, &inv.service, &game, t!(lang, "bot-accepts-draw", player = user(bot)))
                    .await
            } else {
                Ok(Reply::public(lang, t!(lang, "bot-declines-draw", player = user(bot))))
            }
        }
        DrawDone::Offered(game) => {
            let opponent = game.opponent_of(inv.user).unwrap_or_default();
            let text = t!(lang, "draw-offered", player = user(inv.user), opponent = user(opponent));
            let mut reply = Reply::public(lang, text).components(draw_buttons(lang, game.id));
            reply.after.buttons = Some((Seen::of(&game), ButtonsKind::DrawOffer));
            Ok(reply)
        }
        DrawDone::Withdrawn(game) => Ok(about(game.id, t!(lang, "draw-withdrawn", player = user(inv.user)), lang)),
    }
}

/// A line about game `game` that ends an offer: the offer's buttons are
/// taken off once it is posted.
pub(super) fn about(game: i64, line: String, lang: crate::i18n::Lang) -> Reply {
    let mut reply = Reply::public(lang, line);
    reply.after.game = Some(game);
    reply
}

/// The Withdraw button of a draw offer (its offerer's).
pub async fn withdraw_draw(inv: &Invocation, game_id: i64) -> Result<Reply, CommandError> {
    game_of_button(inv, game_id).await?;
    inv.service.games().withdraw_draw(inv.now, inv.channel, inv.user).await?;
    let lang = inv.server_lang;
    Ok(about(game_id, t!(lang, "draw-withdrawn", player = user(inv.user)), lang))
}

/// The Accept / Decline buttons of a draw offer.
pub async fn answer_draw(inv: &Invocation, game_id: i64, accept: bool) -> Result<Reply, CommandError> {
    game_of_button(inv, game_id).await?;
    let game = inv.service.games().answer_draw(inv.now, inv.channel, inv.user, accept).await?;
    let lang = inv.server_lang;
    if accept {
        game_messages::game_message(lang, &inv.service, &game, t!(lang, "draw-accepted", player = user(inv.user))).await
    } else {
        Ok(about(game_id, t!(lang, "draw-declined", player = user(inv.user)), lang))
    }
}

/// `/moretime days`: the asker gives their opponent `days` more days for
/// the move the opponent is to make; said in the game's channel.
pub async fn more_time(inv: &Invocation, days: Option<i64>) -> Result<Reply, CommandError> {
    // Discord keeps the option within 1-7; a forged one is refused as out of range.
    let days = days.and_then(|d| u32::try_from(d).ok()).unwrap_or(0);
    let given = inv.service.deadlines().give_more_time(inv.now, inv.channel, inv.user, days).await?;
    let game = given.game;
    let opponent = game.opponent_of(inv.user).unwrap_or_default();
    let lang = inv.server_lang;
    if game.paused_since.is_some() {
        // On vacation the clock stands still: a deadline would contradict `/board`.
        let text = t!(lang, "more-time-given-paused", player = user(inv.user), opponent = user(opponent), days = days);
        return Ok(Reply::public(lang, text));
    }
    let text = t!(
        lang,
        "more-time-given",
        player = user(inv.user),
        opponent = user(opponent),
        days = days,
        deadline = game_messages::relative_time(game.deadline)
    );
    let mut reply = Reply::public(lang, text);
    // The game's board still shows the deadline before: brought up to date after this answer.
    reply.after.deadline_moved = Some(DeadlineMoved { game: game.id, from: given.deadline_before, to: game.deadline });
    Ok(reply)
}
