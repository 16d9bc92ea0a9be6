//! Puzzles from the server's own games (issue "puzzles", item 1): a
//! finished game is scanned once, however many services scan at once, and
//! the puzzle in it is stored with its game and ply; a live game waits.

use crate::support::games::*;
use damas::game::GameService;
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

crate::on_both_backends!(multi_thread: a_finished_game_is_scanned_once_and_its_puzzle_kept);
