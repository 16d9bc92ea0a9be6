//! `/games` and `/pdn`.

use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view;
use super::Invocation;

/// Leave room under Discord's 2,000 characters for the "and N more" line.
const LIST_BUDGET: usize = 1800;

/// `/games`: the live games of this server.
pub async fn games(inv: &Invocation) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused("/games lists a server's games; use it in a server."))?;
    let games = inv.service.live_games_in_guild(guild).await?;
    if games.is_empty() {
        return Ok(Reply::public("No games are being played in this server. Start one with /challenge."));
    }
    let mut text = format!("**Live games ({})**", games.len());
    for (shown, game) in games.iter().enumerate() {
        let line = format!("\n{}: {} - {}", view::channel(game.channel), view::players(game), view::to_move(game));
        if text.len() + line.len() > LIST_BUDGET {
            text.push_str(&format!("\n… and {} more.", games.len() - shown));
            break;
        }
        text.push_str(&line);
    }
    Ok(Reply::public(text))
}

/// `/pdn`: the record of the channel's game as a file.
pub async fn pdn(inv: &Invocation) -> Result<Reply, CommandError> {
    let game = inv.service.game_in_channel(inv.channel).await?;
    let pdn = inv.service.pdn(game.id).await?;
    let text = format!("The record so far of {}.", view::players(&game));
    Ok(Reply::public(text).file(view::pdn_file_name(&game), pdn.into_bytes()))
}
