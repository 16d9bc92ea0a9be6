//! `/analyze position:` and fair play, on both backends: a live game's
//! position is refused, and so is every position its player to move could
//! reach in one or two plies to try a candidate move; further positions,
//! other servers' games and finished games are not. The keys are kept with
//! each move in one indexed table, gone when the game ends.

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
    svc.analyze_fen(&to_fen(position), guild, user, Some(1)).await.map(|_| ())
}

/// Whether game `id`'s stored keys are for its current ply (else the next
/// check computes them again).
async fn keys_current(svc: &GameService, id: i64) -> bool {
    svc.store().live_games_without_positions(1_000).await.unwrap().iter().all(|g| g.id != id)
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
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), keys.len() as i64, "written by the move");
    assert!(keys_current(&svc, view.id).await, "the move says which ply its keys are for");

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
    svc.resign(T0 + DAY, 1, BLACK).await.unwrap();
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

on_both_backends!(positions_within_two_plies_of_a_live_game_are_refused, a_game_just_started_is_covered_too);
