//! Puzzles that would show a player the same thing twice. Self-play and a
//! server's games find the same tactic again and again: the position a
//! move later (the tail of a puzzle already found), or the same blow with a
//! man elsewhere on the board. Two puzzles are *kin* when
//!
//! - one's position is reached along the other's solution with the same
//!   side to move, or differs from such a position on at most
//!   [`NEAR_SQUARES`] squares (it is the other's tail, or the same
//!   puzzle with a man or two elsewhere), or
//! - one's solution is a part of the other's, from a solver's move on, and
//!   is a combination of [`SHARED_PLIES`] plies or more (the same line from
//!   another position). A single move alone, such as a man crowning, recurs
//!   in unrelated puzzles and makes no kin.
//!
//! The shipped set keeps no two kin puzzles, and a server's daily puzzle is
//! never kin to one it was shown in the last days.

use crate::rules::{Move, Position, Square};

/// Squares on which two positions may differ and still be near-identical.
pub const NEAR_SQUARES: usize = 2;

/// The shortest solution (plies: the solver's move, the reply, the
/// solver's again) whose appearance inside another's makes two puzzles kin.
pub const SHARED_PLIES: usize = 3;

/// A puzzle as far as kinship goes: its position and its solution (the
/// solver's moves and the replies, alternating).
#[derive(Clone, Debug)]
pub struct Solution {
    /// The positions of the solution where the solver is to move: the
    /// puzzle's own, then after each reply.
    solver_positions: Vec<Position>,
    /// The solution's moves.
    line: Vec<Move>,
}

impl Solution {
    /// The solution `line` of the puzzle at `position`; a move that is not
    /// legal where it stands ends the positions there (a stored line is
    /// legal, so this only guards against a damaged one).
    pub fn new(position: Position, line: &[Move]) -> Solution {
        let mut solver_positions = vec![position];
        let mut at = position;
        for (ply, mv) in line.iter().enumerate() {
            let Some(next) = at.play(mv) else { break };
            at = next;
            if ply % 2 == 1 {
                solver_positions.push(at);
            }
        }
        Solution { solver_positions, line: line.to_vec() }
    }

    /// Whether `self` and `other` are kin (see the module).
    pub fn is_kin(&self, other: &Solution) -> bool {
        self.passes_near(other) || other.passes_near(self) || part_of(&self.line, &other.line)
    }

    /// Whether `other`'s position is near one of `self`'s with the solver
    /// to move.
    fn passes_near(&self, other: &Solution) -> bool {
        other.solver_positions.first().is_some_and(|start| self.solver_positions.iter().any(|p| near(p, start)))
    }
}

/// Whether `a` and `b` have the same side to move and differ on at most
/// [`NEAR_SQUARES`] squares.
fn near(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn() && Square::ALL.iter().filter(|&&s| a.piece_at(s) != b.piece_at(s)).count() <= NEAR_SQUARES
}

/// Whether the shorter of `a` and `b`, [`SHARED_PLIES`] long at least,
/// runs move for move inside the longer from one of its solver's moves (an
/// even index) on.
fn part_of(a: &[Move], b: &[Move]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short.len() >= SHARED_PLIES
        && (0..=long.len() - short.len()).step_by(2).any(|at| long[at..at + short.len()] == *short)
}

/// Keeps, in order, each of `items` that is kin to none kept before it.
pub fn without_kin<T>(items: impl IntoIterator<Item = T>, solution: impl Fn(&T) -> Solution) -> Vec<T> {
    let mut kept: Vec<(T, Solution)> = Vec::new();
    for item in items {
        let this = solution(&item);
        if kept.iter().all(|(_, earlier)| !earlier.is_kin(&this)) {
            kept.push((item, this));
        }
    }
    kept.into_iter().map(|(item, _)| item).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn solution(fen: &str, line: &str) -> Solution {
        let mut position = parse_fen(fen).unwrap();
        let start = position;
        let mut moves = Vec::new();
        for notation in line.split_whitespace() {
            let mv = position.parse_move(notation).unwrap();
            position = position.play(&mv).unwrap();
            moves.push(mv);
        }
        Solution::new(start, &moves)
    }

    // From the shipped set as it was before kin were taken out.
    const BREAKTHROUGH: (&str, &str) = ("B:W1,2,4,8,13,22,23:B10,11,16,24,29,30,32", "10-6 22-27 6-3");
    const ITS_TAIL: (&str, &str) = ("B:W1,2,4,8,13,23,27:B6,11,16,24,29,30,32", "6-3");

    #[test]
    fn a_puzzle_reached_along_another_s_solution_is_its_kin() {
        let (whole, tail) = (solution(BREAKTHROUGH.0, BREAKTHROUGH.1), solution(ITS_TAIL.0, ITS_TAIL.1));
        assert!(whole.is_kin(&tail) && tail.is_kin(&whole));
        // The tail with a man of White's elsewhere (on 5): near enough.
        let nearly = solution("B:W1,2,4,5,8,13,23,27:B6,11,16,24,29,30,32", "6-3");
        assert!(whole.is_kin(&nearly));
        // The same last move from quite another position is another puzzle.
        let elsewhere = solution("B:W1,2,K13:B6,K11,25,31", "6-3");
        assert!(!whole.is_kin(&elsewhere) && !elsewhere.is_kin(&whole));
    }

    #[test]
    fn the_same_line_with_men_elsewhere_is_kin() {
        // Two men fewer (White's on 2, Black's on 30): the same shot.
        let a = solution("W:W2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,30,31,32", "5-9 13-10 6x13");
        let b = solution("W:W3,4,5,6,7,8,12,14:B13,23,24,25,27,28,31,32", "5-9 13-10 6x13");
        assert!(a.is_kin(&b));
        // The same first move answered otherwise, a man away: kin by position.
        let c = solution("W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32", "5-9 29-26 9x18");
        assert!(a.is_kin(&c));
    }

    #[test]
    fn a_single_move_shared_makes_no_kin() {
        // An ending won by 15-19, and a breakthrough that opens with it.
        let ending = solution("W:W6,15,K29:BK2,28", "15-19");
        let long = solution(
            "W:W1,2,3,15,21,24:B14,20,29,31,32",
            "15-19 14-11 19-22 20-16 21-25 11-7 3x12 16x7 22-26 29x22 25-29",
        );
        assert!(!ending.is_kin(&long) && !long.is_kin(&ending));
    }

    #[test]
    fn a_line_inside_another_counts_from_a_solver_s_move_only() {
        let whole = solution(BREAKTHROUGH.0, BREAKTHROUGH.1).line;
        let mut longer = whole.clone();
        longer.splice(0..0, whole[..2].iter().copied());
        assert!(part_of(&longer, &whole), "from the solver's second move");
        assert!(part_of(&whole, &whole), "the same line");
        assert!(!part_of(&longer[1..], &whole), "from a reply");
        assert!(!part_of(&whole[..1], &whole), "one move");
        assert!(!part_of(&whole, &[]));
    }

    #[test]
    fn without_kin_keeps_the_first_of_each_family() {
        let items = [BREAKTHROUGH, ITS_TAIL, ("W:W1,4,5,26:B18,30,31,32", "26-29")];
        let kept = without_kin(items, |(fen, line)| solution(fen, line));
        assert_eq!(kept, [items[0], items[2]]);
    }
}
