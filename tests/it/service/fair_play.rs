//! `/analyze position:` and fair play, on both backends: a live game's
//! position is refused, and so is every position its player to move could
//! reach in one or two plies to try a candidate move; further positions,
//! other servers' games and finished games are not. The keys are kept in
//! one indexed table, written after each move (or by the check, for a game
//! whose keys lag), gone when the game ends.

use crate::support::games::*;
use damas::game::{DAY, GameError, GameService, live_position_keys};
use damas::rules::{DrawRules, Position, Variant, parse_fen, to_fen};

/// The position after playing the first legal move `plies` times from `from`.
fn first_moves(from: &Position, plies: usize) -> Position {
    (0..plies).fold(*from, |position, _| {
        let mv = position.legal_moves().iter().next().copied().expect("a legal move");
        position.play(&mv).unwrap()
    })
}

async fn analyse(svc: &GameService, position: &Position, guild: Option<u64>, user: u64) -> Result<(), GameError> {
    svc.analyses().analyze_fen(&to_fen(position), guild, user, Some(1)).await.map(|_| ())
}

fn refused(result: Result<(), GameError>) -> bool {
    match result {
        Err(GameError::AnalysisOfLivePosition) => true,
        Ok(()) => false,
        Err(other) => panic!("refused for another reason: {other:?}"),
    }
}

async fn positions_within_two_plies_of_a_live_game_are_refused(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    let moves: Vec<String> = ["11-15", "22-18"].map(String::from).to_vec();
    let view = play_line(&svc, T0, 1, &moves).await;
    let live = *view.game.position();
    let keys = live_position_keys(&live);
    // The moves leave their keys to be written after them: once, for the
    // last move's ply.
    assert!(!keys_current(&svc, view.id).await, "not written by the move itself");
    assert_eq!(svc.analyses().write_pending_live_positions().await.unwrap(), 1);
    assert_eq!(svc.analyses().write_pending_live_positions().await.unwrap(), 0, "nothing left");
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), keys.len() as i64, "written after it");
    assert!(keys_current(&svc, view.id).await, "they say which ply they are for");

    for plies in 0..=2 {
        let near = first_moves(&live, plies);
        assert!(refused(analyse(&svc, &near, Some(GUILD), STRANGER).await), "{plies} plies on");
    }
    // Every reply to every candidate move.
    for first in live.legal_moves().iter() {
        let after = live.play(first).unwrap();
        for reply in after.legal_moves().iter() {
            let then = after.play(reply).unwrap();
            assert!(refused(analyse(&svc, &then, Some(GUILD), WHITE).await), "{}", to_fen(&then));
        }
    }
    // Three plies on, or in another server: analysed (each by someone
    // else: an analysis has a cooldown per user).
    analyse(&svc, &first_moves(&live, 3), Some(GUILD), STRANGER).await.unwrap();
    analyse(&svc, &live, Some(GUILD + 1), STRANGER + 1).await.unwrap();
    // Outside a server, only the asker's own games count.
    assert!(refused(analyse(&svc, &live, None, BLACK).await));
    analyse(&svc, &live, None, STRANGER + 2).await.unwrap();

    // Over: its keys are gone, and its position is anyone's to analyse.
    svc.games().resign(T0 + DAY, 1, BLACK).await.unwrap();
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), 0);
    analyse(&svc, &live, Some(GUILD), STRANGER + 3).await.unwrap();
}

/// A game just started has no keys until the next check computes them; a
/// move on a game whose keys were computed replaces them.
async fn a_game_just_started_is_covered_too(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let start = parse_fen("W:W9,K30:B21,22").unwrap();
    let view = start_game(&svc, T0, 2, Some(&to_fen(&start)), Variant::Classic, DrawRules::Classic).await;
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), 0, "not written at the start");
    assert!(!keys_current(&svc, view.id).await);
    assert!(refused(analyse(&svc, &first_moves(&start, 2), Some(GUILD), STRANGER).await));
    let count = svc.store().live_position_count(view.id).await.unwrap();
    assert_eq!(count, live_position_keys(&start).len() as i64, "computed by the check");
    assert!(keys_current(&svc, view.id).await);
    // Stale keys are never written over a newer move's.
    assert!(!svc.store().set_live_positions(view.id, view.ply() + 1, &[1, 2, 3]).await.unwrap());
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), count);
}

/// A move's keys are written after it: until then the check computes them
/// itself, and once written later they are never those of a game that has
/// moved on, been taken back or ended meanwhile.
async fn keys_left_by_a_move_are_never_missed_nor_written_stale(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    let view = play_line(&svc, T0, 1, &["11-15".to_string()]).await;
    let live = *view.game.position();
    // Before the keys are written: the check computes them.
    assert!(refused(analyse(&svc, &first_moves(&live, 2), Some(GUILD), STRANGER).await));
    assert!(keys_current(&svc, view.id).await);
    // Written again later (the same keys: the newest noted position wins).
    assert_eq!(svc.analyses().write_pending_live_positions().await.unwrap(), 1);
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), live_position_keys(&live).len() as i64);

    // Moved again before they are written: written once, for the last move.
    svc.games().play(T0 + DAY, 1, BLACK, "22-18", None).await.unwrap();
    let view = svc.games().play(T0 + DAY + 1, 1, WHITE, "9-13", None).await.unwrap().game;
    assert_eq!(svc.analyses().write_pending_live_positions().await.unwrap(), 1);
    let count = svc.store().live_position_count(view.id).await.unwrap();
    assert_eq!(count, live_position_keys(view.game.position()).len() as i64);
    assert!(keys_current(&svc, view.id).await);

    // Left waiting while the game ends: nothing is written for it.
    let reply = view.game.position().legal_moves_with_notation()[0].1.clone();
    svc.games().play(T0 + DAY + 2, 1, BLACK, &reply, None).await.unwrap();
    svc.games().resign(T0 + DAY + 3, 1, BLACK).await.unwrap();
    assert_eq!(svc.analyses().write_pending_live_positions().await.unwrap(), 0);
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), 0);
}

on_both_backends!(
    positions_within_two_plies_of_a_live_game_are_refused,
    a_game_just_started_is_covered_too,
    keys_left_by_a_move_are_never_missed_nor_written_stale
);
