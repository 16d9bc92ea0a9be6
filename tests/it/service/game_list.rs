//! A server's live games a page at a time (`/games`): nearest deadline
//! first, ten to a page, only that server's live games, read in one query.

use crate::support::games::{BLACK, Backend, GUILD, STRANGER, T0, WHITE, service};
use damas::game::{ColorChoice, GAMES_PER_PAGE, GameService, NewChallenge};
use damas::rules::Color;

/// Starts a game in `channel` of `guild` with `days` per move at `now`.
async fn start(svc: &GameService, guild: u64, channel: u64, days: u32, now: i64) -> i64 {
    let req = NewChallenge {
        guild: Some(guild),
        color: ColorChoice::White,
        days_per_move: Some(days),
        ..NewChallenge::new(channel, WHITE, BLACK)
    };
    svc.challenge(now, req).await.unwrap();
    svc.accept(now, channel, BLACK, None).await.unwrap().id
}

async fn pages_of_ten_nearest_deadline_first(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // 23 games whose deadlines are not in the order they were started.
    let mut expected = Vec::new();
    for i in 0..23u64 {
        let days = 1 + (i * 5 % 14) as u32;
        let id = start(&svc, GUILD, 100 + i, days, T0 + i as i64).await;
        expected.push((T0 + i as i64 + i64::from(days) * 86_400, id));
    }
    // One move in the first game: its deadline moves and the turn passes to Black.
    svc.play(T0 + 100, 100, WHITE, "11-15", None).await.unwrap();
    expected[0].0 = T0 + 100 + 86_400;
    expected.sort();

    let mut seen = Vec::new();
    for page in 0..3 {
        let got = svc.live_games_page(GUILD, page).await.unwrap();
        assert_eq!((got.page, got.pages, got.total), (page, 3, 23));
        assert_eq!(got.games.len(), if page < 2 { GAMES_PER_PAGE as usize } else { 3 });
        seen.extend(got.games.iter().map(|g| (g.deadline, g.id)));
    }
    assert_eq!(seen, expected, "every game once, by deadline then id");

    let first = svc.live_games_page(GUILD, 0).await.unwrap();
    let moved = first.games.iter().find(|g| g.channel == 100).expect("the game that moved is due first");
    assert_eq!((moved.turn, moved.ply, moved.player_to_move()), (Color::Black, 1, BLACK));
    assert_eq!((moved.white, moved.black), (WHITE, BLACK));
}

async fn only_this_servers_live_games(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let kept = start(&svc, GUILD, 1, 3, T0).await;
    start(&svc, GUILD, 2, 3, T0).await;
    start(&svc, GUILD + 1, 3, 3, T0).await;
    // A game outside any server.
    svc.challenge(T0, NewChallenge::new(4, WHITE, STRANGER)).await.unwrap();
    svc.accept(T0, 4, STRANGER, None).await.unwrap();
    svc.resign(T0 + 1, 2, BLACK).await.unwrap();

    let page = svc.live_games_page(GUILD, 0).await.unwrap();
    assert_eq!((page.total, page.pages), (1, 1));
    assert_eq!(page.games.iter().map(|g| g.id).collect::<Vec<_>>(), vec![kept]);
}

async fn a_page_past_the_end_shows_the_last_one_and_no_games_is_empty(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let empty = svc.live_games_page(GUILD, 0).await.unwrap();
    assert_eq!((empty.total, empty.pages, empty.games.len()), (0, 0, 0));
    assert_eq!(svc.live_games_page(GUILD, 7).await.unwrap(), empty);

    for channel in 0..12 {
        start(&svc, GUILD, 10 + channel, 3, T0).await;
    }
    // A list shown with two pages; games finish; Next asks for page 1 of what is now one page.
    for channel in 10..13 {
        svc.resign(T0 + 1, channel, BLACK).await.unwrap();
    }
    let last = svc.live_games_page(GUILD, 1).await.unwrap();
    assert_eq!((last.page, last.pages, last.total, last.games.len()), (0, 1, 9, 9));
    let far = svc.live_games_page(GUILD, u32::MAX).await.unwrap();
    assert_eq!(far, last);
}

on_both_backends!(
    pages_of_ten_nearest_deadline_first,
    only_this_servers_live_games,
    a_page_past_the_end_shows_the_last_one_and_no_games_is_empty,
);
