//! `Position::stable_key`: stored in the database (the live positions that
//! `/analyze` refuses), so it must not change between versions, and it must
//! tell positions apart (RULES 7.3b: a position is its pieces and the side
//! to move).

use std::collections::HashMap;

use damas::rules::{Color, Position, parse_fen};

/// Every position reachable from the start in up to `plies` plies.
fn reachable(plies: usize) -> Vec<Position> {
    let mut seen = vec![Position::initial()];
    let mut frontier = seen.clone();
    for _ in 0..plies {
        let mut next = Vec::new();
        for position in &frontier {
            for mv in position.legal_moves().iter() {
                let after = position.play(mv).expect("a legal move");
                if !seen.contains(&after) && !next.contains(&after) {
                    next.push(after);
                }
            }
        }
        seen.extend(next.iter().copied());
        frontier = next;
    }
    seen
}

#[test]
fn keys_are_pinned_across_versions() {
    // Changing these invalidates every stored key: a migration must then
    // recompute them.
    assert_eq!(Position::initial().stable_key(), 0xa011_edf0_51de_c806_u64);
    let kings = parse_fen("W:WK2,K20,K24:BK26").unwrap();
    assert_eq!(kings.stable_key(), 0x7560_4958_52d8_03c0_u64);
}

#[test]
fn different_positions_have_different_keys() {
    let positions = reachable(6);
    assert!(positions.len() > 5_000, "{}", positions.len());
    let mut keys = HashMap::new();
    for position in &positions {
        if let Some(other) = keys.insert(position.stable_key(), *position) {
            panic!("{other:?} and {position:?} share a key");
        }
        let turned = position.with_turn(position.turn().opponent());
        assert_ne!(turned.stable_key(), position.stable_key(), "the side to move counts");
    }
    assert_eq!(Position::initial().with_turn(Color::White).stable_key(), Position::initial().stable_key());
}
