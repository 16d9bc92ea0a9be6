//! Conditional premoves (issue: correspondence comfort, item 1) in the
//! service, on both backends: lines checked when stored, merged into a tree
//! (a conflicting reply refused), played when the opponent makes the
//! expected move and announced through the outbox, dropped when the game
//! leaves them or ends, held while the opponent's draw offer stands, played
//! once after a crash between the opponent's move and the reply, and
//! against the bot too. docs/RULES.md is not involved: a premove is an ordinary
//! move (RULES 5), only played for its owner.

use std::time::Duration;

use crate::support::games::*;
use damas::engine::Level;
use damas::game::{ColorChoice, DAY, DueEvent, EngineRunner, GameError, GameService, Line, NewBotGame, PREMOVE_GRACE};
use damas::rules::{Color, Game};
use damas::store::MoveWrite;

fn line(text: &str) -> Line {
    text.split_whitespace().map(str::to_string).collect()
}

/// The legal moves of `game` once `then` are played, in notation.
fn legal_after(game: &Game, then: &[String]) -> Vec<String> {
    let mut game = game.clone();
    for mv in then {
        game.play_notation(mv).unwrap();
    }
    game.position().legal_moves_with_notation().into_iter().map(|(_, n)| n).collect()
}

/// White's move at the start, as the crash tests write it straight to the
/// store: what the service's own write of it stores.
fn whites_first_move(game_id: i64) -> MoveWrite {
    MoveWrite {
        game_id,
        ply: 0,
        notation: "11-15".into(),
        mover: WHITE,
        now: T0 + 60,
        next_turn: Color::Black,
        met_deadline: T0 + 3 * DAY,
        deadline: T0 + 60 + 3 * DAY,
        remind_at: T0 + 60 + 2 * DAY,
        finishing: None,
        premove_in: None,
    }
}

/// The premove replies announced and not yet posted: (ply, notation).
async fn announced(svc: &GameService, now: i64) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for a in svc.deadlines().lease_announcements(now).await.unwrap() {
        if let Some(DueEvent::PremoveReply { game, ply }) = &a.due {
            out.push((*ply, game.game.notations()[*ply as usize].clone()));
        }
    }
    out
}

async fn a_line_is_played_reply_by_reply_and_announced(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 1).await;
    let stored = svc.games().add_premove(T0 + 10, 1, BLACK, "11-15 22-19 15x22 26x19").await.unwrap();
    assert!(stored.added);
    assert_eq!(stored.lines, [line("11-15 22-19 15x22 26x19")]);
    // Only the owner's lines: White has none.
    assert!(svc.games().premoves_of(1, WHITE).await.unwrap().is_empty());

    let report = svc.games().play(T0 + 60, 1, WHITE, "11-15", seen_at(&svc, 1, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    let now = svc.game_in_channel(1).await.unwrap();
    assert_eq!(now.game.notations(), ["11-15", "22-19"]);
    assert_eq!(now.turn(), Color::White);
    // The reply restarts White's clock like any move.
    assert_eq!(now.last_move_at, T0 + 60);
    assert_eq!(svc.games().premoves_of(1, BLACK).await.unwrap(), [line("15x22 26x19")]);

    let report = svc.games().play(T0 + 120, 1, WHITE, "15x22", seen_at(&svc, 1, 2).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    // Its last reply played, the line is used up, not set aside.
    assert!(report.premoves_set_aside.is_empty(), "{:?}", report.premoves_set_aside);
    let now = svc.game_in_channel(1).await.unwrap();
    assert_eq!(now.game.notations(), ["11-15", "22-19", "15x22", "26x19"]);
    // The line is used up.
    assert!(svc.games().premoves_of(1, BLACK).await.unwrap().is_empty());
    assert!(svc.store().premoves(game.id).await.unwrap().is_empty());
    assert_eq!(announced(&svc, T0 + 121).await, [(1, "22-19".to_string()), (3, "26x19".to_string())]);
}

async fn lines_merge_into_a_tree_and_bad_lines_are_refused(backend: Backend) {
    let (_db, svc) = service(backend).await;
    start_classic(&svc, T0, 2).await;
    svc.games().add_premove(T0, 2, BLACK, "11-15 22-19").await.unwrap();
    // An extension replaces its start; a branch on another move of White's joins.
    let stored = svc.games().add_premove(T0, 2, BLACK, "11-15, 22-19, 15x22, 26x19").await.unwrap();
    assert_eq!(stored.lines, [line("11-15 22-19 15x22 26x19")]);
    let other =
        legal_after(&svc.game_in_channel(2).await.unwrap().game, &[]).into_iter().find(|m| m != "11-15").unwrap();
    let reply = legal_after(&svc.game_in_channel(2).await.unwrap().game, std::slice::from_ref(&other))[0].clone();
    let stored = svc.games().add_premove(T0, 2, BLACK, &format!("{other} {reply}")).await.unwrap();
    assert_eq!(stored.lines.len(), 2);
    // Said again: nothing changes.
    let again = svc.games().add_premove(T0, 2, BLACK, "11-15 22-19").await.unwrap();
    assert!(!again.added);
    assert_eq!(again.lines.len(), 2);

    let refused = |r: Result<_, GameError>| r.unwrap_err();
    match refused(svc.games().add_premove(T0, 2, BLACK, "11-15 21-17").await) {
        GameError::PremoveConflict { after, stored, new } => {
            assert_eq!((after.as_str(), stored.as_str(), new.as_str()), ("11-15", "22-19", "21-17"));
        }
        e => panic!("{e}"),
    }
    assert!(matches!(
        refused(svc.games().add_premove(T0, 2, BLACK, "11-15 22-20").await),
        GameError::PremoveMove { number: 2, .. }
    ));
    assert!(matches!(refused(svc.games().add_premove(T0, 2, BLACK, "11-15").await), GameError::PremoveLineShape(_)));
    assert!(matches!(
        refused(svc.games().add_premove(T0, 2, WHITE, "22-19 11-15").await),
        GameError::PremoveOnYourMove
    ));
    assert!(matches!(refused(svc.games().add_premove(T0, 2, STRANGER, "11-15 22-19").await), GameError::NotAPlayer));
    // None of the refusals changed the tree.
    assert_eq!(svc.games().premoves_of(2, BLACK).await.unwrap().len(), 2);
    assert_eq!(svc.games().clear_premoves(2, BLACK).await.unwrap(), 2);
    assert!(svc.games().premoves_of(2, BLACK).await.unwrap().is_empty());
}

async fn lines_the_game_leaves_are_dropped_and_the_rest_stays(backend: Backend) {
    let (_db, svc) = service(backend).await;
    start_classic(&svc, T0, 3).await;
    let start = svc.game_in_channel(3).await.unwrap().game;
    let whites = legal_after(&start, &[]);
    for white in &whites[..2] {
        let reply = legal_after(&start, std::slice::from_ref(white))[0].clone();
        svc.games().add_premove(T0, 3, BLACK, &format!("{white} {reply}")).await.unwrap();
    }
    // White plays a third move: no reply, every line goes.
    let report = svc.games().play(T0 + 60, 3, WHITE, &whites[2], seen_at(&svc, 3, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 0);
    assert_eq!(svc.game_in_channel(3).await.unwrap().ply(), 1);
    assert!(svc.games().premoves_of(3, BLACK).await.unwrap().is_empty());

    // Matching one branch drops the other and keeps the rest of its own.
    svc.games().play(T0 + 120, 3, BLACK, "22-19", seen_at(&svc, 3, 1).await).await.unwrap();
    let view = svc.game_in_channel(3).await.unwrap();
    let whites = legal_after(&view.game, &[]);
    let (w1, w2) = (whites[0].clone(), whites[1].clone());
    let b1 = legal_after(&view.game, std::slice::from_ref(&w1))[0].clone();
    let w3 = legal_after(&view.game, &[w1.clone(), b1.clone()])[0].clone();
    let b3 = legal_after(&view.game, &[w1.clone(), b1.clone(), w3.clone()])[0].clone();
    let b2 = legal_after(&view.game, std::slice::from_ref(&w2))[0].clone();
    svc.games().add_premove(T0 + 130, 3, BLACK, &format!("{w1} {b1} {w3} {b3}")).await.unwrap();
    svc.games().add_premove(T0 + 130, 3, BLACK, &format!("{w2} {b2}")).await.unwrap();
    let report = svc.games().play(T0 + 180, 3, WHITE, &w1, seen_at(&svc, 3, 2).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    assert_eq!(svc.game_in_channel(3).await.unwrap().game.notations()[3], b1);
    assert_eq!(svc.games().premoves_of(3, BLACK).await.unwrap(), [vec![w3, b3]]);
}

async fn a_draw_offer_standing_holds_the_reply_until_answered(backend: Backend) {
    let (_db, svc) = service(backend).await;
    start_classic(&svc, T0, 4).await;
    svc.games().add_premove(T0, 4, BLACK, "11-15 22-19").await.unwrap();
    svc.games().offer_draw(T0 + 10, 4, WHITE).await.unwrap();
    // White moves with the offer standing: Black answers the offer first.
    let report = svc.games().play(T0 + 60, 4, WHITE, "11-15", seen_at(&svc, 4, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 0);
    let now = svc.game_in_channel(4).await.unwrap();
    assert_eq!((now.ply(), now.draw_offer_by), (1, Some(WHITE)));
    // The clock does not play it either while the offer stands.
    svc.deadlines().claim_due(T0 + 100).await.unwrap();
    assert_eq!(svc.game_in_channel(4).await.unwrap().ply(), 1);
    assert_eq!(svc.games().premoves_of(4, BLACK).await.unwrap(), [line("22-19")]);
    // Declined: the reply is played at the next tick.
    svc.games().answer_draw(T0 + 110, 4, BLACK, false).await.unwrap();
    svc.deadlines().claim_due(T0 + 120).await.unwrap();
    let now = svc.game_in_channel(4).await.unwrap();
    assert_eq!(now.game.notations(), ["11-15", "22-19"]);
}

async fn premoves_go_when_the_game_ends(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 5).await;
    svc.games().add_premove(T0, 5, BLACK, "11-15 22-19").await.unwrap();
    svc.games().resign(T0 + 60, 5, WHITE).await.unwrap();
    assert!(svc.store().premoves(game.id).await.unwrap().is_empty());

    // A loss on time, claimed by the clock, clears them too.
    let game = start_classic(&svc, T0, 6).await;
    svc.games().add_premove(T0, 6, BLACK, "11-15 22-19").await.unwrap();
    svc.deadlines().claim_due(T0 + 4 * DAY).await.unwrap();
    assert!(!svc.game_by_id(game.id).await.unwrap().is_live());
    assert!(svc.store().premoves(game.id).await.unwrap().is_empty());
}

/// The state a crash leaves between the opponent's move and the reply: the
/// move is committed (written straight to the store, as the service's own
/// write does) and nothing after it ran. Two processes starting over the
/// same database then play the reply once, and announce it once.
async fn a_crash_between_the_move_and_the_reply_loses_neither_and_doubles_neither(backend: Backend) {
    let (db, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 7).await;
    svc.games().add_premove(T0, 7, BLACK, "11-15 22-19 15x22 26x19").await.unwrap();
    assert!(svc.store().append_move(whites_first_move(game.id)).await.unwrap().is_some());
    svc.store().close().await;
    drop(svc);

    let (a, b) = (GameService::open(db.url()).await.unwrap(), GameService::open(db.url()).await.unwrap());
    // Within the grace after the move the clock leaves the reply to the
    // move's own command (here it crashed): nothing yet.
    a.deadlines().claim_due(T0 + 60 + PREMOVE_GRACE - 1).await.unwrap();
    assert_eq!(a.game_in_channel(7).await.unwrap().ply(), 1);
    let (x, y) = tokio::join!(a.deadlines().claim_due(T0 + 120), b.deadlines().claim_due(T0 + 120));
    x.unwrap();
    y.unwrap();
    let now = a.game_in_channel(7).await.unwrap();
    assert_eq!(now.game.notations(), ["11-15", "22-19"]);
    assert_eq!(a.games().premoves_of(7, BLACK).await.unwrap(), [line("15x22 26x19")]);
    // Asked again: nothing more.
    a.deadlines().claim_due(T0 + 180).await.unwrap();
    assert_eq!(a.game_in_channel(7).await.unwrap().ply(), 2);
    assert_eq!(announced(&a, T0 + 181).await, [(1, "22-19".to_string())]);
    // And the rest of the line still answers.
    let report = a.games().play(T0 + 240, 7, WHITE, "15x22", seen_at(&a, 7, 2).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
}

/// Two processes settling one game at once (after a crash, say) play the
/// reply once: it is an ordinary conditional write.
async fn two_services_settling_at_once_play_the_reply_once(backend: Backend) {
    let (db, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 8).await;
    svc.games().add_premove(T0, 8, BLACK, "11-15 22-19").await.unwrap();
    assert!(svc.store().append_move(whites_first_move(game.id)).await.unwrap().is_some());
    let other = GameService::open(db.url()).await.unwrap();
    let (x, y) =
        tokio::join!(svc.games().settle_premoves(T0 + 61, game.id), other.games().settle_premoves(T0 + 61, game.id));
    assert_eq!(x.unwrap().replies + y.unwrap().replies, 1);
    assert_eq!(svc.game_in_channel(8).await.unwrap().game.notations(), ["11-15", "22-19"]);
    assert_eq!(announced(&svc, T0 + 62).await.len(), 1);
}

async fn against_the_bot_the_reply_follows_the_bots_move(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let svc = svc.with_engine(EngineRunner::new(Duration::from_millis(200)));
    let mut req = NewBotGame::new(9, WHITE, 9009, Level::new(2).unwrap());
    req.guild = Some(GUILD);
    req.color = ColorChoice::White;
    let game = svc.games().start_bot_game(T0, req).await.unwrap();
    svc.games().play(T0 + 60, 9, WHITE, "11-15", seen_at(&svc, 9, 0).await).await.unwrap();
    // A reply ready for every move the bot may make.
    let view = svc.game_in_channel(9).await.unwrap();
    for (_, theirs) in view.game.position().legal_moves_with_notation() {
        let mut after = view.game.clone();
        after.play_notation(&theirs).unwrap();
        let (_, mine) = after.position().legal_moves_with_notation()[0].clone();
        svc.games().add_premove(T0 + 70, 9, WHITE, &format!("{theirs} {mine}")).await.unwrap();
    }
    let report = svc.games().engine_reply(T0 + 80, game.id).await.unwrap().expect("the bot moves");
    assert_eq!(report.premove_replies, 1);
    let now = svc.game_in_channel(9).await.unwrap();
    assert_eq!(now.ply(), 3);
    assert!(now.is_engine(now.turn()), "the bot is to move again");
    assert!(svc.games().premoves_of(9, WHITE).await.unwrap().is_empty());
}

/// A premove played while its owner is away on vacation keeps the game
/// going and does not end the vacation (it is what they left behind); the
/// next move that reaches them finds their clock stopped again.
async fn a_premove_plays_on_while_its_owner_is_on_vacation(backend: Backend) {
    let (_db, svc) = service(backend).await;
    start_classic(&svc, T0, 10).await;
    svc.games().add_premove(T0, 10, BLACK, "11-15 22-19 15x22 26x19").await.unwrap();
    svc.deadlines().start_vacation(T0 + 10, GUILD, BLACK).await.unwrap();
    let report = svc.games().play(T0 + 2 * DAY, 10, WHITE, "11-15", seen_at(&svc, 10, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    assert!(svc.deadlines().vacation(T0 + 2 * DAY, GUILD, BLACK).await.unwrap().away.is_some(), "still away");
    let report = svc.games().play(T0 + 4 * DAY, 10, WHITE, "15x22", seen_at(&svc, 10, 2).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    let now = svc.game_in_channel(10).await.unwrap();
    assert_eq!(now.game.notations(), ["11-15", "22-19", "15x22", "26x19"]);
    // Black's own move ends it, as ever.
    svc.games()
        .play(
            T0 + 6 * DAY,
            10,
            WHITE,
            &now.game.position().legal_moves_with_notation()[0].1,
            seen_at(&svc, 10, 4).await,
        )
        .await
        .unwrap();
    let view = svc.game_in_channel(10).await.unwrap();
    assert!(view.paused_since.is_some(), "the move reaches Black while away: the clock stands still");
    svc.games()
        .play(
            T0 + 6 * DAY + 60,
            10,
            BLACK,
            &view.game.position().legal_moves_with_notation()[0].1,
            seen_at(&svc, 10, 5).await,
        )
        .await
        .unwrap();
    assert!(svc.deadlines().vacation(T0 + 6 * DAY + 60, GUILD, BLACK).await.unwrap().away.is_none());
}

/// A takeback clears every premove of the game: they were entered against
/// a course the game no longer follows.
async fn a_takeback_clears_the_games_premoves(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 11).await;
    svc.games().play(T0 + 60, 11, WHITE, "11-15", seen_at(&svc, 11, 0).await).await.unwrap();
    // White, waiting for Black, stores replies; then asks to take back.
    let reply = legal_after(&svc.game_in_channel(11).await.unwrap().game, &["22-19".to_string()])[0].clone();
    svc.games().add_premove(T0 + 70, 11, WHITE, &format!("22-19 {reply}")).await.unwrap();
    svc.games().ask_takeback(T0 + 80, 11, WHITE, None).await.unwrap();
    svc.games().answer_takeback(T0 + 90, 11, BLACK, true, None).await.unwrap();
    assert_eq!(svc.game_in_channel(11).await.unwrap().ply(), 0);
    assert!(svc.store().premoves(game.id).await.unwrap().is_empty());
}

on_both_backends!(
    a_takeback_clears_the_games_premoves,
    a_premove_plays_on_while_its_owner_is_on_vacation,
    a_line_is_played_reply_by_reply_and_announced,
    lines_merge_into_a_tree_and_bad_lines_are_refused,
    lines_the_game_leaves_are_dropped_and_the_rest_stays,
    a_draw_offer_standing_holds_the_reply_until_answered,
    premoves_go_when_the_game_ends,
    a_crash_between_the_move_and_the_reply_loses_neither_and_doubles_neither,
    two_services_settling_at_once_play_the_reply_once,
    against_the_bot_the_reply_follows_the_bots_move,
);
