//! RULES 6.1-6.3: move notation.

use damas::rules::{Color, MoveError, move_number};

use crate::rules::util::{find, moves, pos};

#[test]
fn quiet_moves_use_a_dash_and_captures_an_x() {
    // RULES 6.1
    assert!(moves("W:W1-12:B21-32").contains(&"11-15".to_string()));
    assert_eq!(moves("W:W14:B18,30"), vec!["14x21".to_string()]);
}

/// Two captures from 6 to 22: over 10 and 18, or over 11 and 19.
const TWO_ROUTES: &str = "W:W6:B10,11,18,19";

#[test]
fn ambiguous_captures_are_written_with_every_landing_square() {
    // RULES 6.2
    let mut list = moves(TWO_ROUTES);
    list.sort();
    assert_eq!(list, vec!["6x13x22".to_string(), "6x15x22".to_string()]);
}

#[test]
fn the_short_form_of_an_ambiguous_capture_is_refused_with_the_choices() {
    // RULES 6.3: never guess.
    let err = pos(TWO_ROUTES).parse_move("6x22").unwrap_err();
    assert_eq!(err, MoveError::Ambiguous { text: "6x22".into(), candidates: vec!["6x13x22".into(), "6x15x22".into()] });
    assert!(err.to_string().contains("6x13x22") && err.to_string().contains("6x15x22"));
}

#[test]
fn a_landing_square_picks_out_the_route() {
    // RULES 6.3: any subsequence of landing squares that is unique.
    let over_10 = find(TWO_ROUTES, "6x13x22");
    assert_eq!(over_10.captures().map(|s| s.number()).collect::<Vec<_>>(), vec![10, 18]);
    assert_eq!(find(TWO_ROUTES, "6 13 22"), over_10);
    assert_eq!(find(TWO_ROUTES, "06x15x22").captures().map(|s| s.number()).collect::<Vec<_>>(), vec![11, 19]);
    // A landing square that is not on the route matches nothing.
    assert!(pos(TWO_ROUTES).parse_move("6x14x22").is_err());
}

#[test]
fn input_is_lenient_about_separators_and_zeros() {
    // RULES 6.3: `11-15`, `11x15`, `11 15`, `11:15`, `11×15`, `011-015`.
    let start = "W:W1-12:B21-32";
    let expected = find(start, "11-15");
    for text in ["11x15", "11 15", "11:15", "11×15", "011-015", " 11 - 15 ", "11X15"] {
        assert_eq!(find(start, text), expected, "{text}");
    }
    let capture = find("W:W14:B18,30", "14x21");
    assert_eq!(find("W:W14:B18,30", "14-21"), capture);
    assert_eq!(find("W:W14:B18,30", "014x021"), capture);
}

#[test]
fn text_that_is_not_notation_says_so() {
    // RULES 6.3: typed errors: not notation.
    for text in ["", "   ", "e3-f4", "11", "11-", "11-99", "0-5", "hello", "11--15x", "11/15"] {
        let err = pos("W:W1-12:B21-32").parse_move(text);
        match text {
            "11--15x" => assert!(err.is_ok(), "runs of separators are fine"),
            _ => assert!(matches!(err, Err(MoveError::NotNotation { .. })), "{text:?}: {err:?}"),
        }
    }
}

#[test]
fn a_move_that_is_not_legal_says_why() {
    // RULES 6.3: illegal here, with the reason.
    let start = pos("W:W1-12:B21-32");
    let err = start.parse_move("11-16").unwrap_err();
    assert!(matches!(err, MoveError::NoSuchMove { .. }));
    assert!(err.to_string().contains("11-14") && err.to_string().contains("11-15"), "{err}");
    let err = start.parse_move("14-18").unwrap_err();
    assert!(err.to_string().contains("14 is empty"), "{err}");
    let err = start.parse_move("22-18").unwrap_err();
    assert!(err.to_string().contains("Black"), "{err}");
    let err = start.parse_move("1-5").unwrap_err();
    assert!(err.to_string().contains("cannot move"), "{err}");
}

#[test]
fn every_listed_move_parses_back_to_itself() {
    // RULES 6.2-6.3: output is always accepted as input.
    for fen in ["W:W1-12:B21-32", TWO_ROUTES, "W:WK30:B27,14,13,26,20", "W:W9,K2:B13,15"] {
        let p = pos(fen);
        for (mv, text) in p.legal_moves_with_notation() {
            assert_eq!(p.parse_move(&text), Ok(mv), "{text} in {fen}");
        }
    }
}

/// Moves are numbered White then Black: a game Black starts begins with
/// "1..." (its first ply is Black's move 1, its second White's move 2).
#[test]
fn move_numbers_follow_the_side_that_started() {
    assert_eq!(move_number(Color::White, 0), (1, Color::White));
    assert_eq!(move_number(Color::White, 1), (1, Color::Black));
    assert_eq!(move_number(Color::White, 2), (2, Color::White));
    assert_eq!(move_number(Color::Black, 0), (1, Color::Black));
    assert_eq!(move_number(Color::Black, 1), (2, Color::White));
    assert_eq!(move_number(Color::Black, 2), (2, Color::Black));
}
