//! `/games` (a page of the server's live games, with Previous / Next) and
//! `/pdn`.

use crate::game::{GameSummary, GamesPage};
use crate::i18n::{Lang, text};
use crate::rules::Color;
use crate::t;

use super::super::components::games_page_buttons;
use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view;
use super::Invocation;

/// `/games`: the first page of this server's live games.
pub async fn games(inv: &Invocation) -> Result<Reply, CommandError> {
    games_page(inv, 0).await
}

/// Page `page` (from 0) of this server's live games, nearest deadline
/// first, with buttons to the pages before and after.
pub async fn games_page(inv: &Invocation, page: u32) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let page = inv.service.live_games_page(guild, page).await?;
    let lang = inv.server_lang;
    if page.total == 0 {
        let challenge = format!("/{}", text(lang, "cmd-challenge-name"));
        return Ok(Reply::public(lang, t!(lang, "games-none", challenge = challenge)));
    }
    let reply = Reply::public(lang, page_text(lang, &page));
    Ok(if page.pages > 1 { reply.components(games_page_buttons(lang, page.page, page.pages)) } else { reply })
}

fn page_text(lang: Lang, page: &GamesPage) -> String {
    let mut text = t!(lang, "games-title", count = page.total);
    if page.pages > 1 {
        text.push_str(&t!(lang, "games-page", page = page.page + 1, pages = page.pages));
    }
    for game in &page.games {
        text.push('\n');
        text.push_str(&line(lang, game));
    }
    text
}

/// "<#c>: <@w> (White) vs <@b> (Black) - <@x> (Black) to move, deadline <t:..:R>."
fn line(lang: Lang, game: &GameSummary) -> String {
    t!(
        lang,
        "games-line",
        channel = view::channel(game.channel),
        white = view::seat(lang, game.white, Color::White, game.engine),
        black = view::seat(lang, game.black, Color::Black, game.engine),
        player = view::seat(lang, game.player_to_move(), game.turn, game.engine),
        deadline = view::relative_time(game.deadline)
    )
}

/// `/pdn`: the record of the channel's game as a file.
pub async fn pdn(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let pdn = inv.service.pdn(game.id).await?;
    let lang = inv.server_lang;
    let text = t!(lang, "pdn-so-far", players = view::players(lang, &game));
    Ok(Reply::public(lang, text).file(view::pdn_file_name(&game), pdn.into_bytes()))
}
