//! Aborting: moderators end any live game of their channel without a
//! result, or close its open challenges; players abort their own game only
//! until each side has moved once; a move and an abort racing leave one.

use crate::support::games::*;
use damas::game::{AbortRequest, Aborted, ChallengeState, GameError, GameService, NewChallenge, Seen};

const MODERATOR: u64 = 1010;

fn request(channel: u64, user: u64, moderator: bool) -> AbortRequest {
    AbortRequest { guild: Some(GUILD), channel, user, moderator, game: None }
}

async fn aborted_game(svc: &GameService, now: i64, req: AbortRequest) -> Result<i64, GameError> {
    match svc.games().abort(now, req).await? {
        Aborted::Game(view) => {
            assert_eq!(view.aborted_by, Some(req.user));
            assert!(!view.is_live() && view.finished.is_none(), "aborted games have no result");
            Ok(view.id)
        }
        Aborted::Challenges(c) => panic!("expected a game, closed challenges {c:?}"),
    }
}

async fn players_abort_only_before_each_side_has_moved(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // Before any move, and after White's first: either player may abort.
    start_classic(&svc, T0, 1).await;
    let id = aborted_game(&svc, T0 + 1, request(1, BLACK, false)).await.unwrap();
    let stored = svc.game_by_id(id).await.unwrap();
    assert_eq!((stored.aborted_by, stored.finished_at, stored.finished), (Some(BLACK), Some(T0 + 1), None));
    assert!(matches!(svc.game_in_channel(1).await, Err(GameError::NoGame)));
    let err = svc.games().play(T0 + 2, 1, WHITE, "11-15", None).await.unwrap_err();
    assert!(matches!(err, GameError::NoGame), "{err:?}");
    // The channel is free again.
    start_classic(&svc, T0 + 3, 1).await;
    play_line(&svc, T0 + 3, 1, &["11-15".into()]).await;
    aborted_game(&svc, T0 + 4, request(1, WHITE, false)).await.unwrap();

    // Once each side has moved, only a moderator may.
    start_classic(&svc, T0 + 5, 1).await;
    play_line(&svc, T0 + 5, 1, &["11-15".into(), "22-18".into()]).await;
    let err = svc.games().abort(T0 + 6, request(1, WHITE, false)).await.unwrap_err();
    assert!(matches!(err, GameError::AbortTooLate), "{err:?}");
    assert!(said(&err).contains("ask a moderator"), "{}", said(&err));
    let err = svc.games().abort(T0 + 6, request(1, STRANGER, false)).await.unwrap_err();
    assert!(matches!(err, GameError::NotModerator), "{err:?}");
    assert!(svc.game_in_channel(1).await.is_ok(), "refusals changed nothing");
    aborted_game(&svc, T0 + 7, request(1, MODERATOR, true)).await.unwrap();
}

async fn a_game_named_by_number(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 1).await;
    let named =
        |channel, guild| AbortRequest { game: Some(game.id), guild: Some(guild), ..request(channel, MODERATOR, true) };
    let err = svc.games().abort(T0, named(2, GUILD)).await.unwrap_err();
    assert!(matches!(err, GameError::GameElsewhere { channel: 1, .. }), "{err:?}");
    assert!(said(&err).contains("<#1>"), "{}", said(&err));
    let err = svc.games().abort(T0, named(1, GUILD + 1)).await.unwrap_err();
    assert!(matches!(err, GameError::GameNotFound(_)), "another server's game is not found: {err:?}");
    let err = svc.games().abort(T0, AbortRequest { game: Some(9999), ..named(1, GUILD) }).await.unwrap_err();
    assert!(matches!(err, GameError::GameNotFound(9999)), "{err:?}");
    assert_eq!(aborted_game(&svc, T0 + 1, named(1, GUILD)).await.unwrap(), game.id);
    let err = svc.games().abort(T0 + 2, named(1, GUILD)).await.unwrap_err();
    assert!(matches!(err, GameError::GameOver), "{err:?}");
    // A finished game stays as it ended.
    let resigned = start_classic(&svc, T0 + 3, 1).await;
    svc.games().resign(T0 + 4, 1, WHITE).await.unwrap();
    let err = svc.games().abort(T0 + 5, AbortRequest { game: Some(resigned.id), ..named(1, GUILD) }).await.unwrap_err();
    assert!(matches!(err, GameError::GameOver), "{err:?}");
    assert!(svc.game_by_id(resigned.id).await.unwrap().finished.is_some());
}

async fn moderators_close_a_channels_challenges(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let err = svc.games().abort(T0, request(3, MODERATOR, true)).await.unwrap_err();
    assert!(matches!(err, GameError::NothingToAbort), "{err:?}");
    let guild = |c: NewChallenge| NewChallenge { guild: Some(GUILD), ..c };
    let a = svc.challenges().challenge(T0, guild(NewChallenge::new(3, WHITE, BLACK))).await.unwrap();
    let b = svc.challenges().challenge(T0, guild(NewChallenge::new(3, STRANGER, BLACK))).await.unwrap();
    let err = svc.games().abort(T0, request(3, WHITE, false)).await.unwrap_err();
    assert!(matches!(err, GameError::NotModerator), "even its author: /cancel is theirs: {err:?}");
    assert_eq!(svc.open_challenges_in_channel(3).await.unwrap().len(), 2);
    match svc.games().abort(T0 + 1, request(3, MODERATOR, true)).await.unwrap() {
        Aborted::Challenges(closed) => {
            assert_eq!(closed.iter().map(|c| c.id).collect::<Vec<_>>(), [a.id, b.id]);
            assert!(closed.iter().all(|c| c.state == ChallengeState::Cancelled));
        }
        Aborted::Game(g) => panic!("no game here, aborted {}", g.id),
    }
    assert!(svc.open_challenges_in_channel(3).await.unwrap().is_empty());
}

async fn a_move_and_an_abort_racing_leave_one(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let (mut aborted, mut moved) = (0, 0);
    for round in 0..16u64 {
        let channel = 100 + round;
        let game = start_classic(&svc, T0, channel).await;
        play_line(&svc, T0, channel, &["11-15".into()]).await;
        let seen = Some(Seen { game: game.id, ply: 1 });
        let abort = tokio::spawn({
            let svc = svc.clone();
            async move { svc.games().abort(T0 + 7200, request(channel, WHITE, false)).await }
        });
        let mv = tokio::spawn({
            let svc = svc.clone();
            async move { svc.games().play(T0 + 7200, channel, BLACK, "22-18", seen).await }
        });
        let (abort, mv) = (abort.await.unwrap(), mv.await.unwrap());
        match (&abort, &mv) {
            (Ok(_), Err(e)) => {
                assert!(matches!(e, GameError::GameOver | GameError::NoGame), "{e:?}");
                assert!(svc.game_in_channel(channel).await.is_err());
                aborted += 1;
            }
            (Err(e), Ok(report)) => {
                assert!(matches!(e, GameError::AbortTooLate), "{e:?}");
                assert_eq!(svc.game_in_channel(channel).await.unwrap().ply(), 2);
                assert_eq!(report.game.ply(), 2);
                moved += 1;
            }
            _ => panic!("round {round}: abort {abort:?}, move {mv:?}"),
        }
    }
    eprintln!("aborts first {aborted}, moves first {moved}");
}

on_both_backends!(
    players_abort_only_before_each_side_has_moved,
    a_game_named_by_number,
    moderators_close_a_channels_challenges,
);

on_both_backends!(multi_thread: a_move_and_an_abort_racing_leave_one);
