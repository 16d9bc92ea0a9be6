//! Match play (RULES 8.3) through the service, on both backends: four games,
//! colours alternating, each starting when the one before ends; games 3 and
//! 4 from the same balanced opening; no fourth game when a player has more
//! than 2 points after three; the score; the record of all the games; the
//! channel kept between games; an abort ending the match.

use crate::support::games::*;
use damas::game::{
    AbortRequest, ColorChoice, DueEvent, FinishReason, GameError, GameService, GameView, NewChallenge,
    balanced_openings,
};
use damas::rules::{Outcome, Position, Variant, parse_fen};

const DAY: i64 = 86_400;
const CHANNEL: u64 = 5;

/// WHITE challenges BLACK to a match, WHITE with White in game 1.
async fn start_match(svc: &GameService, now: i64) -> GameView {
    let req = NewChallenge {
        guild: Some(GUILD),
        color: ColorChoice::White,
        is_match: true,
        ..NewChallenge::new(CHANNEL, WHITE, BLACK)
    };
    svc.challenges().challenge(now, req).await.unwrap();
    svc.challenges().accept(now, CHANNEL, BLACK, None).await.unwrap()
}

/// How a game of the match ends, for WHITE (who had White in game 1).
#[derive(Clone, Copy)]
enum For {
    Win,
    Draw,
    Loss,
}

/// Plays the channel's game a little from `now` and ends it as `result`
/// says a day later (when the next game starts: `now` moves there); the
/// game's view after its end.
async fn finish(svc: &GameService, now: &mut i64, result: For) -> GameView {
    let game = svc.game_in_channel(CHANNEL).await.unwrap();
    play_line(svc, *now, CHANNEL, &first_moves(game.game.position(), 4)).await;
    *now += DAY;
    let later = *now;
    let other = BLACK;
    match result {
        For::Win => svc.games().resign(later, CHANNEL, other).await.unwrap(),
        For::Loss => svc.games().resign(later, CHANNEL, WHITE).await.unwrap(),
        For::Draw => {
            svc.games().offer_draw(later, CHANNEL, WHITE).await.unwrap();
            svc.games().answer_draw(later, CHANNEL, other, true).await.unwrap()
        }
    }
}

async fn a_match_of_four_games_alternates_colours(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    let first = start_match(&svc, T0).await;
    let play = first.match_play.clone().expect("a game of a match");
    assert_eq!((play.number, play.first_white, play.first_black), (1, WHITE, BLACK));
    assert!(first.rated, "each game of a match counts for ratings");
    assert!(balanced_openings().contains(&play.opening), "{:?}", play.opening);

    let over = finish(&svc, &mut now, For::Win).await;
    let after = over.match_play.clone().unwrap();
    assert_eq!((after.half_points, after.finished_games, after.over), ([2, 0], 1, false));
    assert_eq!(over.rating_changes.len(), 2);

    // Game 2: colours swapped, from the initial position.
    let second = svc.game_in_channel(CHANNEL).await.unwrap();
    assert_eq!((second.white, second.black), (BLACK, WHITE));
    assert_eq!(second.match_play.as_ref().unwrap().number, 2);
    assert_eq!(second.ply(), 0);
    finish(&svc, &mut now, For::Draw).await;

    // Games 3 and 4: from the same opening, already played.
    let third = svc.game_in_channel(CHANNEL).await.unwrap();
    assert_eq!((third.white, third.match_play.as_ref().unwrap().number), (WHITE, 3));
    assert_eq!(third.game.notations(), [play.opening.0.clone(), play.opening.1.clone()]);
    assert_eq!(*third.game.start(), Position::initial());
    let over = finish(&svc, &mut now, For::Loss).await;
    assert_eq!(over.match_play.unwrap().half_points, [3, 3]);
    let fourth = svc.game_in_channel(CHANNEL).await.unwrap();
    assert_eq!((fourth.white, fourth.match_play.as_ref().unwrap().number), (BLACK, 4));
    assert_eq!(fourth.game.notations(), third.game.notations());

    // Black wins game 4 and the match, 2½-1½ for Black.
    let last = finish(&svc, &mut now, For::Loss).await;
    let end = last.match_play.clone().unwrap();
    assert_eq!((end.half_points, end.finished_games, end.over), ([3, 5], 4, true));
    assert_eq!(end.winner(), Some(BLACK));
    assert!(matches!(svc.game_in_channel(CHANNEL).await, Err(GameError::NoGame)));
    assert!(svc.challenges().continue_matches(now).await.unwrap().is_empty());

    // One record holds the four games, rounds 1-4.
    let pdn = svc.records().pdn(second.id).await.unwrap();
    assert_eq!(pdn.matches("[Event \"damas correspondence match").count(), 4, "{pdn}");
    for round in 1..=4 {
        assert!(pdn.contains(&format!("[Round \"{round}\"]")), "{pdn}");
    }
    // The channel is free again.
    svc.challenges()
        .challenge(now, NewChallenge { guild: Some(GUILD), ..NewChallenge::new(CHANNEL, WHITE, BLACK) })
        .await
        .unwrap();
}

/// RULES 8.3b: more than 2 points after three games ends the match; exactly
/// 2 does not.
async fn more_than_two_points_after_three_games_ends_the_match(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    start_match(&svc, T0).await;
    finish(&svc, &mut now, For::Win).await;
    finish(&svc, &mut now, For::Draw).await;
    let third = finish(&svc, &mut now, For::Win).await;
    let end = third.match_play.unwrap();
    assert_eq!((end.half_points, end.over, end.winner()), ([5, 1], true, Some(WHITE)));
    assert!(matches!(svc.game_in_channel(CHANNEL).await, Err(GameError::NoGame)), "no fourth game");

    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    start_match(&svc, T0).await;
    finish(&svc, &mut now, For::Win).await;
    finish(&svc, &mut now, For::Win).await;
    let third = finish(&svc, &mut now, For::Loss).await;
    assert_eq!(third.match_play.unwrap().half_points, [4, 2]);
    let fourth = svc.game_in_channel(CHANNEL).await.expect("2 points are not more than 2: game 4 is played");
    assert_eq!(fourth.match_play.unwrap().number, 4);
}

/// A game lost on time continues the match from the clock, with an
/// announcement for the next game after the loss's; between two games the
/// channel stays the match's.
async fn the_clock_continues_a_match_and_keeps_its_channel(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let first = start_match(&svc, T0).await;
    svc.deadlines().claim_due(T0 + 10 * DAY).await.unwrap();
    let second = svc.game_in_channel(CHANNEL).await.expect("game 2 started by the clock");
    assert_eq!(second.match_play.as_ref().unwrap().half_points, [0, 2], "White lost game 1 on time");
    let leased = svc.deadlines().lease_announcements(T0 + 10 * DAY).await.unwrap();
    assert_eq!(leased.len(), 2, "{leased:?}");
    assert!(matches!(leased[0].due, Some(DueEvent::LossOnTime(_))), "the loss first: {leased:?}");
    assert!(matches!(&leased[1].due, Some(DueEvent::MatchGame(g)) if g.id == second.id), "then game 2: {leased:?}");

    // A game ended behind the service's back (a crash before the next game
    // started): the channel still refuses challenges, and the sweep goes on.
    let game2 = svc.game_in_channel(CHANNEL).await.unwrap();
    assert!(svc.store().finish_game(game2.id, Outcome::Draw, FinishReason::Agreement, T0 + 11 * DAY).await.unwrap());
    let refused = svc.challenges().challenge(T0 + 11 * DAY, NewChallenge::new(CHANNEL, STRANGER, WHITE)).await;
    assert!(matches!(refused, Err(GameError::ChannelHasGame)), "{refused:?}");
    let started = svc.challenges().continue_matches(T0 + 11 * DAY).await.unwrap();
    assert_eq!(started.len(), 1);
    assert_eq!(started[0].match_play.as_ref().unwrap().number, 3);
    assert_ne!(started[0].id, first.id);
}

/// Aborting a game of a match aborts the match; a match on other terms
/// than RULES 8.3's is refused.
async fn an_abort_ends_the_match_and_terms_are_checked(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_match(&svc, T0).await;
    let abort = AbortRequest { guild: Some(GUILD), channel: CHANNEL, user: STRANGER, moderator: true, game: None };
    let aborted = svc.games().abort(T0 + 1, abort).await.unwrap();
    assert!(format!("{aborted:?}").contains("aborted: true"), "{aborted:?}");
    assert!(svc.challenges().continue_matches(T0 + 2).await.unwrap().is_empty());
    assert!(matches!(svc.game_in_channel(CHANNEL).await, Err(GameError::NoGame)));

    for (variant, start) in [(Variant::Giveaway, None), (Variant::Classic, Some("W:W1-12:B20-31"))] {
        let req = NewChallenge {
            guild: Some(GUILD),
            is_match: true,
            variant,
            start: start.map(|f| parse_fen(f).unwrap()),
            ..NewChallenge::new(CHANNEL + 1, WHITE, BLACK)
        };
        assert!(matches!(svc.challenges().challenge(T0, req).await, Err(GameError::MatchTerms)));
    }
}

/// Issue item 4: the opening games 3 and 4 start from (RULES 8.3c) was set,
/// not played: no one takes it back. A move played after it can be.
async fn the_set_opening_of_a_match_game_is_not_taken_back(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    start_match(&svc, T0).await;
    finish(&svc, &mut now, For::Win).await;
    finish(&svc, &mut now, For::Draw).await;
    let third = svc.game_in_channel(CHANNEL).await.unwrap();
    let opening = third.game.notations().to_vec();
    assert_eq!((third.ply(), third.player_to_move()), (2, WHITE));
    // Black "played" the opening's second move, but it is not Black's to take back.
    let refused = svc.games().takeback(now + 1, CHANNEL, BLACK).await;
    assert!(matches!(refused, Err(GameError::NoMoveToTakeBack)), "{refused:?}");
    let (_, first) = third.game.position().legal_moves_with_notation().remove(0);
    svc.games().play(now + 2, CHANNEL, WHITE, &first, seen_at(&svc, CHANNEL, 2).await).await.unwrap();
    svc.games().takeback(now + 3, CHANNEL, WHITE).await.unwrap();
    svc.games().takeback(now + 4, CHANNEL, BLACK).await.unwrap();
    let back = svc.game_in_channel(CHANNEL).await.unwrap();
    assert_eq!((back.ply(), back.game.notations()), (2, &opening[..]));
    assert!(matches!(svc.games().takeback(now + 5, CHANNEL, BLACK).await, Err(GameError::NoMoveToTakeBack)));
}

on_both_backends!(
    the_set_opening_of_a_match_game_is_not_taken_back,
    a_match_of_four_games_alternates_colours,
    more_than_two_points_after_three_games_ends_the_match,
    the_clock_continues_a_match_and_keeps_its_channel,
    an_abort_ends_the_match_and_terms_are_checked,
);
