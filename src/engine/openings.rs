//! The balanced two-ply openings of match play (RULES 8.3c): of the 7 x 7
//! openings (White's first move, Black's reply), the 43 whose evaluation by
//! the engine is closest to equal. Ludoteka does not publish its list; this
//! is how ours is made, and `damas openings` prints it for
//! `data/balanced_openings.txt`.

use super::{Analysis, Limits, Root, Score, Searcher, Style};
use crate::rules::{DrawRules, Position, Variant};

/// How many of the 49 two-ply openings are kept (RULES 8.3c).
pub const BALANCED_OPENINGS: usize = 43;

/// A two-ply opening and the engine's score of the position after it, for
/// White (the side to move then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredOpening {
    /// White's first move, in canonical notation.
    pub first: String,
    /// Black's reply.
    pub reply: String,
    /// The search's score for White after both, at the depth asked.
    pub score: Score,
}

/// Every two-ply opening from the initial position, scored by a search of
/// `depth` plies from a fresh searcher each (so the list does not depend
/// on the order of the searches), in move order.
pub fn score_two_ply_openings(depth: u32) -> Vec<ScoredOpening> {
    let start = Position::initial();
    let mut scored = Vec::new();
    for (first, first_text) in start.legal_moves_with_notation() {
        let after_first = start.play(&first).expect("a legal move plays");
        for (reply, reply_text) in after_first.legal_moves_with_notation() {
            let position = after_first.play(&reply).expect("a legal move plays");
            let mut searcher = Searcher::new(16, None);
            let root = Root::new(position, Variant::Classic, DrawRules::Classic);
            let Analysis { score, .. } = searcher.search(&root, &Limits::depth(depth), Style::default());
            scored.push(ScoredOpening { first: first_text.clone(), reply: reply_text, score });
        }
    }
    scored
}

/// The [`BALANCED_OPENINGS`] openings closest to equal at `depth`: sorted
/// by the size of their score, ties kept in move order; listed in move order.
pub fn balanced_openings(depth: u32) -> Vec<ScoredOpening> {
    let all = score_two_ply_openings(depth);
    let mut by_balance: Vec<usize> = (0..all.len()).collect();
    by_balance.sort_by_key(|&i| all[i].score.abs());
    let mut keep = vec![false; all.len()];
    for &i in by_balance.iter().take(BALANCED_OPENINGS) {
        keep[i] = true;
    }
    all.into_iter().zip(keep).filter_map(|(opening, kept)| kept.then_some(opening)).collect()
}
