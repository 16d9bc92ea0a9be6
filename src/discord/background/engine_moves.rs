//! The bot's own moves in games against it: posted as channel messages
//! (the move, the picture, a ping of the person to move and their deadline)
//! after a person's move, and on every clock tick for any game still
//! waiting for the bot (start-up included).

use crate::discord::messages::deliver::{ChannelNotices, fresh_nonce};
use crate::discord::rest::{Lane, Rest};

use crate::config::Clock;
use crate::game::{GameService, MoveReport};
use crate::i18n::Lang;
use crate::t;

use crate::discord::messages::deliver::post_in_channel;
use crate::discord::messages::game_messages;
use crate::discord::messages::game_threads;
use crate::discord::messages::live_buttons::{self, Sweeps};
use crate::discord::messages::reply::Reply;

/// If the live game of `channel` waits for the bot, lets it move and posts
/// the move. Called after a command that may have handed the bot its turn.
/// `true` when the move queued a direct message to the person to move
/// (`/notify dm`) or a premove reply's announcement, which the clock loop
/// should send now.
pub async fn answer_in_channel(
    rest: &Rest,
    notices: &ChannelNotices,
    sweeps: &Sweeps,
    service: &GameService,
    clock: &Clock,
    channel: u64,
) -> bool {
    let game = match service.game_in_channel(channel).await {
        Ok(game) => game,
        Err(e) => {
            if !e.is_user_error() {
                tracing::error!(channel, error = %e, "could not read the game for the bot's move");
            }
            return false;
        }
    };
    if !game.is_engine(game.turn()) || !game.is_live() {
        return false;
    }
    match service.games().engine_reply(clock.now(), game.id).await {
        Ok(Some(report)) => {
            announce(rest, notices, sweeps, service, &report).await;
            // A premove reply waits in the outbox; the clock loop posts it
            // and then lets the bot move again.
            report.direct_message || report.premove_replies > 0
        }
        Ok(None) => false,
        Err(e) => {
            tracing::error!(game = game.id, error = %e, "the bot could not move");
            false
        }
    }
}

/// Lets the bot move in every game that waits for it, and posts the moves.
pub async fn catch_up(rest: &Rest, notices: &ChannelNotices, sweeps: &Sweeps, service: &GameService, clock: &Clock) {
    let moves = match service.games().engine_catch_up(clock.now()).await {
        Ok(moves) => moves,
        Err(e) => {
            tracing::error!(error = %e, "could not look for games waiting for the bot");
            return;
        }
    };
    for played in moves {
        match played {
            Ok(report) => announce(rest, notices, sweeps, service, &report).await,
            Err(e) => tracing::error!(error = %e, "the bot could not move"),
        }
    }
}

/// Posts the bot's move in its game's channel.
async fn announce(rest: &Rest, notices: &ChannelNotices, sweeps: &Sweeps, service: &GameService, report: &MoveReport) {
    let channel = report.game.channel;
    let lang = game_messages::server_lang(service, report.game.guild).await;
    let reply = match message(lang, service, report).await {
        Ok(reply) => reply,
        Err(e) => {
            // The move is stored: still say it, without the picture.
            tracing::error!(channel, error = %e, "could not build the bot's move message");
            let text = t!(lang, "bot-played-bare", notation = report.notation.clone());
            Reply::public(lang, format!("{text}\n{}", game_messages::to_move(lang, &report.game)))
        }
    };
    // The delivery layer has logged why, once per channel. The person who
    // moved waits for this answer: it goes first in line.
    match post_in_channel(rest, notices, channel, &reply, &reply.pings_for(None), &fresh_nonce(), Lane::Prompt).await {
        Ok(message) => {
            live_buttons::after_posting(service, sweeps, channel, Some(message), &reply.text(), &reply.after).await;
            if let Some(thread) = reply.after.archive_thread {
                game_threads::archive(rest, thread).await;
            }
        }
        Err(e) => tracing::debug!(channel, error = ?e, "the bot's move was not posted"),
    }
}

/// The message of the bot's move: like a person's move reply, from the
/// side of the person to move (mentioned, with their deadline).
pub async fn message(
    lang: Lang,
    service: &GameService,
    report: &MoveReport,
) -> Result<Reply, crate::discord::messages::errors::CommandError> {
    let headline = bot_played(lang, report);
    let mut reply = game_messages::game_message(lang, service, &report.game, headline).await?;
    // After the person's premove reply the bot moves again.
    game_messages::premove_reply_follows(lang, &mut reply, report);
    Ok(reply)
}

/// "@damas (level 5) played **22-18**.": the line of the bot's move of `report`.
pub fn bot_played(lang: Lang, report: &MoveReport) -> String {
    let (bot, level) = match report.game.engine {
        Some((side, level)) => (report.game.player(side), level.to_string()),
        None => (0, String::new()),
    };
    t!(lang, "bot-played", bot = game_messages::user(bot), level = level, notation = report.notation.clone())
}
