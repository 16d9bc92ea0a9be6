//! A thread per game in the service: the server setting (on unless a
//! manager turns it off), games accepted into threads while the channel
//! keeps its other challenges, and the thread to archive at the end.

use crate::support::games::*;
use damas::game::{ChallengePick, GameError, GameThread, NewChallenge};

const THREAD: u64 = 9001;
const SECOND_THREAD: u64 = 9002;
const THIRD: u64 = 1004;

async fn threads_are_on_until_a_manager_turns_them_off(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    assert!(svc.notifications().threads_on(Some(GUILD)).await.unwrap());
    assert!(!svc.notifications().threads_on(None).await.unwrap(), "no threads in direct messages");
    let err = svc.notifications().set_threads(T0, GUILD, false, false).await.unwrap_err();
    assert!(matches!(err, GameError::NotServerManager), "{err:?}");
    assert!(svc.notifications().threads_on(Some(GUILD)).await.unwrap(), "a refusal changes nothing");
    svc.notifications().set_threads(T0, GUILD, false, true).await.unwrap();
    assert!(!svc.notifications().threads_on(Some(GUILD)).await.unwrap());
    assert!(svc.notifications().threads_on(Some(GUILD + 1)).await.unwrap(), "other servers keep the default");
    svc.notifications().set_threads(T0 + 1, GUILD, true, true).await.unwrap();
    assert!(svc.notifications().threads_on(Some(GUILD)).await.unwrap());
}
on_both_backends!(threads_are_on_until_a_manager_turns_them_off);

async fn games_go_to_their_threads_and_the_channel_keeps_its_challenges(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let in_guild =
        |challenger, opponent| NewChallenge { guild: Some(GUILD), ..NewChallenge::new(1, challenger, opponent) };
    svc.challenges().challenge(T0, in_guild(WHITE, BLACK)).await.unwrap();
    let waiting = svc.challenges().challenge(T0, in_guild(STRANGER, THIRD)).await.unwrap();

    // Wanted: threads are on and the accept would be taken; refused as the accept would be.
    let wanted = svc.notifications().thread_wanted(T0 + 1, Some(GUILD), 1, BLACK, ChallengePick::Mine).await.unwrap();
    assert_eq!(wanted.map(|c| c.challenger), Some(WHITE));
    let err =
        svc.notifications().thread_wanted(T0 + 1, Some(GUILD), 1, STRANGER, ChallengePick::Mine).await.unwrap_err();
    assert!(matches!(err, GameError::NotChallenged), "{err:?}");

    let accepted = svc.notifications().accept_in_thread(T0 + 2, 1, BLACK, ChallengePick::Mine, THREAD).await.unwrap();
    assert_eq!(accepted.game.channel, THREAD);
    assert!(accepted.closed.is_empty(), "the channel's other challenges stay open");
    assert_eq!(
        svc.notifications().game_thread(accepted.game.id).await.unwrap(),
        Some(GameThread { thread: THREAD, parent: 1 })
    );
    assert!(svc.game_in_channel(1).await.is_err());
    assert_eq!(svc.open_challenges_in_channel(1).await.unwrap()[0].id, waiting.id);

    // A second game from the same channel, beside the first.
    let second =
        svc.notifications().accept_in_thread(T0 + 3, 1, THIRD, ChallengePick::Mine, SECOND_THREAD).await.unwrap();
    assert_eq!(second.game.channel, SECOND_THREAD);
    assert!(svc.game_in_channel(THREAD).await.unwrap().is_live());

    // Archived once over, not before.
    assert_eq!(svc.notifications().thread_to_archive(&accepted.game).await.unwrap(), None);
    let over = svc.games().resign(T0 + 4, THREAD, WHITE).await.unwrap();
    assert_eq!(svc.notifications().thread_to_archive(&over).await.unwrap(), Some(THREAD));
    assert_eq!(svc.notifications().game_thread(second.game.id).await.unwrap().map(|t| t.thread), Some(SECOND_THREAD));
}
on_both_backends!(games_go_to_their_threads_and_the_channel_keeps_its_challenges);
