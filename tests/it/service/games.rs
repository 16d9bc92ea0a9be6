//! Whole games through the service, on a real database file: every way a
//! game ends, the clock, and the record.

use crate::support::games::*;
use damas::game::{ChallengeState, DAY, DrawDone, DueEvent, FinishReason, GameError, NewChallenge, Seen};
use damas::rules::{Color, DrawRules, EndReason, Game, Outcome, Position, Variant};

/// Plays a whole game from the initial position with pseudo-random legal
/// moves until the rules end it; the stored game replays to the same one.
async fn a_whole_game_from_the_start_to_its_end(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut view = start_classic(&svc, T0, 10).await;
    let mut now = T0;
    let mut seed = 0x2545_f491_u64;
    while view.is_live() {
        let moves = view.game.position().legal_moves_with_notation();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let (mv, text) = &moves[(seed >> 33) as usize % moves.len()];
        now += 600;
        let report = svc.games().play(now, 10, view.player_to_move(), text, Some(Seen::of(&view))).await.unwrap();
        assert_eq!(&report.played, mv);
        assert_eq!(&report.notation, text);
        view = report.game;
    }
    let finish = view.finished.unwrap();
    let rules = view.game.result().unwrap();
    assert_eq!(finish.reason, FinishReason::Rules(rules.reason));
    assert_eq!(finish.outcome, rules.outcome);
    assert_eq!(view.finished_at, Some(now));

    let stored = svc.game_by_id(view.id).await.unwrap();
    assert_eq!(stored.game.notations(), view.game.notations());
    assert_eq!(stored.finished, view.finished);
    assert_eq!(stored.finished_at, Some(now));
    let replayed = Game::replay(Position::initial(), Variant::Classic, DrawRules::Classic, view.game.notations());
    assert_eq!(replayed.unwrap().position(), stored.game.position());
    assert!(matches!(svc.game_in_channel(10).await, Err(damas::game::GameError::NoGame)));
}

async fn capturing_the_last_piece_wins(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_game(&svc, T0, 11, Some("W:WK18:B22"), Variant::Classic, DrawRules::Classic).await;
    let report = svc.games().play(T0 + 10, 11, WHITE, "18x27", None).await.unwrap();
    let finish = report.game.finished.unwrap();
    assert_eq!(finish.outcome, Outcome::Win(Color::White));
    assert_eq!(finish.reason, FinishReason::Rules(EndReason::NoLegalMove));
    assert_eq!(svc.game_by_id(report.game.id).await.unwrap().finished, Some(finish));
}

async fn in_giveaway_losing_every_piece_wins(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_game(&svc, T0, 12, Some("W:WK18:B22"), Variant::Giveaway, DrawRules::Classic).await;
    let report = svc.games().play(T0 + 10, 12, WHITE, "18x27", None).await.unwrap();
    let finish = report.game.finished.unwrap();
    assert_eq!(finish.outcome, Outcome::Win(Color::Black));
    assert_eq!(finish.reason, FinishReason::Rules(EndReason::NoLegalMove));
    assert_eq!(svc.game_by_id(report.game.id).await.unwrap().finished, Some(finish));
}

/// Each draw rule under each preset that has it, from king endings.
async fn draws_by_every_rule_and_preset(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let two_kings_each = "W:WK1,K2:BK31,K32";
    let three_kings_v_one = "W:WK1,K2,K3:BK30";
    let mut cases = Vec::new();
    for rules in DrawRules::ALL {
        cases.push((rules, two_kings_each, EndReason::Repetition));
        cases.push((rules, two_kings_each, EndReason::KingMoveRule));
        if rules.three_kings_moves().is_some() {
            cases.push((rules, three_kings_v_one, EndReason::ThreeKingsRule));
        }
    }
    for (i, (rules, fen, reason)) in cases.into_iter().enumerate() {
        let channel = 100 + i as u64;
        let line = line_to(fen, Variant::Classic, rules, reason);
        start_game(&svc, T0, channel, Some(fen), Variant::Classic, rules).await;
        let view = play_line(&svc, T0, channel, &line).await;
        let finish = view.finished.unwrap_or_else(|| panic!("{rules:?} {reason:?} not finished"));
        assert_eq!(finish.outcome, Outcome::Draw, "{rules:?} {reason:?}");
        assert_eq!(finish.reason, FinishReason::Rules(reason), "{rules:?}");
        match reason {
            EndReason::KingMoveRule => assert_eq!(view.game.king_move_plies(), rules.king_move_plies()),
            EndReason::ThreeKingsRule => {
                assert_eq!(view.game.three_kings_count(), Some((Color::White, rules.three_kings_moves().unwrap())))
            }
            _ => assert_eq!(view.game.repetitions(), 3),
        }
        let stored = svc.game_by_id(view.id).await.unwrap();
        assert_eq!(stored.finished, Some(finish));
        assert_eq!(stored.game.ply(), line.len());
    }
}

async fn a_draw_by_agreement(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 13).await;
    let offered = svc.games().offer_draw(T0 + 1, 13, BLACK).await.unwrap();
    assert_eq!(offered.draw_offer_by, Some(BLACK));
    // White moves instead of answering: that declines Black's offer.
    let moved = svc.games().play(T0 + 2, 13, WHITE, "11-15", Some(Seen::of(&view))).await.unwrap();
    assert_eq!(moved.game.draw_offer_by, None, "the opponent's move declines the offer");
    assert_eq!(svc.game_in_channel(13).await.unwrap().draw_offer_by, None);
    // Black offers again and moves: the offerer's own move keeps it standing.
    svc.games().offer_draw(T0 + 3, 13, BLACK).await.unwrap();
    let moved = svc.games().play(T0 + 4, 13, BLACK, "22-18", seen_at(&svc, 13, 1).await).await.unwrap();
    assert_eq!(moved.game.draw_offer_by, Some(BLACK), "the offerer's own move keeps the offer");
    assert_eq!(svc.game_in_channel(13).await.unwrap().draw_offer_by, Some(BLACK));
    let drawn = svc.games().answer_draw(T0 + 5, 13, WHITE, true).await.unwrap();
    assert_eq!(drawn.finished.unwrap().outcome, Outcome::Draw);
    assert_eq!(drawn.finished.unwrap().reason, FinishReason::Agreement);
    let stored = svc.game_by_id(view.id).await.unwrap();
    assert_eq!(stored.finished, drawn.finished);
    assert_eq!(stored.draw_offer_by, None);
    assert_eq!(stored.finished_at, Some(T0 + 5));
}

async fn a_declined_draw_offer_goes_away(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 14).await;
    svc.games().offer_draw(T0 + 1, 14, WHITE).await.unwrap();
    let declined = svc.games().answer_draw(T0 + 2, 14, BLACK, false).await.unwrap();
    assert_eq!(declined.draw_offer_by, None);
    assert!(declined.is_live());
    assert_eq!(svc.game_in_channel(14).await.unwrap().draw_offer_by, None);
}

/// `/draw` again withdraws the player's own standing offer; only its
/// offerer may withdraw it.
async fn a_draw_offer_is_withdrawn_by_its_offerer(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 45).await;
    assert!(matches!(svc.games().withdraw_draw(T0 + 1, 45, WHITE).await, Err(GameError::NoDrawOffer)));
    assert!(matches!(svc.games().draw(T0 + 1, 45, WHITE).await.unwrap(), DrawDone::Offered(_)));
    let theirs = svc.games().withdraw_draw(T0 + 2, 45, BLACK).await;
    assert!(matches!(theirs, Err(GameError::NotYourDrawOffer)), "{theirs:?}");
    let done = svc.games().draw(T0 + 3, 45, WHITE).await.unwrap();
    let DrawDone::Withdrawn(game) = done else { panic!("{done:?}") };
    assert_eq!(game.draw_offer_by, None);
    assert_eq!(svc.game_in_channel(45).await.unwrap().draw_offer_by, None);
    assert!(matches!(svc.games().answer_draw(T0 + 4, 45, BLACK, true).await, Err(GameError::NoDrawOffer)));
    // Offered again and withdrawn by the button's call.
    svc.games().draw(T0 + 5, 45, WHITE).await.unwrap();
    let game = svc.games().withdraw_draw(T0 + 6, 45, WHITE).await.unwrap();
    assert!(game.is_live() && game.draw_offer_by.is_none());
    assert!(matches!(svc.games().withdraw_draw(T0 + 7, 45, WHITE).await, Err(GameError::NoDrawOffer)));
}

async fn resignation(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 15).await;
    svc.games().play(T0 + 60, 15, WHITE, "11-15", None).await.unwrap();
    let resigned = svc.games().resign(T0 + 120, 15, WHITE).await.unwrap();
    let finish = resigned.finished.unwrap();
    assert_eq!(finish.outcome, Outcome::Win(Color::Black));
    assert_eq!(finish.reason, FinishReason::Resignation);
    assert_eq!(svc.game_by_id(view.id).await.unwrap().finished, Some(finish));
    assert!(svc.live_games_of_user(WHITE).await.unwrap().is_empty());
}

/// The clock: deadline from the last move, one reminder per move at 80%,
/// loss on time at the deadline, each handed out once.
async fn reminders_and_loss_on_time_with_a_moved_clock(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 16).await;
    assert_eq!(view.deadline, T0 + 3 * DAY);
    let before_reminder = T0 + 3 * DAY * 8 / 10 - 1;
    assert!(svc.deadlines().claim_due(before_reminder).await.unwrap().is_empty());
    let due = svc.deadlines().claim_due(before_reminder + 1).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::Reminder(g)] if g.id == view.id && g.player_to_move() == WHITE));
    assert!(svc.deadlines().claim_due(before_reminder + 2).await.unwrap().is_empty(), "one reminder per move");

    // A move restarts the clock for the opponent, and earns a new reminder.
    let moved_at = T0 + 2 * DAY;
    let report = svc.games().play(moved_at, 16, WHITE, "11-15", None).await.unwrap();
    assert_eq!(report.game.deadline, moved_at + 3 * DAY);
    assert!(svc.deadlines().claim_due(moved_at + DAY).await.unwrap().is_empty());
    let due = svc.deadlines().claim_due(moved_at + 3 * DAY * 8 / 10).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::Reminder(g)] if g.player_to_move() == BLACK));

    // Black lets the deadline pass: the bot was down, it notices days later.
    let due = svc.deadlines().claim_due(moved_at + 10 * DAY).await.unwrap();
    let [DueEvent::LossOnTime(lost)] = &due[..] else { panic!("expected a loss on time, got {due:?}") };
    let finish = lost.finished.unwrap();
    assert_eq!(finish.outcome, Outcome::Win(Color::White));
    assert_eq!(finish.reason, FinishReason::Time);
    assert_eq!(lost.finished_at, Some(moved_at + 3 * DAY), "lost at the deadline, not when noticed");
    assert!(svc.deadlines().claim_due(moved_at + 11 * DAY).await.unwrap().is_empty(), "handed out once");
    assert_eq!(svc.game_by_id(view.id).await.unwrap().finished, Some(finish));
}

async fn a_move_after_the_deadline_is_refused_and_the_clock_decides(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 17).await;
    let late = view.deadline;
    let err = svc.games().play(late, 17, WHITE, "11-15", None).await.unwrap_err();
    assert!(matches!(err, damas::game::GameError::TimeUp), "{err}");
    assert_eq!(svc.game_in_channel(17).await.unwrap().ply(), 0);
    let due = svc.deadlines().claim_due(late).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::LossOnTime(g)] if g.finished.unwrap().outcome == Outcome::Win(Color::Black)));
}

async fn a_challenge_expires_after_48_hours(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let c = svc.challenges().challenge(T0, NewChallenge::new(18, WHITE, BLACK)).await.unwrap();
    assert_eq!(c.expires_at, T0 + 48 * 3600);
    assert_eq!(c.time, damas::game::TimeControl::per_move(3));
    assert!(svc.deadlines().claim_due(T0 + 48 * 3600 - 1).await.unwrap().is_empty());
    let err = svc.challenges().accept(T0 + 48 * 3600, 18, BLACK, None).await.unwrap_err();
    assert!(matches!(err, damas::game::GameError::ChallengeExpired), "{err}");
    let due = svc.deadlines().claim_due(T0 + 48 * 3600).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::ChallengeExpired(e)] if e.id == c.id && e.state == ChallengeState::Expired));
    assert!(svc.deadlines().claim_due(T0 + 49 * 3600).await.unwrap().is_empty());
    // The channel is free again.
    svc.challenges().challenge(T0 + 49 * 3600, NewChallenge::new(18, BLACK, WHITE)).await.unwrap();
}

async fn challenges_are_declined_cancelled_and_accepted_with_the_colour_asked(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let c = svc.challenges().challenge(T0, NewChallenge::new(19, WHITE, BLACK)).await.unwrap();
    assert_eq!(svc.challenges().decline(T0 + 1, 19, BLACK, Some(c.id)).await.unwrap().state, ChallengeState::Declined);
    let c = svc.challenges().challenge(T0 + 2, NewChallenge::new(19, WHITE, BLACK)).await.unwrap();
    assert_eq!(svc.challenges().cancel(T0 + 3, 19, WHITE, None).await.unwrap().state, ChallengeState::Cancelled);
    let req = NewChallenge {
        color: damas::game::ColorChoice::Black,
        days_per_move: Some(14),
        ..NewChallenge::new(19, WHITE, BLACK)
    };
    let c2 = svc.challenges().challenge(T0 + 4, req).await.unwrap();
    assert_ne!(c.id, c2.id);
    let view = svc.challenges().accept(T0 + 5, 19, BLACK, Some(c2.id)).await.unwrap();
    assert_eq!((view.white, view.black), (BLACK, WHITE));
    assert_eq!(view.deadline, T0 + 5 + 14 * DAY);
    assert_eq!(svc.challenges().challenge_by_id(c2.id).await.unwrap().game_id, Some(view.id));
    assert_eq!(svc.challenges().challenge_by_id(c2.id).await.unwrap().state, ChallengeState::Accepted);

    // Random colours: both happen. Games are started until they have (a
    // fair coin shows one side 200 times running once in 2^199 tries).
    let mut whites = std::collections::HashSet::new();
    for channel in 200..400 {
        svc.challenges().challenge(T0, NewChallenge::new(channel, WHITE, BLACK)).await.unwrap();
        whites.insert(svc.challenges().accept(T0, channel, BLACK, None).await.unwrap().white);
        if whites.len() == 2 {
            break;
        }
    }
    assert_eq!(whites.len(), 2, "random colours should vary");
}

async fn live_games_of_a_server_and_of_a_user(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let a = start_classic(&svc, T0, 20).await;
    let b = start_classic(&svc, T0, 21).await;
    let other = NewChallenge { guild: Some(GUILD + 1), ..NewChallenge::new(22, WHITE, STRANGER) };
    svc.challenges().challenge(T0, other).await.unwrap();
    let c = svc.challenges().accept(T0, 22, STRANGER, None).await.unwrap();
    let ids = |v: Vec<damas::game::GameView>| v.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(svc.live_games_in_guild(GUILD).await.unwrap()), vec![a.id, b.id]);
    assert_eq!(ids(svc.live_games_of_user(WHITE).await.unwrap()), vec![a.id, b.id, c.id]);
    assert_eq!(ids(svc.live_games_of_user(STRANGER).await.unwrap()), vec![c.id]);
    svc.games().resign(T0 + 1, 21, BLACK).await.unwrap();
    assert_eq!(ids(svc.live_games_in_guild(GUILD).await.unwrap()), vec![a.id]);
}

async fn legal_moves_of_the_game_and_of_any_position(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 23).await;
    let moves = svc.legal_moves_in_channel(23).await.unwrap();
    assert_eq!(moves.len(), 7);
    let (pos, moves) = damas::game::GameService::legal_moves_of_fen("W:W13:B17,18").unwrap();
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(moves.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(), vec!["13x22"]);
    assert!(damas::game::GameService::legal_moves_of_fen("W:W99").is_err());
}

async fn the_pdn_record(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 24).await;
    for (user, mv) in [(WHITE, "11-15"), (BLACK, "22-19"), (WHITE, "15x22")] {
        svc.games().play(T0 + 5, 24, user, mv, None).await.unwrap();
    }
    let pdn = svc.records().pdn(view.id).await.unwrap();
    assert_eq!(
        pdn,
        "[Event \"damas correspondence game\"]\n[Site \"Discord\"]\n[Date \"2026.01.01\"]\n\
         [White \"user 1001\"]\n[Black \"user 1002\"]\n[Result \"*\"]\n[GameType \"24\"]\n\
         [TimeControl \"1/259200\"]\n\n\
         1. 11-15 22-19 2. 15x22 *\n"
    );
    svc.games().resign(T0 + 6, 24, BLACK).await.unwrap();
    assert!(svc.records().pdn(view.id).await.unwrap().ends_with("2. 15x22 2-0\n"));

    // From a set-up position with Black to move, with names: FEN tag, `1...`.
    let req = NewChallenge {
        color: damas::game::ColorChoice::White,
        start: Some("B:WK18:B22,30".parse().unwrap()),
        challenger_name: Some("Ana \"la dama\"".into()),
        opponent_name: Some("Luis".into()),
        ..NewChallenge::new(25, WHITE, BLACK)
    };
    svc.challenges().challenge(T0, req).await.unwrap();
    let view = svc.challenges().accept(T0, 25, BLACK, None).await.unwrap();
    svc.games().play(T0 + 1, 25, BLACK, "22x13", None).await.unwrap();
    let pdn = svc.records().pdn(view.id).await.unwrap();
    assert!(pdn.contains("[White \"Ana \\\"la dama\\\"\"]\n[Black \"Luis\"]\n"), "{pdn}");
    assert!(pdn.contains("[FEN \"B:WK18:B22,30\"]\n"), "{pdn}");
    assert!(pdn.ends_with("\n1... 22x13 0-2\n"), "{pdn}");
    assert!(matches!(svc.records().pdn(9999).await, Err(damas::game::GameError::GameNotFound(9999))));
}

on_both_backends!(
    a_whole_game_from_the_start_to_its_end,
    capturing_the_last_piece_wins,
    in_giveaway_losing_every_piece_wins,
    draws_by_every_rule_and_preset,
    a_draw_by_agreement,
    a_declined_draw_offer_goes_away,
    a_draw_offer_is_withdrawn_by_its_offerer,
    resignation,
    reminders_and_loss_on_time_with_a_moved_clock,
    a_move_after_the_deadline_is_refused_and_the_clock_decides,
    a_challenge_expires_after_48_hours,
    challenges_are_declined_cancelled_and_accepted_with_the_colour_asked,
    live_games_of_a_server_and_of_a_user,
    legal_moves_of_the_game_and_of_any_position,
    the_pdn_record,
);
