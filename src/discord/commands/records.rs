//! `/games` (a page of the server's live games, with Previous / Next) and
//! `/pdn`.

use crate::game::{GameSummary, GamesPage};
use crate::rules::Color;

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
    let guild = inv.guild.ok_or_else(|| CommandError::refused("/games lists a server's games; use it in a server."))?;
    let page = inv.service.live_games_page(guild, page).await?;
    if page.total == 0 {
        return Ok(Reply::public("No games are being played in this server. Start one with /challenge."));
    }
    let reply = Reply::public(page_text(&page));
    Ok(if page.pages > 1 { reply.components(games_page_buttons(page.page, page.pages)) } else { reply })
}

fn page_text(page: &GamesPage) -> String {
    let mut text = format!("**Live games ({})**, nearest deadline first", page.total);
    if page.pages > 1 {
        text.push_str(&format!(" - page {} of {}", page.page + 1, page.pages));
    }
    for game in &page.games {
        text.push('\n');
        text.push_str(&line(game));
    }
    text
}

/// "<#c>: <@w> (White) vs <@b> (Black) - <@x> (Black) to move, deadline <t:..:R>."
fn line(game: &GameSummary) -> String {
    format!(
        "{}: {} vs {} - {} to move, deadline {}.",
        view::channel(game.channel),
        view::seat(game.white, Color::White, game.engine),
        view::seat(game.black, Color::Black, game.engine),
        view::seat(game.player_to_move(), game.turn, game.engine),
        view::relative_time(game.deadline)
    )
}

/// `/pdn`: the record of the channel's game as a file.
pub async fn pdn(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let pdn = inv.service.pdn(game.id).await?;
    let text = format!("The record so far of {}.", view::players(&game));
    Ok(Reply::public(text).file(view::pdn_file_name(&game), pdn.into_bytes()))
}
