//! Moves without typing, in the service: the pieces offered to the player
//! to move and their moves, a move shown before it is played to a player
//! who confirms their moves (nothing written), and a move chosen from a
//! position that is no longer the game's refused.

use crate::support::games::*;
use damas::game::{GameError, MoveOutcome, Seen, moves_by_piece};
use damas::rules::{DrawRules, Variant, parse_fen};

/// White to move with five kings and no capture: 35 legal moves (RULES 4.1,
/// kings move any distance along free diagonals).
const WIDE: &str = "W:WK2,K3,K14,K15,K18:B29,30,31,32";

async fn choices_are_every_legal_move_by_piece(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_game(&svc, T0, 1, Some(WIDE), Variant::Classic, DrawRules::Classic).await;
    let choices = svc.games().move_choices(T0 + 1, 1, WHITE, Some(Seen::of(&view))).await.unwrap();
    assert_eq!(choices.seen, Seen { game: view.id, ply: 0 });
    let squares: Vec<u8> = choices.pieces.iter().map(|p| p.square).collect();
    assert_eq!(squares, [2, 3, 14, 15, 18]);
    assert!(choices.pieces.iter().all(|p| p.king));
    let mut offered: Vec<String> = choices.pieces.iter().flat_map(|p| p.moves.clone()).collect();
    let position = parse_fen(WIDE).unwrap();
    let mut legal: Vec<String> = position.legal_moves_with_notation().into_iter().map(|(_, n)| n).collect();
    assert!(legal.len() > 25, "{} legal moves", legal.len());
    offered.sort();
    legal.sort();
    assert_eq!(offered, legal, "each legal move once");
    assert_eq!(choices.pieces, moves_by_piece(&position, position.legal_moves_with_notation()));
}

async fn only_the_player_to_move_is_offered_moves(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 2).await;
    let seen = Some(Seen::of(&view));
    assert!(matches!(svc.games().move_choices(T0, 2, STRANGER, seen).await, Err(GameError::NotAPlayer)));
    assert!(matches!(svc.games().move_choices(T0, 2, BLACK, seen).await, Err(GameError::NotYourTurn)));
    assert!(matches!(svc.games().move_choices(T0, 3, WHITE, None).await, Err(GameError::NoGame)));
    // Past the deadline the clock has decided.
    assert!(matches!(svc.games().move_choices(view.deadline, 2, WHITE, seen).await, Err(GameError::TimeUp)));
    // RULES 3.1: the men of White's front row move one square forward.
    let choices = svc.games().move_choices(T0, 2, WHITE, seen).await.unwrap();
    let squares: Vec<u8> = choices.pieces.iter().map(|p| p.square).collect();
    assert_eq!(squares, [9, 10, 11, 12]);
    assert_eq!(choices.pieces[0].moves, ["9-13"], "a man on the edge has one way forward");
    assert_eq!(choices.pieces[2].moves, ["11-14", "11-15"]);
}

async fn a_player_who_confirms_is_shown_the_move_and_nothing_is_written(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_game(&svc, T0, 4, Some("W:WK1:B10,18,30"), Variant::Classic, DrawRules::Classic).await;
    svc.notifications().set_confirm_moves(T0, GUILD, WHITE, true, "en-US").await.unwrap();
    // Only White confirms, and only in this server.
    assert!(svc.notifications().confirms_moves(Some(GUILD), WHITE).await.unwrap());
    assert!(!svc.notifications().confirms_moves(Some(GUILD), BLACK).await.unwrap());
    assert!(!svc.notifications().confirms_moves(Some(GUILD + 1), WHITE).await.unwrap());
    let before = snapshot(&svc, 4).await;
    // RULES 5.1: the capture is compulsory, so a quiet move is refused as /move refuses it.
    let err = svc.games().play_or_show(T0 + 1, 4, WHITE, "1-5", None).await.unwrap_err();
    assert!(matches!(err, GameError::Move(_)), "{err:?}");
    let shown = svc.games().play_or_show(T0 + 1, 4, WHITE, "1x21", Some(Seen::of(&view))).await.unwrap();
    let MoveOutcome::Shown(preview) = shown else { panic!("shown, not played: {shown:?}") };
    assert_eq!(preview.notation, "1x21");
    assert_eq!(preview.seen, Seen::of(&view));
    assert_eq!(preview.before, *view.game.position());
    assert_eq!(preview.after, view.game.position().play(&preview.played).unwrap());
    assert!(!preview.ends_game, "Black keeps the man on 30");
    assert_eq!(before, snapshot(&svc, 4).await, "showing a move changed the game");
    assert!(matches!(svc.games().play_or_show(T0 + 1, 4, BLACK, "30-26", None).await, Err(GameError::NotYourTurn)));

    // Turned off, the same choice is played.
    svc.notifications().set_confirm_moves(T0 + 2, GUILD, WHITE, false, "en-US").await.unwrap();
    let played = svc.games().play_or_show(T0 + 3, 4, WHITE, "1x21", Some(Seen::of(&view))).await.unwrap();
    assert!(matches!(&played, MoveOutcome::Played(report) if report.notation == "1x21"), "{played:?}");
    assert_eq!(svc.game_in_channel(4).await.unwrap().ply(), 1);
    // Black has not asked for it either.
    let played = svc.games().play_or_show(T0 + 4, 4, BLACK, "30-26", None).await.unwrap();
    assert!(matches!(played, MoveOutcome::Played(_)), "{played:?}");
}

async fn a_move_from_an_old_position_is_refused(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let first = start_classic(&svc, T0, 5).await;
    let seen = Seen::of(&first);
    svc.games().play_seen(T0 + 1, 5, WHITE, "11-15", seen).await.unwrap();
    // The same choice again (a second click on the same menu): refused.
    let before = snapshot(&svc, 5).await;
    let err = svc.games().play_seen(T0 + 2, 5, WHITE, "12-16", seen).await.unwrap_err();
    assert!(matches!(err, GameError::PositionChanged), "{err:?}");
    let err = svc.games().play_seen(T0 + 2, 5, BLACK, "22-18", seen).await.unwrap_err();
    assert!(matches!(err, GameError::PositionChanged), "{err:?}");
    assert!(matches!(svc.games().move_choices(T0 + 2, 5, BLACK, Some(seen)).await, Err(GameError::PositionChanged)));
    let err = svc.games().play_or_show(T0 + 2, 5, BLACK, "22-18", Some(seen)).await.unwrap_err();
    assert!(matches!(err, GameError::PositionChanged), "{err:?}");
    assert_eq!(before, snapshot(&svc, 5).await);

    // Another game in the channel at the same ply is not the position seen.
    let aborted =
        damas::game::AbortRequest { game: None, guild: Some(GUILD), channel: 5, user: WHITE, moderator: true };
    svc.games().abort(T0 + 3, aborted).await.unwrap();
    let second = start_classic(&svc, T0 + 4, 5).await;
    assert_ne!(second.id, first.id);
    let err = svc.games().play_seen(T0 + 5, 5, WHITE, "11-15", seen).await.unwrap_err();
    assert!(matches!(err, GameError::PositionChanged), "{err:?}");
    svc.games().play_seen(T0 + 5, 5, WHITE, "11-15", Seen::of(&second)).await.unwrap();
}

/// Two choices made from one menu at once: one move lands, the other is refused.
async fn racing_choices_play_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 6).await;
    let seen = Seen::of(&view);
    let (a, b) = tokio::join!(
        svc.games().play_seen(T0 + 1, 6, WHITE, "11-15", seen),
        svc.games().play_seen(T0 + 1, 6, WHITE, "12-16", seen)
    );
    let refused: Vec<GameError> = [a, b].into_iter().filter_map(Result::err).collect();
    assert!(matches!(refused[..], [GameError::PositionChanged]), "one lands, the other is refused: {refused:?}");
    assert_eq!(svc.game_in_channel(6).await.unwrap().ply(), 1);
}

on_both_backends!(
    choices_are_every_legal_move_by_piece,
    only_the_player_to_move_is_offered_moves,
    a_player_who_confirms_is_shown_the_move_and_nothing_is_written,
    a_move_from_an_old_position_is_refused,
    racing_choices_play_once,
);
