//! Vacation in the service (issue item 2): while a player is away, the
//! clock of every live game of theirs in the server where they are to move
//! stands still - also of a game that reaches them meanwhile - so neither
//! its reminder nor its loss on time comes; their opponents are told once a
//! game, until when at most. The vacation ends by `/vacation end`, by their
//! first move, or when their days run out (told as they chose with
//! `/notify`; their opponents, told it began, are told it ended), and each such deadline then moves by the time its clock
//! stood still - once, also across a restart and with racing processes.
//! Days are whole days (every day begun counts) per calendar year.

use crate::support::games::*;
use damas::game::{
    AnnouncementOutcome, DAY, DirectDue, DueEvent, GameError, GameService, NotifyMode, REMINDER_PERCENT, Vacation,
};

/// Leases the announcements pending at `now`, settles them, and labels them.
async fn announced(svc: &GameService, now: i64) -> Vec<String> {
    let leased = svc.deadlines().lease_announcements(now).await.unwrap();
    for a in &leased {
        let outcome = if a.due.is_some() { AnnouncementOutcome::Delivered } else { AnnouncementOutcome::Cancelled };
        assert!(svc.deadlines().settle_announcement(a.id, outcome, now).await.unwrap());
    }
    leased
        .iter()
        .map(|a| match &a.due {
            Some(DueEvent::VacationNotice { game, until }) => format!("paused {} until {}", game.id, until - T0),
            Some(DueEvent::VacationOver(game)) => format!("runs again {} due {}", game.id, game.deadline - T0),
            Some(DueEvent::VacationBack(game)) => format!("back {} due {}", game.id, game.deadline - T0),
            Some(DueEvent::Reminder(game)) => format!("reminder {}", game.id),
            Some(DueEvent::LossOnTime(game)) => format!("time {}", game.id),
            Some(other) => format!("{other:?}"),
            None => "nothing".to_string(),
        })
        .collect()
}

fn labels(due: &[DueEvent]) -> Vec<String> {
    due.iter()
        .map(|d| match d {
            DueEvent::Reminder(g) => format!("reminder {}", g.id),
            DueEvent::LossOnTime(g) => format!("time {}", g.id),
            other => format!("{other:?}"),
        })
        .collect()
}

async fn away(svc: &GameService, now: i64, user: u64) -> Vacation {
    svc.deadlines().vacation(now, GUILD, user).await.unwrap()
}

async fn the_clock_stands_still_and_the_deadline_moves_by_the_time_away(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // White is to move in one game and waits in the other.
    let one = start_classic(&svc, T0, 1).await.id;
    let two = start_classic(&svc, T0, 2).await.id;
    svc.games().play(T0 + 60, 2, WHITE, "11-15", None).await.unwrap();
    assert_eq!(away(&svc, T0, WHITE).await, Vacation { allowance: 14, days_left: 14, away: None });

    let left = T0 + DAY;
    let started = svc.deadlines().start_vacation(left, GUILD, WHITE).await.unwrap();
    let until = left + 14 * DAY;
    assert_eq!(started.away.map(|a| (a.since, a.until)), Some((left, until)));
    assert_eq!(svc.game_in_channel(1).await.unwrap().paused_since, Some(left));
    assert_eq!(svc.game_in_channel(2).await.unwrap().paused_since, None, "Black is to move there");
    // The lists say which clock stands still.
    let listed = svc.records().live_games_page(GUILD, 0).await.unwrap().games;
    assert_eq!(listed.iter().map(|g| (g.id, g.paused)).collect::<Vec<_>>(), [(one, true), (two, false)]);
    let mine = svc.records().player_games_page(GUILD, WHITE, 0).await.unwrap().games;
    assert_eq!(mine.iter().map(|g| (g.id, g.paused)).collect::<Vec<_>>(), [(one, true), (two, false)]);
    // Black, White's opponent where White is to move, is told once.
    assert_eq!(announced(&svc, left).await, [format!("paused {one} until {}", until - T0)]);
    assert!(matches!(svc.deadlines().start_vacation(left + 1, GUILD, WHITE).await, Err(GameError::AlreadyOnVacation)));

    // Black answers in game two: it reaches White while away.
    let reached = T0 + 2 * DAY;
    svc.games().play(reached, 2, BLACK, "22-18", None).await.unwrap();
    assert_eq!(svc.game_in_channel(2).await.unwrap().paused_since, Some(left));
    assert!(svc.deadlines().claim_due(reached + 60).await.unwrap().is_empty());
    assert_eq!(announced(&svc, reached + 60).await, [format!("paused {two} until {}", until - T0)]);

    // Reminders (80% of 3 days) and deadlines pass: nothing.
    let reminder = T0 + 3 * DAY * REMINDER_PERCENT / 100;
    for at in [reminder, T0 + 3 * DAY, T0 + 4 * DAY, reached + 3 * DAY, T0 + 8 * DAY] {
        assert!(svc.deadlines().claim_due(at).await.unwrap().is_empty(), "at {}", at - T0);
    }
    assert!(svc.game_in_channel(1).await.unwrap().is_live());
    assert!(announced(&svc, T0 + 8 * DAY).await.is_empty(), "told once a game");

    // Back after 8 days and a minute: 9 days used (every day begun counts).
    let back = left + 8 * DAY + 60;
    let ended = svc.deadlines().end_vacation(back, GUILD, WHITE).await.unwrap();
    assert_eq!((ended.days_used, ended.days_left, ended.games), (9, 5, 2));
    assert_eq!(away(&svc, back, WHITE).await, Vacation { allowance: 14, days_left: 5, away: None });
    // Each deadline moved by the time its clock stood still.
    let game_one = svc.game_in_channel(1).await.unwrap();
    assert_eq!(game_one.deadline, T0 + 3 * DAY + (back - left));
    assert_eq!(game_one.paused_since, None);
    assert_eq!(svc.game_in_channel(2).await.unwrap().deadline, back + 3 * DAY, "from when it reached them");
    assert!(matches!(svc.deadlines().end_vacation(back + 1, GUILD, WHITE).await, Err(GameError::NotOnVacation)));
    // Black, told in each game that the clock stood still, is told it runs again.
    let told =
        [format!("back {one} due {}", game_one.deadline - T0), format!("back {two} due {}", back + 3 * DAY - T0)];
    assert_eq!(announced(&svc, back).await, told);

    // The clock runs again: game one's reminder, then its loss on time.
    let reminder = reminder + (back - left);
    assert!(svc.deadlines().claim_due(reminder - 1).await.unwrap().is_empty());
    assert_eq!(labels(&svc.deadlines().claim_due(reminder).await.unwrap()), [format!("reminder {one}")]);
    assert_eq!(labels(&svc.deadlines().claim_due(game_one.deadline).await.unwrap()), [format!("time {one}")]);
}

async fn the_first_move_ends_the_vacation(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    start_classic(&svc, T0, 2).await;
    let left = T0 + DAY;
    svc.deadlines().start_vacation(left, GUILD, WHITE).await.unwrap();
    // Past game one's deadline: its opponent may still act (no time up),
    // here giving more time, which moves the deadline all the same.
    let later = T0 + 4 * DAY;
    svc.deadlines().give_more_time(later, 1, BLACK, 1).await.unwrap();
    // White's move is played, not refused as out of time, and ends the vacation.
    let report = svc.games().play(later + 60, 2, WHITE, "11-15", None).await.unwrap();
    assert_eq!(report.game.deadline, later + 60 + 3 * DAY);
    assert_eq!(report.game.paused_since, None);
    let after = away(&svc, later + 60, WHITE).await;
    assert_eq!((after.days_left, after.away), (10, None), "3 days and a minute: 4 days used");
    // Game one's deadline moved by the time away (and by the day given).
    let one = svc.game_in_channel(1).await.unwrap();
    assert_eq!(one.deadline, T0 + 4 * DAY + (later + 60 - left));
    assert_eq!(one.paused_since, None);
}

async fn days_run_out_and_the_clock_runs_again_across_a_restart(backend: Backend) {
    let (db, svc) = service(backend).await;
    // Two days a year here. White is to move in game one; Black (direct
    // messages) in game two.
    svc.deadlines().set_vacation_days(T0, GUILD, 2, true).await.unwrap();
    let one = start_classic(&svc, T0, 1).await.id;
    let two = start_classic(&svc, T0, 2).await.id;
    svc.games().play(T0 + 60, 2, WHITE, "11-15", None).await.unwrap();
    svc.notifications().set_notify(T0, GUILD, BLACK, NotifyMode::Dm, None, "en-US").await.unwrap();
    let left = T0 + DAY;
    let until = left + 2 * DAY;
    for user in [WHITE, BLACK] {
        let started = svc.deadlines().start_vacation(left, GUILD, user).await.unwrap();
        assert_eq!(started.away.map(|a| a.until), Some(until));
    }
    announced(&svc, left).await;
    assert!(svc.deadlines().claim_due(until - 1).await.unwrap().is_empty());
    // The bot is down when the days run out; it comes back a day later.
    drop(svc);
    let svc = GameService::open(db.url()).await.unwrap();
    let late = until + DAY;
    svc.deadlines().claim_due(late).await.unwrap();
    // Ended when the days ran out, not when the bot noticed.
    let one_view = svc.game_in_channel(1).await.unwrap();
    assert_eq!(one_view.deadline, T0 + 3 * DAY + 2 * DAY);
    assert_eq!(one_view.paused_since, None);
    assert_eq!(svc.game_in_channel(2).await.unwrap().deadline, T0 + 60 + 3 * DAY + (until - left));
    for user in [WHITE, BLACK] {
        assert_eq!(away(&svc, late, user).await, Vacation { allowance: 2, days_left: 0, away: None });
        assert!(matches!(svc.deadlines().start_vacation(late, GUILD, user).await, Err(GameError::NoVacationDaysLeft)));
    }
    // White (the ping) is told in game one; Black by direct message, and
    // White, told in game two that its clock stood still, that it runs again.
    let deadline = T0 + 5 * DAY;
    let mut told = announced(&svc, late).await;
    told.sort();
    let two_due = T0 + 60 + 3 * DAY + (until - left) - T0;
    assert_eq!(told, [format!("back {two} due {two_due}"), format!("runs again {one} due {}", deadline - T0)]);
    let dms = svc.notifications().lease_direct_messages(late).await.unwrap();
    assert_eq!(dms.len(), 1, "{dms:?}");
    assert_eq!(dms[0].user, BLACK);
    match &dms[0].due {
        Some(DirectDue::VacationOver(games, 1)) => assert_eq!(games[0].id, two),
        other => panic!("{other:?}"),
    }
    // Once, whoever asks again.
    let again = GameService::open(db.url()).await.unwrap();
    again.deadlines().claim_due(late + 60).await.unwrap();
    assert!(announced(&again, late + 60).await.is_empty());
    assert_eq!(svc.game_in_channel(1).await.unwrap().deadline, deadline);
    // The clocks run again: game one is lost on time at its moved
    // deadline; game two's moved reminder has come by then.
    let due = labels(&svc.deadlines().claim_due(deadline).await.unwrap());
    assert_eq!(due, [format!("time {one}"), format!("reminder {two}")]);
}

async fn racing_processes_end_a_vacation_once(backend: Backend) {
    let (db, svc) = service(backend).await;
    svc.deadlines().set_vacation_days(T0, GUILD, 3, true).await.unwrap();
    start_classic(&svc, T0, 1).await;
    svc.deadlines().start_vacation(T0 + 60, GUILD, WHITE).await.unwrap();
    let others = [GameService::open(db.url()).await.unwrap(), GameService::open(db.url()).await.unwrap()];
    let at = T0 + 60 + 3 * DAY;
    futures::future::join_all([&svc, &others[0], &others[1]].into_iter().map(|s| async move {
        s.deadlines().claim_due(at).await.unwrap();
    }))
    .await;
    assert_eq!(svc.game_in_channel(1).await.unwrap().deadline, T0 + 3 * DAY + 3 * DAY, "moved once");
    assert_eq!(svc.store().announcement_count().await.unwrap(), 2, "the notice and the end, each once");
    // Two ends of one vacation at once: one ends it.
    svc.deadlines().start_vacation(at, GUILD, BLACK).await.unwrap();
    let ends = futures::future::join_all(
        [&svc, &others[0], &others[1]]
            .into_iter()
            .map(|s| async move { s.deadlines().end_vacation(at + DAY, GUILD, BLACK).await }),
    )
    .await;
    assert_eq!(ends.iter().filter(|e| e.is_ok()).count(), 1, "{ends:?}");
    assert!(ends.iter().all(|e| e.is_ok() || matches!(e, Err(GameError::NotOnVacation))), "{ends:?}");
    assert_eq!(away(&svc, at + DAY, BLACK).await.days_left, 2);
}

async fn the_server_decides_the_days_and_each_year_has_its_own(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    assert_eq!(svc.deadlines().vacation_days(GUILD).await.unwrap(), 14);
    assert!(matches!(svc.deadlines().set_vacation_days(T0, GUILD, 3, false).await, Err(GameError::NotServerManager)));
    for days in [-1, 61] {
        let set = svc.deadlines().set_vacation_days(T0, GUILD, days, true).await;
        assert!(matches!(set, Err(GameError::VacationDaysOutOfRange(d)) if d == days), "{set:?}");
    }
    svc.deadlines().set_vacation_days(T0, GUILD, 0, true).await.unwrap();
    assert!(matches!(svc.deadlines().start_vacation(T0, GUILD, WHITE).await, Err(GameError::VacationOff)));
    svc.deadlines().set_vacation_days(T0, GUILD, 60, true).await.unwrap();
    // Five days at the end of 2025 (T0 is 2026-01-01): 55 left that year,
    // 60 again in 2026; a vacation crossing the new year counts in the year
    // it started.
    let december = T0 - 10 * DAY;
    svc.deadlines().start_vacation(december, GUILD, WHITE).await.unwrap();
    svc.deadlines().end_vacation(december + 5 * DAY, GUILD, WHITE).await.unwrap();
    assert_eq!(away(&svc, december + 5 * DAY, WHITE).await.days_left, 55);
    assert_eq!(away(&svc, T0, WHITE).await.days_left, 60);
    let started = svc.deadlines().start_vacation(T0 - DAY, GUILD, WHITE).await.unwrap();
    assert_eq!(started.away.map(|a| a.until), Some(T0 - DAY + 55 * DAY));
    svc.deadlines().end_vacation(T0 + DAY, GUILD, WHITE).await.unwrap();
    assert_eq!(away(&svc, T0 + DAY, WHITE).await.days_left, 60, "counted in 2025");
    // Another server keeps its own days.
    assert_eq!(svc.deadlines().vacation(T0, GUILD + 1, WHITE).await.unwrap().allowance, 14);
}

async fn a_reminder_claimed_before_the_vacation_is_not_posted_during_it(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let one = start_classic(&svc, T0, 1).await.id;
    let reminder = T0 + 3 * DAY * REMINDER_PERCENT / 100;
    assert_eq!(labels(&svc.deadlines().claim_due(reminder).await.unwrap()), [format!("reminder {one}")]);
    // Claimed, not yet posted, when White leaves: it no longer needs saying.
    svc.deadlines().start_vacation(reminder + 1, GUILD, WHITE).await.unwrap();
    let until = reminder + 1 + 14 * DAY;
    assert_eq!(
        announced(&svc, reminder + 2).await,
        ["nothing".to_string(), format!("paused {one} until {}", until - T0)]
    );
}

on_both_backends!(
    the_clock_stands_still_and_the_deadline_moves_by_the_time_away,
    the_first_move_ends_the_vacation,
    days_run_out_and_the_clock_runs_again_across_a_restart,
    the_server_decides_the_days_and_each_year_has_its_own,
    a_reminder_claimed_before_the_vacation_is_not_posted_during_it,
);
on_both_backends!(multi_thread: racing_processes_end_a_vacation_once);
