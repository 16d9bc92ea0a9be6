//! Open challenges in the service: anyone but the challenger (and bots)
//! may accept, and of several accepting at once exactly one plays; a rated
//! one may take only players within its rating range; they count toward the
//! open challenges a player may have; `/challenges` lists them.

use crate::support::games::*;
use damas::game::{ChallengePick, ChallengeState, GameError, GameService, MAX_OPEN_CHALLENGES, NewChallenge, Taker};

const FOURTH: u64 = 1004;
const FIFTH: u64 = 1005;

fn open(channel: u64, challenger: u64) -> NewChallenge {
    NewChallenge { guild: Some(GUILD), ..NewChallenge::open(channel, challenger) }
}

fn said_of(result: Result<impl std::fmt::Debug, GameError>) -> GameError {
    result.expect_err("refused")
}

async fn anyone_but_the_challenger_and_bots_may_accept(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let c = svc.challenges().challenge(T0, open(1, WHITE)).await.unwrap();
    assert_eq!(c.opponent, None);
    assert!(matches!(
        said_of(svc.challenges().accept(T0, 1, WHITE, ChallengePick::Id(c.id)).await),
        GameError::OwnChallenge
    ));
    let bot = Taker { user: FOURTH, name: None, is_bot: true };
    assert!(matches!(
        said_of(svc.challenges().accept(T0, 1, bot, ChallengePick::Id(c.id)).await),
        GameError::BotCannotAccept
    ));
    // Nobody declines an open challenge: it is not addressed to anyone.
    assert!(matches!(
        said_of(svc.challenges().decline(T0, 1, STRANGER, ChallengePick::Id(c.id)).await),
        GameError::NotChallenged
    ));
    let taker = Taker { user: STRANGER, name: Some("carla".into()), is_bot: false };
    let game = svc.challenges().accept(T0 + 5, 1, taker, ChallengePick::Id(c.id)).await.unwrap();
    let mut players = [game.white, game.black];
    players.sort();
    assert_eq!(players, [WHITE, STRANGER]);
    let name = if game.white == STRANGER { &game.white_name } else { &game.black_name };
    assert_eq!(name.as_deref(), Some("carla"));
    let after = svc.challenges().challenge_by_id(c.id).await.unwrap();
    assert_eq!((after.state, after.opponent, after.game_id), (ChallengeState::Accepted, Some(STRANGER), Some(game.id)));
}

async fn of_several_accepting_at_once_exactly_one_plays(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    for round in 0..5u64 {
        let channel = 10 + round;
        let c = svc.challenges().challenge(T0, open(channel, WHITE)).await.unwrap();
        let takers = [BLACK, STRANGER, FOURTH, FIFTH];
        let tries = takers.map(|taker| {
            let svc = svc.clone();
            tokio::spawn(async move {
                (taker, svc.challenges().accept(T0 + 1, channel, taker, ChallengePick::Id(c.id)).await)
            })
        });
        let mut won = Vec::new();
        for t in tries {
            match t.await.unwrap() {
                (taker, Ok(game)) => won.push((taker, game)),
                (_, Err(GameError::ChallengeTaken(id))) => assert_eq!(id, c.id),
                (_, Err(e)) => panic!("a loser is told it was taken, not {e:?}"),
            }
        }
        assert_eq!(won.len(), 1, "round {round}: exactly one game");
        let (taker, game) = &won[0];
        assert!(game.white == *taker || game.black == *taker);
        assert_eq!(svc.challenges().challenge_by_id(c.id).await.unwrap().opponent, Some(*taker));
        svc.games().resign(T0 + 2, channel, WHITE).await.unwrap();
    }
}

async fn a_rating_range_takes_only_players_near_the_challengers_rating(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // White wins a rated game: about 1660 against Black's 1340.
    start_classic(&svc, T0, 1).await;
    let moves: Vec<String> = ["11-15", "22-19", "15x22", "26x19"].map(String::from).to_vec();
    play_line(&svc, T0, 1, &moves).await;
    svc.games().resign(T0 + 10 * 3600, 1, BLACK).await.unwrap();
    let rating = |user| {
        let svc = svc.clone();
        async move {
            svc.records().player_rating(GUILD, user, T0 + 11 * 3600 + 20).await.unwrap().rating.rating.round() as i64
        }
    };
    let (white, fresh) = (rating(WHITE).await, rating(STRANGER).await);
    assert!(white - fresh > 100 && white - fresh < 200, "{white} against {fresh}");
    let narrow = svc
        .challenges()
        .challenge(T0 + 11 * 3600 + 20, NewChallenge { rating_range: Some(100), ..open(2, WHITE) })
        .await
        .unwrap();
    match said_of(svc.challenges().accept(T0 + 11 * 3600 + 21, 2, STRANGER, ChallengePick::Id(narrow.id)).await) {
        GameError::OutsideRatingRange { range, rating, challenger } => {
            assert_eq!((range, rating, challenger), (100, fresh, white));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        svc.challenges().challenge_by_id(narrow.id).await.unwrap().state,
        ChallengeState::Open,
        "nothing changed"
    );
    let wide = svc
        .challenges()
        .challenge(T0 + 11 * 3600 + 22, NewChallenge { rating_range: Some(200), ..open(3, WHITE) })
        .await
        .unwrap();
    svc.challenges().accept(T0 + 11 * 3600 + 23, 3, STRANGER, ChallengePick::Id(wide.id)).await.unwrap();
    // A range is for open rated challenges only.
    let named = NewChallenge { rating_range: Some(100), ..NewChallenge::new(4, WHITE, BLACK) };
    assert!(matches!(said_of(svc.challenges().challenge(T0, named).await), GameError::RatingRangeTerms));
    let casual = NewChallenge { rating_range: Some(100), rated: false, ..open(4, WHITE) };
    assert!(matches!(said_of(svc.challenges().challenge(T0, casual).await), GameError::RatingRangeTerms));
    // Of 1 to 1000 points: a range of 0 was once a database failure.
    for range in [0, 1001] {
        let outside = NewChallenge { rating_range: Some(range), ..open(4, WHITE) };
        assert!(
            matches!(said_of(svc.challenges().challenge(T0, outside).await), GameError::RatingRangeOutOfRange(r) if r == i64::from(range))
        );
    }
    svc.challenges().challenge(T0, NewChallenge { rating_range: Some(1000), ..open(4, WHITE) }).await.unwrap();
}

async fn open_challenges_count_toward_the_limit_and_are_listed(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    for channel in 1..=MAX_OPEN_CHALLENGES as u64 {
        svc.challenges().challenge(T0 + channel as i64, open(channel, WHITE)).await.unwrap();
    }
    let one_more = svc.challenges().challenge(T0 + 10, open(9, WHITE)).await;
    assert!(matches!(said_of(one_more), GameError::TooManyChallenges(_)));
    // Others' challenges: one to Stranger, one to Black (not Stranger's to see).
    svc.challenges()
        .challenge(T0 + 11, NewChallenge { guild: Some(GUILD), ..NewChallenge::new(20, BLACK, STRANGER) })
        .await
        .unwrap();
    svc.challenges()
        .challenge(T0 + 12, NewChallenge { guild: Some(GUILD), ..NewChallenge::new(21, FOURTH, BLACK) })
        .await
        .unwrap();
    let page = svc.challenges().open_challenges_page(T0 + 13, GUILD, STRANGER, 0).await.unwrap();
    let listed: Vec<(u64, Option<u64>)> = page.challenges.iter().map(|c| (c.challenger, c.opponent)).collect();
    assert_eq!(listed, [(BLACK, Some(STRANGER)), (WHITE, None), (WHITE, None), (WHITE, None)], "newest first");
    assert_eq!(page.total, 4);
    // The challenger sees their own; once expired, none is listed.
    assert_eq!(svc.challenges().open_challenges_page(T0 + 13, GUILD, WHITE, 0).await.unwrap().total, 3);
    let later = T0 + damas::game::CHALLENGE_TTL + 20;
    assert_eq!(svc.challenges().open_challenges_page(later, GUILD, STRANGER, 0).await.unwrap().total, 0);
}

async fn a_taken_challenge_is_refused_to_the_next(svc: &GameService) {
    let c = svc.challenges().challenge(T0, open(30, WHITE)).await.unwrap();
    svc.challenges().accept(T0 + 1, 30, BLACK, ChallengePick::Id(c.id)).await.unwrap();
    assert!(matches!(
        said_of(svc.challenges().accept(T0 + 2, 30, STRANGER, ChallengePick::Id(c.id)).await),
        GameError::ChallengeTaken(_) | GameError::StaleChallenge(_)
    ));
}

async fn the_challenger_may_cancel_and_the_taken_stays_taken(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let c = svc.challenges().challenge(T0, open(1, WHITE)).await.unwrap();
    assert!(matches!(
        said_of(svc.challenges().cancel(T0, 1, STRANGER, ChallengePick::Id(c.id)).await),
        GameError::NotChallenger
    ));
    let cancelled = svc.challenges().cancel(T0 + 1, 1, WHITE, ChallengePick::Id(c.id)).await.unwrap();
    assert_eq!((cancelled.state, cancelled.opponent), (ChallengeState::Cancelled, None));
    a_taken_challenge_is_refused_to_the_next(&svc).await;
}

on_both_backends!(
    anyone_but_the_challenger_and_bots_may_accept,
    a_rating_range_takes_only_players_near_the_challengers_rating,
    open_challenges_count_toward_the_limit_and_are_listed,
    the_challenger_may_cancel_and_the_taken_stays_taken,
);
on_both_backends!(multi_thread: of_several_accepting_at_once_exactly_one_plays);
