//! Every refusal of the service: the right error, a sentence for the user,
//! and nothing changed by the refused command.

use crate::support::games::*;
use damas::game::{ColorChoice, GameError, GameService, NewChallenge, Seen};
use damas::rules::{DrawRules, MoveError, Variant, parse_fen};

/// Runs a command that must be refused, checks the refusal with `check`,
/// that it is a user error with a sentence, and that the channel's state is
/// the same before and after.
macro_rules! refused {
    ($svc:expr, $channel:expr, $cmd:expr, $pat:pat) => {{
        let before = snapshot(&$svc, $channel).await;
        let err = $cmd.await.expect_err("the command should be refused");
        assert!(matches!(err, $pat), "unexpected refusal: {err:?}");
        assert!(err.is_user_error(), "{err:?} should be a user error");
        let text = said(&err);
        assert!(text.len() > 15 && !text.contains("{"), "not a sentence: {text}");
        assert_eq!(before, snapshot(&$svc, $channel).await, "a refused command changed the state");
        err
    }};
}

async fn refused_challenges(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let err =
        refused!(svc, 1, svc.challenges().challenge(T0, NewChallenge::new(1, WHITE, WHITE)), GameError::ChallengeSelf);
    assert!(said(&err).contains("yourself"));
    for days in [0, 15, 100] {
        let req = NewChallenge { days_per_move: Some(days), ..NewChallenge::new(1, WHITE, BLACK) };
        let err = refused!(svc, 1, svc.challenges().challenge(T0, req), GameError::DaysOutOfRange(_));
        assert!(said(&err).contains("between 1 and 14"), "{}", said(&err));
    }
    let decided = NewChallenge { start: Some(parse_fen("B:W5:B").unwrap()), ..NewChallenge::new(1, WHITE, BLACK) };
    refused!(svc, 1, svc.challenges().challenge(T0, decided), GameError::StartDecided);

    // The same challenge twice, then a channel holding a live game.
    svc.challenges().challenge(T0, NewChallenge::new(1, WHITE, BLACK)).await.unwrap();
    let err = refused!(
        svc,
        1,
        svc.challenges().challenge(T0, NewChallenge::new(1, WHITE, BLACK)),
        GameError::DuplicateChallenge
    );
    assert!(said(&err).contains("already challenged"), "{}", said(&err));
    svc.challenges().accept(T0, 1, BLACK, None).await.unwrap();
    let err = refused!(
        svc,
        1,
        svc.challenges().challenge(T0, NewChallenge::new(1, STRANGER, BLACK)),
        GameError::ChannelHasGame
    );
    assert!(said(&err).contains("thread"), "should suggest a thread: {}", said(&err));
}

async fn refused_answers_to_challenges(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // Nothing to answer.
    refused!(svc, 2, svc.challenges().accept(T0, 2, BLACK, None), GameError::NoChallenge);
    refused!(svc, 2, svc.challenges().decline(T0, 2, BLACK, None), GameError::NoChallenge);
    refused!(svc, 2, svc.challenges().cancel(T0, 2, WHITE, None), GameError::NoChallenge);
    refused!(svc, 2, svc.challenges().accept(T0, 2, BLACK, Some(42)), GameError::StaleChallenge(42));

    let c = svc.challenges().challenge(T0, NewChallenge::new(2, WHITE, BLACK)).await.unwrap();
    // Only the challenged answers; only the challenger cancels.
    refused!(svc, 2, svc.challenges().accept(T0, 2, WHITE, None), GameError::NotChallenged);
    refused!(svc, 2, svc.challenges().accept(T0, 2, STRANGER, None), GameError::NotChallenged);
    refused!(svc, 2, svc.challenges().decline(T0, 2, WHITE, Some(c.id)), GameError::NotChallenged);
    refused!(svc, 2, svc.challenges().cancel(T0, 2, BLACK, None), GameError::NotChallenger);
    refused!(svc, 2, svc.challenges().cancel(T0, 2, STRANGER, None), GameError::NotChallenger);
    // The challenge's id used from another channel.
    refused!(svc, 3, svc.challenges().accept(T0, 3, BLACK, Some(c.id)), GameError::StaleChallenge(_));
    // Too late.
    refused!(svc, 2, svc.challenges().accept(T0 + 48 * 3600, 2, BLACK, None), GameError::ChallengeExpired);

    // A stale id: the challenge was declined and a new one posted.
    svc.challenges().decline(T0 + 1, 2, BLACK, None).await.unwrap();
    svc.challenges().challenge(T0 + 2, NewChallenge::new(2, WHITE, BLACK)).await.unwrap();
    let err = refused!(svc, 2, svc.challenges().accept(T0 + 3, 2, BLACK, Some(c.id)), GameError::StaleChallenge(_));
    assert!(said(&err).contains(&format!("#{}", c.id)), "{}", said(&err));
    // A double-clicked accept: the second finds the challenge gone.
    svc.challenges().accept(T0 + 4, 2, BLACK, None).await.unwrap();
    refused!(svc, 2, svc.challenges().accept(T0 + 4, 2, BLACK, None), GameError::NoChallenge);
}

async fn refused_game_commands(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // No game in the channel.
    refused!(svc, 4, svc.games().play(T0, 4, WHITE, "11-15", None), GameError::NoGame);
    refused!(svc, 4, svc.games().resign(T0, 4, WHITE), GameError::NoGame);
    refused!(svc, 4, svc.games().offer_draw(T0, 4, WHITE), GameError::NoGame);
    refused!(svc, 4, svc.games().answer_draw(T0, 4, WHITE, true), GameError::NoGame);
    assert!(matches!(svc.game_in_channel(4).await, Err(GameError::NoGame)));
    assert!(matches!(svc.game_by_id(12345).await, Err(GameError::GameNotFound(12345))));

    let view = start_classic(&svc, T0, 4).await;
    // Not a player.
    refused!(svc, 4, svc.games().play(T0, 4, STRANGER, "11-15", None), GameError::NotAPlayer);
    refused!(svc, 4, svc.games().resign(T0, 4, STRANGER), GameError::NotAPlayer);
    refused!(svc, 4, svc.games().offer_draw(T0, 4, STRANGER), GameError::NotAPlayer);
    refused!(svc, 4, svc.games().answer_draw(T0, 4, STRANGER, false), GameError::NotAPlayer);
    // Not your turn.
    refused!(svc, 4, svc.games().play(T0, 4, BLACK, "22-18", None), GameError::NotYourTurn);
    // Move errors keep the rules' message.
    let err =
        refused!(svc, 4, svc.games().play(T0, 4, WHITE, "hello", None), GameError::Move(MoveError::NotNotation { .. }));
    assert!(said(&err).contains("hello"), "{}", said(&err));
    refused!(svc, 4, svc.games().play(T0, 4, WHITE, "11-16", None), GameError::Move(MoveError::NoSuchMove { .. }));
    refused!(svc, 4, svc.games().play(T0, 4, WHITE, "", None), GameError::Move(_));
    // The position they saw is not the game's.
    refused!(svc, 4, svc.games().play(T0, 4, WHITE, "11-15", seen_at(&svc, 4, 3).await), GameError::PositionChanged);
    // Nor is a position of another game at the same ply (a button left
    // from the game played here before).
    let game = svc.game_in_channel(4).await.unwrap().id;
    let other = Some(Seen { game: game + 1, ply: 0 });
    refused!(svc, 4, svc.games().play(T0, 4, WHITE, "11-15", other), GameError::PositionChanged);
    refused!(svc, 4, svc.games().ask_takeback(T0, 4, WHITE, other), GameError::PositionChanged);
    // A double click: the same move twice with the same seen ply.
    svc.games().play(T0 + 1, 4, WHITE, "11-15", seen_at(&svc, 4, 0).await).await.unwrap();
    let err = refused!(
        svc,
        4,
        svc.games().play(T0 + 2, 4, WHITE, "11-15", seen_at(&svc, 4, 0).await),
        GameError::PositionChanged
    );
    assert!(said(&err).contains("position changed"), "{}", said(&err));
    // Without a seen ply the repeat is simply out of turn.
    refused!(svc, 4, svc.games().play(T0 + 2, 4, WHITE, "11-15", None), GameError::NotYourTurn);
    // Past the deadline.
    let deadline = svc.game_in_channel(4).await.unwrap().deadline;
    refused!(svc, 4, svc.games().play(deadline, 4, BLACK, "22-18", None), GameError::TimeUp);
    refused!(svc, 4, svc.games().offer_draw(deadline + 1, 4, BLACK), GameError::TimeUp);
    assert_eq!(svc.game_by_id(view.id).await.unwrap().ply(), 1);
}

async fn move_errors_explain_captures_and_ambiguity(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_game(&svc, T0, 5, Some("W:W5,13:B17,18"), Variant::Classic, DrawRules::Classic).await;
    let err = refused!(
        svc,
        5,
        svc.games().play(T0, 5, WHITE, "5-9", None),
        GameError::Move(MoveError::CaptureRequired { .. })
    );
    assert!(said(&err).contains("capture is compulsory") && said(&err).contains("13x22"), "{}", said(&err));

    // Two routes from 6 to 22: the short form is refused with both full forms.
    start_game(&svc, T0, 6, Some("W:W6:B10,11,18,19"), Variant::Classic, DrawRules::Classic).await;
    let err =
        refused!(svc, 6, svc.games().play(T0, 6, WHITE, "6x22", None), GameError::Move(MoveError::Ambiguous { .. }));
    assert!(said(&err).contains("6x13x22") && said(&err).contains("6x15x22"), "{}", said(&err));
    // The full form is accepted and stored in full.
    let report = svc.games().play(T0, 6, WHITE, "6x15x22", None).await.unwrap();
    assert_eq!(report.notation, "6x15x22");
    assert_eq!(svc.game_by_id(report.game.id).await.unwrap().game.notations(), ["6x15x22"]);
}

async fn refused_draw_commands(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 7).await;
    refused!(svc, 7, svc.games().answer_draw(T0, 7, WHITE, true), GameError::NoDrawOffer);
    refused!(svc, 7, svc.games().answer_draw(T0, 7, BLACK, false), GameError::NoDrawOffer);
    svc.games().offer_draw(T0, 7, WHITE).await.unwrap();
    refused!(svc, 7, svc.games().offer_draw(T0, 7, WHITE), GameError::DrawAlreadyOffered);
    refused!(svc, 7, svc.games().offer_draw(T0, 7, BLACK), GameError::DrawOfferPending);
    refused!(svc, 7, svc.games().answer_draw(T0, 7, WHITE, true), GameError::OwnDrawOffer);
    refused!(svc, 7, svc.games().answer_draw(T0, 7, WHITE, false), GameError::OwnDrawOffer);
    // Declined by a move: nothing left to answer.
    svc.games().play(T0 + 1, 7, WHITE, "11-15", None).await.unwrap();
    assert_eq!(svc.game_in_channel(7).await.unwrap().draw_offer_by, Some(WHITE), "the offerer moved");
    svc.games().play(T0 + 2, 7, BLACK, "22-18", None).await.unwrap();
    refused!(svc, 7, svc.games().answer_draw(T0 + 3, 7, BLACK, true), GameError::NoDrawOffer);
}

#[tokio::test]
async fn refused_positions_and_internal_errors() {
    let err = GameService::legal_moves_of_fen("W:W5,5:B20").unwrap_err();
    assert!(matches!(err, GameError::BadFen(_)) && err.is_user_error(), "{err:?}");
    assert!(GameService::legal_moves_of_fen("not a fen").is_err());
    assert!(!GameError::Corrupt("x".into()).is_user_error());

    // A database that cannot be opened is an internal error.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir/damas.db");
    let err = GameService::open(missing.to_str().unwrap()).await.unwrap_err();
    assert!(matches!(err, GameError::Store(_)) && !err.is_user_error(), "{err:?}");
}

#[tokio::test]
async fn colour_choices_read_their_names() {
    assert_eq!(ColorChoice::from_name(" White "), Some(ColorChoice::White));
    assert_eq!(ColorChoice::from_name("random"), Some(ColorChoice::Random));
    assert_eq!(ColorChoice::from_name("green"), None);
}

on_both_backends!(
    refused_challenges,
    refused_answers_to_challenges,
    refused_game_commands,
    move_errors_explain_captures_and_ambiguity,
    refused_draw_commands,
);
