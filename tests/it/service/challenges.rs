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

/// The posts of closed challenges still to edit, as (challenge, closed
/// by, message).
async fn posts_owed(svc: &GameService) -> Vec<(i64, Option<u64>, u64)> {
    let owed = svc.challenges().posts_to_update(100).await.unwrap();
    owed.iter().map(|c| (c.id, c.closed_by, c.post.expect("a post"))).collect()
}

/// A challenge closed other than by a press on its post owes that post an
/// edit, with who closed it; one closed from its post, or not posted, owes
/// none; an expired one's post goes with its announcement.
async fn closed_challenges_owe_their_posts_an_edit(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let post = |id: i64| 5000 + id as u64;
    let made = |channel, challenger, opponent| {
        let svc = svc.clone();
        async move {
            let c = svc.challenges().challenge(T0, in_guild(channel, challenger, opponent)).await.unwrap();
            svc.challenges().posted(c.id, post(c.id)).await.unwrap();
            c
        }
    };
    // Declined from its post before the post's id was stored (a press
    // faster than the answer's end): nothing owed, then or after.
    let early = svc.challenges().challenge(T0, in_guild(8, WHITE, BLACK)).await.unwrap();
    svc.challenges().decline(T0 + 1, 8, BLACK, ChallengePick::Id(early.id)).await.unwrap();
    svc.challenges().posted(early.id, post(early.id)).await.unwrap();
    assert_eq!(svc.challenges().challenge_by_id(early.id).await.unwrap().post, None);
    // Typed: declined, withdrawn; from the post: declined (nothing owed).
    let declined = made(1, WHITE, BLACK).await;
    svc.challenges().decline(T0 + 1, 1, BLACK, ChallengePick::Mine).await.unwrap();
    let withdrawn = made(2, WHITE, BLACK).await;
    svc.challenges().cancel(T0 + 1, 2, WHITE, ChallengePick::Mine).await.unwrap();
    let pressed = made(3, WHITE, BLACK).await;
    svc.challenges().decline(T0 + 1, 3, BLACK, ChallengePick::Id(pressed.id)).await.unwrap();
    assert_eq!(
        posts_owed(&svc).await,
        [(declined.id, Some(BLACK), post(declined.id)), (withdrawn.id, Some(WHITE), post(withdrawn.id))]
    );
    for c in [&declined, &withdrawn] {
        svc.challenges().post_updated(c.id, post(c.id)).await.unwrap();
    }
    assert_eq!(posts_owed(&svc).await, []);

    // Accepted by a typed command: the taker closed it, and the game that
    // took the channel closed the other (nobody did).
    let taken = made(4, WHITE, BLACK).await;
    let other = made(4, STRANGER, THIRD).await;
    svc.challenges().accept(T0 + 2, 4, BLACK, ChallengePick::With(WHITE)).await.unwrap();
    assert_eq!(posts_owed(&svc).await, [(taken.id, Some(BLACK), post(taken.id)), (other.id, None, post(other.id))]);
    // Forgotten only for the message it was posted as.
    svc.challenges().post_updated(taken.id, post(taken.id) + 1).await.unwrap();
    assert_eq!(posts_owed(&svc).await.len(), 2);
    svc.challenges().post_updated(taken.id, post(taken.id)).await.unwrap();
    svc.challenges().post_updated(other.id, post(other.id)).await.unwrap();

    // Accepted from its post: nothing owed. Closed by a moderator: owed.
    let from_post = made(5, WHITE, BLACK).await;
    svc.challenges().accept(T0 + 3, 5, BLACK, ChallengePick::Id(from_post.id)).await.unwrap();
    let moderated = made(6, WHITE, THIRD).await;
    let req = damas::game::AbortRequest { guild: Some(GUILD), channel: 6, user: 4242, moderator: true, game: None };
    svc.games().abort(T0 + 3, req).await.unwrap();
    assert_eq!(posts_owed(&svc).await, [(moderated.id, Some(4242), post(moderated.id))]);
    svc.challenges().post_updated(moderated.id, post(moderated.id)).await.unwrap();

    // Expired: not owed here; the expiry's announcement carries the post.
    let expiring = made(7, STRANGER, WHITE).await;
    let due = svc.deadlines().claim_due(T0 + CHALLENGE_TTL + 1).await.unwrap();
    let expired: Vec<_> = due
        .iter()
        .filter_map(|e| match e {
            damas::game::DueEvent::ChallengeExpired(c) => Some((c.id, c.state, c.post)),
            _ => None,
        })
        .collect();
    assert_eq!(expired, [(expiring.id, ChallengeState::Expired, Some(post(expiring.id)))]);
    assert_eq!(posts_owed(&svc).await, []);
}

on_both_backends!(
    closed_challenges_owe_their_posts_an_edit,
    the_first_accepted_closes_the_others,
    commands_find_the_users_own_challenge,
    at_most_three_open_challenges_per_user_in_a_server,
);

on_both_backends!(multi_thread: racing_challenges_keep_the_limit, racing_acceptances_start_one_game);
