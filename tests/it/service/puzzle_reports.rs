//! Puzzles reported as wrong and the shipped set kept in step (issue 54,
//! point 3), through the service on both backends: a report is made from a
//! finished attempt of one's own, once per player; the third player's
//! report takes the puzzle out of rotation (neither `/puzzle play` nor the
//! daily choice gives it), the operator lists it and puts it back (also
//! through `damas puzzles flagged` and `restore`); a new
//! shipped set adds, changes and retires the stored one's puzzles.

use crate::support::games::*;
use damas::engine::puzzles::Theme;
use damas::game::{Answered, GameError, GameService, REPORTS_TO_RETIRE};
use damas::store::{PuzzleRow, Retired, ScratchDatabase, SetSync};

/// White to move wins a man with 5-9 (from the shipped set).
const SHOT: &str = "W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32";
const SHOT_LINE: &str = "5-9 29-26 9x18";
/// Black to move: 21-18 14x21 25x9 wins a man (from the shipped set).
const OTHER: &str = "B:W1,2,3,4,5,6,8,10,12,13,14:B21,22,24,25,26,27,28,29,30,31,32";
const OTHER_LINE: &str = "21-18 14x21 25x9";

const PLAYERS: [u64; 4] = [9101, 9102, 9103, 9104];

fn row(fen: &str, line: &str) -> PuzzleRow {
    PuzzleRow { fen: fen.into(), line: line.into(), theme: "shot".into(), gain: 1, source: None }
}

async fn service_with(backend: Backend, puzzles: &[PuzzleRow]) -> (ScratchDatabase, GameService) {
    let (db, svc) = service(backend).await;
    svc.store().insert_puzzles(puzzles, T0).await.unwrap();
    (db, svc)
}

/// `player` is shown the next puzzle (SHOT) and misses it: the attempt's id.
async fn miss(svc: &GameService, player: u64, now: i64) -> i64 {
    let play = svc.puzzles().next_puzzle(GUILD, player, now).await.unwrap().play;
    let done = svc.puzzles().answer(play.attempt, 0, player, "6-10", now + 1).await.unwrap();
    assert!(matches!(done, Answered::Failed { .. }), "{done:?}");
    play.attempt
}

async fn three_reports_take_a_puzzle_out_until_the_operator_puts_it_back(backend: Backend) {
    let (_db, svc) = service_with(backend, &[row(SHOT, SHOT_LINE)]).await;
    assert_eq!(REPORTS_TO_RETIRE, 3);
    // Not before the puzzle is over, and not someone else's.
    let open = svc.puzzles().next_puzzle(GUILD, PLAYERS[0], T0).await.unwrap().play;
    assert!(matches!(svc.puzzles().report(open.attempt, PLAYERS[0], T0).await, Err(GameError::PuzzleNotOver)));
    let done = svc.puzzles().answer(open.attempt, 0, PLAYERS[0], "6-10", T0 + 2).await.unwrap();
    assert!(matches!(done, Answered::Failed { .. }), "{done:?}");
    let first = open.attempt;
    assert!(matches!(svc.puzzles().report(first, PLAYERS[1], T0 + 3).await, Err(GameError::NotYourPuzzle)));
    assert!(svc.puzzles().reported(10).await.unwrap().is_empty(), "nothing was recorded");

    let one = svc.puzzles().report(first, PLAYERS[0], T0 + 3).await.unwrap();
    assert!(one.new && one.flags == 1 && !one.retired_now, "{one:?}");
    let again = svc.puzzles().report(first, PLAYERS[0], T0 + 4).await.unwrap();
    assert!(!again.new && again.flags == 1, "a player's reports count once: {again:?}");
    let second = miss(&svc, PLAYERS[1], T0 + 10).await;
    assert_eq!(svc.puzzles().report(second, PLAYERS[1], T0 + 12).await.unwrap().flags, 2);
    let listed = svc.puzzles().reported(10).await.unwrap();
    assert_eq!((listed.len(), listed[0].flags, listed[0].retired), (1, 2, None), "{listed:?}");
    assert_eq!(svc.store().daily_candidates(GUILD, 0, 10).await.unwrap().len(), 1, "still in rotation");

    let third = miss(&svc, PLAYERS[2], T0 + 20).await;
    let out = svc.puzzles().report(third, PLAYERS[2], T0 + 22).await.unwrap();
    assert!(out.new && out.flags == 3 && out.retired_now, "{out:?}");
    assert!(matches!(svc.puzzles().next_puzzle(GUILD, PLAYERS[3], T0 + 30).await, Err(GameError::NoPuzzleLeft)));
    assert!(svc.store().daily_candidates(GUILD, 0, 10).await.unwrap().is_empty(), "nor a daily puzzle");
    let listed = svc.puzzles().reported(10).await.unwrap();
    assert_eq!((listed[0].fen.as_str(), listed[0].line.as_str()), (SHOT, SHOT_LINE));
    assert_eq!((listed[0].flags, listed[0].plays, listed[0].solves), (3, 3, 0));
    assert_eq!(listed[0].retired, Some((T0 + 22, Retired::Flagged)));

    // The operator checked it: back in rotation, its reports forgotten.
    assert!(!svc.puzzles().restore(listed[0].id + 1000).await.unwrap(), "no such puzzle");
    assert!(svc.puzzles().restore(listed[0].id).await.unwrap());
    assert!(svc.puzzles().reported(10).await.unwrap().is_empty());
    let shown = svc.puzzles().next_puzzle(GUILD, PLAYERS[3], T0 + 40).await.unwrap();
    assert_eq!(shown.play.puzzle.id, listed[0].id);
}

async fn a_new_shipped_set_adds_changes_and_retires_stored_puzzles(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let first = [row(SHOT, SHOT_LINE), row(OTHER, OTHER_LINE)];
    let sync = svc.store().sync_shipped_puzzles(&first, T0).await.unwrap();
    assert_eq!(sync, SetSync { added: 2, updated: 0, retired: 0 });
    assert_eq!(svc.store().sync_shipped_puzzles(&first, T0).await.unwrap(), SetSync::default(), "in step");

    // An attempt open at SHOT keeps the puzzle as it was until it is over.
    let open = svc.puzzles().next_puzzle(GUILD, PLAYERS[0], T0).await.unwrap().play;
    let shot_open = open.puzzle.start.to_string() == SHOT;
    let changed = PuzzleRow { theme: "breakthrough".into(), gain: 2, ..row(SHOT, SHOT_LINE) };
    let second = [changed.clone()];
    let sync = svc.store().sync_shipped_puzzles(&second, T0 + 10).await.unwrap();
    assert_eq!(sync, SetSync { added: 0, updated: u64::from(!shot_open), retired: 1 });
    // OTHER is out of rotation: a new player is shown SHOT, then nothing.
    let shown = svc.puzzles().next_puzzle(GUILD, PLAYERS[1], T0 + 20).await.unwrap().play;
    assert_eq!(shown.puzzle.start.to_string(), SHOT);
    let theme = if shot_open { Theme::Shot } else { Theme::Breakthrough };
    assert_eq!(shown.puzzle.theme, theme);
    assert!(svc.store().daily_candidates(GUILD, 0, 10).await.unwrap().iter().all(|p| p.fen == SHOT));

    // Shipped again: back in rotation, under its stored id.
    let third = [changed, row(OTHER, OTHER_LINE)];
    let sync = svc.store().sync_shipped_puzzles(&third, T0 + 30).await.unwrap();
    assert_eq!((sync.added, sync.retired), (0, 0), "{sync:?}");
    assert_eq!(svc.store().daily_candidates(GUILD, 0, 10).await.unwrap().len(), 2);
}

/// Runs `damas puzzles ARGS --database URL`: its output, and whether it succeeded.
fn damas_puzzles(args: &[&str], url: &str) -> (String, bool) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_damas"))
        .arg("puzzles")
        .args(args)
        .args(["--database", url])
        .output()
        .expect("the binary runs");
    (format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)), out.status.success())
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operator_lists_the_reported_puzzles_and_puts_one_back() {
    let (db, svc) = service_with(Backend::Sqlite, &[row(SHOT, SHOT_LINE)]).await;
    let (none, ok) = damas_puzzles(&["flagged"], db.url());
    assert!(ok && none.contains("No puzzle has been reported as wrong."), "{none}");
    for (i, player) in PLAYERS[..3].iter().enumerate() {
        let attempt = miss(&svc, *player, T0 + 10 * i as i64).await;
        svc.puzzles().report(attempt, *player, T0 + 100 + i as i64).await.unwrap();
    }
    let id = svc.puzzles().reported(1).await.unwrap()[0].id;
    let (listed, ok) = damas_puzzles(&["flagged"], db.url());
    assert!(ok, "{listed}");
    for said in [
        "1 puzzle reported as wrong, most reported first (3 players' reports take one out of rotation):".to_string(),
        format!("#{id} · 3 reports · out of rotation since "),
        "shot from the shipped set, played 3, solved 0".to_string(),
        format!("{SHOT};{SHOT_LINE}"),
        format!("check: damas analyze \"{SHOT}\" --depth 20"),
        format!("put back: damas puzzles restore {id}"),
    ] {
        assert!(listed.contains(&said), "{said:?} in:\n{listed}");
    }
    let (missing, ok) = damas_puzzles(&["restore", &(id + 1000).to_string()], db.url());
    assert!(!ok && missing.contains(&format!("there is no puzzle #{}", id + 1000)), "{missing}");
    let (restored, ok) = damas_puzzles(&["restore", &id.to_string()], db.url());
    assert!(ok && restored.contains(&format!("Puzzle #{id} is back in rotation")), "{restored}");
    assert!(svc.puzzles().reported(10).await.unwrap().is_empty());
    assert!(svc.puzzles().next_puzzle(GUILD, PLAYERS[3], T0 + 100).await.is_ok(), "chosen again");
}

crate::on_both_backends!(
    multi_thread: three_reports_take_a_puzzle_out_until_the_operator_puts_it_back,
    a_new_shipped_set_adds_changes_and_retires_stored_puzzles,
);
