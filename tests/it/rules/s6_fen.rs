//! RULES 6.4: positions in PDN FEN.

use damas::rules::{Color, FenError, Position, Role, SetupError, Square};

use crate::rules::util::pos;

#[test]
fn the_start_position_in_canonical_form() {
    // RULES 6.4: every square, ascending, no ranges.
    assert_eq!(Position::initial().to_string(), "W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,23,24,25,26,27,28,29,30,31,32");
}

#[test]
fn ranges_kings_and_either_colour_order_parse() {
    // RULES 6.4: `K` marks kings, ranges allowed on input.
    let p = pos("B:BK30,21-22:W1,K5");
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.piece_at(Square::new(30).unwrap()).unwrap().role, Role::King);
    assert_eq!(p.piece_at(Square::new(5).unwrap()).unwrap().role, Role::King);
    assert_eq!(p.count(Color::Black), 3);
    assert_eq!(p.to_string(), "B:W1,K5:B21,22,K30");
    assert_eq!(pos(" \"W:W1-12:B21-32.\" "), Position::initial());
    assert_eq!(pos("w:w1-12:b21-32"), Position::initial());
}

#[test]
fn a_side_without_pieces_is_a_position() {
    // RULES 7.1: it is how games end, so it must be writable.
    let p = pos("B:W5:B");
    assert_eq!(p.count(Color::Black), 0);
    assert_eq!(p.to_string(), "B:W5:B");
    assert_eq!(pos("W:B5").count(Color::White), 0);
}

fn fen_err(text: &str) -> FenError {
    text.parse::<Position>().unwrap_err()
}

#[test]
fn impossible_positions_are_refused_with_the_place() {
    // RULES 6.4 / 2-3: a square twice, a man on its far rank, too many pieces.
    assert_eq!(
        fen_err("W:W1,2:B2"),
        FenError::Impossible { at: 9, error: SetupError::SquareTwice(Square::new(2).unwrap()) }
    );
    assert_eq!(
        fen_err("W:W30:B1"),
        FenError::Impossible {
            at: 4,
            error: SetupError::ManOnFarRank { square: Square::new(30).unwrap(), color: Color::White }
        }
    );
    assert!(matches!(fen_err("B:W5:B3"), FenError::Impossible { error: SetupError::ManOnFarRank { .. }, .. }));
    assert!(matches!(
        fen_err("W:W1-13:B21"),
        FenError::Impossible { error: SetupError::TooManyPieces { color: Color::White, count: 13 }, .. }
    ));
    // Kings may stand on any square, including the far rank.
    assert!("W:WK30:BK1".parse::<Position>().is_ok());
}

#[test]
fn garbage_is_refused_with_the_place() {
    // RULES 6.4: syntax errors point at the character.
    let cases = [
        ("", 1),
        ("X:W1:B2", 1),
        ("W;W1", 2),
        ("W:W1,:B2", 6),
        ("W:W33:B2", 4),
        ("W:W0", 4),
        ("W:W5-3", 6),
        ("W:W1:W2", 6),
        ("W:Q1", 3),
        ("W:W1x", 5),
    ];
    for (text, at) in cases {
        match fen_err(text) {
            FenError::Syntax { at: found, .. } => assert_eq!(found, at, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
        assert!(fen_err(text).to_string().starts_with("bad FEN at character"));
    }
}
