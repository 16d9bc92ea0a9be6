//! `/analyze [position] [level]`: the engine's view of a position, or the
//! review of this channel's finished game. The service refuses live games.

use crate::engine::{PROVEN, Proof, Score, Swing, Verdict};
use crate::game::{GameReview, PositionAnalysis};
use crate::i18n::{Lang, alt, color, signed_decimal};
use crate::render::RenderOptions;
use crate::rules::{Color, Position, move_number};
use crate::t;

use super::{Invocation, Options};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/analyze [position] [level]`: a public answer, in the server's language.
pub async fn analyze(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    let level = opts.integer("level");
    let lang = inv.server_lang;
    match opts.string("position") {
        Some(fen) => {
            let found = inv.service.analyses().analyze_fen(fen, inv.guild, inv.user, level).await?;
            let head =
                t!(lang, "analysis-title", position = found.position.to_string(), level = found.level.to_string());
            picture(lang, format!("{head}\n{}", verdict(lang, &found)), &found).await
        }
        None => {
            let review = inv.service.analyses().review_channel(inv.channel, inv.user, level).await?;
            let text = [
                t!(lang, "review-title", players = game_messages::players(lang, &review.game)),
                review.game.finished.map(|f| game_messages::result(lang, &review.game, &f)).unwrap_or_default(),
                swings(lang, &review),
                t!(lang, "review-final", verdict = verdict(lang, &review.last)),
            ];
            picture(lang, text.join("\n"), &review.last).await
        }
    }
}

/// The text with the picture of the position, its best move marked.
async fn picture(lang: Lang, text: String, found: &PositionAnalysis) -> Result<Reply, CommandError> {
    let position = found.position;
    // The best move is a suggestion, drawn as an arrow: the squares marked
    // like a played move would say it was played.
    let options =
        RenderOptions { perspective: position.turn(), suggested: found.analysis.best, ..RenderOptions::default() };
    let png = game_messages::board_png(position, options).await?;
    let description = alt::analysis(lang, &position, found.best.as_deref());
    // Asked for by one person, for reading: the players it names (a person,
    // or the bot) have nothing to answer, so none is notified.
    Ok(Reply::public(lang, text).file("analysis.png", png, description).pinging(Vec::new()))
}

/// Best move, evaluation in words and numbers, and the principal variation.
pub fn verdict(lang: Lang, found: &PositionAnalysis) -> String {
    let turn = found.position.turn();
    let Some(best) = &found.best else {
        return t!(lang, "verdict-no-move", side = color(lang, turn), winner = color(lang, turn.opponent()));
    };
    let a = &found.analysis;
    t!(
        lang,
        "verdict",
        best = best.clone(),
        side = color(lang, turn),
        evaluation = evaluation(lang, turn, a.score, a.proof),
        line = found.pv.join(" ")
    )
}

/// "White is better, about +1.3 men", or "White wins in 17 plies" when proven.
pub fn evaluation(lang: Lang, turn: Color, score: Score, proof: Option<Proof>) -> String {
    match proof {
        Some(Proof { verdict: Verdict::Win, plies }) => {
            return t!(lang, "eval-wins-in", side = color(lang, turn), plies = plies);
        }
        Some(Proof { verdict: Verdict::Loss, plies }) => {
            return t!(lang, "eval-wins-in", side = color(lang, turn.opponent()), plies = plies);
        }
        Some(Proof { verdict: Verdict::Draw, .. }) => return t!(lang, "eval-draw"),
        None => {}
    }
    if score.abs() >= PROVEN {
        let winner = if score > 0 { turn } else { turn.opponent() };
        return t!(lang, "eval-wins-by-force", side = color(lang, winner));
    }
    let (side, men) = if score >= 0 { (turn, score) } else { (turn.opponent(), -score) };
    let m = f64::from(men) / 100.0;
    let (side, amount) = (color(lang, side), signed_decimal(lang, m));
    match m {
        m if m < 0.25 => t!(lang, "eval-equal", side = side, men = amount),
        m if m < 0.75 => t!(lang, "eval-slightly-better", side = side, men = amount),
        m if m < 2.0 => t!(lang, "eval-better", side = side, men = amount),
        _ => t!(lang, "eval-winning", side = side, men = amount),
    }
}

/// The review's costliest moves, one line each.
fn swings(lang: Lang, review: &GameReview) -> String {
    if review.swings.is_empty() {
        return t!(lang, "review-clean");
    }
    let start = review.game.game.start();
    let mut text = t!(lang, "review-swings");
    for swing in &review.swings {
        text.push_str(&format!("\n- {}", swing_line(lang, start, swing)));
    }
    text
}

fn swing_line(lang: Lang, start: &Position, swing: &Swing) -> String {
    let (number, mover) = move_number(start.turn(), swing.ply);
    let dots = if mover == Color::White { "." } else { "..." };
    t!(
        lang,
        "review-swing",
        number = format!("{number}{dots}"),
        played = swing.played.clone(),
        side = color(lang, mover),
        better = swing.better.clone(),
        before = men(lang, swing.before),
        after = men(lang, swing.after)
    )
}

fn men(lang: Lang, score: Score) -> String {
    if score >= PROVEN {
        t!(lang, "score-winning")
    } else if score <= -PROVEN {
        t!(lang, "score-losing")
    } else {
        t!(lang, "score-men", men = signed_decimal(lang, f64::from(score) / 100.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_in_words() {
        let en = Lang::En;
        assert_eq!(evaluation(en, Color::White, 130, None), "White is better, about +1.3 men.");
        assert_eq!(evaluation(en, Color::Black, 130, None), "Black is better, about +1.3 men.");
        assert_eq!(evaluation(en, Color::Black, -40, None), "White is slightly better, about +0.4 men.");
        assert!(evaluation(en, Color::White, 10, None).starts_with("The position is about equal"));
        let win = Some(Proof { verdict: Verdict::Win, plies: 17 });
        assert_eq!(evaluation(en, Color::White, 0, win), "White wins in 17 plies.");
        let loss = Some(Proof { verdict: Verdict::Loss, plies: 4 });
        assert_eq!(evaluation(en, Color::White, 0, loss), "Black wins in 4 plies.");
    }

    #[test]
    fn evaluations_in_spanish_use_a_decimal_comma() {
        let es = Lang::Es;
        assert_eq!(evaluation(es, Color::White, 130, None), "Las blancas están mejor, unos +1,3 peones.");
        let win = Some(Proof { verdict: Verdict::Win, plies: 17 });
        assert_eq!(evaluation(es, Color::Black, 0, win), "Las negras ganan en 17 jugadas.");
    }
}
