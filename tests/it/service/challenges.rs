//! Several challenges waiting in one channel, and at most three open per
//! user in a server: the first accepted starts the game and closes the
//! others; commands that do not say which challenge find the user's own.

use crate::support::games::*;
use damas::game::{
    CHALLENGE_TTL, ChallengePick, ChallengeState, GameError, GameService, MAX_OPEN_CHALLENGES, NewChallenge,
};

const THIRD: u64 = 1004;

fn in_guild(channel: u64, challenger: u64, opponent: u64) -> NewChallenge {
    NewChallenge { guild: Some(GUILD), ..NewChallenge::new(channel, challenger, opponent) }
}

async fn open_pairs(svc: &GameService, channel: u64) -> Vec<(u64, u64)> {
    svc.open_challenges_in_channel(channel)
        .await
        .unwrap()
        .iter()
        .map(|c| (c.challenger, c.opponent.expect("named")))
        .collect()
}

async fn the_first_accepted_closes_the_others(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let to_black = svc.challenges().challenge(T0, in_guild(1, WHITE, BLACK)).await.unwrap();
    let stranger_to_black = svc.challenges().challenge(T0 + 1, in_guild(1, STRANGER, BLACK)).await.unwrap();
    let to_third = svc.challenges().challenge(T0 + 2, in_guild(1, WHITE, THIRD)).await.unwrap();
    assert_eq!(open_pairs(&svc, 1).await, [(WHITE, BLACK), (STRANGER, BLACK), (WHITE, THIRD)]);

    // Two wait for Black: a bare /accept must not guess.
    let err = svc.challenges().accept(T0 + 3, 1, BLACK, ChallengePick::Mine).await.unwrap_err();
    assert!(matches!(err, GameError::SeveralChallenges(2)), "{err:?}");
    assert!(said(&err).contains("name the other player"), "{}", said(&err));
    let err = svc.challenges().accept(T0 + 3, 1, BLACK, ChallengePick::With(THIRD)).await.unwrap_err();
    assert!(matches!(err, GameError::NoChallengeWith), "{err:?}");
    assert_eq!(open_pairs(&svc, 1).await.len(), 3, "refusals changed nothing");

    let accepted = svc.challenges().accept_challenge(T0 + 3, 1, BLACK, ChallengePick::With(STRANGER)).await.unwrap();
    assert_eq!(accepted.game.white.max(accepted.game.black), STRANGER.max(BLACK));
    assert_eq!(accepted.game.white.min(accepted.game.black), STRANGER.min(BLACK));
    let closed: Vec<i64> = accepted.closed.iter().map(|c| c.id).collect();
    assert_eq!(closed, [to_black.id, to_third.id]);
    assert!(open_pairs(&svc, 1).await.is_empty());
    assert_eq!(svc.challenges().challenge_by_id(stranger_to_black.id).await.unwrap().state, ChallengeState::Accepted);
    for id in closed {
        assert_eq!(svc.challenges().challenge_by_id(id).await.unwrap().state, ChallengeState::Cancelled);
    }
    // The closed ones' buttons answer that they are no longer open.
    let err = svc.challenges().accept(T0 + 4, 1, BLACK, Some(to_black.id)).await.unwrap_err();
    assert!(matches!(err, GameError::StaleChallenge(id) if id == to_black.id), "{err:?}");
    let err = svc.challenges().challenge(T0 + 4, in_guild(1, THIRD, WHITE)).await.unwrap_err();
    assert!(matches!(err, GameError::ChannelHasGame), "{err:?}");
}

async fn commands_find_the_users_own_challenge(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    svc.challenges().challenge(T0, in_guild(2, WHITE, BLACK)).await.unwrap();
    svc.challenges().challenge(T0, in_guild(2, WHITE, THIRD)).await.unwrap();
    svc.challenges().challenge(T0, in_guild(2, STRANGER, THIRD)).await.unwrap();

    // Black has one waiting: no need to name it.
    let declined = svc.challenges().decline(T0 + 1, 2, BLACK, ChallengePick::Mine).await.unwrap();
    assert_eq!(
        (declined.challenger, declined.opponent, declined.state),
        (WHITE, Some(BLACK), ChallengeState::Declined)
    );
    // White has one left here; Third has two, so must name one.
    let err = svc.challenges().decline(T0 + 1, 2, THIRD, ChallengePick::Mine).await.unwrap_err();
    assert!(matches!(err, GameError::SeveralChallenges(2)), "{err:?}");
    let cancelled = svc.challenges().cancel(T0 + 1, 2, WHITE, ChallengePick::Mine).await.unwrap();
    assert_eq!((cancelled.opponent, cancelled.state), (Some(THIRD), ChallengeState::Cancelled));
    // Someone with no part in the remaining one.
    let err = svc.challenges().accept(T0 + 1, 2, BLACK, ChallengePick::Mine).await.unwrap_err();
    assert!(matches!(err, GameError::NotChallenged), "{err:?}");
    let err = svc.challenges().cancel(T0 + 1, 2, THIRD, ChallengePick::Mine).await.unwrap_err();
    assert!(matches!(err, GameError::NotChallenger), "{err:?}");
    assert_eq!(open_pairs(&svc, 2).await, [(STRANGER, THIRD)]);
}

async fn at_most_three_open_challenges_per_user_in_a_server(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    for channel in 1..=3 {
        svc.challenges().challenge(T0, in_guild(channel, WHITE, BLACK)).await.unwrap();
    }
    let err = svc.challenges().challenge(T0, in_guild(4, WHITE, BLACK)).await.unwrap_err();
    assert!(matches!(err, GameError::TooManyChallenges(MAX_OPEN_CHALLENGES)), "{err:?}");
    assert!(said(&err).contains("3 open challenges"), "{}", said(&err));
    assert!(open_pairs(&svc, 4).await.is_empty());
    // Another server counts apart, and outside any there is no limit.
    let elsewhere = NewChallenge { guild: Some(GUILD + 1), ..NewChallenge::new(5, WHITE, BLACK) };
    svc.challenges().challenge(T0, elsewhere).await.unwrap();
    for channel in 10..15 {
        svc.challenges().challenge(T0, NewChallenge::new(channel, WHITE, BLACK)).await.unwrap();
    }
    // Others may still challenge White's opponent.
    svc.challenges().challenge(T0, in_guild(4, STRANGER, BLACK)).await.unwrap();
    // A challenge answered frees its place.
    svc.challenges().cancel(T0 + 1, 1, WHITE, ChallengePick::Mine).await.unwrap();
    svc.challenges().challenge(T0 + 1, in_guild(4, WHITE, THIRD)).await.unwrap();
    let err = svc.challenges().challenge(T0 + 1, in_guild(7, WHITE, BLACK)).await.unwrap_err();
    assert!(matches!(err, GameError::TooManyChallenges(_)), "{err:?}");
    // So does one past its 48 hours, even before the clock closes it.
    let later = T0 + CHALLENGE_TTL;
    svc.challenges().challenge(later, in_guild(7, WHITE, BLACK)).await.unwrap();
}

async fn racing_challenges_keep_the_limit(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let tries: Vec<_> = (0..12u64)
        .map(|i| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.challenges().challenge(T0, in_guild(100 + i, WHITE, 5000 + i)).await })
        })
        .collect();
    let mut stored = 0;
    for t in tries {
        match t.await.unwrap() {
            Ok(_) => stored += 1,
            Err(e) => assert!(matches!(e, GameError::TooManyChallenges(_)), "{e:?}"),
        }
    }
    assert_eq!(stored, MAX_OPEN_CHALLENGES);
}

async fn racing_acceptances_start_one_game(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    for round in 0..10u64 {
        let channel = 200 + round;
        svc.challenges().challenge(T0, in_guild(channel, WHITE, BLACK)).await.unwrap();
        svc.challenges().challenge(T0, in_guild(channel, STRANGER, THIRD)).await.unwrap();
        let black = tokio::spawn({
            let svc = svc.clone();
            async move { svc.challenges().accept(T0 + 1, channel, BLACK, ChallengePick::Mine).await }
        });
        let third = tokio::spawn({
            let svc = svc.clone();
            async move { svc.challenges().accept(T0 + 1, channel, THIRD, ChallengePick::Mine).await }
        });
        let (black, third) = (black.await.unwrap(), third.await.unwrap());
        assert!(black.is_ok() != third.is_ok(), "round {round}: {black:?} / {third:?}");
        let black_won = black.is_ok();
        let err = if black_won { third.unwrap_err() } else { black.unwrap_err() };
        assert!(
            matches!(err, GameError::StaleChallenge(_) | GameError::ChannelHasGame | GameError::NoChallenge),
            "{err:?}"
        );
        assert!(svc.game_in_channel(channel).await.is_ok());
        assert!(open_pairs(&svc, channel).await.is_empty(), "round {round}: a challenge left beside the game");
        // Free the players' places for the next round.
        svc.games().resign(T0 + 2, channel, if black_won { BLACK } else { THIRD }).await.unwrap();
    }
}

on_both_backends!(
    the_first_accepted_closes_the_others,
    commands_find_the_users_own_challenge,
    at_most_three_open_challenges_per_user_in_a_server,
);

on_both_backends!(multi_thread: racing_challenges_keep_the_limit, racing_acceptances_start_one_game);
