//! `/takeback` and its buttons: Take back under a move (for its player,
//! until the opponent replies), Allow / Refuse under the request.

use crate::game::{ButtonsKind, Seen, TakebackDone};
use crate::t;

use super::Invocation;
use super::table::{about, game_of_button};
use crate::discord::interactions::buttons::takeback_answer_buttons;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;

/// `/takeback`: asks to take back the player's last move, or allows the
/// opponent's standing request (the service decides which).
pub async fn takeback(inv: &Invocation) -> Result<Reply, CommandError> {
    let done = inv.service.games().takeback(inv.now, inv.channel, inv.user).await?;
    told(inv, done).await
}

/// The Take back button under the move that led to `seen`.
pub async fn ask(inv: &Invocation, seen: Seen) -> Result<Reply, CommandError> {
    game_of_button(inv, seen.game).await?;
    let done = inv.service.games().ask_takeback(inv.now, inv.channel, inv.user, Some(seen)).await?;
    told(inv, done).await
}

/// The Allow / Refuse buttons under a request made at `seen`: the answer
/// replaces the request.
pub async fn answer(inv: &Invocation, seen: Seen, allow: bool) -> Result<Reply, CommandError> {
    game_of_button(inv, seen.game).await?;
    let done = inv.service.games().answer_takeback(inv.now, inv.channel, inv.user, allow, Some(seen)).await?;
    Ok(told(inv, done).await?.updating())
}

/// The public message of what was done, in the server's language: the
/// request with its buttons (the opponent pinged), the bot's refusal, the
/// board one ply back (the player to move again pinged), or the refusal.
async fn told(inv: &Invocation, done: TakebackDone) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    match done {
        TakebackDone::Asked { game, notation } => {
            let opponent = game.opponent_of(inv.user).unwrap_or_default();
            let text =
                t!(lang, "takeback-asked", player = user(inv.user), notation = notation, opponent = user(opponent));
            let mut reply = Reply::public(lang, text).components(takeback_answer_buttons(lang, Seen::of(&game)));
            reply.after.buttons = Some((Seen::of(&game), ButtonsKind::TakebackRequest));
            Ok(reply)
        }
        TakebackDone::BotDeclined(game) => {
            let bot = game.opponent_of(inv.user).unwrap_or_default();
            Ok(Reply::public(lang, t!(lang, "bot-declines-takeback", player = user(bot))))
        }
        TakebackDone::TakenBack { game, notation, requester } => {
            let headline = t!(
                lang,
                "takeback-accepted",
                player = user(inv.user),
                requester = user(requester),
                notation = notation
            );
            game_messages::game_message(lang, &inv.service, &game, headline).await
        }
        TakebackDone::Refused { game, requester } => {
            let text = t!(lang, "takeback-declined", player = user(inv.user), requester = user(requester));
            Ok(about(game.id, text, lang))
        }
    }
}
