//! The alpha-beta window of a node: the scores that can still change the
//! choice above it. Negamax hands each child the window flipped and negated.

use super::score::{INFINITE, Score};
use super::tt::Bound;

/// The open interval (`alpha`, `beta`) from the side to move's point of
/// view: a score at or below `alpha` is no better than a line already found
/// higher up, one at or above `beta` more than the opponent would allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The best score the side to move is already sure of.
    pub alpha: Score,
    /// The most the opponent will allow.
    pub beta: Score,
}

impl Window {
    /// Every score: the window of a root search.
    pub const FULL: Window = Window { alpha: -INFINITE, beta: INFINITE };

    /// This window as the child sees it: from the other side, so negated
    /// and swapped.
    pub const fn for_child(self) -> Window {
        Window { alpha: -self.beta, beta: -self.alpha }
    }

    /// The null window just above `alpha`, as the child sees it: a search in
    /// it only tells whether a move beats `alpha`, which is cheaper than
    /// finding its exact score.
    pub const fn null_for_child(self) -> Window {
        Window { alpha: -self.alpha - 1, beta: -self.alpha }
    }

    /// Whether a stored `score` with this `bound` already decides a node
    /// searched in this window, so the node need not be searched again.
    pub fn settled_by(self, bound: Bound, score: Score) -> bool {
        match bound {
            Bound::Exact => true,
            Bound::Lower => score >= self.beta,
            Bound::Upper => score <= self.alpha,
        }
    }

    /// What the best score found in this window says about the true value:
    /// at least it when it reached `beta`, at most it when it did not pass
    /// `alpha`, exactly it in between.
    pub fn bound_of(self, best: Score) -> Bound {
        if best >= self.beta {
            Bound::Lower
        } else if best > self.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_child_sees_the_window_negated_and_swapped() {
        let w = Window { alpha: -30, beta: 50 };
        assert_eq!(w.for_child(), Window { alpha: -50, beta: 30 });
        assert_eq!(w.null_for_child(), Window { alpha: 29, beta: 30 });
        assert_eq!(Window::FULL.for_child(), Window::FULL);
    }

    #[test]
    fn a_score_is_a_bound_by_where_it_falls() {
        let w = Window { alpha: -30, beta: 50 };
        assert_eq!(w.bound_of(50), Bound::Lower);
        assert_eq!(w.bound_of(49), Bound::Exact);
        assert_eq!(w.bound_of(-30), Bound::Upper);
        assert!(w.settled_by(Bound::Exact, 0));
        assert!(w.settled_by(Bound::Lower, 50) && !w.settled_by(Bound::Lower, 49));
        assert!(w.settled_by(Bound::Upper, -30) && !w.settled_by(Bound::Upper, -29));
    }
}
