//! Never an illegal move: whatever the position, variant or level, the
//! engine's move is one of the rules' legal moves (RULES 3-5), and it has
//! one whenever the rules do.

use std::time::Duration;

use damas::engine::{Level, Limits, Root, Searcher, analyze, choose_move};
use damas::rules::{Color, DrawRules, Piece, Position, Role, Square, Variant};
use proptest::prelude::*;

/// Any legal position, weighted towards kings: up to 12 pieces a side.
fn random_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec((1u8..=32, 0u8..6), 0..24), any::<bool>()).prop_map(|(cells, white_to_move)| {
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        for (n, kind) in cells {
            let sq = Square::new(n).unwrap();
            if pieces.iter().any(|(s, _)| *s == sq) {
                continue;
            }
            let color = if kind % 2 == 0 { Color::White } else { Color::Black };
            let far = if color == Color::White { sq.rank() == 7 } else { sq.rank() == 0 };
            // Two kinds in three are kings: king-heavy positions have the
            // longest capture sequences and the most moves.
            let role = if kind >= 2 || far { Role::King } else { Role::Man };
            if pieces.iter().filter(|(_, p)| p.color == color).count() < 12 {
                pieces.push((sq, Piece { color, role }));
            }
        }
        let turn = if white_to_move { Color::White } else { Color::Black };
        Position::from_pieces(turn, pieces).expect("built within the rules")
    })
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Classic), Just(Variant::Giveaway)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_best_move_is_legal(pos in random_position(), variant in variant(), depth in 1u32..5) {
        let root = Root::new(pos, variant, DrawRules::Classic);
        let analysis = analyze(&mut Searcher::new(1, None), &root, &Limits::depth(depth));
        let legal = pos.legal_moves();
        match analysis.best {
            Some(mv) => prop_assert!(legal.contains(&mv), "{pos:?}: {mv:?}"),
            None => prop_assert!(legal.is_empty(), "no move chosen in {pos:?}"),
        }
        // The line played out is legal move after move.
        let mut p = pos;
        for mv in &analysis.pv {
            prop_assert!(p.legal_moves().contains(mv), "illegal line in {pos:?}");
            p = p.play(mv).unwrap();
        }
    }

    #[test]
    fn every_level_moves_legally(pos in random_position(), variant in variant(), level in 1u8..=9) {
        let root = Root::new(pos, variant, DrawRules::Classic);
        let level = Level::new(level).unwrap();
        let limits = Duration::from_millis(20);
        let analysis = choose_move(&mut Searcher::new(1, None), &root, level, limits);
        match analysis.best {
            Some(mv) => prop_assert!(pos.legal_moves().contains(&mv)),
            None => prop_assert!(pos.legal_moves().is_empty()),
        }
    }

    #[test]
    fn a_tiny_budget_still_gives_a_legal_move(pos in random_position()) {
        let root = Root::new(pos, Variant::Classic, DrawRules::Classic);
        let limits = Limits { nodes: Some(1), ..Limits::default() };
        let analysis = analyze(&mut Searcher::new(1, None), &root, &limits);
        prop_assert_eq!(analysis.best.is_some(), !pos.legal_moves().is_empty());
    }
}
