//! Scores: centi-men from the side to move's point of view, with a band at
//! each end for proven wins and losses that also says how far away they are.

/// A search score in centi-men (a man is 100), from the side to move.
pub type Score = i32;

/// The score of a win on the spot; a win in `n` plies scores `WIN - n`.
pub const WIN: Score = 30_000;

/// Scores beyond this (either sign) are proven results, not estimates.
pub const PROVEN: Score = WIN - 1_000;

/// Wider than any score: the initial search window.
pub const INFINITE: Score = 32_000;

/// A proven win for the side to move in `plies` plies.
pub const fn win_in(plies: u32) -> Score {
    WIN - plies as Score
}

/// A proven loss for the side to move in `plies` plies.
pub const fn loss_in(plies: u32) -> Score {
    -WIN + plies as Score
}

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum Verdict {
    /// The side to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with best play.
    Loss,
}

impl Verdict {
    /// The lower-case word used in JSON output.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// A proven value and the plies to the end of the game with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Win, draw or loss for the side to move.
    pub verdict: Verdict,
    /// Plies to the end with best play (the winner hurries, the loser
    /// holds out); 0 for a draw.
    pub plies: u32,
}

/// The proof a search score carries, if it is in the proven band.
pub fn proof_of(score: Score) -> Option<Proof> {
    if score >= PROVEN {
        Some(Proof { verdict: Verdict::Win, plies: (WIN - score) as u32 })
    } else if score <= -PROVEN {
        Some(Proof { verdict: Verdict::Loss, plies: (WIN + score) as u32 })
    } else {
        None
    }
}

/// A score relative to the root from one relative to a node `ply` plies
/// down, and back: proven scores count plies from where they are seen.
pub fn to_tt(score: Score, ply: usize) -> Score {
    if score >= PROVEN {
        score + ply as Score
    } else if score <= -PROVEN {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub fn from_tt(score: Score, ply: usize) -> Score {
    if score >= PROVEN {
        score - ply as Score
    } else if score <= -PROVEN {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_round_trip_their_distance() {
        assert_eq!(proof_of(win_in(17)), Some(Proof { verdict: Verdict::Win, plies: 17 }));
        assert_eq!(proof_of(loss_in(4)), Some(Proof { verdict: Verdict::Loss, plies: 4 }));
        assert_eq!(proof_of(250), None);
        assert_eq!(from_tt(to_tt(win_in(9), 5), 5), win_in(9));
        // A win 8 plies from the root, seen at a node 5 plies down, is a
        // win in 3 from that node: the table keeps it that way.
        assert_eq!(to_tt(win_in(8), 5), win_in(3));
    }

    #[test]
    fn verdicts_are_named_as_the_json_output_promises() {
        use strum::VariantArray;
        let names: Vec<&str> = Verdict::VARIANTS.iter().map(|v| v.name()).collect();
        assert_eq!(names, ["win", "draw", "loss"]);
    }
}
