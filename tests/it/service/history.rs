//! A player's history: ended games of one server only, newest first, from
//! the player's side, with wins, draws and losses counted over all pages;
//! a page past the end gives the last one.

use crate::support::games::*;
use damas::game::{AbortRequest, FinishReason, HISTORY_PER_PAGE, HistoryResult};
use damas::rules::Color;

async fn the_history_counts_and_pages_the_ended_games(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // Channel 1: Black resigns. 2: a draw by agreement. 3: aborted. 4: still live.
    start_classic(&svc, T0, 1).await;
    svc.games().resign(T0 + 10, 1, BLACK).await.unwrap();
    start_classic(&svc, T0, 2).await;
    svc.games().offer_draw(T0 + 20, 2, WHITE).await.unwrap();
    svc.games().answer_draw(T0 + 21, 2, BLACK, true).await.unwrap();
    start_classic(&svc, T0, 3).await;
    let abort = AbortRequest { guild: Some(GUILD), channel: 3, user: WHITE, moderator: false, game: None };
    svc.games().abort(T0 + 30, abort).await.unwrap();
    start_classic(&svc, T0, 4).await;

    let black = svc.records().history(GUILD, BLACK, 0).await.unwrap();
    assert_eq!((black.total, black.wins, black.draws, black.losses), (3, 0, 1, 1));
    let results: Vec<HistoryResult> = black.games.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [
            HistoryResult::Aborted,
            HistoryResult::Drawn(FinishReason::Agreement),
            HistoryResult::Lost(FinishReason::Resignation)
        ],
        "newest first"
    );
    assert!(black.games.iter().all(|g| g.color == Color::Black && g.opponent == WHITE));
    let white = svc.records().history(GUILD, WHITE, 0).await.unwrap();
    assert_eq!((white.wins, white.draws, white.losses), (1, 1, 0));
    assert_eq!(white.games[2].result, HistoryResult::Won(FinishReason::Resignation));
    assert_eq!(svc.records().history(GUILD + 1, WHITE, 0).await.unwrap().total, 0, "another server's history is apart");
    assert_eq!(svc.records().history(GUILD, STRANGER, 0).await.unwrap().pages, 0);

    // More than a page: 10 then the rest; a page too far gives the last.
    for channel in 10..20 {
        start_classic(&svc, T0, channel).await;
        svc.games().resign(T0 + channel as i64 * 100, channel, WHITE).await.unwrap();
    }
    let first = svc.records().history(GUILD, WHITE, 0).await.unwrap();
    assert_eq!((first.total, first.pages, first.games.len()), (13, 2, HISTORY_PER_PAGE as usize));
    assert_eq!(first.losses, 10);
    let far = svc.records().history(GUILD, WHITE, 7).await.unwrap();
    assert_eq!((far.page, far.games.len()), (1, 3));
}

on_both_backends!(the_history_counts_and_pages_the_ended_games);
