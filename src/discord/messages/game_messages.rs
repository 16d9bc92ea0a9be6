//! The words and pictures of the bot's messages about a game: mentions,
//! deadlines, results, and the board PNG. No decisions are made here.

use std::sync::LazyLock;

use crate::engine::Level;
use serenity::all::CreateActionRow;

use crate::game::{ButtonsKind, Finish, FinishReason, GameError, GameView, MatchPlay, Seen};
use crate::i18n::{self, Lang, alt};
use crate::render::recent::RecentPictures;
use crate::render::{RenderOptions, render_png};
use crate::rules::{Color, EndReason, Game, Outcome, Position};
use crate::t;
use crate::workers::Workers;

use crate::discord::interactions::buttons::{abort_button, replay_button};
use crate::discord::interactions::move_menu::move_button;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::reply::Reply;

/// A user mention.
pub fn user(id: u64) -> String {
    format!("<@{id}>")
}

/// The opponent a challenge names, or "anyone" for an open challenge.
pub fn opponent(lang: Lang, opponent: Option<u64>) -> String {
    opponent.map_or_else(|| t!(lang, "challenge-anyone"), user)
}

/// A role mention.
pub fn role(id: u64) -> String {
    format!("<@&{id}>")
}

/// A channel mention.
pub fn channel(id: u64) -> String {
    format!("<#{id}>")
}

/// A Discord timestamp shown relative to the reader's now ("in 3 days").
pub fn relative_time(unix: i64) -> String {
    format!("<t:{unix}:R>")
}

/// "<@id> (White)"; the bot's side says its engine level.
pub fn player(lang: Lang, view: &GameView, color: Color) -> String {
    let id = match color {
        Color::White => view.white,
        Color::Black => view.black,
    };
    seat(lang, id, color, view.engine)
}

/// "<@id> (White)", or "<@id> (White, engine level 8)" when `engine` says
/// the bot plays that side.
pub fn seat(lang: Lang, id: u64, color: Color, engine: Option<(Color, Level)>) -> String {
    let side = i18n::color(lang, color);
    match engine {
        Some((bot, level)) if bot == color => {
            t!(lang, "seat-engine", player = user(id), side = side, level = level.to_string())
        }
        _ => t!(lang, "seat", player = user(id), side = side),
    }
}

/// "Tournament #3 · Spring cup · round 2": the line a tournament game's
/// messages carry.
pub fn tournament_line(lang: Lang, play: &crate::game::TournamentPlay) -> String {
    t!(lang, "tournament-game-line", number = play.id.to_string(), name = play.name.clone(), round = play.round)
}

/// A Discord timestamp shown as a date in the reader's language.
pub fn date(unix: i64) -> String {
    format!("<t:{unix}:D>")
}

/// A Discord timestamp shown as a date and time in the reader's language
/// and time zone.
pub fn date_time(unix: i64) -> String {
    format!("<t:{unix}:f>")
}

/// The text of one page of a list: `title`, "- page N of M" when there
/// are several pages (`page` from 0), then one line each.
pub fn page_text(lang: Lang, title: String, page: u32, pages: u32, lines: impl IntoIterator<Item = String>) -> String {
    let mut text = title;
    if pages > 1 {
        text.push_str(&t!(lang, "games-page", page = page + 1, pages = pages));
    }
    for line in lines {
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// "<@w> (White) vs <@b> (Black)".
pub fn players(lang: Lang, view: &GameView) -> String {
    t!(lang, "players", white = player(lang, view, Color::White), black = player(lang, view, Color::Black))
}

/// "**Game #42** · <@w> (White) vs <@b> (Black)": the game's number, by
/// which `/pdn` and `/game` find it, and its players.
/// In a match, the standing below: "Match: game 2 of 4 · @Ana 1½ - @Bruno ½";
/// in a tournament, its name and round.
pub fn numbered_players(lang: Lang, view: &GameView) -> String {
    let line = t!(lang, "numbered-players", game = view.id.to_string(), players = players(lang, view));
    match (&view.match_play, &view.tournament) {
        (Some(play), _) => format!("{line}\n{}", match_standing(lang, play)),
        (None, Some(play)) => format!("{line}\n{}", tournament_line(lang, play)),
        (None, None) => line,
    }
}

/// "Match: game 2 of 4 · @Ana 1½ - @Bruno ½" (RULES 8.3: a win 1, a draw ½).
pub fn match_standing(lang: Lang, play: &MatchPlay) -> String {
    t!(
        lang,
        "match-line",
        number = u32::from(play.number),
        first = user(play.first_white),
        first_points = i18n::points(play.half_points[0]),
        second = user(play.first_black),
        second_points = i18n::points(play.half_points[1])
    )
}

/// What a game's end means for its match: the match's result once it is
/// over, or that it was aborted; `None` while it goes on or outside a match.
pub fn match_outcome(lang: Lang, play: &MatchPlay) -> Option<String> {
    if play.aborted {
        return Some(t!(lang, "match-aborted"));
    }
    if !play.over {
        return None;
    }
    let score = format!("{}-{}", i18n::points(play.half_points[0]), i18n::points(play.half_points[1]));
    Some(match play.winner() {
        Some(winner) => t!(lang, "match-won", player = user(winner), score = score),
        None => t!(lang, "match-drawn", score = score),
    })
}

/// A listed game's deadline: when it is, or that its clock stands still
/// (the player to move is away on vacation).
pub fn listed_deadline(lang: Lang, game: &crate::game::GameSummary) -> String {
    if game.paused { t!(lang, "deadline-on-vacation") } else { relative_time(game.deadline) }
}

/// "<@x> (Black) to move, deadline <t:..:R>.", and with a bank the
/// waiting player's ("<@y> (White) has 6 days in the bank.").
pub fn to_move(lang: Lang, view: &GameView) -> String {
    let turn = view.game.position().turn();
    if view.paused_since.is_some() {
        // Away on vacation: the deadline moves when they are back.
        return t!(lang, "to-move-on-vacation", player = player(lang, view, turn));
    }
    if view.engine.is_some_and(|(side, _)| side == turn) {
        // The bot moves at once: a deadline of days would mislead.
        return t!(lang, "to-move-bot", player = player(lang, view, turn));
    }
    let line = t!(lang, "to-move", player = player(lang, view, turn), deadline = relative_time(view.deadline));
    match super::clocks::waiting_bank(lang, view) {
        Some((waiting, bank)) => {
            format!("{line} {}", t!(lang, "clock-waiting-bank", player = player(lang, view, waiting), bank = bank))
        }
        None => line,
    }
}

/// "**Game over.** @ana (Black) wins: @bruno (White) resigned. Score:
/// White 0, Black 1." and the like (a win 1, a draw ½ each).
pub fn result(lang: Lang, view: &GameView, finish: &Finish) -> String {
    let (white, black) = i18n::score(finish.outcome);
    let loser = match finish.outcome {
        Outcome::Win(color) => Some(player(lang, view, color.opponent())),
        Outcome::Draw => None,
    };
    let reason = match (&finish.reason, loser) {
        // The side to move in the final position is the one left without a move.
        (FinishReason::Rules(EndReason::NoLegalMove), _) => {
            t!(lang, "reason-no-legal-move", player = player(lang, view, view.game.position().turn()))
        }
        (FinishReason::Rules(EndReason::Repetition), _) => t!(lang, "reason-repetition"),
        (FinishReason::Rules(EndReason::KingMoveRule), _) => t!(lang, "reason-king-move-rule"),
        (FinishReason::Rules(EndReason::ThreeKingsRule), _) => t!(lang, "reason-three-kings-rule"),
        (FinishReason::Resignation, Some(loser)) => t!(lang, "reason-resigned", player = loser),
        (FinishReason::Time, Some(loser)) => t!(lang, "reason-out-of-time", player = loser),
        (FinishReason::Forfeit, Some(loser)) => t!(lang, "reason-forfeit", player = loser),
        (FinishReason::Forfeit, None) => t!(lang, "reason-by-forfeit"),
        (FinishReason::Agreement, _) => t!(lang, "reason-agreement"),
        (FinishReason::Resignation, None) => t!(lang, "reason-resignation"),
        (FinishReason::Time, None) => t!(lang, "reason-on-time"),
    };
    match finish.outcome {
        Outcome::Win(color) => {
            let winner = player(lang, view, color);
            t!(lang, "game-over-win", winner = winner, reason = reason, white = white, black = black)
        }
        Outcome::Draw => t!(lang, "game-over-draw", reason = reason, white = white, black = black),
    }
}

/// How many bytes of the boards drawn last are kept: some 100 boards (40 KB
/// on average), so a move's direct message finds its answer's board even
/// while a burst of moves is being answered.
const RECENT_BOARDS_BYTES: usize = 4 << 20;

/// The boards drawn last, as PNG (see [`RecentPictures`]).
static RECENT_BOARDS: LazyLock<RecentPictures> = LazyLock::new(|| RecentPictures::new(RECENT_BOARDS_BYTES));

/// Renders a board on the shared worker pool (it is CPU work; see
/// [`crate::workers`]): at most one picture per core at a time, the others
/// wait in its queue; a board drawn a moment ago is not drawn again.
pub async fn board_png(position: Position, options: RenderOptions) -> Result<Vec<u8>, CommandError> {
    if let Some(png) = RECENT_BOARDS.get(&position, &options) {
        return Ok(png.to_vec());
    }
    let png = Workers::shared()
        .run(move || render_png(&position, &options))
        .await
        .map_err(|e| CommandError::Internal(format!("rendering failed: {e}")))?;
    RECENT_BOARDS.put(&position, &options, &png);
    Ok(png)
}

/// The board of a game as the player to move sees it, last move marked;
/// in a game against the bot, always as the person sees it (the bot looks
/// at no picture, and a board that turned over after each move would show
/// the person their own move upside down).
pub async fn game_board(view: &GameView) -> Result<Vec<u8>, CommandError> {
    let position = *view.game.position();
    let game = &view.game;
    board_png(position, played(board_side(view), game)).await
}

/// The side a game's board is drawn from (see [`game_board`]).
pub fn board_side(view: &GameView) -> Color {
    match view.engine {
        Some((bot, _)) => bot.opponent(),
        None => view.turn(),
    }
}

/// The board seen by `perspective`, with `game`'s last move marked.
pub fn played(perspective: Color, game: &Game) -> RenderOptions {
    RenderOptions {
        perspective,
        last_move: game.last_move().copied(),
        before: game.previous_position().copied(),
        ..RenderOptions::default()
    }
}

/// The name of a game's record file, in the reader's language
/// ("damas-game-7.pdn", "damas-partida-7.pdn").
pub fn pdn_file_name(lang: Lang, view: &GameView) -> String {
    format!("{}.pdn", t!(lang, "file-game", game = view.id.to_string()))
}

/// The name of a game's replay file ("damas-game-7.gif").
pub fn replay_file_name(lang: Lang, view: &GameView) -> String {
    format!("{}.gif", t!(lang, "file-game", game = view.id.to_string()))
}

/// The replay of a game as an animated GIF, as the service makes or keeps
/// it ([`crate::game::Records::replay_gif`]). A failure to draw it is
/// told to the user in `lang` (theirs: the error reply is private) and
/// logged by the error handler; a refusal (too long) is told as any other.
pub async fn replay_gif(
    lang: Lang,
    service: &crate::game::GameService,
    now: i64,
    view: &GameView,
    asker: u64,
) -> Result<Vec<u8>, CommandError> {
    service.records().replay_gif(now, view, asker).await.map_err(|e| match e {
        GameError::Replay(cause) => CommandError::Failed { sentence: t!(lang, "replay-failed"), cause },
        e => CommandError::Game(e),
    })
}

/// The message of a live game: who plays, the board, who is to move, the
/// Move button when a person is to move (the bot's side needs none), and
/// an Abort button while its players may abort it.
pub async fn live_game(lang: Lang, view: &GameView, headline: String) -> Result<Reply, CommandError> {
    let text = format!("{headline}\n{}\n{}", numbered_players(lang, view), to_move(lang, view));
    let reply = Reply::public(lang, text).file("board.png", game_board(view).await?, alt::game_board(lang, view));
    Ok(with_game_buttons(reply, lang, view, view.players_may_abort()))
}

/// `reply` about the live game `view` with the buttons under its board
/// (see [`game_buttons`]), kept to be taken off once the game moves on.
pub fn with_game_buttons(mut reply: Reply, lang: Lang, view: &GameView, abort: bool) -> Reply {
    let rows = game_buttons(lang, view, abort);
    reply.after.game = Some(view.id);
    if !rows.is_empty() {
        reply.after.buttons = Some((Seen::of(view), ButtonsKind::Game));
    }
    reply.components(rows)
}

/// The buttons under a live game's board: Move when a person is to move
/// (the bot's side needs none), and Abort if `abort`.
pub fn game_buttons(lang: Lang, view: &GameView, abort: bool) -> Vec<CreateActionRow> {
    let mut buttons = Vec::with_capacity(2);
    if !view.is_engine(view.turn()) {
        buttons.push(move_button(lang, Seen::of(view)));
    }
    if abort {
        buttons.push(abort_button(lang, view.id));
    }
    if buttons.is_empty() { Vec::new() } else { vec![CreateActionRow::Buttons(buttons)] }
}

/// The message of a finished game: the result, the final board, the
/// record, and a Replay button (the replay is made only when asked for, so
/// the move that ended the game is announced without waiting for it).
pub async fn finished_game(
    lang: Lang,
    service: &crate::game::GameService,
    view: &GameView,
    headline: String,
    finish: &Finish,
) -> Result<Reply, CommandError> {
    let mut text = format!("{headline}\n{}\n{}", result(lang, view, finish), numbered_players(lang, view));
    for line in
        rating_changes(lang, view).into_iter().chain(view.match_play.as_ref().and_then(|p| match_outcome(lang, p)))
    {
        text.push('\n');
        text.push_str(&line);
    }
    let pdn = service.records().pdn(view.id).await?;
    let mut reply = Reply::public(lang, text)
        .file("board.png", game_board(view).await?, alt::game_board(lang, view))
        .file(pdn_file_name(lang, view), pdn.into_bytes(), alt::pdn(lang, view))
        .components(replay_button(lang, view.id));
    reply.after.game = Some(view.id);
    // A match that goes on has started its next game: announced next. A
    // tournament's standings change with the result (and a Swiss may have
    // paired its next round): its messages are brought up to date next.
    reply.after.outbox_follows =
        view.match_play.as_ref().is_some_and(|p| !p.over && !p.aborted) || view.tournament.is_some();
    reply.after.archive_thread = service.notifications().thread_to_archive(view).await?;
    Ok(reply)
}

/// "Ratings: @Ana 1523 (+12), @Bruno 1488 (-12)": what a rated game did to
/// its players' ratings; `None` when it did nothing.
pub fn rating_changes(lang: Lang, view: &GameView) -> Option<String> {
    if view.rating_changes.is_empty() {
        return None;
    }
    let changes: Vec<String> = view
        .rating_changes
        .iter()
        .map(|c| {
            t!(
                lang,
                "rating-change",
                player = user(c.user),
                rating = c.shown_after(),
                delta = format!("{:+}", c.delta())
            )
        })
        .collect();
    Some(t!(lang, "game-rating-changes", changes = changes.join(", ")))
}

/// The message after a game changed (live, finished or aborted), in
/// `lang`, which is the server's: everyone in the channel reads it.
pub async fn game_message(
    lang: Lang,
    service: &crate::game::GameService,
    view: &GameView,
    headline: String,
) -> Result<Reply, CommandError> {
    match (&view.finished, view.aborted_by) {
        (Some(finish), _) => finished_game(lang, service, view, headline, finish).await,
        (None, Some(by)) => {
            let aborted = t!(lang, "game-aborted-by", player = user(by));
            let mut text = format!("{headline}\n{aborted}\n{}", numbered_players(lang, view));
            if let Some(line) = view.match_play.as_ref().and_then(|p| match_outcome(lang, p)) {
                text.push('\n');
                text.push_str(&line);
            }
            let mut reply =
                Reply::public(lang, text).file("board.png", game_board(view).await?, alt::game_board(lang, view));
            reply.after.game = Some(view.id);
            reply.after.archive_thread = service.notifications().thread_to_archive(view).await?;
            Ok(reply)
        }
        (None, None) => live_game(lang, view, headline).await,
    }
}

/// When premove replies followed the move `report` announces in `reply`:
/// says so and pings nobody (the reply's own announcement, from the
/// outbox right after, shows the position and pings who is to move), and
/// has the outbox woken.
/// Also tells each player whose premove lines the move left that none
/// will play (they would otherwise wait for a reply that never comes).
pub fn premove_reply_follows(lang: Lang, reply: &mut Reply, report: &crate::game::MoveReport) {
    for owner in &report.premoves_set_aside {
        reply.content.push('\n');
        reply.content.push_str(&t!(lang, "premoves-set-aside", player = user(*owner)));
    }
    if report.premove_replies == 0 {
        return;
    }
    let owner = report.game.player(report.game.turn());
    reply.content.push('\n');
    reply.content.push_str(&t!(lang, "premove-follows", player = user(owner)));
    reply.pings = Some(Vec::new());
    reply.after.outbox_follows = true;
}

/// The language of what the bot posts in server `guild` on its own: the
/// server's locale as last seen, English when unknown.
pub async fn server_lang(service: &crate::game::GameService, guild: Option<u64>) -> Lang {
    match service.notifications().server_locale(guild).await {
        Ok(locale) => Lang::from_locale(locale.as_deref()),
        Err(e) => {
            tracing::warn!(guild, error = %e, "could not read the server's locale; writing in English");
            Lang::En
        }
    }
}
