//! RULES 8: variants.

use damas::rules::{Color, DrawRules, EndReason, Game, GameResult, Outcome, PdnResult, Role, Variant};
use strum::VariantArray;

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
    assert_eq!(
        "long-ish".parse::<DrawRules>().unwrap_err().to_string(),
        "unknown draw rule preset `long-ish`; choose one of classic, ludoteka, long, hundred"
    );
    // Typed in any case.
    assert_eq!("GiveAway".parse::<Variant>(), Ok(Variant::Giveaway));
    assert_eq!("LUDOTEKA".parse::<DrawRules>(), Ok(DrawRules::Ludoteka));
    // `ALL` lists every variant, in order.
    assert_eq!(Variant::ALL, Variant::VARIANTS);
    assert_eq!(DrawRules::ALL, DrawRules::VARIANTS);
}

#[test]
fn sides_results_and_reasons_have_stable_names() {
    // The names a game is stored and written under (RULES 6.5 for results).
    assert_eq!(names(Color::VARIANTS, |c| c.name()), ["white", "black"]);
    assert_eq!(names(Role::VARIANTS, |r| r.name()), ["man", "king"]);
    for &c in Color::VARIANTS {
        assert_eq!(c.name().parse::<Color>(), Ok(c));
    }
    assert!("White".parse::<Color>().is_err(), "stored names are read exactly");
    let outcomes = [Outcome::Win(Color::White), Outcome::Win(Color::Black), Outcome::Draw];
    assert_eq!(names(&outcomes, |o| o.pdn()), ["2-0", "0-2", "1-1"]);
    for o in outcomes {
        assert_eq!(o.pdn().parse::<Outcome>(), Ok(o));
        assert_eq!(Outcome::from(PdnResult::from(o)), o);
    }
    assert_eq!(PdnResult::VARIANTS.len(), outcomes.len());
    assert!("1-0".parse::<Outcome>().is_err());
    assert_eq!(
        names(EndReason::VARIANTS, |r| r.name()),
        ["no_legal_move", "repetition", "king_move_rule", "three_kings_rule"]
    );
    for &r in EndReason::VARIANTS {
        assert_eq!(r.name().parse::<EndReason>(), Ok(r));
    }
}

fn names<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|&v| name(v)).collect()
}
