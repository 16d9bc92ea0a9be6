//! Puzzles from the server's own games (issue "puzzles", item 1): a
//! finished game is scanned once, however many services scan at once, and
//! the puzzle in it is stored with its game and ply; a live game waits; a
//! scan a crash cut short is made again once its lease runs out.

use crate::support::games::*;
use damas::game::{GameService, SCAN_LEASE};
use damas::rules::{DrawRules, Variant};

/// White to move wins a man with 5-9 (a puzzle of the shipped set).
const SHOT: &str = "W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32";

async fn a_finished_game_is_scanned_once_and_its_puzzle_kept(backend: Backend) {
    let db = database(backend).await;
    let (one, two) = (GameService::open(db.url()).await.unwrap(), GameService::open(db.url()).await.unwrap());
    let game = start_game(&one, T0, 1, Some(SHOT), Variant::Classic, DrawRules::Classic).await;
    assert_eq!(one.puzzles().scan_finished_games(T0 + 1, 10).await.unwrap().games, 0, "a live game waits");
    // White resigns at once, the shot unplayed.
    one.games().resign(T0 + 60, 1, WHITE).await.unwrap();
    let (a, b) =
        tokio::join!(one.puzzles().scan_finished_games(T0 + 120, 10), two.puzzles().scan_finished_games(T0 + 120, 10));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.games + b.games, 1, "scanned once: {a:?} {b:?}");
    assert_eq!(a.puzzles + b.puzzles, 1);
    let stored = one.store().puzzles_of_game(game.id).await.unwrap();
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!((stored[0].fen.as_str(), stored[0].source), (SHOT, Some((game.id, 0))));
    assert!(stored[0].line.starts_with("5-9 ") && stored[0].theme == "shot", "{stored:?}");
    assert_eq!(one.puzzles().scan_finished_games(T0 + 180, 10).await.unwrap().games, 0, "never again");
}

async fn a_scan_a_crash_cut_short_is_made_again_after_its_lease(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let game = start_game(&svc, T0, 1, Some(SHOT), Variant::Classic, DrawRules::Classic).await;
    svc.games().resign(T0 + 60, 1, WHITE).await.unwrap();
    // A process claims the game and stops before storing anything.
    let claimed = svc.store().claim_games_to_scan(T0 + 120, SCAN_LEASE, 10).await.unwrap();
    assert_eq!(claimed.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id]);
    assert_eq!(svc.puzzles().scan_finished_games(T0 + 121, 10).await.unwrap().games, 0, "leased");
    let again = svc.puzzles().scan_finished_games(T0 + 120 + SCAN_LEASE, 10).await.unwrap();
    assert_eq!((again.games, again.puzzles), (1, 1), "scanned once the lease ran out");
    assert_eq!(svc.store().puzzles_of_game(game.id).await.unwrap().len(), 1);
    let later = T0 + 120 + 3 * SCAN_LEASE;
    assert_eq!(svc.puzzles().scan_finished_games(later, 10).await.unwrap().games, 0, "scanned: never again");
}

crate::on_both_backends!(
    multi_thread: a_finished_game_is_scanned_once_and_its_puzzle_kept,
    a_scan_a_crash_cut_short_is_made_again_after_its_lease,
);
