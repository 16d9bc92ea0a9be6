//! Replays: an ended game's GIF is made once and kept (the second request
//! reads the row, draws nothing), a live game's is made afresh every time
//! and never kept, and the store keeps only the newest few.

use std::io::Cursor;

use crate::support::games::*;

/// The first of the people asking for replays (each once: a replay that
/// must be made has a cooldown per person).
const ASKER: u64 = 9_000;
use damas::game::{AbortRequest, Aborted, GameError, GameService, GameView, REPLAYS_KEPT};
use image::AnimationDecoder;
use image::codecs::gif::GifDecoder;

/// An opening with a capture each way: 4 plies.
fn opening() -> Vec<String> {
    ["10-14", "23-19", "14x23", "27x20"].map(String::from).to_vec()
}

fn frames(gif: &[u8]) -> usize {
    let decoder = GifDecoder::new(Cursor::new(gif.to_vec())).expect("a GIF");
    decoder.into_frames().collect_frames().expect("every frame decodes").len()
}

/// A game in `channel` that plays the opening and ends by Black's resignation.
async fn finished_game(svc: &GameService, channel: u64) -> GameView {
    start_classic(svc, T0, channel).await;
    play_line(svc, T0, channel, &opening()).await;
    let view = svc.games().resign(T0 + 86_400, channel, BLACK).await.unwrap();
    assert!(!view.is_live());
    view
}

async fn an_ended_games_replay_is_made_once_and_kept(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let store = svc.store();
    let view = finished_game(&svc, 1).await;
    assert_eq!(store.replay(view.id).await.unwrap(), None);

    let made = svc.records().replay_gif(T0 + 100_000, &view, ASKER + 1).await.unwrap();
    assert_eq!(frames(&made), 5, "the start and four moves");
    let kept = store.replay(view.id).await.unwrap().expect("kept after the first request");
    assert_eq!((kept.gif.as_slice(), kept.made_at), (made.as_slice(), T0 + 100_000));

    let again = svc.records().replay_gif(T0 + 200_000, &view, ASKER + 2).await.unwrap();
    assert_eq!(again, made);
    assert_eq!(store.replay(view.id).await.unwrap().unwrap().made_at, T0 + 100_000, "not made again");
    assert_eq!(store.replay_count().await.unwrap(), 1);

    // What is kept is what is answered, without drawing: a row that is no
    // GIF at all comes back as it is.
    let other = finished_game(&svc, 2).await;
    assert!(store.put_replay(other.id, other.ply(), b"kept bytes", T0, REPLAYS_KEPT).await.unwrap());
    assert_eq!(svc.records().replay_gif(T0 + 100_000, &other, ASKER + 3).await.unwrap(), b"kept bytes");
    // A second process that made it too keeps nothing of its own: the first stays.
    assert!(!store.put_replay(other.id, other.ply(), &made, T0 + 5, REPLAYS_KEPT).await.unwrap());
    assert_eq!(store.replay(other.id).await.unwrap().unwrap().gif, b"kept bytes");

    // An aborted game has ended too.
    start_classic(&svc, T0, 3).await;
    let abort = AbortRequest { guild: Some(GUILD), channel: 3, user: WHITE, moderator: false, game: None };
    let Aborted::Game(aborted) = svc.games().abort(T0 + 10, abort).await.unwrap() else { panic!("a game was aborted") };
    assert!(!aborted.is_live());
    let gif = svc.records().replay_gif(T0 + 20, &aborted, ASKER + 4).await.unwrap();
    assert_eq!(frames(&gif), 1);
    assert_eq!(store.replay(aborted.id).await.unwrap().map(|r| r.gif), Some(gif));
    assert_eq!(store.replay_count().await.unwrap(), 3);
}

async fn a_live_games_replay_is_never_kept(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let store = svc.store();
    start_classic(&svc, T0, 1).await;
    let moves = opening();
    let view = play_line(&svc, T0, 1, &moves[..3]).await;
    let first = svc.records().replay_gif(T0 + 100_000, &view, ASKER + 5).await.unwrap();
    assert_eq!(frames(&first), 4);
    assert_eq!(store.replay(view.id).await.unwrap(), None);
    // The store refuses it too, whoever asks.
    assert!(!store.put_replay(view.id, view.ply(), &first, T0, REPLAYS_KEPT).await.unwrap());

    let view = play_line(&svc, T0 + 100_000, 1, &moves[3..]).await;
    let second = svc.records().replay_gif(T0 + 200_000, &view, ASKER + 6).await.unwrap();
    assert_eq!(frames(&second), 5, "the new move is in it");
    assert_eq!(store.replay_count().await.unwrap(), 0);

    // A GIF made while the game was live is not kept once it has ended.
    svc.games().resign(T0 + 300_000, 1, WHITE).await.unwrap();
    assert!(!store.put_replay(view.id, view.ply() - 1, &first, T0, REPLAYS_KEPT).await.unwrap(), "an older ply");
    assert_eq!(store.replay_count().await.unwrap(), 0);
}

async fn only_the_newest_replays_are_kept(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let store = svc.store();
    let mut games = Vec::new();
    for channel in 1..=3 {
        games.push(finished_game(&svc, channel).await);
    }
    let put = |game: &GameView, made_at: i64| store.put_replay(game.id, game.ply(), b"gif", made_at, 2);
    assert!(put(&games[0], T0 + 10).await.unwrap());
    assert!(put(&games[1], T0 + 20).await.unwrap());
    assert_eq!(store.replay_count().await.unwrap(), 2);
    assert!(put(&games[2], T0 + 30).await.unwrap());
    assert_eq!(store.replay_count().await.unwrap(), 2);
    assert_eq!(store.replay(games[0].id).await.unwrap(), None, "the oldest went");
    assert!(store.replay(games[1].id).await.unwrap().is_some());
    assert!(store.replay(games[2].id).await.unwrap().is_some());

    // The evicted game is made again on request, and kept as the newest.
    let gif = svc.records().replay_gif(T0 + 40, &games[0], ASKER + 7).await.unwrap();
    assert_eq!(frames(&gif), 5);
    assert_eq!(store.replay(games[0].id).await.unwrap().map(|r| r.made_at), Some(T0 + 40));
    assert_eq!(store.replay_count().await.unwrap(), 3, "the service keeps up to REPLAYS_KEPT");
}

async fn two_requests_at_once_keep_one_replay(backend: Backend) {
    let (db, svc) = service(backend).await;
    let view = finished_game(&svc, 1).await;
    let other = GameService::open(db.url()).await.unwrap();
    let (a, b) = tokio::join!(
        svc.records().replay_gif(T0 + 1, &view, ASKER + 8),
        other.records().replay_gif(T0 + 2, &view, ASKER + 9)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a, b);
    let kept = svc.store().replay(view.id).await.unwrap().unwrap();
    assert_eq!(kept.gif, a);
    assert_eq!(svc.store().replay_count().await.unwrap(), 1);
}

on_both_backends!(
    an_ended_games_replay_is_made_once_and_kept,
    a_live_games_replay_is_never_kept,
    only_the_newest_replays_are_kept
);
on_both_backends!(multi_thread: two_requests_at_once_keep_one_replay);

/// The same person asking again for a replay that must be made waits for
/// its cooldown; one that is kept is theirs at once.
async fn a_replay_that_must_be_made_has_a_cooldown(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let view = start_classic(&svc, T0, 1).await;
    svc.records().replay_gif(T0 + 1, &view, STRANGER).await.unwrap();
    let again = svc.records().replay_gif(T0 + 2, &view, STRANGER).await;
    assert!(matches!(again, Err(GameError::CoolingDown(1..=30))), "{again:?}");
    svc.records().replay_gif(T0 + 2, &view, WHITE).await.unwrap();
    // Over: kept once made, then free for everyone, however often.
    let over = svc.games().resign(T0 + 3, 1, BLACK).await.unwrap();
    svc.records().replay_gif(T0 + 4, &over, BLACK).await.unwrap();
    for _ in 0..3 {
        svc.records().replay_gif(T0 + 5, &over, BLACK).await.unwrap();
    }
}

on_both_backends!(a_replay_that_must_be_made_has_a_cooldown);
