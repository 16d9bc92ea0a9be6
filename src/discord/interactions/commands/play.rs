//! `/move` and its autocomplete.

use crate::game::{BotTurn, ButtonsKind, GameService, GameView, MoveOutcome, MovePreview, MoveReport, Seen};
use crate::i18n::alt;
use crate::render::RenderOptions;
use crate::t;

use super::Invocation;
use crate::discord::background::engine_moves;
use crate::discord::interactions::buttons::{takeback_button, with_button};
use crate::discord::interactions::move_menu::confirm_rows;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;

/// Discord shows at most this many autocomplete choices.
pub const MAX_CHOICES: usize = 25;

/// `/move move`: the service checks the text (autocomplete is only a hint).
/// A player who confirms their moves is first shown the board after it.
pub async fn play(inv: &Invocation, text: &str) -> Result<Reply, CommandError> {
    match inv.service.games().play_or_show(inv.now, inv.channel, inv.user, text, None).await? {
        MoveOutcome::Played(report) => announce(inv, &report).await,
        MoveOutcome::Shown(shown) => preview(inv, &shown).await,
    }
}

/// The public answer to a move `inv.user` played, however they chose it;
/// between people, with a Take back button for its player while the game
/// goes on (it works until the opponent replies). Against the bot, its
/// reply is made first and told in the same message: one board, after it.
pub async fn announce(inv: &Invocation, report: &MoveReport) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    let mut headline = t!(lang, "played", player = user(inv.user), notation = report.notation.clone());
    if let Some(ended) = &report.vacation_ended {
        // Nothing changes silently: the opponent reads that the clocks run again.
        headline.push('\n');
        headline.push_str(&t!(lang, "vacation-ended-by-move", player = user(inv.user), used = ended.days_used));
    }
    let bot_reply = bot_reply(inv, &report.game, report.bot_turn.as_ref()).await;
    if let Some(bot) = &bot_reply {
        headline.push('\n');
        headline.push_str(&engine_moves::bot_played(lang, bot));
    }
    let last = bot_reply.as_ref().unwrap_or(report);
    let mut reply = game_messages::game_message(lang, &inv.service, &last.game, headline).await?;
    let game = &last.game;
    if game.last_move_may_be_taken_back() {
        let rows = reply.components.take().unwrap_or_default();
        reply.components = Some(with_button(rows, takeback_button(lang, Seen::of(game))));
        reply.after.buttons = Some((Seen::of(game), ButtonsKind::Game));
    }
    // The bot has answered here, or has nothing to answer (a game between
    // people); else the handler looks for its move after this answer.
    reply.after.no_bot_turn = game.engine.is_none() || bot_reply.is_some();
    for moved in std::iter::once(report).chain(bot_reply.as_ref()) {
        // The opponent's direct message goes out right after the answer.
        reply.after.outbox_follows |= moved.direct_message;
        game_messages::premove_reply_follows(lang, &mut reply, moved);
    }
    Ok(reply)
}

/// The bot's move in `game` when the game is against it and waits for it:
/// its search runs within the answer (which is deferred, then edited, when
/// it takes long), so the person gets one message with one board. `held`
/// is the bot's turn when this answer holds it (it then cannot be taken
/// by another caller). `None` when there is nothing to play or another
/// caller plays it (its move is then posted on its own).
pub async fn bot_reply(inv: &Invocation, game: &GameView, held: Option<&BotTurn>) -> Option<MoveReport> {
    if !game.is_live() || !game.is_engine(game.turn()) {
        return None;
    }
    let games = inv.service.games();
    let reply = match held.filter(|turn| turn.game() == game.id) {
        Some(turn) => games.engine_reply_held(inv.now, turn).await,
        None => games.engine_reply(inv.now, game.id).await,
    };
    match reply {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(game = game.id, error = %e, "the bot could not answer a move");
            None
        }
    }
}

/// The board after a move checked but not played, privately, with
/// Confirm / Cancel.
pub async fn preview(inv: &Invocation, preview: &MovePreview) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let mover = preview.before.turn();
    let options = RenderOptions {
        perspective: mover,
        last_move: Some(preview.played),
        before: Some(preview.before),
        ..RenderOptions::default()
    };
    let png = game_messages::board_png(preview.after, options).await?;
    let described = alt::preview(lang, preview.seen.game, &preview.after, &preview.notation, preview.ends_game);
    Ok(Reply::ephemeral(lang, t!(lang, "move-preview", notation = preview.notation.clone()))
        .file("board.png", png, described)
        .components(confirm_rows(lang, preview.seen, &preview.notation)))
}

/// The legal moves of the channel's game that match what was typed; none
/// when the channel has no game.
pub async fn autocomplete(service: &GameService, channel: u64, typed: &str) -> Vec<String> {
    match service.legal_moves_in_channel(channel).await {
        Ok(legal) => matching(legal.into_iter().map(|(_, n)| n), typed),
        Err(e) => {
            if !e.is_user_error() {
                tracing::error!(error = %e, "autocomplete could not read the game");
            }
            Vec::new()
        }
    }
}

/// Up to [`MAX_CHOICES`] notations matching `typed`: those that start with it
/// first, then those that contain it (`x`, `-` and spaces count as one
/// separator, so `11 15` finds `11-15`).
pub fn matching(notations: impl IntoIterator<Item = String>, typed: &str) -> Vec<String> {
    let key = normalize(typed);
    let all: Vec<(String, String)> = notations.into_iter().map(|n| (normalize(&n), n)).collect();
    let starts = all.iter().filter(|(k, _)| k.starts_with(&key));
    let contains = all.iter().filter(|(k, _)| !k.starts_with(&key) && k.contains(&key));
    starts.chain(contains).take(MAX_CHOICES).map(|(_, n)| n.clone()).collect()
}

fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        let c = match c {
            'x' | 'X' | '×' | ':' | ' ' => '-',
            c => c,
        };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn prefix_matches_come_first_then_contains() {
        let moves = list(&["9-13", "9-14", "10-14", "11-15", "12-16", "10-15"]);
        assert_eq!(matching(moves.clone(), "10"), list(&["10-14", "10-15"]));
        assert_eq!(matching(moves.clone(), "14"), list(&["9-14", "10-14"]));
        assert_eq!(matching(moves.clone(), ""), moves);
    }

    #[test]
    fn separators_are_interchangeable() {
        let moves = list(&["22x13", "21x14", "11-15"]);
        assert_eq!(matching(moves.clone(), "22-13"), list(&["22x13"]));
        assert_eq!(matching(moves.clone(), "11 15"), list(&["11-15"]));
        assert!(matching(moves, "nonsense").is_empty());
    }

    #[test]
    fn at_most_25_choices() {
        let moves: Vec<String> = (0..40).map(|i| format!("1-{i}")).collect();
        assert_eq!(matching(moves, "1").len(), MAX_CHOICES);
    }
}
