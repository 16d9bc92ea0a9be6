//! What the bot shows of puzzles: a puzzle being solved (private: its
//! board from the solver's side and the menus of its moves), the answer to
//! each move, and the daily puzzle's message (public: the board, the count
//! of solvers, the Solve button; the solution once the day is over).

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::calendar::Date;
use crate::engine::puzzles::Theme;
use crate::game::{PuzzlePlay, PuzzleRatingChange, StoredPuzzle};
use crate::i18n::{Lang, alt, color, dates};
use crate::rating::shown;
use crate::render::{RenderOptions, ReplayFrame, render_gif};
use crate::rules::{Move, Position};
use crate::t;
use crate::workers::Workers;

use super::errors::CommandError;
use super::game_messages::board_png;
use super::reply::Reply;
use crate::discord::interactions::buttons::ButtonId;
use crate::discord::interactions::move_menu::{MAX_ROWS, MENU_OPTIONS, notation_menus};

/// The theme's name in `lang`.
pub fn theme_name(lang: Lang, theme: Theme) -> String {
    crate::i18n::text(lang, &format!("puzzle-theme-{}", theme.name()))
}

/// "From ana vs bruno, game #12, move 23." or "From the bot's starting set."
pub fn source_line(lang: Lang, puzzle: &StoredPuzzle) -> String {
    match (&puzzle.source, puzzle.move_number()) {
        (Some(source), Some(number)) => {
            let name = |n: &Option<String>| n.clone().unwrap_or_else(|| t!(lang, "alt-a-player"));
            t!(
                lang,
                "puzzle-from-game",
                white = name(&source.white),
                black = name(&source.black),
                game = source.game.to_string(),
                number = number
            )
        }
        _ => t!(lang, "puzzle-from-set"),
    }
}

/// "Puzzle #12 · White to move and win · rated 1520".
fn headline(lang: Lang, puzzle: &StoredPuzzle) -> String {
    t!(
        lang,
        "puzzle-headline",
        id = puzzle.id.to_string(),
        side = color(lang, puzzle.solver()),
        rating = shown(puzzle.rating.rating, puzzle.rating.deviation)
    )
}

/// The board of `position` from the solver's side, `last` marked.
async fn board(
    lang: Lang,
    puzzle: &StoredPuzzle,
    position: Position,
    last: Option<(crate::rules::Move, Position)>,
    last_notation: Option<&str>,
    over: bool,
) -> Result<(Vec<u8>, String), CommandError> {
    let (last_move, before) = last.unzip();
    let options = RenderOptions {
        perspective: puzzle.solver(),
        last_move,
        show_moves: false,
        before,
        suggested: None,
        refuted: None,
    };
    let png = board_png(position, options).await?;
    Ok((png, alt::position(lang, &position, last_notation, over)))
}

/// The menus of the moves of the position `play` stands at (as many as a
/// message holds; `/puzzle answer` takes any move), each option's value the
/// move's canonical notation.
fn move_rows(lang: Lang, play: &PuzzlePlay) -> Vec<CreateActionRow> {
    let moves: Vec<String> = play.position().legal_moves_with_notation().into_iter().map(|(_, n)| n).collect();
    let shown = &moves[..moves.len().min(MENU_OPTIONS * MAX_ROWS)];
    let placeholder = t!(lang, "puzzle-menu-placeholder");
    notation_menus(lang, shown, 0, moves.len(), &placeholder, |part| {
        ButtonId::PuzzleMove(play.attempt, play.step, part).custom_id()
    })
}

/// The Next puzzle button under a finished puzzle.
/// The buttons under a finished puzzle: Next puzzle, and Report as wrong
/// (once `reported`, a disabled "Reported": a player reports a puzzle once).
pub fn over_row(lang: Lang, attempt: i64, reported: bool) -> CreateActionRow {
    let report = if reported {
        CreateButton::new(ButtonId::PuzzleReport(attempt).custom_id())
            .label(t!(lang, "button-puzzle-reported"))
            .style(ButtonStyle::Secondary)
            .disabled(true)
    } else {
        CreateButton::new(ButtonId::PuzzleReport(attempt).custom_id())
            .label(t!(lang, "button-report-puzzle"))
            .style(ButtonStyle::Secondary)
    };
    CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::PuzzleNext(attempt).custom_id())
            .label(t!(lang, "button-next-puzzle"))
            .style(ButtonStyle::Primary),
        report,
    ])
}

/// A puzzle to solve, as its solver sees it (privately): the headline, where
/// it came from, `note` (a resumed puzzle, the right move just played), its
/// board and the menus of its moves.
pub async fn puzzle_to_solve(lang: Lang, play: &PuzzlePlay, note: Option<String>) -> Result<Reply, CommandError> {
    let puzzle = &play.puzzle;
    let mut lines = vec![headline(lang, puzzle), source_line(lang, puzzle)];
    lines.extend(note);
    lines.push(t!(lang, "puzzle-your-move"));
    let last = play.last_move();
    let last_notation = last.map(|_| puzzle.notation[play.step as usize - 1].clone());
    let (png, description) = board(lang, puzzle, play.position(), last, last_notation.as_deref(), false).await?;
    Ok(Reply::ephemeral(lang, lines.join("\n")).file("puzzle.png", png, description).components(move_rows(lang, play)))
}

/// "Puzzle rating: 1500 → 1620 (+120) · streak 3 (best 5)".
pub fn rating_line(lang: Lang, change: &PuzzleRatingChange) -> String {
    let (before, after) = (change.before, change.after.rating);
    let diff = (after.rating - before.rating).round() as i64;
    let diff = if diff >= 0 { format!("+{diff}") } else { format!("−{}", -diff) };
    t!(
        lang,
        "puzzle-rating-change",
        before = shown(before.rating, before.deviation),
        after = shown(after.rating, after.deviation),
        diff = diff,
        streak = change.after.streak,
        best = change.after.best_streak
    )
}

/// The end of a puzzle: `verdict` (solved, or the move that does not win
/// and the solution), the theme, the rating's change, the pictures, and
/// the Next puzzle and Report as wrong buttons. Solved: the board at the end of the solution.
/// Missed (`tried`: the move played): the board where it was played, the
/// move that wins there in blue and the one played in red, and the whole
/// solution as a short animation.
pub async fn puzzle_over(
    lang: Lang,
    play: &PuzzlePlay,
    verdict: String,
    change: &PuzzleRatingChange,
    tried: Option<(Move, &str)>,
) -> Result<Reply, CommandError> {
    let puzzle = &play.puzzle;
    let text = [
        headline(lang, puzzle),
        verdict,
        t!(lang, "puzzle-theme", theme = theme_name(lang, puzzle.theme)),
        rating_line(lang, change),
    ]
    .join("\n");
    let reply = Reply::ephemeral(lang, text).components(vec![over_row(lang, play.attempt, false)]);
    let Some((tried, tried_notation)) = tried else {
        let end = puzzle.line.len();
        let last = Some((puzzle.line[end - 1], puzzle.after(end - 1)));
        let (png, description) =
            board(lang, puzzle, puzzle.after(end), last, puzzle.notation.last().map(String::as_str), true).await?;
        return Ok(reply.file("puzzle.png", png, description));
    };
    let (png, description) = miss_board(lang, play, tried, tried_notation).await?;
    let reply = reply.file("puzzle.png", png, description);
    Ok(match solution_replay(puzzle).await {
        Ok(gif) => reply.file("solution.gif", gif, alt::puzzle_solution(lang, puzzle.id, &solution(puzzle))),
        Err(e) => {
            // The board and the written solution say it all the same.
            tracing::error!(puzzle = puzzle.id, error = %e, "could not draw a puzzle's solution");
            reply
        }
    })
}

/// The board where the solver tried `tried`, from their side: the reply
/// that led there marked, the solution's move there as a blue arrow and the
/// move tried as a red one.
async fn miss_board(
    lang: Lang,
    play: &PuzzlePlay,
    tried: Move,
    tried_notation: &str,
) -> Result<(Vec<u8>, String), CommandError> {
    let puzzle = &play.puzzle;
    let step = play.step as usize;
    let (last_move, before) = play.last_move().unzip();
    let options = RenderOptions {
        perspective: puzzle.solver(),
        last_move,
        show_moves: false,
        before,
        suggested: Some(puzzle.line[step]),
        refuted: Some(tried),
    };
    let position = play.position();
    let png = board_png(position, options).await?;
    let last_notation = step.checked_sub(1).map(|ply| puzzle.notation[ply].as_str());
    Ok((png, alt::puzzle_miss(lang, &position, last_notation, tried_notation, &puzzle.notation[step])))
}

/// The solution played out from the puzzle's position, from the solver's
/// side: a frame a move (a dozen at most).
async fn solution_replay(puzzle: &StoredPuzzle) -> Result<Vec<u8>, CommandError> {
    let mut frames = vec![ReplayFrame::start(puzzle.start)];
    for mv in &puzzle.line {
        let before = frames.last().map_or(puzzle.start, |f| f.position);
        frames.extend(ReplayFrame::after(&before, *mv));
    }
    let perspective = puzzle.solver();
    Workers::shared()
        .run(move || render_gif(&frames, perspective))
        .await
        .map_err(|e| CommandError::Internal(format!("drawing failed: {e}")))?
        .map_err(|e| CommandError::Internal(e.to_string()))
}

/// The solution written out: "19-23 20-15 12x19".
pub fn solution(puzzle: &StoredPuzzle) -> String {
    puzzle.notation.join(" ")
}

/// A local day as a date: "Dec 6, 2026".
fn day_words(lang: Lang, day: i64) -> String {
    dates::day(lang, Date::from_days(day))
}

/// The daily puzzle's message while it can be played: the board, the count
/// so far and the Solve button.
pub async fn daily_post(
    lang: Lang,
    puzzle: &StoredPuzzle,
    day: i64,
    counts: (u32, u32),
) -> Result<Reply, CommandError> {
    let text = daily_text(lang, puzzle, day, counts);
    let (png, description) = board(lang, puzzle, puzzle.start, None, None, false).await?;
    Ok(Reply::public(lang, text)
        .file("puzzle.png", png, description)
        .components(vec![solve_row(lang, day)])
        .pinging(Vec::new()))
}

/// The Solve button of the daily puzzle of `day`.
pub fn solve_row(lang: Lang, day: i64) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        CreateButton::new(ButtonId::PuzzleDaily(day).custom_id())
            .label(t!(lang, "button-solve"))
            .style(ButtonStyle::Success),
    ])
}

/// The daily puzzle's text while it can be played.
pub fn daily_text(lang: Lang, puzzle: &StoredPuzzle, day: i64, (played, solved): (u32, u32)) -> String {
    [
        t!(lang, "daily-puzzle-post", date = day_words(lang, day), side = color(lang, puzzle.solver())),
        source_line(lang, puzzle),
        t!(lang, "daily-puzzle-count", played = played, solved = solved),
    ]
    .join("\n")
}

/// The daily puzzle's message once its day is over: the solution, its
/// theme and who solved it; no button.
pub fn daily_revealed(lang: Lang, puzzle: &StoredPuzzle, day: i64, (played, solved): (u32, u32)) -> Reply {
    let text = [
        t!(
            lang,
            "daily-puzzle-revealed",
            date = day_words(lang, day),
            side = color(lang, puzzle.solver()),
            line = solution(puzzle),
            theme = theme_name(lang, puzzle.theme)
        ),
        source_line(lang, puzzle),
        t!(lang, "daily-puzzle-count-final", played = played, solved = solved),
    ]
    .join("\n");
    Reply::public(lang, text).components(Vec::new()).pinging(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> StoredPuzzle {
        StoredPuzzle::read(&crate::store::PuzzleRecord {
            id: 7,
            fen: "W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32".into(),
            line: "5-9 29-26 9x18".into(),
            theme: "shot".into(),
            rating: crate::rating::Rating::new_player(),
            source: Some(crate::store::PuzzleSource {
                game: 12,
                ply: 44,
                white: Some("ana".into()),
                black: Some("bruno".into()),
            }),
        })
        .unwrap()
    }

    #[test]
    fn the_daily_puzzle_reads_in_english_and_both_spanishes() {
        let p = puzzle();
        // 2026-12-06 is day 20,793.
        let day = 20_793;
        let en = daily_text(Lang::En, &p, day, (3, 2));
        assert!(
            en.starts_with("🧩 **Puzzle of the day** (Dec 6, 2026): White to move and win. Press **Solve**"),
            "{en}"
        );
        assert!(
            en.contains("From ana vs bruno (game #12), move 23.") && en.contains("3 players finished it, 2 solved")
        );
        let es = daily_text(Lang::Es, &p, day, (1, 1));
        assert!(es.contains("juegan blancas y ganan. Pulsa **Resolver**"), "{es}");
        assert!(
            es.contains("De ana contra bruno (partida n.º 12), jugada 23.")
                && es.contains("lo ha terminado un jugador")
        );
        let latin = daily_text(Lang::Es419, &p, day, (1, 1));
        assert!(latin.contains("Presiona **Resolver**"), "{latin}");
        let revealed = daily_revealed(Lang::Es, &p, day, (2, 0)).content;
        assert!(revealed.contains("la solución era **5-9 29-26 9x18**, un golpe"), "{revealed}");
        assert!(revealed.contains("Lo intentaron 2 jugadores; ninguno lo resolvió."), "{revealed}");
        let revealed = daily_revealed(Lang::En, &p, day, (2, 0)).content;
        assert!(revealed.contains("none solved it."), "{revealed}");
    }

    #[test]
    fn the_move_is_counted_as_the_game_counted_it() {
        let mut p = puzzle();
        // White to move at an odd ply: Black began that game (a set
        // position), so ply 45 is White's move 24 (RULES 6: a move is White's then Black's).
        p.source.as_mut().unwrap().ply = 45;
        assert!(source_line(Lang::En, &p).ends_with("move 24."), "{}", source_line(Lang::En, &p));
    }

    #[test]
    fn a_rating_change_is_signed() {
        let change = |before: f64, after: f64| PuzzleRatingChange {
            before: crate::rating::Rating { rating: before, deviation: 60.0, volatility: 0.06 },
            after: crate::store::PuzzleRatingRow {
                user: 1,
                rating: crate::rating::Rating { rating: after, deviation: 58.0, volatility: 0.06 },
                played: 30,
                solved: 20,
                streak: 0,
                best_streak: 6,
            },
        };
        assert!(rating_line(Lang::En, &change(1500.0, 1488.4)).contains("1500 → **1488** (−12) · streak 0 (best 6)"));
        assert!(rating_line(Lang::Es, &change(1500.0, 1512.0)).contains("(+12) · racha 0 (máxima 6)"));
    }
}
