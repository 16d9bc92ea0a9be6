//! RULES 5: capturing.

use damas::rules::{Color, MoveError};

use crate::rules::util::{captured, find, moves, pos, sorted};

#[test]
fn capturing_is_compulsory() {
    // RULES 5.1: 9-13 would be a move, but 14 can capture.
    assert_eq!(moves("W:W9,14:B18"), sorted(&["14x21"]));
    let err = pos("W:W9,14:B18").parse_move("9-13").unwrap_err();
    assert_eq!(err, MoveError::CaptureRequired { text: "9-13".into(), captures: vec!["14x21".into()] });
}

#[test]
fn jumped_pieces_stay_until_the_move_ends() {
    // RULES 5.2: the king on 30 can take 27, 14, 13 and 26 in a loop and end
    // on its own start square (which counts as empty). It can never take a
    // fifth piece: that would mean passing d7 (27) again, which is still on
    // the board. Were jumped pieces removed at once, 30x16 would take five.
    let fen = "W:WK30:B27,14,13,26,20";
    let list = moves(fen);
    assert_eq!(list, sorted(&["30x30", "30x16"]));
    let round = find(fen, "30x30");
    assert_eq!(captured(&round), vec![13, 14, 26, 27]);
    let out = find(fen, "30x16");
    assert_eq!(captured(&out), vec![13, 14, 20, 26]);
    for (mv, _) in pos(fen).legal_moves_with_notation() {
        assert!(mv.capture_count() <= 4, "no piece is jumped twice or passed over");
    }
    let after = pos(fen).play(&round).unwrap();
    assert_eq!(after.to_string(), "B:WK30:B20");
}

#[test]
fn a_jumped_piece_cannot_be_jumped_again() {
    // RULES 5.2: between two black pieces the king could shuttle over 19
    // forever if it were removable twice; it takes each piece once.
    let fen = "W:WK1:B19";
    for (mv, _) in pos(fen).legal_moves_with_notation() {
        assert_eq!(mv.capture_count(), 1);
    }
}

#[test]
fn law_of_quantity_the_most_pieces() {
    // RULES 5.3: 9x27 takes two men, 11x20 takes one king: quantity first.
    assert_eq!(moves("W:W9,11:B13,K15,22"), sorted(&["9x27"]));
}

#[test]
fn law_of_quality_then_the_most_kings() {
    // RULES 5.3: both capture one piece; only the one taking a king is legal.
    assert_eq!(moves("W:W9,11:B13,K15"), sorted(&["11x20"]));
    let err = pos("W:W9,11:B13,K15").parse_move("9x18").unwrap_err();
    assert!(matches!(err, MoveError::CaptureRequired { ref captures, .. } if captures == &["11x20".to_string()]));
}

#[test]
fn man_or_king_the_player_chooses_freely() {
    // RULES 5.3: no "the king must capture" rule: the man's capture and the
    // king's captures are all legal when they take as much.
    assert_eq!(moves("W:W9,K2:B13,15"), sorted(&["2x20", "2x24", "9x18"]));
    // The man's double capture beats the king's single one by quantity alone.
    assert_eq!(moves("W:W9,K2:B13,15,22"), sorted(&["9x27"]));
}

#[test]
fn the_same_start_end_and_captures_are_one_move() {
    // RULES 5.4: 30x30 is found by two routes (27 first, or 26 first), and
    // it is listed once.
    let fen = "W:WK30:B27,14,13,26,20";
    let all = pos(fen).legal_moves();
    assert_eq!(all.len(), 2);
}

#[test]
fn black_captures_by_the_same_rules() {
    // RULES 5.1-5.3 for Black: two double captures; 19x10 takes only one.
    assert_eq!(moves("B:W14,15,7:B19,18"), sorted(&["18x4", "19x3"]));
    assert_eq!(pos("B:W14,15,7:B19,18").turn(), Color::Black);
}

#[test]
fn men_take_up_to_three_pieces_and_every_longest_route_is_a_move() {
    // RULES 3.2 and 5.3-5.4: a man jumps forward only, so three jumps is its
    // longest capture. From 2 there are three routes of three pieces: two
    // that both end on 27 (over 6, 15, 23 and over 6, 14, 22) and one to 25.
    let fen = "W:W2:B6,15,23,14,22,21";
    assert_eq!(moves(fen), sorted(&["2x11x18x27", "2x11x20x27", "2x25"]));
    assert_eq!(pos(fen).count_legal_moves(), 3);
    assert_eq!(captured(&find(fen, "2x11x20x27")), vec![6, 15, 23]);
}

#[test]
fn among_men_s_longest_captures_the_most_kings_win() {
    // RULES 5.3: every route takes three pieces; only those over the king
    // on 22 are legal, whichever man makes them.
    let fen = "W:W2,3:B6,15,23,14,K22,21,7";
    assert_eq!(moves(fen), sorted(&["2x27", "3x10x19x26", "3x12x19x26"]));
    assert_eq!(pos(fen).count_legal_moves(), 3);
    for (mv, _) in pos(fen).legal_moves_with_notation() {
        assert_eq!((mv.capture_count(), mv.king_capture_count()), (3, 1));
    }
    // The same for Black, on the board turned around.
    let fen = "B:B31:W27,18,10,19,K11,12";
    assert_eq!(moves(fen), sorted(&["31x6"]));
    assert_eq!(pos(fen).count_legal_moves(), 1);
}
