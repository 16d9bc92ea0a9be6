//! RULES 7: the end of the game.

use damas::rules::{Color, DrawRules, EndReason, GameResult, MoveError, Outcome};

use crate::rules::util::{game, wander};

fn win(color: Color) -> Option<GameResult> {
    Some(GameResult { outcome: Outcome::Win(color), reason: EndReason::NoLegalMove })
}

fn draw(reason: EndReason) -> Option<GameResult> {
    Some(GameResult { outcome: Outcome::Draw, reason })
}

#[test]
fn a_player_without_pieces_loses() {
    // RULES 7.1
    assert_eq!(game("W:W:B5", DrawRules::Classic).result(), win(Color::Black));
    assert_eq!(game("B:W5:B", DrawRules::Classic).result(), win(Color::White));
}

#[test]
fn a_player_whose_pieces_are_all_blocked_loses() {
    // RULES 7.1: the man on 1 is blocked by 5 and 10.
    assert_eq!(game("W:W1:B5,10", DrawRules::Classic).result(), win(Color::Black));
}

#[test]
fn capturing_the_last_piece_wins() {
    // RULES 7.1, reached by a move.
    let mut g = game("W:W14:B18", DrawRules::Classic);
    assert_eq!(g.result(), None);
    g.play_notation("14x21").unwrap();
    assert_eq!(g.result(), win(Color::White));
    assert_eq!(g.play_notation("21-25"), Err(MoveError::GameOver));
}

#[test]
fn threefold_repetition_draws_at_once() {
    // RULES 7.3b and 7.4: every preset draws on the third occurrence, here
    // of the start position after 8 plies.
    for rules in DrawRules::ALL {
        let mut g = game("W:WK4:BK29", rules);
        let shuffle = ["4-8", "29-25", "8-4", "25-29"];
        for (i, m) in shuffle.iter().chain(&shuffle[..3]).enumerate() {
            g.play_notation(m).unwrap();
            assert_eq!(g.result(), None, "{rules:?} after ply {}", i + 1);
        }
        assert_eq!(g.repetitions(), 2);
        g.play_notation("25-29").unwrap();
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.result(), draw(EndReason::Repetition), "{rules:?}");
    }
}

#[test]
fn repetition_counts_the_side_to_move_and_restarts_after_a_man_move() {
    // RULES 7.3b: the same pieces with the other side to move are another
    // position; after a man moves, earlier positions cannot come back.
    assert_ne!(crate::rules::util::pos("W:WK4:BK29"), crate::rules::util::pos("B:WK4:BK29"));
    let mut g = game("W:WK4,12:BK29", DrawRules::Classic);
    for m in ["4-8", "29-25", "8-4", "25-29"] {
        g.play_notation(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    g.play_notation("12-16").unwrap();
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn the_king_move_rule_draws_after_40_plies_by_default() {
    // RULES 7.3c and 7.4 `classic` and `ludoteka`.
    for rules in [DrawRules::Classic, DrawRules::Ludoteka] {
        let mut g = game("W:WK1,K2,12:BK31,K32,21", rules);
        assert_eq!(wander(&mut g, 39), 39);
        assert_eq!(g.result(), None, "{rules:?} after 39 plies");
        assert_eq!(g.king_move_plies(), 39);
        wander(&mut g, 1);
        assert_eq!(g.result(), draw(EndReason::KingMoveRule), "{rules:?}");
    }
}

#[test]
fn the_king_move_rule_with_the_long_and_hundred_presets() {
    // RULES 7.4: 80 and 100 plies.
    for (rules, plies) in [(DrawRules::Long, 80), (DrawRules::Hundred, 100)] {
        let mut g = game("W:WK1,K2,12:BK31,K32,21", rules);
        assert_eq!(wander(&mut g, plies - 1), plies - 1);
        assert_eq!(g.result(), None, "{rules:?}");
        wander(&mut g, 1);
        assert_eq!(g.result(), draw(EndReason::KingMoveRule), "{rules:?}");
    }
}

#[test]
fn a_man_move_or_a_capture_resets_the_king_move_count() {
    // RULES 7.3c: only consecutive king-only plies count.
    let mut g = game("W:WK1,K2,12:BK31,K32,21", DrawRules::Classic);
    wander(&mut g, 30);
    assert_eq!(g.king_move_plies(), 30);
    let man_move = g.position().legal_moves_with_notation().into_iter().find(|(m, _)| g.position().moves_man(m));
    let (_, text) = man_move.expect("the man can move");
    g.play_notation(&text).unwrap();
    assert_eq!(g.king_move_plies(), 0);
}

#[test]
fn three_kings_must_beat_a_lone_king_in_12_moves() {
    // RULES 7.3d: classic 12 moves of the strong side; count from the first
    // position with that material.
    let mut g = game("W:WK4,K8,K12:BK32", DrawRules::Classic);
    assert_eq!(g.three_kings_count(), Some((Color::White, 0)));
    assert_eq!(wander(&mut g, 22), 22);
    assert_eq!(g.three_kings_count(), Some((Color::White, 11)));
    assert_eq!(g.result(), None);
    wander(&mut g, 1);
    assert_eq!(g.three_kings_count(), Some((Color::White, 12)));
    assert_eq!(g.result(), draw(EndReason::ThreeKingsRule));
}

#[test]
fn three_kings_count_per_preset() {
    // RULES 7.4: classic 12, ludoteka 13, long and hundred none.
    for (rules, limit) in [(DrawRules::Classic, Some(12)), (DrawRules::Ludoteka, Some(13))] {
        let mut g = game("W:WK4,K8,K12:BK32", rules);
        let limit: usize = limit.unwrap();
        // White's n-th move is ply 2n-1.
        assert_eq!(wander(&mut g, 2 * limit - 2), 2 * limit - 2);
        assert_eq!(g.result(), None, "{rules:?}");
        wander(&mut g, 1);
        assert_eq!(g.result(), draw(EndReason::ThreeKingsRule), "{rules:?}");
    }
    for rules in [DrawRules::Long, DrawRules::Hundred] {
        let mut g = game("W:WK4,K8,K12:BK32", rules);
        assert_eq!(wander(&mut g, 30), 30);
        assert_eq!(g.result(), None, "{rules:?} has no three-kings count");
    }
}

#[test]
fn the_three_kings_count_starts_when_the_material_appears() {
    // RULES 7.3d / 10: from the capture that leaves three kings against one,
    // wherever the pieces stand; only the strong side's moves count.
    let mut g = game("W:WK1,K2,K3:BK30,19", DrawRules::Classic);
    assert_eq!(g.three_kings_count(), None);
    g.play_notation("1x28").unwrap();
    assert_eq!(g.three_kings_count(), Some((Color::White, 0)));
    wander(&mut g, 1);
    assert_eq!(g.three_kings_count(), Some((Color::White, 0)), "Black's move does not count");
    wander(&mut g, 1);
    assert_eq!(g.three_kings_count(), Some((Color::White, 1)));
}

#[test]
fn a_king_given_away_buys_no_time() {
    // RULES 7.3d: the count runs to the end of the game. White gives a king
    // away on its first move (5-28 leaves the lone king on 32 a capture it
    // must take, 5.1; the kings on the edge, 4 and 8, cannot be taken);
    // with two kings against one its moves still count, and its twelfth
    // draws the game.
    let mut g = game("W:WK4,K5,K8:BK32", DrawRules::Classic);
    g.play_notation("5-28").unwrap();
    assert_eq!(g.three_kings_count(), Some((Color::White, 1)));
    let capture = g.position().legal_moves()[0];
    assert!(capture.is_capture());
    g.play(&capture).unwrap();
    assert_eq!(g.position().count(Color::White), 2);
    assert_eq!(g.three_kings_count(), Some((Color::White, 1)), "the capture neither stops nor restarts it");
    assert_eq!(wander(&mut g, 20), 20);
    assert_eq!(g.three_kings_count(), Some((Color::White, 11)));
    assert_eq!(g.result(), None);
    wander(&mut g, 1);
    assert_eq!(g.three_kings_count(), Some((Color::White, 12)));
    assert_eq!(g.result(), draw(EndReason::ThreeKingsRule));
}

#[test]
fn capturing_the_lone_king_wins() {
    // RULES 7.1 comes before 7.3d.
    let mut g = game("W:WK1,K2,K3:BK19", DrawRules::Classic);
    g.play_notation("1x23").unwrap();
    assert_eq!(g.result(), win(Color::White));
}
