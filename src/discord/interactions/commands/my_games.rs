//! `/mygames`: the asker's live games in this server, those where it is
//! their move first, soonest deadline first, each with a link to where it
//! is played; private, paged like `/games`.

use crate::game::GameSummary;
use crate::i18n::{Lang, color, text};
use crate::rules::Color;
use crate::t;

use super::Invocation;
use crate::discord::interactions::buttons::my_games_page_buttons;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/mygames`: the first page.
pub async fn my_games(inv: &Invocation) -> Result<Reply, CommandError> {
    my_games_page(inv, 0).await
}

/// Page `page` (from 0) of the asker's live games, with buttons to the
/// pages before and after.
pub async fn my_games_page(inv: &Invocation, page: u32) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(lang, "err-games-server-only")))?;
    let page = inv.service.records().player_games_page(guild, inv.user, page).await?;
    if page.total == 0 {
        let challenge = format!("/{}", text(lang, "cmd-challenge-name"));
        return Ok(Reply::ephemeral(lang, t!(lang, "mygames-none", challenge = challenge)));
    }
    let title = t!(lang, "mygames-title", count = page.total);
    let lines = page.games.iter().map(|game| line(lang, guild, inv.user, game));
    let body = game_messages::page_text(lang, title, page.page, page.pages, lines);
    let reply = Reply::ephemeral(lang, body);
    Ok(if page.pages > 1 { reply.components(my_games_page_buttons(lang, page.page, page.pages)) } else { reply })
}

/// "[Game #42](link) vs <@b>, White, 12 plies - your move, deadline <t:..:R>."
pub(in crate::discord) fn line(lang: Lang, guild: u64, user: u64, game: &GameSummary) -> String {
    let side = if game.white == user { Color::White } else { Color::Black };
    let opponent = if side == Color::White { game.black } else { game.white };
    let link = format!("https://discord.com/channels/{guild}/{}", game.channel);
    let key = if game.player_to_move() == user { "mygames-line-your-move" } else { "mygames-line-waiting" };
    crate::i18n::text_with(
        lang,
        key,
        &[
            ("game", game.id.to_string().into()),
            ("link", link.into()),
            ("opponent", game_messages::seat(lang, opponent, side.opponent(), game.engine).into()),
            ("side", color(lang, side).into()),
            ("plies", game.ply.into()),
            ("deadline", game_messages::listed_deadline(lang, game).into()),
        ],
    )
}
