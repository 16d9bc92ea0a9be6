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
    svc.challenges().challenge(now, req).await.unwrap();
    svc.challenges().accept(now, channel, BLACK, None).await.unwrap().id
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
    svc.games().play(T0 + 100, 100, WHITE, "11-15", None).await.unwrap();
    expected[0].0 = T0 + 100 + 86_400;
    expected.sort();

    let mut seen = Vec::new();
    for page in 0..3 {
        let got = svc.records().live_games_page(GUILD, page).await.unwrap();
        assert_eq!((got.page, got.pages, got.total), (page, 3, 23));
        assert_eq!(got.games.len(), if page < 2 { GAMES_PER_PAGE as usize } else { 3 });
        seen.extend(got.games.iter().map(|g| (g.deadline, g.id)));
    }
    assert_eq!(seen, expected, "every game once, by deadline then id");

    let first = svc.records().live_games_page(GUILD, 0).await.unwrap();
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
    svc.challenges().challenge(T0, NewChallenge::new(4, WHITE, STRANGER)).await.unwrap();
    svc.challenges().accept(T0, 4, STRANGER, None).await.unwrap();
    svc.games().resign(T0 + 1, 2, BLACK).await.unwrap();

    let page = svc.records().live_games_page(GUILD, 0).await.unwrap();
    assert_eq!((page.total, page.pages), (1, 1));
    assert_eq!(page.games.iter().map(|g| g.id).collect::<Vec<_>>(), vec![kept]);
}

async fn a_page_past_the_end_shows_the_last_one_and_no_games_is_empty(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let empty = svc.records().live_games_page(GUILD, 0).await.unwrap();
    assert_eq!((empty.total, empty.pages, empty.games.len()), (0, 0, 0));
    assert_eq!(svc.records().live_games_page(GUILD, 7).await.unwrap(), empty);

    for channel in 0..12 {
        start(&svc, GUILD, 10 + channel, 3, T0).await;
    }
    // A list shown with two pages; games finish; Next asks for page 1 of what is now one page.
    for channel in 10..13 {
        svc.games().resign(T0 + 1, channel, BLACK).await.unwrap();
    }
    let last = svc.records().live_games_page(GUILD, 1).await.unwrap();
    assert_eq!((last.page, last.pages, last.total, last.games.len()), (0, 1, 9, 9));
    let far = svc.records().live_games_page(GUILD, u32::MAX).await.unwrap();
    assert_eq!(far, last);
}

on_both_backends!(
    pages_of_ten_nearest_deadline_first,
    only_this_servers_live_games,
    a_page_past_the_end_shows_the_last_one_and_no_games_is_empty,
);

/// A player's own games (`/mygames`): only theirs in this server, those
/// where it is their move first, then by deadline, paged like `/games`.
async fn a_players_games_their_move_first(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // 12 games of White (against Black), deadlines out of start order.
    let mut games = Vec::new();
    for i in 0..12u64 {
        let days = 1 + (i * 5 % 14) as u32;
        let id = start(&svc, GUILD, 200 + i, days, T0 + i as i64).await;
        games.push((200 + i, id, T0 + i as i64 + i64::from(days) * 86_400));
    }
    // White moves in every third game: there it is Black's move.
    for game in games.iter_mut().step_by(3) {
        svc.games().play(T0 + 50, game.0, WHITE, "11-15", None).await.unwrap();
        game.2 = T0 + 50 + 86_400;
    }
    // Not White's: another pair's game here, White's game in another server.
    let others = NewChallenge { guild: Some(GUILD), ..NewChallenge::new(300, STRANGER, BLACK) };
    svc.challenges().challenge(T0, others).await.unwrap();
    svc.challenges().accept(T0, 300, BLACK, None).await.unwrap();
    start(&svc, GUILD + 1, 301, 3, T0).await;

    let order = |mover: u64| {
        let mut expected: Vec<(bool, i64, i64)> = games
            .iter()
            .map(|&(channel, id, deadline)| {
                let white_to_move = (channel - 200) % 3 != 0;
                let movers_turn = if mover == WHITE { white_to_move } else { !white_to_move };
                (!movers_turn, deadline, id)
            })
            .collect();
        expected.sort();
        expected.into_iter().map(|(_, _, id)| id).collect::<Vec<i64>>()
    };
    for player in [WHITE, BLACK] {
        let mut seen = Vec::new();
        for page in 0..2 {
            let got = svc.records().player_games_page(GUILD, player, page).await.unwrap();
            let total = if player == BLACK { 13 } else { 12 };
            assert_eq!((got.page, got.pages, got.total), (page, 2, total), "{player}");
            seen.extend(got.games.iter().filter(|g| g.channel != 300).map(|g| g.id));
        }
        assert_eq!(seen, order(player), "{player}: their move first, then by deadline");
    }
    // A page past the end is the last page; a player with no game has none.
    assert_eq!(svc.records().player_games_page(GUILD, WHITE, 9).await.unwrap().page, 1);
    assert_eq!(svc.records().player_games_page(GUILD, STRANGER + 77, 0).await.unwrap().total, 0);
}
on_both_backends!(a_players_games_their_move_first);
