//! `/analyze [position] [level]`: the engine's view of a position, or the
//! review of this channel's finished game. The service refuses live games.

use crate::engine::{PROVEN, Proof, Score, Swing, Verdict};
use crate::game::{GameReview, PositionAnalysis};
use crate::rules::{Color, Position};

use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view;
use super::{Invocation, Options};

/// `/analyze [position] [level]`.
pub async fn analyze(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let level = opts.integer("level");
    match opts.string("position") {
        Some(fen) => {
            let found = inv.service.analyze_fen(fen, inv.guild, inv.user, level).await?;
            let text = format!("**Analysis** of `{}` (level {})\n{}", found.position, found.level, verdict(&found));
            picture(text, &found).await
        }
        None => {
            let review = inv.service.review_channel(inv.channel, level).await?;
            let text = format!(
                "**Review** of the game {}\n{}\n{}\n**Final position:** {}",
                view::players(&review.game),
                review.game.finished.map(|f| view::result(&review.game, &f)).unwrap_or_default(),
                swings(&review),
                verdict(&review.last),
            );
            picture(text, &review.last).await
        }
    }
}

/// The text with the picture of the position, its best move marked.
async fn picture(text: String, found: &PositionAnalysis) -> Result<Reply, CommandError> {
    let position = found.position;
    let png = view::board_png(position, position.turn(), found.analysis.best, false).await?;
    Ok(Reply::public(text).file("analysis.png", png))
}

/// Best move, evaluation in words and numbers, and the principal variation.
pub fn verdict(found: &PositionAnalysis) -> String {
    let turn = found.position.turn();
    let Some(best) = &found.best else {
        return format!("{turn} is to move and has no legal move: {} wins.", turn.opponent());
    };
    let a = &found.analysis;
    format!(
        "Best move: **{best}** ({turn} to move). {}\nLine: {}\n(depth {}, {} nodes)",
        evaluation(turn, a.score, a.proof),
        found.pv.join(" "),
        a.depth,
        a.nodes
    )
}

/// "White is better, about +1.3 men", or "White wins in 17 plies" when proven.
pub fn evaluation(turn: Color, score: Score, proof: Option<Proof>) -> String {
    match proof {
        Some(Proof { verdict: Verdict::Win, plies }) => return format!("{turn} wins in {plies} plies."),
        Some(Proof { verdict: Verdict::Loss, plies }) => return format!("{} wins in {plies} plies.", turn.opponent()),
        Some(Proof { verdict: Verdict::Draw, .. }) => return "A draw with best play.".to_string(),
        None => {}
    }
    if score.abs() >= PROVEN {
        let winner = if score > 0 { turn } else { turn.opponent() };
        return format!("{winner} wins by force.");
    }
    let (side, men) = if score >= 0 { (turn, score) } else { (turn.opponent(), -score) };
    let men = f64::from(men) / 100.0;
    match men {
        m if m < 0.25 => format!("The position is about equal ({side} {m:+.1} men)."),
        m if m < 0.75 => format!("{side} is slightly better, about {m:+.1} men."),
        m if m < 2.0 => format!("{side} is better, about {m:+.1} men."),
        m => format!("{side} is winning, about {m:+.1} men."),
    }
}

/// The review's costliest moves, one line each.
fn swings(review: &GameReview) -> String {
    if review.swings.is_empty() {
        return "No move changed the evaluation much: a clean game.".to_string();
    }
    let start = review.game.game.start();
    let mut text = "Moves where the evaluation swung most:".to_string();
    for swing in &review.swings {
        text.push_str(&format!("\n- {}", swing_line(start, swing)));
    }
    text
}

fn swing_line(start: &Position, swing: &Swing) -> String {
    let (number, mover) = move_number(start.turn(), swing.ply);
    let dots = if mover == Color::White { "." } else { "..." };
    format!(
        "{number}{dots} {} ({mover}): better **{}** ({} before, {} after, for {mover})",
        swing.played,
        swing.better,
        men(swing.before),
        men(swing.after)
    )
}

/// The move number and mover of the 0-based `ply` of a game that started
/// with `first` to move.
fn move_number(first: Color, ply: usize) -> (usize, Color) {
    let offset = usize::from(first == Color::Black);
    let mover = if (ply + offset).is_multiple_of(2) { Color::White } else { Color::Black };
    ((ply + offset) / 2 + 1, mover)
}

fn men(score: Score) -> String {
    if score >= PROVEN {
        "winning".to_string()
    } else if score <= -PROVEN {
        "losing".to_string()
    } else {
        format!("{:+.1} men", f64::from(score) / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_in_words() {
        assert_eq!(evaluation(Color::White, 130, None), "White is better, about +1.3 men.");
        assert_eq!(evaluation(Color::Black, 130, None), "Black is better, about +1.3 men.");
        assert_eq!(evaluation(Color::Black, -40, None), "White is slightly better, about +0.4 men.");
        assert!(evaluation(Color::White, 10, None).starts_with("The position is about equal"));
        let win = Some(Proof { verdict: Verdict::Win, plies: 17 });
        assert_eq!(evaluation(Color::White, 0, win), "White wins in 17 plies.");
        let loss = Some(Proof { verdict: Verdict::Loss, plies: 4 });
        assert_eq!(evaluation(Color::White, 0, loss), "Black wins in 4 plies.");
    }

    #[test]
    fn move_numbers_follow_the_side_that_started() {
        assert_eq!(move_number(Color::White, 0), (1, Color::White));
        assert_eq!(move_number(Color::White, 1), (1, Color::Black));
        assert_eq!(move_number(Color::White, 2), (2, Color::White));
        assert_eq!(move_number(Color::Black, 0), (1, Color::Black));
        assert_eq!(move_number(Color::Black, 1), (2, Color::White));
    }
}
