//! RULES 1: board and orientation.

use damas::rules::Square;

#[test]
fn only_the_32_dark_squares_are_playing_squares() {
    // RULES 1.1: 32 playing squares out of 64, alternating.
    let mut count = 0;
    for rank in 0..8 {
        for file in 0..8 {
            if let Some(sq) = Square::from_coords(file, rank) {
                count += 1;
                assert_eq!((sq.file(), sq.rank()), (file, rank));
                assert_eq!((file + rank) % 2, 1, "{} must be dark", sq.algebraic());
            }
        }
    }
    assert_eq!(count, 32);
}

#[test]
fn white_has_a_playing_square_in_its_right_hand_corner() {
    // RULES 1.2: from White's side h1 is a playing square, a1 is not.
    assert_eq!(Square::from_coords(7, 0), Square::new(1));
    assert_eq!(Square::from_coords(0, 0), None);
}

#[test]
fn black_has_a_playing_square_in_its_right_hand_corner() {
    // RULES 1.2: Black's right-hand corner is a8 (seen from Black's chair).
    assert_eq!(Square::from_coords(0, 7), Square::new(32));
    assert_eq!(Square::from_coords(7, 7), None);
}
