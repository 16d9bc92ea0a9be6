//! RULES 4: kings.

use crate::rules::util::{captured, find, moves, sorted};

#[test]
fn a_king_flies_along_free_diagonals_both_ways() {
    // RULES 4.1: from 14 (e4) in all four directions, to the edge.
    let expected = sorted(&[
        "14-10", "14-5", "14-1", // down-right
        "14-11", "14-7", "14-4", // down-left
        "14-18", "14-21", "14-25", // up-right
        "14-19", "14-23", "14-28", "14-32", // up-left
    ]);
    assert_eq!(moves("W:WK14:B29"), expected);
}

#[test]
fn a_king_stops_before_any_piece() {
    // RULES 4.1: an own piece on 23 cuts the river short.
    assert_eq!(moves("W:WK1,23:B30"), sorted(&["1-5", "1-10", "1-14", "1-19", "23-27", "23-28"]));
}

#[test]
fn a_king_captures_at_a_distance_and_lands_anywhere_beyond() {
    // RULES 4.2: 1 flies over 5, 10, 14, takes 19, and may land on 23, 28 or 32.
    assert_eq!(moves("W:WK1:B19"), sorted(&["1x23", "1x28", "1x32"]));
}

#[test]
fn a_king_cannot_jump_two_pieces_in_a_row() {
    // RULES 4.2: exactly one enemy piece, then an empty square.
    assert_eq!(moves("W:WK1:B14,19"), sorted(&["1-5", "1-10"]));
}

#[test]
fn a_king_cannot_jump_its_own_piece() {
    // RULES 4.2: the own man on 5 shields the black man on 14.
    assert_eq!(moves("W:WK1,5:B14"), sorted(&["5-10", "5-9"]));
}

#[test]
fn a_king_continues_in_any_direction() {
    // RULES 4.3: after taking 19 it must land on 23 to turn and take 27.
    assert_eq!(moves("W:WK1:B19,27"), sorted(&["1x30"]));
    let mv = find("W:WK1:B19,27", "1x30");
    assert_eq!(captured(&mv), vec![19, 27]);
    assert_eq!(mv.landings().map(|s| s.number()).collect::<Vec<_>>(), vec![23, 30]);
}

#[test]
fn a_black_king_moves_and_captures_the_same_way() {
    // RULES 4.1-4.2 hold for both colours.
    assert_eq!(moves("B:W14:BK32"), sorted(&["32x10", "32x5", "32x1"]));
}
