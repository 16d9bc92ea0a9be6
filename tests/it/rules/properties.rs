//! Property tests over random games and random positions (RULES 2-7).

use damas::rules::{Color, DrawRules, Game, Piece, Position, Role, Square, Variant, parse_fen};
use proptest::prelude::*;

use crate::rules::reference;

/// A game played from the start with moves picked by `choices`.
fn random_game(choices: &[u8], variant: Variant) -> Game {
    let mut game = Game::new(Position::initial(), variant, DrawRules::Classic);
    for &c in choices {
        if game.result().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[c as usize % moves.len()];
        game.play(&mv).expect("a listed move is legal");
    }
    game
}

/// Any legal position: up to 12 pieces a side, kings anywhere, men off
/// their own far rank.
fn random_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec((1u8..=32, 0u8..4), 0..24), any::<bool>()).prop_map(|(cells, white_to_move)| {
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        for (n, kind) in cells {
            let sq = Square::new(n).unwrap();
            if pieces.iter().any(|(s, _)| *s == sq) {
                continue;
            }
            let color = if kind % 2 == 0 { Color::White } else { Color::Black };
            let far = if color == Color::White { sq.rank() == 7 } else { sq.rank() == 0 };
            let role = if kind >= 2 || far { Role::King } else { Role::Man };
            if pieces.iter().filter(|(_, p)| p.color == color).count() < 12 {
                pieces.push((sq, Piece { color, role }));
            }
        }
        let turn = if white_to_move { Color::White } else { Color::Black };
        Position::from_pieces(turn, pieces).expect("built within the rules")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_agrees_with_the_plain_generator(pos in random_position()) {
        // RULES 3-5: the same moves, by two independent generators.
        prop_assert_eq!(reference::engine_moves(&pos), reference::legal_moves(&pos), "{:?}", pos);
        prop_assert_eq!(pos.count_legal_moves(), pos.legal_moves().len());
    }

    #[test]
    fn engine_agrees_with_the_plain_generator_in_games(choices in proptest::collection::vec(any::<u8>(), 0..120)) {
        let game = random_game(&choices, Variant::Classic);
        let mut pos = *game.start();
        for mv in game.moves() {
            prop_assert_eq!(reference::engine_moves(&pos), reference::legal_moves(&pos), "{:?}", pos);
            pos = pos.play(mv).unwrap();
        }
    }

    #[test]
    fn fen_round_trips(pos in random_position()) {
        // RULES 6.4
        let text = pos.to_string();
        prop_assert_eq!(parse_fen(&text), Ok(pos));
    }

    #[test]
    fn every_legal_move_formats_to_notation_that_parses_back(pos in random_position()) {
        // RULES 6.2-6.3
        for (mv, text) in pos.legal_moves_with_notation() {
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{} in {:?}", text, pos);
        }
    }

    #[test]
    fn replaying_a_game_rebuilds_it(choices in proptest::collection::vec(any::<u8>(), 0..150), giveaway in any::<bool>()) {
        // Replay equals play, through the notation it recorded.
        let variant = if giveaway { Variant::Giveaway } else { Variant::Classic };
        let game = random_game(&choices, variant);
        let again = Game::replay(*game.start(), variant, DrawRules::Classic, game.notations()).unwrap();
        prop_assert_eq!(again.position(), game.position());
        prop_assert_eq!(again.result(), game.result());
        prop_assert_eq!(again.moves(), game.moves());
        prop_assert_eq!(again.notations(), game.notations());
    }

    #[test]
    fn pieces_are_never_created(choices in proptest::collection::vec(any::<u8>(), 0..150)) {
        // RULES 3-5: a move keeps the mover's count and removes exactly the
        // captured pieces; kings never turn back into men.
        let game = random_game(&choices, Variant::Classic);
        let mut pos = *game.start();
        for mv in game.moves() {
            let next = pos.play(mv).unwrap();
            let (us, them) = (pos.turn(), pos.turn().opponent());
            prop_assert_eq!(next.count(us), pos.count(us));
            prop_assert_eq!(next.count(them), pos.count(them) - mv.capture_count());
            prop_assert!(next.king_count(us) >= pos.king_count(us));
            prop_assert_eq!(next.king_count(them), pos.king_count(them) - mv.king_capture_count());
            pos = next;
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}", pos in random_position()) {
        let _ = parse_fen(&text);
        let _ = pos.parse_move(&text);
        let _ = text.parse::<Variant>();
        let _ = text.parse::<DrawRules>();
    }

    #[test]
    fn notation_like_text_never_panics(text in "[0-9x:× -]{0,30}", pos in random_position()) {
        let _ = pos.parse_move(&text);
        let _ = parse_fen(&format!("W:W{text}:B{text}"));
    }
}

/// A crowded position: 8 to 12 pieces a side on distinct squares, most of
/// them kings, so flying kings have long and branching captures.
fn crowded_position() -> impl Strategy<Value = Position> {
    (Just((1..=32).collect::<Vec<u8>>()).prop_shuffle(), 8usize..=12, 8usize..=12, 0u32..=100, any::<bool>()).prop_map(
        |(squares, whites, blacks, men_percent, white_to_move)| {
            let mut pieces = Vec::new();
            for (i, &n) in squares.iter().take(whites + blacks).enumerate() {
                let sq = Square::new(n).unwrap();
                let color = if i < whites { Color::White } else { Color::Black };
                let far = if color == Color::White { sq.rank() == 7 } else { sq.rank() == 0 };
                // Kings in at least four pieces out of five.
                let man = !far && (i as u32 * 37 % 100) < men_percent / 5;
                pieces.push((sq, Piece { color, role: if man { Role::Man } else { Role::King } }));
            }
            let turn = if white_to_move { Color::White } else { Color::Black };
            Position::from_pieces(turn, pieces).expect("built within the rules")
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn crowded_positions_list_every_move(pos in crowded_position()) {
        // The move list has no fixed capacity to overflow (RULES 4.2, 5.1-5.4):
        // up to 12 against 12, mostly kings, it holds exactly the moves of
        // the independent generator, each of them playable.
        let moves = pos.legal_moves();
        prop_assert_eq!(reference::engine_moves(&pos), reference::legal_moves(&pos), "{:?}", pos);
        prop_assert_eq!(moves.len(), pos.count_legal_moves());
        for mv in &moves {
            prop_assert!(pos.play(mv).is_some());
        }
    }
}
