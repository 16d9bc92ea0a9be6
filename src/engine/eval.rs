//! Static evaluation: what a quiet position (no capture pending) is worth to
//! the side to move, in centi-men.
//!
//! Classic draughts counts material first (a king is worth several men),
//! then the men's progress, a guarded back row, the centre, kings on the
//! long diagonal (the square that decides three kings against one, RULES
//! 10) and mobility. Giveaway reverses the goal (RULES 8.2): the fewer
//! pieces and moves left, the better.

use super::score::Score;
use crate::rules::{Color, Position, Square, Variant};

/// The evaluation's weights, in centi-men; [`Weights::TUNED`] is what the
/// engine plays with (docs/engine.md says how they were chosen).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A king, against a man's 100.
    pub king: Score,
    /// A man on each rank counted from its own side (0: its back rank).
    pub advance: [Score; 8],
    /// A man still on its own back rank while the opponent has men to crown.
    pub back_row: Score,
    /// A man on one of the four central squares (14, 15, 18, 19).
    pub centre: Score,
    /// A king on the long diagonal (1-5-10-14-19-23-28-32, RULES 2.2).
    pub long_diagonal: Score,
    /// Each legal move more than the opponent has.
    pub mobility: Score,
    /// When ahead, per centi-man of lead and per piece already off the
    /// board, divided by 100: trading down wins endings.
    pub trade_down: Score,
}

impl Weights {
    /// The weights the engine plays with.
    pub const TUNED: Weights = Weights {
        king: 300,
        advance: [0, 0, 2, 4, 7, 12, 20, 0],
        back_row: 16,
        centre: 6,
        long_diagonal: 15,
        mobility: 2,
        trade_down: 3,
    };
}

/// Masks in the rules' padded bit layout, built from square numbers.
const fn mask(squares: &[u8]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < squares.len() {
        m |= 1 << Square::ALL[squares[i] as usize - 1].bit();
        i += 1;
    }
    m
}

/// Squares of each rank, from White's side (rank 0 holds 1-4).
const RANKS: [u64; 8] = {
    let mut r = [0u64; 8];
    let mut rank = 0;
    while rank < 8 {
        let first = rank as u8 * 4 + 1;
        r[rank] = mask(&[first, first + 1, first + 2, first + 3]);
        rank += 1;
    }
    r
};
const CENTRE: u64 = mask(&[14, 15, 18, 19]);
const LONG_DIAGONAL: u64 = mask(&[1, 5, 10, 14, 19, 23, 28, 32]);

/// The evaluation of `pos` for its side to move. The caller makes sure no
/// capture is pending (capture is compulsory, so such a position is not
/// quiet and its static value means little).
pub fn evaluate(pos: &Position, variant: Variant, w: &Weights) -> Score {
    match variant {
        Variant::Classic => classic(pos, w),
        Variant::Giveaway => giveaway(pos),
    }
}

fn classic(pos: &Position, w: &Weights) -> Score {
    let white = side_terms(pos, Color::White, w);
    let black = side_terms(pos, Color::Black, w);
    let material = |c: Color| 100 * (pos.count(c) - pos.king_count(c)) as Score + w.king * pos.king_count(c) as Score;
    let lead = material(Color::White) - material(Color::Black);
    let off_board = 24 - (pos.count(Color::White) + pos.count(Color::Black)) as Score;
    let trade = w.trade_down * lead * off_board / 100;
    let for_white = lead + white - black + trade;
    let mobility = w.mobility
        * (pos.count_legal_moves() as Score - pos.with_turn(pos.turn().opponent()).count_legal_moves() as Score);
    match pos.turn() {
        Color::White => for_white + mobility,
        Color::Black => -for_white + mobility,
    }
}

/// Positional terms of one side (no material).
fn side_terms(pos: &Position, color: Color, w: &Weights) -> Score {
    let (own, theirs) = match color {
        Color::White => (pos.white, pos.black),
        Color::Black => (pos.black, pos.white),
    };
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let mut score = 0;
    for (rank, mask) in RANKS.iter().enumerate() {
        let from_own_side = if color == Color::White { rank } else { 7 - rank };
        score += w.advance[from_own_side] * (men & mask).count_ones() as Score;
    }
    let back_rank = if color == Color::White { RANKS[0] } else { RANKS[7] };
    if theirs & !pos.kings != 0 {
        score += w.back_row * (men & back_rank).count_ones() as Score;
    }
    score += w.centre * (men & CENTRE).count_ones() as Score;
    score += w.long_diagonal * (kings & LONG_DIAGONAL).count_ones() as Score;
    score
}

/// Giveaway: every piece left is a burden, a king the most (it is the
/// hardest to give away), and a position with few moves is close to the
/// goal of having none.
fn giveaway(pos: &Position) -> Score {
    let us = pos.turn();
    let burden = |c: Color| 100 * (pos.count(c) - pos.king_count(c)) as Score + 150 * pos.king_count(c) as Score;
    burden(us.opponent()) - burden(us) - 2 * pos.count_legal_moves() as Score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> Score {
        evaluate(&fen.parse().unwrap(), Variant::Classic, &Weights::TUNED)
    }

    #[test]
    fn the_start_is_level_for_either_side() {
        let start = Position::initial();
        assert_eq!(eval(&start.to_string()), 0);
        assert_eq!(eval(&start.with_turn(Color::Black).to_string()), 0);
    }

    #[test]
    fn mirrored_positions_score_alike() {
        // The same men seen from the other side: White 9, 10 against Black
        // 23, 24 mirrors to Black 24, 23 against White 10, 9.
        assert_eq!(eval("W:W9,10:B28,27"), eval("B:W5,6:B24,23"));
    }

    #[test]
    fn a_king_is_worth_several_men_and_material_comes_first() {
        assert!(eval("W:WK14:B27,28") > 0, "a king beats two men");
        assert!(eval("W:W9,10,11:B27,28") > 50);
        assert!(eval("B:W9,10,11:B27,28") < -50);
    }

    #[test]
    fn a_king_on_the_long_diagonal_is_better_placed() {
        // Without mobility, which the black kings' reach would blur.
        let w = Weights { mobility: 0, ..Weights::TUNED };
        let eval = |fen: &str| evaluate(&fen.parse().unwrap(), Variant::Classic, &w);
        let (on, off) = (eval("W:WK14:BK30,K31"), eval("W:WK13:BK30,K31"));
        assert!(on > off, "{on} vs {off}");
    }

    #[test]
    fn giveaway_prefers_fewer_pieces() {
        let fewer = evaluate(&"W:W9:B25,26,27".parse().unwrap(), Variant::Giveaway, &Weights::TUNED);
        let more = evaluate(&"W:W9,10,11:B27".parse().unwrap(), Variant::Giveaway, &Weights::TUNED);
        assert!(fewer > more);
    }
}
