//! Games against the bot through the service: they start at once, the
//! engine answers with legal moves through the same conditional write as a
//! person, catches up after a restart, is never reminded or timed out, and
//! analysis is refused for live games; it answers draw offers at once, as
//! its engine judges the position.

use std::time::Duration;

use crate::support::games::*;
use damas::engine::Level;
use damas::game::{
    ColorChoice, DAY, DueEvent, EngineRunner, FinishReason, GameError, GameService, NewBotGame, NewChallenge, Proposed,
    level,
};
use damas::rules::{Color, Outcome, parse_fen};

/// The bot's user id in these tests.
const BOT: u64 = 9009;

/// A service whose engine thinks briefly (tests need no strength).
async fn quick_service(backend: Backend) -> (damas::store::ScratchDatabase, GameService) {
    let (dir, svc) = service(backend).await;
    (dir, svc.with_engine(EngineRunner::new(Duration::from_millis(300))))
}

fn bot_game(channel: u64, player_color: ColorChoice, level: u8) -> NewBotGame {
    let mut req = NewBotGame::new(channel, WHITE, BOT, Level::new(level).unwrap());
    req.guild = Some(GUILD);
    req.color = player_color;
    req.player_name = Some("alice".into());
    req
}

async fn a_bot_game_starts_at_once_and_its_record_names_the_bot(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(5, ColorChoice::White, 7)).await.unwrap();
    assert!(view.is_live());
    assert_eq!((view.white, view.black), (WHITE, BOT));
    assert_eq!(view.engine, Some((Color::Black, Level::new(7).unwrap())));
    assert_eq!(svc.game_in_channel(5).await.unwrap().id, view.id);
    // No challenge is left waiting for an answer.
    assert!(svc.open_challenges_in_channel(5).await.unwrap().is_empty());
    let pdn = svc.records().pdn(view.id).await.unwrap();
    assert!(pdn.contains("[Black \"damas (level 7)\"]"), "{pdn}");
    assert!(pdn.contains("[White \"alice\"]"), "{pdn}");
}

async fn the_bot_answers_a_move_with_a_legal_move(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(6, ColorChoice::White, 5)).await.unwrap();
    // Not the bot's turn yet: nothing to do.
    assert!(svc.games().engine_reply(T0, view.id).await.unwrap().is_none());
    let mine = svc.games().play(T0 + 60, 6, WHITE, "11-15", seen_at(&svc, 6, 0).await).await.unwrap();
    let before = *mine.game.game.position();
    // The report of the person's move holds the bot's turn: the clock's
    // catch-up (or any other caller) cannot take the reply from the answer
    // to that move, which shows both moves on one board.
    let held = mine.bot_turn.clone().expect("the move holds the bot's turn");
    assert_eq!(held.game(), view.id);
    assert!(svc.games().engine_catch_up(T0 + 60).await.unwrap().is_empty(), "the catch-up leaves it");
    assert!(svc.games().engine_reply(T0 + 60, view.id).await.unwrap().is_none());
    assert_eq!(svc.game_in_channel(6).await.unwrap().ply(), 1);
    let reply = svc.games().engine_reply_held(T0 + 60, &held).await.unwrap().expect("the bot moves");
    assert!(reply.bot_turn.is_none(), "the bot's move gives the bot no turn");
    assert!(before.legal_moves().contains(&reply.played), "{}", reply.notation);
    assert_eq!(reply.game.ply(), 2);
    assert_eq!(reply.game.turn(), Color::White);
    let stored = svc.game_in_channel(6).await.unwrap();
    assert_eq!(stored.game.notations().last(), Some(&reply.notation));
    // The person's clock runs again from the bot's move.
    assert!(stored.deadline >= T0 + 60 + 3 * DAY);
    // Asked again, the bot does not play twice, held or not.
    assert!(svc.games().engine_reply_held(T0 + 61, &held).await.unwrap().is_none());
    drop((held, mine));
    assert!(svc.games().engine_reply(T0 + 61, view.id).await.unwrap().is_none());
    assert_eq!(svc.game_in_channel(6).await.unwrap().ply(), 2);

    // A move whose answer never used its hold lets the bot's turn go with
    // it: the clock's catch-up then makes the reply.
    let mine = svc.games().play(T0 + 120, 6, WHITE, "15-19", None).await;
    let mine = match mine {
        Ok(report) => report,
        // 15-19 may be illegal after the bot's reply: any legal move will do.
        Err(_) => {
            let now = svc.game_in_channel(6).await.unwrap();
            let any = now.game.position().legal_moves_with_notation()[0].1.clone();
            svc.games().play(T0 + 120, 6, WHITE, &any, None).await.unwrap()
        }
    };
    assert!(mine.bot_turn.is_some());
    drop(mine);
    assert_eq!(svc.games().engine_catch_up(T0 + 120).await.unwrap().len(), 1);
    assert_eq!(svc.game_in_channel(6).await.unwrap().ply(), 4);
}

async fn after_a_restart_on_its_turn_the_bot_moves_once(backend: Backend) {
    let (dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(7, ColorChoice::White, 3)).await.unwrap();
    svc.games().play(T0 + 60, 7, WHITE, "9-13", seen_at(&svc, 7, 0).await).await.unwrap();
    svc.store().close().await;
    drop(svc);

    // A new process over the same database: the catch-up finds the bot's turn.
    let svc = GameService::open(dir.url()).await.unwrap().with_engine(EngineRunner::new(Duration::from_millis(300)));
    let moved = svc.games().engine_catch_up(T0 + 3600).await.unwrap();
    assert_eq!(moved.len(), 1);
    let report = moved.into_iter().next().unwrap().unwrap();
    assert_eq!(report.game.id, view.id);
    assert_eq!(report.game.ply(), 2);
    assert!(svc.games().engine_catch_up(T0 + 3601).await.unwrap().is_empty(), "nothing left to do");
    assert_eq!(svc.game_in_channel(7).await.unwrap().ply(), 2);
}

async fn the_bot_moves_first_when_it_plays_white(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(8, ColorChoice::Black, 4)).await.unwrap();
    assert_eq!(view.white, BOT);
    assert_eq!(view.engine.map(|e| e.0), Some(Color::White));
    let moved = svc.games().engine_catch_up(T0).await.unwrap();
    assert_eq!(moved.len(), 1);
    assert_eq!(svc.game_in_channel(8).await.unwrap().turn(), Color::Black);

    // Started by `/challenge`, the first move is held for that command's
    // answer: the clock's catch-up leaves it.
    let asked = NewChallenge { color: ColorChoice::Black, ..NewChallenge::new(43, WHITE, BOT) };
    let proposed = svc.games().propose(T0, asked, BOT, Some(2)).await.unwrap();
    let Proposed::BotGame(game, _, Some(first)) = proposed else { panic!("{proposed:?}") };
    assert!(svc.games().engine_catch_up(T0).await.unwrap().is_empty());
    let reply = svc.games().engine_reply_held(T0, &first).await.unwrap().expect("the bot moves first");
    assert_eq!((reply.game.id, reply.game.ply()), (game.id, 1));
}

async fn two_processes_racing_for_the_bots_turn_store_one_move(backend: Backend) {
    let (dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(9, ColorChoice::White, 2)).await.unwrap();
    svc.games().play(T0 + 60, 9, WHITE, "10-14", seen_at(&svc, 9, 0).await).await.unwrap();
    // A second service over the same database has its own engine runner, as a
    // second process would.
    let other = GameService::open(dir.url()).await.unwrap().with_engine(EngineRunner::new(Duration::from_millis(300)));
    let (a, b) = tokio::join!(svc.games().engine_reply(T0 + 60, view.id), other.games().engine_reply(T0 + 60, view.id));
    let landed = [a.unwrap(), b.unwrap()].into_iter().flatten().count();
    assert_eq!(landed, 1);
    assert_eq!(svc.game_in_channel(9).await.unwrap().ply(), 2);
}

async fn the_bot_is_never_reminded_nor_late_but_its_opponent_is(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    let view = svc.games().start_bot_game(T0, bot_game(10, ColorChoice::White, 3)).await.unwrap();
    svc.games().play(T0 + 60, 10, WHITE, "11-15", seen_at(&svc, 10, 0).await).await.unwrap();
    // The bot's turn, long past its nominal deadline: no reminder, no loss.
    let due = svc.deadlines().claim_due(T0 + 30 * DAY).await.unwrap();
    assert!(due.is_empty(), "{due:?}");
    assert!(svc.game_in_channel(10).await.unwrap().is_live());

    // Once the bot has moved, the person's clock is an ordinary clock.
    let moved_at = T0 + 30 * DAY;
    svc.games().engine_reply(moved_at, view.id).await.unwrap().expect("the bot moves");
    let due = svc.deadlines().claim_due(moved_at + 3 * DAY * 8 / 10 + 5).await.unwrap();
    assert!(matches!(&due[..], [DueEvent::Reminder(g)] if g.id == view.id), "{due:?}");
    let due = svc.deadlines().claim_due(moved_at + 4 * DAY).await.unwrap();
    match &due[..] {
        [DueEvent::LossOnTime(g)] => {
            let finish = g.finished.unwrap();
            assert_eq!(finish.reason, FinishReason::Time);
            assert_eq!(finish.outcome, Outcome::Win(Color::Black), "the bot (Black) wins on time");
        }
        other => panic!("expected the person's loss on time: {other:?}"),
    }
}

async fn refusals_change_nothing(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    // Another bot account as opponent.
    let req = NewChallenge { opponent_is_bot: true, ..NewChallenge::new(20, WHITE, 4242) };
    assert!(matches!(svc.challenges().challenge(T0, req).await, Err(GameError::OpponentIsBot)));
    assert!(svc.open_challenges_in_channel(20).await.unwrap().is_empty());

    // One live game per channel, whoever plays it.
    start_classic(&svc, T0, 21).await;
    assert!(matches!(
        svc.games().start_bot_game(T0, bot_game(21, ColorChoice::White, 5)).await,
        Err(GameError::ChannelHasGame)
    ));
    svc.games().start_bot_game(T0, bot_game(22, ColorChoice::White, 5)).await.unwrap();
    assert!(matches!(
        svc.games().start_bot_game(T0, bot_game(22, ColorChoice::White, 5)).await,
        Err(GameError::ChannelHasGame)
    ));
    let req = NewChallenge::new(22, STRANGER, BLACK);
    assert!(matches!(svc.challenges().challenge(T0, req).await, Err(GameError::ChannelHasGame)));

    // An open challenge keeps the channel, as for any game.
    svc.challenges().challenge(T0, NewChallenge::new(23, STRANGER, BLACK)).await.unwrap();
    assert!(matches!(
        svc.games().start_bot_game(T0, bot_game(23, ColorChoice::White, 5)).await,
        Err(GameError::ChannelHasChallenge)
    ));
    assert!(matches!(svc.game_in_channel(23).await, Err(GameError::NoGame)));

    // Days and levels out of range, a decided start.
    let mut req = bot_game(24, ColorChoice::White, 5);
    req.days_per_move = Some(15);
    assert!(matches!(svc.games().start_bot_game(T0, req).await, Err(GameError::DaysOutOfRange(15))));
    let mut req = bot_game(24, ColorChoice::White, 5);
    req.start = Some(parse_fen("B:W5:B").unwrap());
    assert!(matches!(svc.games().start_bot_game(T0, req).await, Err(GameError::StartDecided)));
    assert!(matches!(level(Some(11), 5), Err(GameError::LevelOutOfRange(11))));
    assert!(matches!(level(Some(0), 5), Err(GameError::LevelOutOfRange(0))));
    assert_eq!(level(None, 5).unwrap().number(), 5);
    assert!(matches!(svc.game_in_channel(24).await, Err(GameError::NoGame)));
}

async fn analysis_is_refused_for_live_games_and_given_after(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    let fen = "W:W18,K30:B20,22";
    let mut req = bot_game(30, ColorChoice::White, 5);
    req.start = Some(parse_fen(fen).unwrap());
    let view = svc.games().start_bot_game(T0, req).await.unwrap();

    assert!(matches!(svc.analyses().review_channel(30, STRANGER, None).await, Err(GameError::AnalysisOfLiveGame)));
    // Its position, typed in from anywhere in the server, is refused too.
    let fen_now = view.game.position().to_string();
    let refused = svc.analyses().analyze_fen(&fen_now, Some(GUILD), STRANGER, None).await;
    assert!(matches!(refused, Err(GameError::AnalysisOfLivePosition)), "{refused:?}");
    // Another position is analysed.
    let other = svc.analyses().analyze_fen("W:W1-12:B21-32", Some(GUILD), STRANGER, Some(3)).await.unwrap();
    assert!(other.best.is_some() && !other.pv.is_empty());
    assert!(matches!(svc.analyses().review_channel(31, STRANGER, None).await, Err(GameError::NothingToAnalyze)));

    // Over: the review and the final position's analysis.
    svc.games().resign(T0 + 60, 30, WHITE).await.unwrap();
    let review = svc.analyses().review_channel(30, STRANGER, Some(4)).await.unwrap();
    assert_eq!(review.game.id, view.id);
    assert!(review.swings.len() <= 3);
    assert_eq!(review.last.position, *view.game.position());
    assert!(review.last.best.is_some());
    // Asked again at once by the same person: cooling down; by another: analysed.
    let again = svc.analyses().analyze_fen(&fen_now, Some(GUILD), STRANGER, Some(2)).await;
    assert!(matches!(again, Err(GameError::CoolingDown(1..=20))), "{again:?}");
    svc.analyses().analyze_fen(&fen_now, Some(GUILD), WHITE, Some(2)).await.unwrap();
}

async fn the_bot_answers_a_draw_offer_as_its_engine_judges_the_position(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    // The person plays White and is to move; the bot plays Black. It takes
    // a draw only when it sees no more than one, and then only once the game
    // has run 40 plies or the search proves the result.
    let cases = [
        // The bot has three kings against a man: it declines.
        (40, "W:W9:BK27,K28,K32", false),
        // The start: level, but a game still to be played: it declines.
        (41, "W:W1-12:B21-32", false),
        // Its last man is taken next move, a loss its search proves: it accepts.
        (42, "W:W14:B18", true),
    ];
    for (channel, fen, accepts) in cases {
        let mut req = bot_game(channel, ColorChoice::White, 10);
        req.start = Some(parse_fen(fen).unwrap());
        svc.games().start_bot_game(T0, req).await.unwrap();
        let view = svc.games().offer_draw(T0 + 60, channel, WHITE).await.unwrap();
        assert_eq!(view.draw_offer_by, None, "{fen}: the offer is answered");
        if accepts {
            let finish = view.finished.as_ref().unwrap_or_else(|| panic!("{fen}: the bot accepts"));
            assert_eq!((finish.outcome, finish.reason), (Outcome::Draw, FinishReason::Agreement), "{fen}");
            assert!(matches!(svc.game_in_channel(channel).await, Err(GameError::NoGame)), "{fen}");
        } else {
            assert!(view.is_live(), "{fen}: the bot declines");
            let stored = svc.game_in_channel(channel).await.unwrap();
            assert_eq!((stored.draw_offer_by, stored.ply()), (None, 0), "{fen}: declined, nothing played");
        }
    }
}

/// A challenge and a game against the bot started in one channel at the
/// same moment: exactly one of them is stored (on PostgreSQL the two writes
/// lock the channel; without that both could pass their checks).
async fn a_challenge_racing_a_bot_game_for_a_channel_leaves_one(backend: Backend) {
    let (_dir, svc) = quick_service(backend).await;
    for channel in 100..140 {
        let challenge = {
            let svc = svc.clone();
            tokio::spawn(
                async move { svc.challenges().challenge(T0, NewChallenge::new(channel, BLACK, STRANGER)).await },
            )
        };
        let game = {
            let svc = svc.clone();
            tokio::spawn(async move { svc.games().start_bot_game(T0, bot_game(channel, ColorChoice::White, 1)).await })
        };
        let (challenge, game) = (challenge.await.unwrap(), game.await.unwrap());
        assert!(challenge.is_ok() != game.is_ok(), "channel {channel}: {challenge:?} / {game:?}");
        let live = svc.game_in_channel(channel).await.is_ok();
        let open = !svc.open_challenges_in_channel(channel).await.unwrap().is_empty();
        assert!(live != open, "channel {channel}: a live game {live}, an open challenge {open}");
    }
}

/// `/challenge` naming the bot starts a game against its engine at once
/// (at the level asked); naming a person makes a challenge; a match
/// against the bot is refused and changes nothing.
async fn a_challenge_naming_the_bot_starts_its_game(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let to_person = svc.games().propose(T0, NewChallenge::new(40, WHITE, BLACK), BOT, None).await.unwrap();
    assert!(matches!(to_person, Proposed::Challenge(ref c) if c.opponent == Some(BLACK)), "{to_person:?}");
    let as_match = NewChallenge { is_match: true, ..NewChallenge::new(41, WHITE, BOT) };
    assert!(matches!(svc.games().propose(T0, as_match, BOT, None).await, Err(GameError::MatchTerms)));
    assert!(matches!(svc.game_in_channel(41).await, Err(GameError::NoGame)));
    let out_of_range = svc.games().propose(T0, NewChallenge::new(41, WHITE, BOT), BOT, Some(11)).await;
    assert!(matches!(out_of_range, Err(GameError::LevelOutOfRange(11))), "{out_of_range:?}");
    let to_bot = svc.games().propose(T0, NewChallenge::new(41, WHITE, BOT), BOT, Some(3)).await.unwrap();
    let Proposed::BotGame(game, level, first) = to_bot else { panic!("{to_bot:?}") };
    assert_eq!(level.to_string(), "3");
    // The bot's first move is held for the answer only when it has White.
    assert_eq!(first.is_some(), game.is_engine(game.turn()), "{first:?}");
    assert!(game.is_live() && game.engine.is_some());
    assert_eq!(svc.game_in_channel(41).await.unwrap().id, game.id);
}

on_both_backends!(multi_thread: a_challenge_racing_a_bot_game_for_a_channel_leaves_one);

on_both_backends!(
    a_bot_game_starts_at_once_and_its_record_names_the_bot,
    the_bot_answers_a_move_with_a_legal_move,
    after_a_restart_on_its_turn_the_bot_moves_once,
    the_bot_moves_first_when_it_plays_white,
    two_processes_racing_for_the_bots_turn_store_one_move,
    the_bot_is_never_reminded_nor_late_but_its_opponent_is,
    refusals_change_nothing,
    analysis_is_refused_for_live_games_and_given_after,
    the_bot_answers_a_draw_offer_as_its_engine_judges_the_position,
    a_challenge_naming_the_bot_starts_its_game,
);
