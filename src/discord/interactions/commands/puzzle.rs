//! `/puzzle play`, `/puzzle answer move`, `/puzzle stats [user]`,
//! `/puzzle leaderboard`, and the
//! presses of a puzzle's messages: a move chosen from its menus, Next
//! puzzle, Report as wrong, and the daily puzzle's Solve. Solving is private to the solver;
//! the daily puzzle's message keeps the count of who finished it.

use crate::game::{Answered, GameService, PuzzlePlay, Shown};
use crate::i18n::{Lang, alt, rating_chart};
use crate::rating::shown;
use crate::render::rating_chart_png;
use crate::t;
use crate::workers::Workers;

use super::play::matching;
use super::{Invocation, Options, Typing};
use crate::discord::messages::deliver::edit_in_channel;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::user;
use crate::discord::messages::puzzle_messages::{self, puzzle_over, puzzle_to_solve, solution};
use crate::discord::messages::reply::Reply;
use crate::discord::rest::Lane;

/// The server a puzzle command is used in (puzzle ratings are per server).
fn server(inv: &Invocation) -> Result<u64, CommandError> {
    inv.guild.ok_or_else(|| CommandError::refused(t!(inv.lang, "err-server-only", command = "puzzle")))
}

/// A puzzle shown to its solver, with a word when it is one they had open.
async fn shown_puzzle(inv: &Invocation, shown: Shown) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let note = match (&shown.play.solved, shown.resumed) {
        (Some(true), _) => return already_played(lang, &shown.play, true),
        (Some(false), _) => return already_played(lang, &shown.play, false),
        (None, true) => Some(t!(lang, "puzzle-resumed")),
        (None, false) => None,
    };
    puzzle_to_solve(lang, &shown.play, note).await
}

/// The answer to Solve on a daily puzzle the presser finished before (its
/// solution is not said: the day is not over).
fn already_played(lang: Lang, play: &PuzzlePlay, solved: bool) -> Result<Reply, CommandError> {
    let id = play.puzzle.id.to_string();
    let text =
        if solved { t!(lang, "puzzle-already-solved", id = id) } else { t!(lang, "puzzle-already-failed", id = id) };
    Ok(Reply::ephemeral(lang, text))
}

/// `/puzzle play` (and Next puzzle): the puzzle left open, or a new one
/// near the player's puzzle rating.
pub async fn play(inv: &Invocation) -> Result<Reply, CommandError> {
    let guild = server(inv)?;
    let shown = inv.service.puzzles().next_puzzle(guild, inv.user, inv.now).await?;
    shown_puzzle(inv, shown).await
}

/// Solve on the daily puzzle of `day`.
pub async fn daily(inv: &Invocation, day: i64) -> Result<Reply, CommandError> {
    let guild = server(inv)?;
    let shown = inv.service.puzzles().daily_for(guild, day, inv.user, inv.now).await?;
    shown_puzzle(inv, shown).await
}

/// Report as wrong under the finished attempt `attempt`: the report is
/// recorded (once per player) and the button turns into a disabled
/// "Reported", in the one answer to the press; the message's text and
/// pictures stay.
pub async fn report(inv: &Invocation, attempt: i64) -> Result<Reply, CommandError> {
    inv.service.puzzles().report(attempt, inv.user, inv.now).await?;
    Ok(Reply::buttons_only(inv.lang, vec![puzzle_messages::over_row(inv.lang, attempt, true)]))
}

/// A move chosen from the menus of attempt `attempt` shown at `step`: the
/// message is replaced by what follows (the reply and the next board, or
/// the end); a stale menu is refused and changes nothing.
pub async fn answer(inv: &Invocation, attempt: i64, step: u32, values: &[String]) -> Result<Reply, CommandError> {
    let Some(text) = values.first() else { return Err(CommandError::refused(t!(inv.lang, "button-unknown"))) };
    let answered = inv.service.puzzles().answer(attempt, step, inv.user, text, inv.now).await?;
    Ok(answered_reply(inv, &answered).await?.updating())
}

/// `/puzzle answer move`: a move typed for the puzzle the player has open,
/// answered in a private message of its own.
pub async fn answer_typed(inv: &Invocation, text: &str) -> Result<Reply, CommandError> {
    let guild = server(inv)?;
    let open = inv.service.puzzles().open_puzzle(guild, inv.user).await?;
    let open = open.ok_or(crate::game::GameError::NoOpenPuzzle)?;
    let answered = inv.service.puzzles().answer(open.attempt, open.step, inv.user, text, inv.now).await?;
    answered_reply(inv, &answered).await
}

/// The legal moves of the puzzle the player has open, matching `typed`.
pub async fn autocomplete(service: &GameService, at: Typing, typed: &str) -> Vec<String> {
    let Some(guild) = at.guild else { return Vec::new() };
    match service.puzzles().open_puzzle(guild, at.user).await {
        Ok(Some(open)) => matching(open.position().legal_moves_with_notation().into_iter().map(|(_, n)| n), typed),
        Ok(None) => Vec::new(),
        Err(e) => {
            tracing::error!(error = %e, "autocomplete could not read the open puzzle");
            Vec::new()
        }
    }
}

/// What the solver sees after an answer: the next board, or the end (and
/// the daily puzzle's count brought up to date when it was one).
async fn answered_reply(inv: &Invocation, answered: &Answered) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let reply = match answered {
        Answered::Continue { play, played, reply } => {
            let note = t!(lang, "puzzle-right", played = played.clone(), reply = reply.clone());
            puzzle_to_solve(lang, play, Some(note)).await?
        }
        Answered::Solved { play, played, alternative, rating } => {
            let verdict = if *alternative {
                t!(lang, "puzzle-solved-alternative", played = played.clone(), line = solution(&play.puzzle))
            } else {
                t!(lang, "puzzle-solved", played = played.clone())
            };
            puzzle_over(lang, play, verdict, rating, None).await?
        }
        Answered::Failed { play, played, tried, rating } => {
            let right = play.puzzle.notation[play.step as usize].clone();
            let verdict =
                t!(lang, "puzzle-failed", played = played.clone(), right = right, line = solution(&play.puzzle));
            puzzle_over(lang, play, verdict, rating, Some((*tried, played))).await?
        }
    };
    if let Answered::Solved { play, .. } | Answered::Failed { play, .. } = answered
        && let (Some(day), Some(guild)) = (play.daily_day, inv.guild)
    {
        count_daily(inv, guild, day).await;
    }
    Ok(reply)
}

/// Brings the count on the daily puzzle's message up to date (a failure is
/// logged: the next finisher's count mends it).
async fn count_daily(inv: &Invocation, guild: u64, day: i64) {
    let puzzles = inv.service.puzzles();
    let found = match puzzles.daily(guild, day).await {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(e) => return tracing::warn!(guild, day, error = %e, "could not read the daily puzzle"),
    };
    let (daily, puzzle) = found;
    let (Some(message), false) = (daily.message, daily.revealed) else { return };
    let counts = match puzzles.daily_counts(guild, day).await {
        Ok(counts) => counts,
        Err(e) => return tracing::warn!(guild, day, error = %e, "could not count the daily puzzle's solvers"),
    };
    let lang = inv.server_lang;
    let text = puzzle_messages::daily_text(lang, &puzzle, day, counts);
    let mut edit = Reply::public(lang, text);
    edit.components = Some(vec![puzzle_messages::solve_row(lang, day)]);
    if let Err(e) = edit_in_channel(&inv.rest, daily.channel, message, &edit, Lane::Paced).await {
        tracing::warn!(guild, day, error = ?e, "could not update the daily puzzle's count");
    }
}

/// `/puzzle stats [user]`: the puzzle rating (RD), puzzles solved of
/// played, the streak and the best, and a chart of the rating.
pub async fn stats(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let guild = server(inv)?;
    let (who, name) = match opts.user("user") {
        Some(u) => (u, opts.user_name("user")),
        None => (inv.user, inv.user_name.clone()),
    };
    let lang = inv.server_lang;
    let Some(stats) = inv.service.puzzles().stats(guild, who).await? else {
        return Ok(Reply::public(lang, t!(lang, "puzzle-stats-none", player = user(who))).pinging(Vec::new()));
    };
    let p = &stats.player;
    let figures = t!(
        lang,
        "puzzle-stats-title",
        player = user(who),
        rating = shown(p.rating.rating, p.rating.deviation),
        deviation = format!("{:.0}", p.rating.deviation),
        solved = p.solved,
        played = p.played,
        streak = p.streak,
        best = p.best_streak
    );
    let chart = rating_chart::puzzle_chart(lang, &stats, name.as_deref());
    let description = alt::puzzle_chart(lang, &stats, name.as_deref());
    let reply = match Workers::shared().run(move || rating_chart_png(&chart)).await {
        Ok(png) => Reply::public(lang, figures).file("puzzle-rating.png", png, description),
        Err(e) => {
            tracing::error!(guild, user = who, error = %e, "drawing a puzzle rating chart failed");
            Reply::public(lang, format!("{figures}\n{}", t!(lang, "rating-chart-failed")))
        }
    };
    Ok(reply.pinging(Vec::new()))
}

/// `/puzzle leaderboard`: the server's best established puzzle solvers.
pub async fn leaderboard(inv: &Invocation) -> Result<Reply, CommandError> {
    let guild = server(inv)?;
    let players = inv.service.puzzles().leaderboard(guild).await?;
    let lang = inv.server_lang;
    if players.is_empty() {
        return Ok(Reply::public(lang, t!(lang, "puzzle-leaderboard-empty")));
    }
    let mut text = t!(lang, "puzzle-leaderboard-title");
    for (rank, p) in players.iter().enumerate() {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "puzzle-leaderboard-line",
            rank = rank + 1,
            player = user(p.user),
            rating = shown(p.rating.rating, p.rating.deviation),
            solved = p.solved,
            played = p.played,
            best = p.best_streak
        ));
    }
    Ok(Reply::public(lang, text).pinging(Vec::new()))
}
