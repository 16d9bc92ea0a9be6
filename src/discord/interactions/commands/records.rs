//! `/games` (a page of the server's live games, with Previous / Next),
//! `/pdn`, `/replay`, `/game` and `/history`. Each is a look that asks
//! nobody to act: it names players without notifying them.

use crate::game::{FinishReason, GameSummary, GamesPage, HistoryEntry, HistoryResult};
use crate::i18n::{Lang, alt, color, text};
use crate::rules::{Color, EndReason};
use crate::t;

use super::Invocation;
use crate::discord::interactions::buttons::{games_page_buttons, history_page_buttons};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/games`: the first page of this server's live games.
pub async fn games(inv: &Invocation) -> Result<Reply, CommandError> {
    games_page(inv, 0).await
}

/// Page `page` (from 0) of this server's live games, nearest deadline
/// first, with buttons to the pages before and after.
pub async fn games_page(inv: &Invocation, page: u32) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let page = inv.service.records().live_games_page(guild, page).await?;
    let lang = inv.server_lang;
    if page.total == 0 {
        let challenge = format!("/{}", text(lang, "cmd-challenge-name"));
        return Ok(Reply::public(lang, t!(lang, "games-none", challenge = challenge)));
    }
    let reply = Reply::public(lang, page_text(lang, &page)).pinging(Vec::new());
    Ok(if page.pages > 1 { reply.components(games_page_buttons(lang, page.page, page.pages)) } else { reply })
}

fn page_text(lang: Lang, page: &GamesPage) -> String {
    let title = t!(lang, "games-title", count = page.total);
    game_messages::page_text(lang, title, page.page, page.pages, page.games.iter().map(|game| line(lang, game)))
}

/// "<#c>: <@w> (White) vs <@b> (Black) - <@x> (Black) to move, deadline <t:..:R>."
fn line(lang: Lang, game: &GameSummary) -> String {
    t!(
        lang,
        "games-line",
        channel = game_messages::channel(game.channel),
        white = game_messages::seat(lang, game.white, Color::White, game.engine),
        black = game_messages::seat(lang, game.black, Color::Black, game.engine),
        player = game_messages::seat(lang, game.player_to_move(), game.turn, game.engine),
        deadline = game_messages::listed_deadline(lang, game)
    )
}

/// `/pdn [game]`: the record of a game of this server as a file: the one
/// numbered, or the channel's live game, or the last that ended here.
pub async fn pdn(inv: &Invocation, number: Option<i64>) -> Result<Reply, CommandError> {
    let game = inv.service.records().game_for_record(inv.guild, inv.channel, number).await?;
    let pdn = inv.service.records().pdn(game.id).await?;
    let lang = inv.server_lang;
    let players = game_messages::numbered_players(lang, &game);
    let text = match &game.finished {
        Some(finish) => {
            format!("{}\n{}", t!(lang, "pdn-final", players = players), game_messages::result(lang, &game, finish))
        }
        None if game.is_live() => t!(lang, "pdn-so-far", players = players),
        None => t!(lang, "pdn-aborted", players = players),
    };
    Ok(Reply::public(lang, text).pinging(Vec::new()).file(
        game_messages::pdn_file_name(lang, &game),
        pdn.into_bytes(),
        alt::pdn(lang, &game),
    ))
}

/// `/replay [game]`: an animated GIF of a game of this server, found as
/// `/pdn` finds it (the one numbered, or the channel's live game, or the
/// last that ended here), posted for the channel to see.
pub async fn replay(inv: &Invocation, number: Option<i64>) -> Result<Reply, CommandError> {
    let game = inv.service.records().game_for_record(inv.guild, inv.channel, number).await?;
    let gif = game_messages::replay_gif(inv.lang, &inv.service, inv.now, &game, inv.user).await?;
    let lang = inv.server_lang;
    let text = t!(lang, "replay-caption", players = game_messages::numbered_players(lang, &game));
    // Asking for a replay is no reason to notify the players it names.
    let description = alt::replay(lang, &game);
    Ok(Reply::public(lang, text).pinging(Vec::new()).file(
        game_messages::replay_file_name(lang, &game),
        gif,
        description,
    ))
}

/// The Replay button of a finished game's message: the same GIF, but seen
/// only by whoever pressed it, in their language. The button stays on a
/// public message that anyone in the channel may press; answering each
/// press publicly would fill the channel with copies of one replay (a
/// player who wants to show it uses `/replay`). A game of another server
/// (a forged or copied button) is refused as `/replay` refuses it.
pub async fn replay_pressed(inv: &Invocation, game_id: i64) -> Result<Reply, CommandError> {
    let game = inv.service.records().game_in_server(inv.guild, game_id).await?;
    let gif = game_messages::replay_gif(inv.lang, &inv.service, inv.now, &game, inv.user).await?;
    let lang = inv.lang;
    let text = t!(lang, "replay-caption", players = game_messages::numbered_players(lang, &game));
    Ok(Reply::ephemeral(lang, text).file(game_messages::replay_file_name(lang, &game), gif, alt::replay(lang, &game)))
}

/// `/game number`: one game of this server, its board (final or current)
/// and a summary.
pub async fn game(inv: &Invocation, number: Option<i64>) -> Result<Reply, CommandError> {
    let game = match number {
        Some(number) => inv.service.records().game_in_server(inv.guild, number).await?,
        None => inv.service.records().game_for_record(inv.guild, inv.channel, None).await?,
    };
    let lang = inv.server_lang;
    let head = t!(
        lang,
        "game-summary",
        game = game.id.to_string(),
        channel = game_messages::channel(game.channel),
        started = game_messages::date(game.started_at),
        days = crate::discord::messages::clocks::time_control(lang, &game.time),
        plies = game.ply()
    );
    let state = match (&game.finished, game.aborted_by) {
        (Some(finish), _) => game_messages::result(lang, &game, finish),
        (None, Some(by)) => t!(lang, "game-aborted-by", player = game_messages::user(by)),
        (None, None) => game_messages::to_move(lang, &game),
    };
    let text = format!("{head}\n{}\n{state}", game_messages::players(lang, &game));
    Ok(Reply::public(lang, text).pinging(Vec::new()).file(
        "board.png",
        game_messages::game_board(&game).await?,
        alt::game_board(lang, &game),
    ))
}

/// `/history [user]` and its page buttons: `user`'s ended games in this
/// server, newest first, with their wins, draws and losses.
pub async fn history(inv: &Invocation, user: u64, page: u32) -> Result<Reply, CommandError> {
    let guild = inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-games-server-only")))?;
    let history = inv.service.records().history(guild, user, page).await?;
    let lang = inv.server_lang;
    if history.total == 0 {
        return Ok(
            Reply::public(lang, t!(lang, "history-none", player = game_messages::user(user))).pinging(Vec::new())
        );
    }
    let title = t!(
        lang,
        "history-title",
        player = game_messages::user(user),
        total = history.total,
        wins = history.wins,
        draws = history.draws,
        losses = history.losses
    );
    let lines = history.games.iter().map(|game| history_line(lang, game));
    let text = game_messages::page_text(lang, title, history.page, history.pages, lines);
    // Only the user the history is about is named in a line of their own;
    // the opponents listed are not pinged.
    let reply = Reply::public(lang, text).pinging(Vec::new());
    Ok(if history.pages > 1 {
        reply.components(history_page_buttons(lang, user, history.page, history.pages))
    } else {
        reply
    })
}

/// "#42 · <t:..:D> · White against <@o> · won (resignation)".
fn history_line(lang: Lang, game: &HistoryEntry) -> String {
    let why = |reason: FinishReason| match reason {
        FinishReason::Rules(EndReason::NoLegalMove) => t!(lang, "why-no-legal-move"),
        FinishReason::Rules(EndReason::Repetition) => t!(lang, "why-repetition"),
        FinishReason::Rules(EndReason::KingMoveRule) => t!(lang, "why-king-move-rule"),
        FinishReason::Rules(EndReason::ThreeKingsRule) => t!(lang, "why-three-kings-rule"),
        FinishReason::Resignation => t!(lang, "why-resignation"),
        FinishReason::Agreement => t!(lang, "why-agreement"),
        FinishReason::Time => t!(lang, "why-time"),
        FinishReason::Forfeit => t!(lang, "why-forfeit"),
    };
    let result = match game.result {
        HistoryResult::Won(reason) => t!(lang, "history-won", reason = why(reason)),
        HistoryResult::Drawn(reason) => t!(lang, "history-drawn", reason = why(reason)),
        HistoryResult::Lost(reason) => t!(lang, "history-lost", reason = why(reason)),
        HistoryResult::Aborted => t!(lang, "history-aborted"),
    };
    t!(
        lang,
        "history-line",
        game = game.id.to_string(),
        date = game_messages::date(game.ended_at),
        side = color(lang, game.color),
        opponent = game_messages::user(game.opponent),
        result = result
    )
}
