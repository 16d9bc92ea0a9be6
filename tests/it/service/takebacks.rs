//! Takebacks by consent, through the service on both backends (issue
//! item 4). A takeback removes a ply: the
//! position, the clock the mover had before the move, and the record are
//! exactly as they were; no rule of docs/RULES.md is involved.

use crate::support::games::*;
use damas::engine::Level;
use damas::game::{ColorChoice, DAY, DueEvent, GameError, NewBotGame, Seen, TakebackDone};
use damas::rules::Color;

/// Runs `sql` (with `$1` the game) on the database behind the service:
/// what another part of the bot, or an older version of it, might do.
async fn run_sql(db: &damas::store::ScratchDatabase, sql: &str, game: i64) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db.url()).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).bind(game).execute(&pool).await.unwrap();
    pool.close().await;
}

/// Item 4: the takeback restores the exact position, clock and PDN - also a
/// deadline set by other means than a move, and the reminder already given;
/// the draw offer standing is dropped; the game stays rated.
async fn a_takeback_restores_the_exact_position_clock_and_pdn(backend: Backend) {
    let (db, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 40).await;
    assert!(view.rated);
    svc.games().play(T0 + 3600, 40, WHITE, "11-15", seen_at(&svc, 40, 0).await).await.unwrap();
    // Black's deadline moved by something other than a move: not one the
    // clock rules would work out from the move times.
    run_sql(&db, "UPDATE games SET deadline = deadline + 7777, remind_at = remind_at + 77 WHERE id = $1", view.id)
        .await;
    let before = svc.game_by_id(view.id).await.unwrap();
    let row_before = svc.store().game(view.id).await.unwrap().unwrap();
    assert_eq!(before.deadline, T0 + 3600 + 3 * DAY + 7777);
    // Black is reminded, then moves and offers a draw.
    let due = svc.deadlines().claim_due(row_before.setup.remind_at).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::Reminder(g)] if g.player_to_move() == BLACK), "{due:?}");
    let pdn_before = svc.records().pdn(view.id).await.unwrap();
    let moved_at = row_before.setup.remind_at + 60;
    svc.games().play(moved_at, 40, BLACK, "22-18", seen_at(&svc, 40, 1).await).await.unwrap();
    svc.games().offer_draw(moved_at + 1, 40, BLACK).await.unwrap();

    // White's last move is not the last one; a stranger plays no move here.
    assert!(matches!(svc.games().takeback(moved_at + 2, 40, WHITE).await, Err(GameError::NoMoveToTakeBack)));
    assert!(matches!(svc.games().takeback(moved_at + 2, 40, STRANGER).await, Err(GameError::NotAPlayer)));
    let asked = svc.games().takeback(moved_at + 2, 40, BLACK).await.unwrap();
    let TakebackDone::Asked { game, notation } = asked else { panic!("{asked:?}") };
    assert_eq!((notation.as_str(), game.takeback_by), ("22-18", Some(BLACK)));
    assert_eq!(svc.game_in_channel(40).await.unwrap().takeback_by, Some(BLACK));
    assert!(matches!(svc.games().takeback(moved_at + 3, 40, BLACK).await, Err(GameError::TakebackAlreadyAsked)));
    let own = svc.games().answer_takeback(moved_at + 3, 40, BLACK, true, None).await;
    assert!(matches!(own, Err(GameError::OwnTakebackRequest)), "{own:?}");

    // White allows it with /takeback.
    let done = svc.games().takeback(moved_at + 4, 40, WHITE).await.unwrap();
    let TakebackDone::TakenBack { game, notation, requester } = done else { panic!("{done:?}") };
    assert_eq!((notation.as_str(), requester), ("22-18", BLACK));
    let after = svc.game_by_id(view.id).await.unwrap();
    for g in [&game, &after] {
        assert_eq!(g.game.position(), before.game.position());
        assert_eq!(g.game.notations(), before.game.notations());
        assert_eq!((g.ply(), g.turn(), g.player_to_move()), (1, Color::Black, BLACK));
        assert_eq!((g.last_move_at, g.deadline), (before.last_move_at, before.deadline));
        assert_eq!((g.draw_offer_by, g.takeback_by), (None, None), "the draw offer goes with the move");
        assert!(g.is_live() && g.rated);
    }
    let row = svc.store().game(view.id).await.unwrap().unwrap();
    assert_eq!(row.setup.remind_at, row_before.setup.remind_at);
    assert_eq!(svc.store().ply_and_move_rows(view.id).await.unwrap(), Some((1, 1)));
    // The live-position keys are those of the position taken back to, for its ply.
    let keys = damas::game::live_position_keys(before.game.position());
    assert_eq!(svc.store().live_position_count(view.id).await.unwrap(), keys.len() as i64);
    let stale = svc.store().live_games_without_positions(1_000).await.unwrap();
    assert!(stale.iter().all(|g| g.id != view.id), "the keys are for ply 1 again");
    assert_eq!(svc.records().pdn(view.id).await.unwrap(), pdn_before, "the record is one ply shorter, as it was");
    // Black was reminded of this move already: not again.
    assert!(svc.deadlines().claim_due(moved_at + 5).await.unwrap().is_empty());
    // The request is gone, and it is Black's move: Black has none to take
    // back (White might ask for 11-15). Black plays another move, whose
    // clock is the usual one.
    assert!(matches!(svc.games().takeback(moved_at + 5, 40, BLACK).await, Err(GameError::NoMoveToTakeBack)));
    assert_eq!(svc.game_in_channel(40).await.unwrap().takeback_by, None);
    let again = svc.games().play(moved_at + 6, 40, BLACK, "21-17", seen_at(&svc, 40, 1).await).await.unwrap();
    assert_eq!(again.game.deadline, moved_at + 6 + 3 * DAY);
    assert_eq!(again.game.game.notations(), ["11-15", "21-17"]);
}

/// Item 4: a refused request leaves the game as it was; a request lapses
/// when the opponent moves; a request is about the last move only.
async fn a_refused_takeback_and_one_the_opponent_moves_over(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 41).await;
    // No move yet: nothing to take back.
    assert!(matches!(svc.games().takeback(T0 + 1, 41, WHITE).await, Err(GameError::NoMoveToTakeBack)));
    assert!(matches!(svc.games().takeback(T0 + 1, 41, BLACK).await, Err(GameError::NoMoveToTakeBack)));
    svc.games().play(T0 + 10, 41, WHITE, "11-15", seen_at(&svc, 41, 0).await).await.unwrap();
    // A Take back button from an older message.
    let stale = svc.games().ask_takeback(T0 + 11, 41, WHITE, seen_at(&svc, 41, 0).await).await;
    assert!(matches!(stale, Err(GameError::PositionChanged)), "{stale:?}");
    assert!(matches!(
        svc.games().answer_takeback(T0 + 11, 41, BLACK, true, None).await,
        Err(GameError::NoTakebackRequest)
    ));

    let asked = svc.games().ask_takeback(T0 + 12, 41, WHITE, seen_at(&svc, 41, 1).await).await.unwrap();
    assert!(matches!(asked, TakebackDone::Asked { .. }), "{asked:?}");
    let refused = svc.games().answer_takeback(T0 + 13, 41, BLACK, false, seen_at(&svc, 41, 1).await).await.unwrap();
    let TakebackDone::Refused { game, requester } = refused else { panic!("{refused:?}") };
    assert_eq!((requester, game.takeback_by, game.ply()), (WHITE, None, 1));
    let stored = svc.game_in_channel(41).await.unwrap();
    assert_eq!((stored.takeback_by, stored.ply(), stored.game.notations()), (None, 1, &["11-15".to_string()][..]));
    let late = svc.games().answer_takeback(T0 + 14, 41, BLACK, true, seen_at(&svc, 41, 1).await).await;
    assert!(matches!(late, Err(GameError::NoTakebackRequest)), "{late:?}");

    // Asked again, then Black moves instead of answering: the request lapses.
    svc.games().takeback(T0 + 15, 41, WHITE).await.unwrap();
    let moved = svc.games().play(T0 + 16, 41, BLACK, "22-18", seen_at(&svc, 41, 1).await).await.unwrap();
    assert_eq!(moved.game.takeback_by, None);
    assert_eq!(svc.game_in_channel(41).await.unwrap().takeback_by, None);
    assert!(matches!(
        svc.games().answer_takeback(T0 + 17, 41, BLACK, true, None).await,
        Err(GameError::NoTakebackRequest)
    ));
    assert!(matches!(svc.games().takeback(T0 + 17, 41, WHITE).await, Err(GameError::NoMoveToTakeBack)));
    assert_eq!(svc.store().ply_and_move_rows(view.id).await.unwrap(), Some((2, 2)));
}

/// Item 4: the clock the mover had before the move is what comes back; once
/// it has run out, the move can no longer be taken back (it would lose the
/// game on time at once).
async fn a_move_whose_clock_has_run_out_since_is_not_taken_back(backend: Backend) {
    let (_db, svc) = service(backend).await;
    start_classic(&svc, T0, 42).await;
    // White's deadline for the first move: T0 + 3 days; White moves late.
    svc.games().play(T0 + 3 * DAY - 100, 42, WHITE, "11-15", seen_at(&svc, 42, 0).await).await.unwrap();
    svc.games().takeback(T0 + 3 * DAY - 50, 42, WHITE).await.unwrap();
    let late = svc.games().answer_takeback(T0 + 3 * DAY, 42, BLACK, true, seen_at(&svc, 42, 1).await).await;
    assert!(matches!(late, Err(GameError::TakebackTooLate)), "{late:?}");
    assert_eq!(svc.game_in_channel(42).await.unwrap().ply(), 1, "nothing changed");
    svc.games().answer_takeback(T0 + 3 * DAY, 42, BLACK, false, seen_at(&svc, 42, 1).await).await.unwrap();
    let again = svc.games().takeback(T0 + 3 * DAY + 1, 42, WHITE).await;
    assert!(matches!(again, Err(GameError::TakebackTooLate)), "{again:?}");
}

/// Item 4: two answers racing (two clicks, two processes): one takes the
/// move back, the other is told; exactly one ply goes.
async fn two_racing_allows_take_back_one_ply(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 43).await;
    svc.games().play(T0 + 10, 43, WHITE, "11-15", seen_at(&svc, 43, 0).await).await.unwrap();
    svc.games().play(T0 + 20, 43, BLACK, "22-18", seen_at(&svc, 43, 1).await).await.unwrap();
    svc.games().takeback(T0 + 30, 43, BLACK).await.unwrap();
    let seen = Some(Seen { game: view.id, ply: 2 });
    let answers: Vec<_> = (0..4)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.games().answer_takeback(T0 + 40, 43, WHITE, true, seen).await })
        })
        .collect();
    let mut taken = 0;
    for answer in answers {
        match answer.await.unwrap() {
            Ok(TakebackDone::TakenBack { .. }) => taken += 1,
            Err(GameError::NoTakebackRequest | GameError::PositionChanged) => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(taken, 1);
    assert_eq!(svc.store().ply_and_move_rows(view.id).await.unwrap(), Some((1, 1)));
    assert_eq!(svc.game_in_channel(43).await.unwrap().game.notations(), ["11-15"]);
}

/// Item 4: the bot takes no move back: it declines at once, nothing changes.
async fn the_bot_declines_a_takeback_at_once(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let mut req = NewBotGame::new(44, WHITE, 9009, Level::new(3).unwrap());
    req.guild = Some(GUILD);
    req.color = ColorChoice::White;
    let view = svc.games().start_bot_game(T0, req).await.unwrap();
    svc.games().play(T0 + 10, 44, WHITE, "11-15", seen_at(&svc, 44, 0).await).await.unwrap();
    let done = svc.games().takeback(T0 + 11, 44, WHITE).await.unwrap();
    let TakebackDone::BotDeclined(game) = done else { panic!("{done:?}") };
    assert_eq!((game.takeback_by, game.ply()), (None, 1));
    let stored = svc.game_by_id(view.id).await.unwrap();
    assert_eq!((stored.takeback_by, stored.ply()), (None, 1));
}

on_both_backends!(
    a_takeback_restores_the_exact_position_clock_and_pdn,
    a_refused_takeback_and_one_the_opponent_moves_over,
    a_move_whose_clock_has_run_out_since_is_not_taken_back,
    the_bot_declines_a_takeback_at_once,
);
on_both_backends!(multi_thread: two_racing_allows_take_back_one_ply);
