//! RULES 3: men.

use damas::rules::{Color, Role, Square};

use crate::rules::util::{captured, find, moves, pos, sorted};

#[test]
fn a_man_steps_one_square_diagonally_forward() {
    // RULES 3.1: White moves up the board, Black down.
    assert_eq!(moves("W:W10:B32"), sorted(&["10-13", "10-14"]));
    assert_eq!(moves("B:W1:B23"), sorted(&["23-19", "23-20"]));
}

#[test]
fn a_man_never_steps_backward_or_onto_a_piece() {
    // RULES 3.1: only forward, only to an empty square.
    assert_eq!(moves("W:W14,18:B32"), sorted(&["14-19", "18-21", "18-22"]));
    assert_eq!(moves("W:W1:B5,10"), Vec::<String>::new());
}

#[test]
fn a_man_captures_forward() {
    // RULES 3.2: 14 jumps the black man on 18 and lands on 21.
    assert_eq!(moves("W:W14:B18,30"), sorted(&["14x21"]));
    assert_eq!(moves("B:W10:B14"), sorted(&["14x5"]));
}

#[test]
fn a_man_never_captures_backward() {
    // RULES 3.2: the black man on 10 is behind the white man on 14.
    assert_eq!(moves("W:W14:B10,30"), sorted(&["14-18", "14-19"]));
    // Nor in the middle of a capture: after 3x10 the man on 5 is behind it.
    let mv = find("W:W3:B6,5", "3x10");
    assert_eq!(captured(&mv), vec![6]);
    assert_eq!(moves("W:W3:B6,5"), sorted(&["3x10"]));
}

#[test]
fn a_man_continues_capturing_forward() {
    // RULES 3.2 with 5.1: two forward jumps in one move.
    assert_eq!(moves("W:W6:B10,18"), sorted(&["6x22"]));
    assert_eq!(captured(&find("W:W6:B10,18", "6x22")), vec![10, 18]);
}

#[test]
fn a_man_reaching_the_far_rank_becomes_a_king() {
    // RULES 3.3: White on 29-32, Black on 1-4.
    let start = pos("W:W26:BK1");
    let after = start.play(&find("W:W26:BK1", "26-30")).unwrap();
    let piece = after.piece_at(Square::new(30).unwrap()).unwrap();
    assert_eq!((piece.color, piece.role), (Color::White, Role::King));

    let after = pos("B:WK30:B7").play(&find("B:WK30:B7", "7-3")).unwrap();
    assert_eq!(after.piece_at(Square::new(3).unwrap()).unwrap().role, Role::King);
    // A man that stops short of the far rank stays a man.
    let after = pos("W:W22:BK1").play(&find("W:W22:BK1", "22-26")).unwrap();
    assert_eq!(after.piece_at(Square::new(26).unwrap()).unwrap().role, Role::Man);
}

#[test]
fn promotion_ends_the_move() {
    // RULES 3.4: 23x30 crowns the man on 30; as a king it could go on to
    // take 26 (landing on 21), but the move ends at promotion.
    let fen = "W:W23:B27,26";
    assert_eq!(moves(fen), sorted(&["23x30"]));
    let mv = find(fen, "23x30");
    assert_eq!(captured(&mv), vec![27]);
    let after = pos(fen).play(&mv).unwrap();
    assert_eq!(after.piece_at(Square::new(30).unwrap()).unwrap().role, Role::King);
    assert!(after.piece_at(Square::new(26).unwrap()).is_some(), "26 was not captured");
    assert_eq!(after.turn(), Color::Black);
}

#[test]
fn a_capture_landing_on_the_far_rank_crowns_the_man() {
    // RULES 3.3-3.4 for Black: 10x3 ends on Black's far rank.
    let fen = "B:W6:B10";
    let after = pos(fen).play(&find(fen, "10x3")).unwrap();
    assert_eq!(after.piece_at(Square::new(3).unwrap()).unwrap().role, Role::King);
}
