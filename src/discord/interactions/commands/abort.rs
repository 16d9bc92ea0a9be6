//! `/abort [game]` and the Abort button: a moderator ends a live game
//! without a result or closes the channel's open challenges; a player
//! aborts their own game until each side has moved once.

use serenity::all::{ChannelType, Member, PartialChannel};

use crate::game::{AbortRequest, Aborted};
use crate::i18n::alt;
use crate::t;

use super::Invocation;
use super::challenge::challenge_list;
use crate::discord::interactions::buttons::abort_confirm_buttons;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;

/// Whether a member may moderate the channel of an interaction: Manage
/// Messages, or Manage Threads in a thread, in the permissions Discord
/// computed for that channel. Not a member (a direct message): no.
pub fn moderates(member: Option<&Member>, channel: Option<&PartialChannel>) -> bool {
    let Some(permissions) = member.and_then(|m| m.permissions) else { return false };
    let in_thread = channel.is_some_and(|c| {
        matches!(c.kind, ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
    });
    permissions.manage_messages() || (in_thread && permissions.manage_threads())
}

/// `/abort [game]` and the Abort button: a game is aborted only once
/// confirmed (privately: it cannot be undone); a channel's open challenges
/// are closed at once.
pub async fn confirm(inv: &Invocation, game: Option<i64>) -> Result<Reply, CommandError> {
    match inv.service.games().abort_to_confirm(request(inv, game)).await? {
        Some(view) => {
            let lang = inv.lang;
            let text =
                t!(lang, "abort-confirm", game = view.id.to_string(), players = game_messages::players(lang, &view));
            Ok(Reply::ephemeral(lang, text).components(abort_confirm_buttons(lang, view.id)))
        }
        None => abort(inv, None).await,
    }
}

fn request(inv: &Invocation, game: Option<i64>) -> AbortRequest {
    AbortRequest { guild: inv.guild, channel: inv.channel, user: inv.user, moderator: inv.moderator, game }
}

/// Aborts game `game` if given (confirmed), else the channel's live game
/// or, when there is none, its open challenges.
pub async fn abort(inv: &Invocation, game: Option<i64>) -> Result<Reply, CommandError> {
    let lang = inv.server_lang;
    match inv.service.games().abort(inv.now, request(inv, game)).await? {
        Aborted::Game(game) => {
            let mut text = t!(
                lang,
                "game-aborted",
                game = game.id.to_string(),
                player = user(inv.user),
                players = game_messages::players(lang, &game)
            );
            let archive_thread = inv.service.notifications().thread_to_archive(&game).await?;
            // A game's own thread is archived with it: no challenge starts there.
            if archive_thread.is_none() {
                text.push('\n');
                text.push_str(&t!(lang, "game-aborted-next"));
            }
            let description = alt::game_board(lang, &game);
            let mut reply = Reply::public(lang, text)
                .file("board.png", game_messages::game_board(&game).await?, description)
                .closing_menu(t!(inv.lang, "abort-done", game = game.id.to_string()));
            reply.after.game = Some(game.id);
            reply.after.archive_thread = archive_thread;
            Ok(reply)
        }
        Aborted::Challenges(closed) => {
            let list = challenge_list(lang, &closed);
            let mut reply =
                Reply::public(lang, t!(lang, "challenges-closed-by", player = user(inv.user), challenges = list));
            // Their posts are brought up to date.
            reply.after.challenges_closed = true;
            Ok(reply)
        }
    }
}
