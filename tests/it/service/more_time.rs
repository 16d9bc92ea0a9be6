//! More time (issue item 3): a player gives their opponent 1-7 more days
//! for the move the opponent is to make. Only that deadline (and its
//! reminder) moves; the giver cannot stop their own clock; the write is
//! conditional on the ply, so time given for one move never lands on the next.

use crate::support::games::*;
use damas::engine::Level;
use damas::game::{ColorChoice, DAY, DueEvent, GameError, NewBotGame, REMINDER_PERCENT};

async fn more_time_moves_only_the_opponents_deadline(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // White to move, 3 days a move.
    let game = start_classic(&svc, T0, 1).await;
    assert_eq!(game.deadline, T0 + 3 * DAY);
    let own = svc.deadlines().give_more_time(T0 + 10, 1, WHITE, 2).await;
    assert!(matches!(own, Err(GameError::MoreTimeOnOwnMove)), "{own:?}");
    assert!(matches!(svc.deadlines().give_more_time(T0 + 10, 1, STRANGER, 2).await, Err(GameError::NotAPlayer)));
    for days in [0, 8] {
        assert!(
            matches!(svc.deadlines().give_more_time(T0 + 10, 1, BLACK, days).await, Err(GameError::MoreTimeDays(d)) if d == days)
        );
    }
    let given = svc.deadlines().give_more_time(T0 + 10, 1, BLACK, 2).await.unwrap();
    assert_eq!((given.deadline_before, given.game.deadline), (T0 + 3 * DAY, T0 + 5 * DAY));
    assert_eq!(svc.game_in_channel(1).await.unwrap().deadline, T0 + 5 * DAY, "stored");

    // Neither the old reminder time nor the old deadline claim anything.
    assert!(svc.deadlines().claim_due(T0 + 3 * DAY).await.unwrap().is_empty());
    let reminder = T0 + 2 * DAY + 3 * DAY * REMINDER_PERCENT / 100;
    assert!(svc.deadlines().claim_due(reminder - 1).await.unwrap().is_empty());
    let due = svc.deadlines().claim_due(reminder).await.unwrap();
    assert!(matches!(due.as_slice(), [DueEvent::Reminder(g)] if g.id == game.id), "{due:?}");

    // White answers: Black's deadline for the reply is the usual one.
    let moved_at = T0 + 4 * DAY + 12 * 3600;
    let report = svc.games().play(moved_at, 1, WHITE, "11-15", None).await.unwrap();
    assert_eq!(report.game.deadline, moved_at + 3 * DAY);
    assert_eq!(svc.game_in_channel(1).await.unwrap().deadline, moved_at + 3 * DAY);
    // And now it is White who may give Black more time, not Black.
    assert!(matches!(
        svc.deadlines().give_more_time(moved_at + 1, 1, BLACK, 1).await,
        Err(GameError::MoreTimeOnOwnMove)
    ));
    let given = svc.deadlines().give_more_time(moved_at + 1, 1, WHITE, 7).await.unwrap();
    assert_eq!((given.deadline_before, given.game.deadline), (moved_at + 3 * DAY, moved_at + 10 * DAY));
    // Past even that deadline: lost on time.
    let due = svc.deadlines().claim_due(moved_at + 10 * DAY).await.unwrap();
    assert!(matches!(due.as_slice(), [DueEvent::LossOnTime(_)]), "{due:?}");
    let over = svc.deadlines().give_more_time(moved_at + 10 * DAY + 1, 1, WHITE, 1).await;
    assert!(matches!(over, Err(GameError::NoGame)), "{over:?}");
}

async fn time_given_for_a_move_never_lands_on_the_next(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 1).await;
    svc.games().play(T0 + 60, 1, WHITE, "11-15", None).await.unwrap();
    // Given for ply 0, arriving after the move: nothing changes.
    let later = game.clock().extended(&damas::game::Weekends::none(), DAY);
    assert!(!svc.store().set_move_clock(game.id, 0, game.deadline, (later.deadline, later.remind_at)).await.unwrap());
    let now = svc.game_in_channel(1).await.unwrap();
    assert_eq!(now.deadline, T0 + 60 + 3 * DAY);
    // Computed from a clock that has moved since (a vacation's end): refused too.
    let stale = (now.deadline + DAY, now.remind_at + DAY);
    assert!(!svc.store().set_move_clock(game.id, 1, now.deadline - 1, stale).await.unwrap());
    let later = now.clock().extended(&damas::game::Weekends::none(), DAY);
    assert!(svc.store().set_move_clock(game.id, 1, now.deadline, (later.deadline, later.remind_at)).await.unwrap());
    let after = svc.game_in_channel(1).await.unwrap();
    assert_eq!((after.deadline, after.remind_at), (T0 + 60 + 4 * DAY, now.remind_at + DAY));
}

async fn the_bot_needs_no_more_time(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let mut req = NewBotGame::new(1, WHITE, 9009, Level::new(1).unwrap());
    req.guild = Some(GUILD);
    req.color = ColorChoice::White;
    svc.games().start_bot_game(T0, req).await.unwrap();
    // The bot's turn (it has not answered yet).
    svc.games().play(T0 + 60, 1, WHITE, "11-15", None).await.unwrap();
    let given = svc.deadlines().give_more_time(T0 + 61, 1, WHITE, 1).await;
    assert!(matches!(given, Err(GameError::MoreTimeForBot)), "{given:?}");
}

crate::on_both_backends!(
    more_time_moves_only_the_opponents_deadline,
    time_given_for_a_move_never_lands_on_the_next,
    the_bot_needs_no_more_time,
);
