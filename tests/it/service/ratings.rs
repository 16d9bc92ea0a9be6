//! Glicko-2 ratings through the service, on both backends: every way a
//! rated game ends changes both ratings once, in the result's transaction;
//! games that do not count change nothing; two games of one player ending
//! at once are applied one after the other; the leaderboard lists the
//! established players only.

use crate::support::games::*;
use damas::game::{
    DEFAULT_BOT_LEVEL, GameService, GameView, NewBotGame, NewChallenge, RatedResults, RatingChange, Seen, level,
};
use damas::rating::IDLE_PERIOD;
use damas::rules::{DrawRules, Position, Variant};

/// Days per move in [`start_game`].
const DAY: i64 = 86_400;

/// Starts a classic rated game in `channel` and plays each side's first two moves.
async fn rated_game(svc: &GameService, now: i64, channel: u64) -> GameView {
    start_classic(svc, now, channel).await;
    play_line(svc, now, channel, &first_moves(&Position::initial(), 4)).await
}

fn change_of(view: &GameView, user: u64) -> RatingChange {
    *view.rating_changes.iter().find(|c| c.user == user).expect("a rating change")
}

async fn games_rated(svc: &GameService, user: u64) -> u32 {
    svc.records().player_rating(GUILD, user, T0).await.unwrap().games
}

/// A resignation after each side moved twice: both ratings change once,
/// symmetrically between two new players, and the history and best show it.
async fn a_resignation_rates_both_players_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    rated_game(&svc, T0, 1).await;
    let over = svc.games().resign(T0 + DAY, 1, BLACK).await.unwrap();
    assert_eq!(over.rating_changes.len(), 2);
    assert_eq!(over.rating_changes[0].user, WHITE, "White's change first");
    let (white, black) = (change_of(&over, WHITE), change_of(&over, BLACK));
    assert_eq!((white.before, black.before), (1500.0, 1500.0));
    assert!(white.delta() > 0 && white.delta() == -black.delta(), "{white:?} {black:?}");
    assert!(white.shown_after().ends_with('?'), "one game leaves a rating provisional");

    // The stored game shows the same changes; a second ending is refused
    // and changes nothing.
    let stored = svc.game_by_id(over.id).await.unwrap();
    assert_eq!(stored.rating_changes, over.rating_changes);
    assert!(svc.games().resign(T0 + DAY + 1, 1, WHITE).await.is_err());
    let rating = svc.records().player_rating(GUILD, WHITE, T0 + DAY).await.unwrap();
    assert_eq!(rating.games, 1);
    assert_eq!(rating.rating.rating, white.after);
    assert_eq!(rating.history.len(), 2, "the start and one game");
    assert_eq!(rating.history[1].at, Some(T0 + DAY));
    assert_eq!(rating.best, None, "no best while provisional");
    assert_eq!(svc.records().player_rating(GUILD + 1, WHITE, T0).await.unwrap().games, 0, "ratings are per server");
}

/// A draw by agreement, a loss on time and a game ended by the rules (a
/// move) are rated like a resignation.
async fn every_ending_is_rated(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    rated_game(&svc, T0, 1).await;
    svc.games().offer_draw(T0 + DAY, 1, WHITE).await.unwrap();
    let drawn = svc.games().answer_draw(T0 + DAY + 1, 1, BLACK, true).await.unwrap();
    let (white, black) = (change_of(&drawn, WHITE), change_of(&drawn, BLACK));
    assert!((white.after - 1500.0).abs() < 1e-6 && (black.after - 1500.0).abs() < 1e-6, "a draw of equals");

    // White to move lets the deadline pass (3 days per move).
    rated_game(&svc, T0 + 10 * DAY, 2).await;
    let due = svc.deadlines().claim_due(T0 + 20 * DAY).await.unwrap();
    assert_eq!(due.len(), 1);
    let timed_out = svc.records().game_for_record(Some(GUILD), 2, None).await.unwrap();
    assert!(change_of(&timed_out, BLACK).delta() > 0, "Black won on time");
    assert_eq!(games_rated(&svc, WHITE).await, 2);
    let white_results = svc.records().player_rating(GUILD, WHITE, T0).await.unwrap().results;
    assert_eq!(white_results, RatedResults { wins: 0, draws: 1, losses: 1 });
    assert_eq!(svc.store().rated_results(GUILD, BLACK).await.unwrap(), RatedResults { wins: 1, draws: 1, losses: 0 });

    // A whole game from the initial position, always the first legal move,
    // until the rules end it (RULES 7: no legal move, or a draw rule).
    let mut view = start_classic(&svc, T0 + 30 * DAY, 3).await;
    let mut now = T0 + 30 * DAY;
    while view.finished.is_none() {
        now += 60;
        let (_, text) = view.game.position().legal_moves_with_notation().remove(0);
        view = svc.games().play(now, 3, view.player_to_move(), &text, Some(Seen::of(&view))).await.unwrap().game;
    }
    assert_eq!(view.rating_changes.len(), 2, "the move that ended the game rated it");
    assert_eq!(games_rated(&svc, BLACK).await, 3);
}

/// Unrated: the `rated` option off, a giveaway game, a game from a set-up
/// position, a game against the bot, a game ended before each side moved
/// twice, and an aborted game.
async fn games_that_do_not_count_change_nothing(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let casual = NewChallenge { guild: Some(GUILD), rated: false, ..NewChallenge::new(1, WHITE, BLACK) };
    svc.challenges().challenge(T0, casual).await.unwrap();
    let game = svc.challenges().accept(T0, 1, BLACK, None).await.unwrap();
    assert!(!game.rated);
    play_line(&svc, T0, 1, &first_moves(&Position::initial(), 4)).await;
    assert!(svc.games().resign(T0 + DAY, 1, WHITE).await.unwrap().rating_changes.is_empty());

    let giveaway = start_game(&svc, T0, 2, None, Variant::Giveaway, DrawRules::Classic).await;
    assert!(!giveaway.rated);
    let set_up = start_game(&svc, T0, 3, Some("W:W1-12:B20-31"), Variant::Classic, DrawRules::Classic).await;
    assert!(!set_up.rated, "lichess rates no game from a position");
    let bot = svc
        .games()
        .start_bot_game(T0, NewBotGame::new(4, WHITE, 9999, level(Some(1), DEFAULT_BOT_LEVEL).unwrap()))
        .await
        .unwrap();
    assert!(!bot.rated);

    // Three plies: Black has moved once only.
    start_classic(&svc, T0, 5).await;
    play_line(&svc, T0, 5, &first_moves(&Position::initial(), 4)[..3]).await;
    let short = svc.games().resign(T0 + DAY, 5, BLACK).await.unwrap();
    assert!(short.rated && short.rating_changes.is_empty());
    assert_eq!(games_rated(&svc, WHITE).await, 0);
    assert_eq!(svc.store().rating(GUILD, WHITE).await.unwrap(), None, "no rating row at all");
    assert_eq!(svc.store().rated_results(GUILD, WHITE).await.unwrap(), RatedResults::default(), "no result counts");
}

/// Two rated games of the same players end at the same moment: both are
/// applied, one after the other (the second starts from the first's result).
async fn two_games_ending_at_once_are_both_applied(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    rated_game(&svc, T0, 1).await;
    rated_game(&svc, T0, 2).await;
    let (a, b) = tokio::join!(svc.games().resign(T0 + DAY, 1, BLACK), svc.games().resign(T0 + DAY, 2, BLACK));
    let (a, b) = (a.unwrap(), b.unwrap());
    let (first, second) = if change_of(&a, WHITE).before == 1500.0 { (a, b) } else { (b, a) };
    assert_eq!(change_of(&second, WHITE).before, change_of(&first, WHITE).after);
    assert_eq!(change_of(&second, BLACK).before, change_of(&first, BLACK).after);
    assert_eq!(games_rated(&svc, WHITE).await, 2);
    assert_eq!(
        svc.records().player_rating(GUILD, WHITE, T0 + DAY).await.unwrap().rating.rating,
        change_of(&second, WHITE).after
    );
}

/// After enough games both regulars are established (RD 110 or less) and
/// listed best first; a newcomer with one game is not listed.
async fn the_leaderboard_lists_established_players_best_first(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    for channel in 1..=20u64 {
        rated_game(&svc, now, channel).await;
        // White wins three games in four.
        let loser = if channel % 4 == 0 { WHITE } else { BLACK };
        svc.games().resign(now + DAY, channel, loser).await.unwrap();
        now += 2 * DAY;
    }
    let newcomer = NewChallenge { guild: Some(GUILD), ..NewChallenge::new(100, STRANGER, WHITE) };
    svc.challenges().challenge(now, newcomer).await.unwrap();
    svc.challenges().accept(now, 100, WHITE, None).await.unwrap();
    play_line(&svc, now, 100, &first_moves(&Position::initial(), 4)).await;
    svc.games().resign(now + DAY, 100, WHITE).await.unwrap();

    let now = now + DAY;
    let white = svc.records().player_rating(GUILD, WHITE, now).await.unwrap();
    assert!(!white.rating.is_provisional(), "RD {} after 21 games", white.rating.deviation);
    assert_eq!(white.history.len(), 22);
    assert!(white.best.is_some_and(|best| best >= white.rating.rating));
    // Fifteen wins and five losses of the regulars, and the newcomer's win.
    assert_eq!(white.results, RatedResults { wins: 15, draws: 0, losses: 6 });
    let peak = white.peak().expect("an established peak");
    assert_eq!(Some(peak.rating), white.best, "the peak is the best rating, where it was reached");
    assert!(peak.at.is_some() && !damas::rating::is_provisional(peak.deviation));
    let board = svc.records().leaderboard(GUILD, now).await.unwrap();
    let users: Vec<u64> = board.iter().map(|p| p.user).collect();
    assert_eq!(users, [WHITE, BLACK]);
    assert!(board[0].rating.rating > board[1].rating.rating);
    assert!(svc.records().leaderboard(GUILD + 1, now).await.unwrap().is_empty());

    // Years without a rated game: the deviation has widened until the
    // rating is provisional again, and the leaderboard no longer lists them.
    let years_later = now + 10 * 52 * IDLE_PERIOD;
    let idle = svc.records().player_rating(GUILD, WHITE, years_later).await.unwrap();
    assert_eq!(idle.rating.rating, white.rating.rating, "the rating itself stays");
    assert!(idle.rating.is_provisional(), "RD {} after ten years away", idle.rating.deviation);
    assert!(svc.records().leaderboard(GUILD, years_later).await.unwrap().is_empty());
}

/// The game of a player back after a year is rated from the deviation
/// widened by the 52 weeks away, stored as the change's "before".
async fn a_player_back_after_a_year_is_rated_from_a_wider_deviation(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut now = T0;
    for channel in 1..=12u64 {
        rated_game(&svc, now, channel).await;
        let loser = if channel % 2 == 0 { WHITE } else { BLACK };
        svc.games().resign(now + DAY, channel, loser).await.unwrap();
        now += 2 * DAY;
    }
    let regular = svc.records().player_rating(GUILD, WHITE, now).await.unwrap().rating;
    let back = now + 52 * IDLE_PERIOD;
    let widened = svc.records().player_rating(GUILD, WHITE, back).await.unwrap().rating;
    assert!(widened.deviation > regular.deviation + 20.0, "{regular:?} then {widened:?}");
    rated_game(&svc, back, 50).await;
    let over = svc.games().resign(back + DAY, 50, BLACK).await.unwrap();
    let changes = svc.store().rating_changes(over.id).await.unwrap();
    let change = changes.iter().find(|c| c.user == WHITE).unwrap();
    assert!(change_of(&over, WHITE).delta().abs() > 0);
    let expected = regular.after_idle(back + DAY - (now - DAY)).deviation;
    assert!((change.deviation_before - expected).abs() < 1e-6, "{change:?}, expected RD {expected}");
}

on_both_backends!(
    a_resignation_rates_both_players_once,
    every_ending_is_rated,
    games_that_do_not_count_change_nothing,
    the_leaderboard_lists_established_players_best_first,
    a_player_back_after_a_year_is_rated_from_a_wider_deviation,
);
on_both_backends!(multi_thread: two_games_ending_at_once_are_both_applied);
