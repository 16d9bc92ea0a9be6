//! RULES 8: variants.

use damas::rules::{Color, DrawRules, EndReason, Game, GameResult, Outcome, Variant};

use crate::rules::util::{moves, pos};

#[test]
fn giveaway_a_player_with_no_legal_move_wins() {
    // RULES 8.2: blocked, or no pieces left: that player wins.
    let blocked = Game::new(pos("W:W1:B5,10"), Variant::Giveaway, DrawRules::Classic);
    assert_eq!(
        blocked.result(),
        Some(GameResult { outcome: Outcome::Win(Color::White), reason: EndReason::NoLegalMove })
    );
    let mut g = Game::new(pos("W:W14:B18"), Variant::Giveaway, DrawRules::Classic);
    g.play_notation("14x21").unwrap();
    assert_eq!(g.result(), Some(GameResult { outcome: Outcome::Win(Color::Black), reason: EndReason::NoLegalMove }));
}

#[test]
fn giveaway_has_the_same_moves_and_capture_laws() {
    // RULES 8.2: same moves, compulsory capture, quantity and quality.
    let fen = "W:W9,11:B13,K15,22";
    let classic = Game::new(pos(fen), Variant::Classic, DrawRules::Classic);
    let giveaway = Game::new(pos(fen), Variant::Giveaway, DrawRules::Classic);
    assert_eq!(classic.position().legal_moves(), giveaway.position().legal_moves());
    assert_eq!(moves(fen), vec!["9x27".to_string()]);
}

#[test]
fn variants_and_presets_have_stable_names() {
    // RULES 7.4 and 8: the names games are stored under.
    for v in Variant::ALL {
        assert_eq!(v.name().parse::<Variant>().unwrap(), v);
    }
    for r in DrawRules::ALL {
        assert_eq!(r.name().parse::<DrawRules>().unwrap(), r);
    }
    assert!("italian".parse::<Variant>().unwrap_err().to_string().contains("classic, giveaway"));
}
