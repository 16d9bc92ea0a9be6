//! RULES 2: square numbers.

use damas::rules::{Color, Piece, Position, Role, Square};

use crate::rules::util::pos;

#[test]
fn numbers_run_right_to_left_rank_by_rank() {
    // RULES 2.1: the diagram, rank by rank.
    let expected = [
        (1, "h1"),
        (2, "f1"),
        (3, "d1"),
        (4, "b1"),
        (5, "g2"),
        (8, "a2"),
        (9, "h3"),
        (12, "b3"),
        (13, "g4"),
        (16, "a4"),
        (17, "h5"),
        (20, "b5"),
        (21, "g6"),
        (24, "a6"),
        (25, "h7"),
        (28, "b7"),
        (29, "g8"),
        (32, "a8"),
    ];
    for (n, name) in expected {
        assert_eq!(Square::new(n).unwrap().algebraic(), name, "square {n}");
    }
    assert_eq!(Square::new(0), None);
    assert_eq!(Square::new(33), None);
}

#[test]
fn the_long_diagonal_is_1_5_10_14_19_23_28_32() {
    // RULES 2.2: a king on 1 with nothing else in the way reaches the whole river.
    let moves = crate::rules::util::moves("W:WK1:B21");
    let expected = crate::rules::util::sorted(&["1-5", "1-10", "1-14", "1-19", "1-23", "1-28", "1-32"]);
    assert_eq!(moves, expected);
    let river: Vec<(u8, u8)> =
        [1, 5, 10, 14, 19, 23, 28, 32].iter().map(|&n| Square::new(n).unwrap()).map(|s| (s.file(), s.rank())).collect();
    for (i, (file, rank)) in river.iter().enumerate() {
        assert_eq!((*file, *rank), (7 - i as u8, i as u8));
    }
}

#[test]
fn the_game_starts_with_white_on_1_to_12_and_black_on_21_to_32() {
    // RULES 2.3
    let start = Position::initial();
    assert_eq!(start.turn(), Color::White);
    for (sq, piece) in start.pieces() {
        assert_eq!(piece.role, Role::Man);
        let expected = if sq.number() <= 12 { Color::White } else { Color::Black };
        assert_eq!(piece.color, expected, "square {sq}");
        assert!(sq.number() <= 12 || sq.number() >= 21);
    }
    assert_eq!(start.count(Color::White), 12);
    assert_eq!(start.count(Color::Black), 12);
    assert_eq!(start, pos("W:W1-12:B21-32"));
}

#[test]
fn the_squares_of_each_kind_of_piece_are_listed_by_number() {
    // RULES 2.1: the numbers a description of the board reads out.
    let position = pos("B:W24,K9,21,22:BK30,6,5");
    let list = |color, role| -> Vec<u8> { position.squares_of(Piece { color, role }).map(Square::number).collect() };
    assert_eq!(list(Color::White, Role::Man), [21, 22, 24]);
    assert_eq!(list(Color::White, Role::King), [9]);
    assert_eq!(list(Color::Black, Role::Man), [5, 6]);
    assert_eq!(list(Color::Black, Role::King), [30]);
    let start = Position::initial();
    let men = |color| start.squares_of(Piece { color, role: Role::Man }).count();
    assert_eq!((men(Color::White), men(Color::Black)), (12, 12));
    assert_eq!(start.squares_of(Piece { color: Color::White, role: Role::King }).count(), 0);
}
