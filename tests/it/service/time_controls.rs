//! Time controls (issue "clocks that correspondence players ask for"),
//! through the service with a clock the tests move: a Fischer bank that
//! grows by its increment and stops at its maximum, a loss when it runs
//! out (claimed once), weekends off in a server's time zone across a
//! daylight-saving change, a vacation inside a bank, reminders at their
//! share of the time left, banks derived again by a second service on the
//! same database (a restart, or another process), takebacks, the record's
//! tag and the games list's order.

use crate::support::games::*;
use damas::game::{
    Allowance, ChallengePick, ColorChoice, DAY, DueEvent, GameError, GameService, GameView, HOUR, NewChallenge,
    REMINDER_PERCENT, TimeControl, parse_time_control,
};
use damas::rules::Position;

/// Friday 2027-03-26 12:00 in Madrid (11:00 UTC); that weekend Spain moves
/// its clocks forward an hour.
const FRIDAY_NOON_MADRID: i64 = 1_806_058_800;

/// A game in `channel` between WHITE (to move) and BLACK in GUILD, with
/// time control `time` (as written) and weekends as the server says.
async fn start_with(svc: &GameService, now: i64, channel: u64, time: &str) -> GameView {
    let req = NewChallenge {
        guild: Some(GUILD),
        color: ColorChoice::White,
        time: Some(parse_time_control(time).unwrap()),
        ..NewChallenge::new(channel, WHITE, BLACK)
    };
    svc.challenges().challenge(now, req).await.unwrap();
    svc.challenges().accept(now, channel, BLACK, ChallengePick::Mine).await.unwrap()
}

/// Plays the next move of the initial line `ply` at `now` for whoever is to move.
async fn play_next(svc: &GameService, now: i64, channel: u64, ply: usize) -> GameView {
    let game = svc.game_in_channel(channel).await.unwrap();
    let line = first_moves(&Position::initial(), ply + 1);
    svc.games().play(now, channel, game.player_to_move(), &line[ply], None).await.unwrap().game
}

async fn a_bank_grows_by_the_increment_and_stops_at_its_maximum(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let game = start_with(&svc, T0, 1, "5d+1d max 10d").await;
    assert_eq!(game.time.allowance, Allowance::Fischer { start: 5 * DAY, increment: DAY, max: 10 * DAY });
    assert_eq!(game.deadline, T0 + 5 * DAY, "the start's five days");
    assert_eq!(game.waiting_bank, Some(5 * DAY), "Black has not moved: the start");

    // White moves after an hour: 5 days less the hour, and a day more.
    let after_white = play_next(&svc, T0 + HOUR, 1, 0).await;
    assert_eq!(after_white.waiting_bank, Some(6 * DAY - HOUR));
    assert_eq!(after_white.deadline, T0 + HOUR + 5 * DAY, "Black's turn: Black's bank, the start");
    // Black takes two days: 3 left, 4 with the increment.
    let mut now = T0 + HOUR + 2 * DAY;
    let after_black = play_next(&svc, now, 1, 1).await;
    assert_eq!(after_black.waiting_bank, Some(4 * DAY));
    assert_eq!(after_black.deadline, now + 6 * DAY - HOUR, "White's turn: White's bank");

    // Both answer at once from now on: a day more each move, up to ten.
    let mut white_bank = 6 * DAY - HOUR;
    for ply in 2..12 {
        now += 60;
        let after = play_next(&svc, now, 1, ply).await;
        if ply % 2 == 0 {
            white_bank = (white_bank - 60 + DAY).min(10 * DAY);
            assert_eq!(after.waiting_bank, Some(white_bank), "White's bank after ply {ply}");
        }
    }
    assert_eq!(white_bank, 10 * DAY, "the maximum was reached");
    let stored = svc.game_in_channel(1).await.unwrap();
    assert_eq!(stored.deadline, now + 10 * DAY, "White's turn, a full bank");
}

async fn a_bank_that_runs_out_loses_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_with(&svc, T0, 1, "2d+12h").await;
    // White uses all but an hour: 1 hour + 12 hours in the bank.
    play_next(&svc, T0 + 2 * DAY - HOUR, 1, 0).await;
    let black_moved = T0 + 2 * DAY;
    let game = play_next(&svc, black_moved, 1, 1).await;
    assert_eq!(game.deadline, black_moved + 13 * HOUR);
    let late = svc.games().play(black_moved + 13 * HOUR, 1, WHITE, "12-16", None).await;
    assert!(matches!(late, Err(GameError::TimeUp)), "{late:?}");
    let due = svc.deadlines().claim_due(black_moved + 13 * HOUR).await.unwrap();
    assert!(matches!(due.as_slice(), [DueEvent::LossOnTime(g)] if g.player_to_move() == WHITE), "{due:?}");
    assert!(svc.deadlines().claim_due(black_moved + 14 * HOUR).await.unwrap().is_empty(), "claimed once");
}

async fn weekends_off_skip_saturday_and_sunday_across_daylight_saving(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let set = svc.deadlines().set_server_clock(T0, GUILD, Some(Some("europe/madrid")), Some(true), true).await.unwrap();
    assert_eq!((set.time_zone.as_deref(), set.weekends_off), (Some("Europe/Madrid"), true));
    let game = start_with(&svc, FRIDAY_NOON_MADRID, 1, "1d/move").await;
    assert_eq!(game.time.weekends_zone.as_deref(), Some("Europe/Madrid"), "the server's default");
    // Friday's 12 hours, then Monday from midnight (CEST): the weekend was
    // 47 hours long.
    let monday_noon = FRIDAY_NOON_MADRID + 12 * HOUR + 47 * HOUR + 12 * HOUR;
    assert_eq!(game.deadline, monday_noon);
    assert_eq!(game.time_left(FRIDAY_NOON_MADRID + DAY), 12 * HOUR, "Saturday noon: Friday's half day used");
    assert!(
        svc.deadlines().claim_due(monday_noon - 1).await.unwrap().iter().all(|e| !matches!(e, DueEvent::LossOnTime(_)))
    );
    let due = svc.deadlines().claim_due(monday_noon).await.unwrap();
    assert!(matches!(due.as_slice(), [DueEvent::LossOnTime(_)]), "{due:?}");

    // A challenge may count every day in a server that takes weekends off.
    let req = NewChallenge {
        guild: Some(GUILD),
        color: ColorChoice::White,
        weekends_off: Some(false),
        ..NewChallenge::new(2, WHITE, BLACK)
    };
    svc.challenges().challenge(FRIDAY_NOON_MADRID, req).await.unwrap();
    let every_day = svc.challenges().accept(FRIDAY_NOON_MADRID, 2, BLACK, ChallengePick::Mine).await.unwrap();
    assert_eq!(every_day.time, TimeControl::per_move(3));
    assert_eq!(every_day.deadline, FRIDAY_NOON_MADRID + 3 * DAY);
}

async fn a_vacation_inside_a_bank_costs_it_nothing(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_with(&svc, T0, 1, "5d+1d max 10d").await;
    svc.deadlines().start_vacation(T0 + DAY, GUILD, WHITE).await.unwrap();
    // Away for two days; the deadline moves by them when White is back.
    svc.deadlines().end_vacation(T0 + 3 * DAY, GUILD, WHITE).await.unwrap();
    assert_eq!(svc.game_in_channel(1).await.unwrap().deadline, T0 + 7 * DAY);
    // White moves a day later: 3 days left, 4 with the increment.
    let game = play_next(&svc, T0 + 4 * DAY, 1, 0).await;
    assert_eq!(game.waiting_bank, Some(4 * DAY));

    // A move made while away ends the vacation, and the bank keeps what
    // was left when the clock stopped.
    svc.deadlines().start_vacation(T0 + 4 * DAY + HOUR, GUILD, BLACK).await.unwrap();
    let game = play_next(&svc, T0 + 12 * DAY, 1, 1).await;
    assert_eq!(game.waiting_bank, Some(5 * DAY - HOUR + DAY), "Black's 5 days less the hour before leaving, and a day");
}

async fn reminders_come_at_their_share_of_the_time_left(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_with(&svc, T0, 1, "5d+1d max 10d").await;
    // White leaves herself 1 day: 2 with the increment.
    play_next(&svc, T0 + 4 * DAY, 1, 0).await;
    let black_moved = T0 + 4 * DAY + HOUR;
    let game = play_next(&svc, black_moved, 1, 1).await;
    assert_eq!(game.deadline, black_moved + 2 * DAY);
    let remind_at = black_moved + 2 * DAY * REMINDER_PERCENT / 100;
    assert_eq!(game.remind_at, remind_at, "four fifths of the two days left, not of the start");
    assert!(svc.deadlines().claim_due(remind_at - 1).await.unwrap().is_empty());
    let due = svc.deadlines().claim_due(remind_at).await.unwrap();
    assert!(matches!(due.as_slice(), [DueEvent::Reminder(g)] if g.player_to_move() == WHITE), "{due:?}");
}

async fn a_second_service_derives_the_same_banks(backend: Backend) {
    let db = database(backend).await;
    let first = GameService::open(db.url()).await.unwrap();
    start_with(&first, T0, 1, "3d+1d max 6d").await;
    let mut now = T0;
    for ply in 0..5 {
        now += (ply as i64 + 1) * 7 * HOUR;
        play_next(&first, now, 1, ply).await;
    }
    let seen_first = first.game_in_channel(1).await.unwrap();
    drop(first);
    // A restart (or another process): nothing was kept in memory.
    let second = GameService::open(db.url()).await.unwrap();
    let seen_second = second.game_in_channel(1).await.unwrap();
    assert_eq!(
        (seen_second.waiting_bank, seen_second.deadline, seen_second.remind_at),
        (seen_first.waiting_bank, seen_first.deadline, seen_first.remind_at)
    );
    // White moved last, having taken 7, 21 and 35 hours for her three
    // moves, with a day added after each: 3 days - 63 hours + 3 days.
    assert_eq!(seen_second.waiting_bank, Some(6 * DAY - 63 * HOUR));
}

async fn a_takeback_gives_back_the_bank_the_move_took(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_with(&svc, T0, 1, "5d+1d max 10d").await;
    play_next(&svc, T0 + DAY, 1, 0).await;
    let before = play_next(&svc, T0 + 2 * DAY, 1, 1).await;
    play_next(&svc, T0 + 3 * DAY, 1, 2).await;
    svc.games().ask_takeback(T0 + 3 * DAY + 60, 1, WHITE, None).await.unwrap();
    svc.games().answer_takeback(T0 + 3 * DAY + 120, 1, BLACK, true, None).await.unwrap();
    let after = svc.game_in_channel(1).await.unwrap();
    assert_eq!((after.ply(), after.waiting_bank, after.deadline), (before.ply(), before.waiting_bank, before.deadline));
}

async fn time_controls_are_checked_and_recorded(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let both = NewChallenge {
        days_per_move: Some(3),
        time: Some(parse_time_control("5d+1d").unwrap()),
        ..NewChallenge::new(1, WHITE, BLACK)
    };
    assert!(matches!(svc.challenges().challenge(T0, both).await, Err(GameError::TimeControlTwice)));
    let unknown = svc.deadlines().set_server_clock(T0, GUILD, Some(Some("Mars/Olympus")), None, true).await;
    assert!(matches!(unknown, Err(GameError::UnknownTimeZone(z)) if z == "Mars/Olympus"));
    let player = svc.deadlines().set_server_clock(T0, GUILD, None, Some(true), false).await;
    assert!(matches!(player, Err(GameError::NotServerManager)));
    assert!(!svc.deadlines().server_clock(GUILD).await.unwrap().weekends_off, "nothing changed");

    let game = start_with(&svc, T0, 1, "5d+1d max 10d").await;
    let pdn = svc.records().pdn(game.id).await.unwrap();
    assert!(pdn.contains("[TimeControl \"432000+86400\"]\n[TimeControlMax \"864000\"]"), "{pdn}");
    let per_move = start_classic(&svc, T0, 2).await;
    assert!(svc.records().pdn(per_move.id).await.unwrap().contains("[TimeControl \"1/259200\"]"));
}

async fn games_are_listed_by_their_real_deadline(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // Three days a move, and a bank whose first move is due in a day: the
    // bank's game is due first though it started later.
    start_classic(&svc, T0, 1).await;
    start_with(&svc, T0 + HOUR, 2, "1d+1h max 2d").await;
    let page = svc.records().player_games_page(GUILD, WHITE, 0).await.unwrap();
    let channels: Vec<u64> = page.games.iter().map(|g| g.channel).collect();
    assert_eq!(channels, [2, 1]);
    assert_eq!(page.games[0].deadline, T0 + HOUR + DAY);
}

crate::on_both_backends!(
    a_bank_grows_by_the_increment_and_stops_at_its_maximum,
    a_bank_that_runs_out_loses_once,
    weekends_off_skip_saturday_and_sunday_across_daylight_saving,
    a_vacation_inside_a_bank_costs_it_nothing,
    reminders_come_at_their_share_of_the_time_left,
    a_second_service_derives_the_same_banks,
    a_takeback_gives_back_the_bank_the_move_took,
    time_controls_are_checked_and_recorded,
    games_are_listed_by_their_real_deadline,
);
