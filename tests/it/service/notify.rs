//! `/notify`'s direct messages in the service: what each choice queues
//! (a move for `dm`; the reminder and the loss on time for `dm` and
//! `digest`; nothing for `ping` and `off`), a digest claimed once a day at
//! the chosen hour however many processes ask, messages that no longer
//! need saying dropped, and closed direct messages queuing nothing more.

use crate::support::games::*;
use damas::game::{
    AnnouncementOutcome, DAY, DirectDue, DirectMessage, GameService, NewChallenge, NotifyMode, next_hour_at,
};
use damas::store::DirectKind;

fn label(m: &DirectMessage) -> String {
    match &m.due {
        Some(DirectDue::Move(g)) => format!("move to {} at ply {}", m.user, g.ply()),
        Some(DirectDue::Reminder(g)) => format!("reminder to {} at ply {}", m.user, g.ply()),
        Some(DirectDue::LossOnTime(g)) => format!("time to {} in {}", m.user, g.id),
        Some(DirectDue::Digest(games, total)) => {
            let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
            format!("digest to {} of {ids:?} ({total})", m.user)
        }
        Some(DirectDue::VacationOver(games, total)) => format!("vacation over to {} ({}/{total})", m.user, games.len()),
        None => format!("nothing to {}", m.user),
    }
}

/// Leases what is pending at `now`, settles it as delivered, and labels it.
async fn sent(svc: &GameService, now: i64) -> Vec<String> {
    let leased = svc.notifications().lease_direct_messages(now).await.unwrap();
    for m in &leased {
        let outcome = if m.due.is_some() { AnnouncementOutcome::Delivered } else { AnnouncementOutcome::Cancelled };
        assert!(svc.notifications().settle_direct_message(m.id, outcome, now).await.unwrap());
    }
    leased.iter().map(label).collect()
}

async fn choose(svc: &GameService, now: i64, user: u64, mode: NotifyMode, hour: Option<u32>) -> Option<i64> {
    svc.notifications().set_notify(now, GUILD, user, mode, hour, "en-US").await.unwrap()
}

async fn dm_brings_each_move_that_hands_over_the_turn(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    choose(&svc, T0, BLACK, NotifyMode::Dm, None).await;
    let report = svc.games().play(T0 + 10, 1, WHITE, "11-15", None).await.unwrap();
    assert!(report.direct_message, "the move says a direct message waits");
    // White chose nothing: Black's reply queues nothing.
    let reply = svc.games().play(T0 + 20, 1, BLACK, "22-19", None).await.unwrap();
    assert!(!reply.direct_message);
    // Black answered before it was sent: it no longer needs saying.
    assert_eq!(sent(&svc, T0 + 30).await, [format!("nothing to {BLACK}")]);
    svc.games().play(T0 + 40, 1, WHITE, "15x22", None).await.unwrap();
    assert_eq!(sent(&svc, T0 + 50).await, [format!("move to {BLACK} at ply 3")]);
    assert!(sent(&svc, T0 + 60).await.is_empty(), "sent once");
}

async fn ping_and_off_queue_nothing(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    choose(&svc, T0, BLACK, NotifyMode::Off, None).await;
    choose(&svc, T0, WHITE, NotifyMode::Ping, None).await;
    svc.games().play(T0 + 10, 1, WHITE, "11-15", None).await.unwrap();
    svc.games().play(T0 + 20, 1, BLACK, "22-19", None).await.unwrap();
    // The reminder and the loss on time: still nothing by DM.
    svc.deadlines().claim_due(T0 + 20 + 5 * DAY / 2).await.unwrap();
    svc.deadlines().claim_due(T0 + 20 + 4 * DAY).await.unwrap();
    assert!(sent(&svc, T0 + 5 * DAY).await.is_empty());
    assert!(svc.store().direct_messages_of(BLACK).await.unwrap().is_empty());
}

async fn reminders_and_losses_on_time_reach_dm_and_digest(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let game = start_classic(&svc, T0, 1).await.id;
    // White (to move) takes digests (the first after the loss below),
    // Black direct messages.
    choose(&svc, T0 + 2 * DAY + 3600, WHITE, NotifyMode::Digest, Some(1)).await;
    choose(&svc, T0, BLACK, NotifyMode::Dm, None).await;
    let reminded = T0 + 5 * DAY / 2;
    svc.deadlines().claim_due(reminded).await.unwrap();
    assert_eq!(sent(&svc, reminded).await, [format!("reminder to {WHITE} at ply 0")]);
    let lost = T0 + 3 * DAY;
    svc.deadlines().claim_due(lost).await.unwrap();
    let mut told = sent(&svc, lost).await;
    told.sort();
    assert_eq!(told, [format!("time to {WHITE} in {game}"), format!("time to {BLACK} in {game}")]);
}

async fn a_digest_comes_once_a_day_at_the_chosen_hour(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    // Two games where White is to move, one where Black is.
    let one = start_classic(&svc, T0, 1).await.id;
    let two = start_classic(&svc, T0 + 1, 2).await.id;
    start_classic(&svc, T0 + 2, 3).await;
    svc.games().play(T0 + 3, 3, WHITE, "11-15", None).await.unwrap();
    let first = choose(&svc, T0 + 5, WHITE, NotifyMode::Digest, Some(9)).await;
    assert_eq!(first, Some(T0 + 9 * 3600), "today at 09:00 UTC");
    assert_eq!(svc.notifications().claim_digests(T0 + 9 * 3600 - 1).await.unwrap(), 0, "not before its hour");
    assert_eq!(svc.notifications().claim_digests(T0 + 9 * 3600).await.unwrap(), 1);
    assert_eq!(svc.notifications().claim_digests(T0 + 9 * 3600 + 60).await.unwrap(), 0, "once that day");
    let told = sent(&svc, T0 + 9 * 3600 + 60).await;
    assert_eq!(told, [format!("digest to {WHITE} of {:?} (2)", [one, two])]);
    // The next day, same hour; a bot down for three days sends one, not three.
    assert_eq!(svc.notifications().claim_digests(T0 + DAY + 9 * 3600).await.unwrap(), 1);
    assert_eq!(svc.notifications().claim_digests(T0 + 4 * DAY + 10 * 3600).await.unwrap(), 1);
    assert_eq!(svc.notifications().claim_digests(T0 + 4 * DAY + 11 * 3600).await.unwrap(), 0);
    assert_eq!(
        svc.notifications().player_settings(GUILD, WHITE).await.unwrap().next_digest_at,
        Some(T0 + 5 * DAY + 9 * 3600)
    );
}

async fn an_empty_digest_is_not_sent(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    // Black waits for White: nothing to list.
    choose(&svc, T0, BLACK, NotifyMode::Digest, Some(0)).await;
    assert_eq!(svc.notifications().claim_digests(T0 + DAY).await.unwrap(), 1);
    assert_eq!(sent(&svc, T0 + DAY).await, [format!("nothing to {BLACK}")]);
    let kept = svc.store().direct_messages_of(BLACK).await.unwrap();
    assert_eq!(kept, [(DirectKind::Digest, Some(AnnouncementOutcome::Cancelled))]);
}

async fn closed_direct_messages_queue_nothing_until_chosen_again(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    choose(&svc, T0, BLACK, NotifyMode::Dm, None).await;
    svc.notifications().close_dms(BLACK, T0 + 1).await.unwrap();
    let report = svc.games().play(T0 + 10, 1, WHITE, "11-15", None).await.unwrap();
    assert!(!report.direct_message);
    assert!(sent(&svc, T0 + 20).await.is_empty());
    // Told once, in their next private reply.
    assert!(svc.notifications().take_closed_dms_notice(BLACK, T0 + 30).await.unwrap());
    assert!(!svc.notifications().take_closed_dms_notice(BLACK, T0 + 31).await.unwrap());
    assert!(!svc.notifications().take_closed_dms_notice(WHITE, T0 + 31).await.unwrap());
    // Choosing again tries again.
    choose(&svc, T0 + 40, BLACK, NotifyMode::Dm, None).await;
    svc.games().play(T0 + 50, 1, BLACK, "22-19", None).await.unwrap();
    let report = svc.games().play(T0 + 60, 1, WHITE, "15x22", None).await.unwrap();
    assert!(report.direct_message);
}

async fn racing_processes_claim_each_digest_once(backend: Backend) {
    let (db, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    for user in [WHITE, BLACK, STRANGER] {
        choose(&svc, T0, user, NotifyMode::Digest, Some(12)).await;
    }
    // Three services on one database, as three processes would be.
    let others = [GameService::open(db.url()).await.unwrap(), GameService::open(db.url()).await.unwrap()];
    let at = next_hour_at(T0, 12);
    let claims = futures::future::join_all(
        [&svc, &others[0], &others[1]]
            .into_iter()
            .map(|s| async move { s.notifications().claim_digests(at).await.unwrap() }),
    )
    .await;
    assert_eq!(claims.iter().sum::<usize>(), 3, "{claims:?}");
    for user in [WHITE, BLACK, STRANGER] {
        assert_eq!(svc.store().direct_messages_of(user).await.unwrap().len(), 1, "one digest for {user}");
    }
}

async fn a_game_in_another_server_is_not_listed(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let one = start_classic(&svc, T0, 1).await.id;
    let elsewhere = NewChallenge { guild: Some(GUILD + 1), ..NewChallenge::new(2, WHITE, BLACK) };
    let elsewhere = NewChallenge { color: damas::game::ColorChoice::White, ..elsewhere };
    svc.challenges().challenge(T0, elsewhere).await.unwrap();
    svc.challenges().accept(T0, 2, BLACK, None).await.unwrap();
    choose(&svc, T0, WHITE, NotifyMode::Digest, Some(1)).await;
    svc.notifications().claim_digests(T0 + 3600).await.unwrap();
    assert_eq!(sent(&svc, T0 + 3600).await, [format!("digest to {WHITE} of {:?} (1)", [one])]);
}

/// The clock settles a batch of direct messages in one write: each once,
/// with its own outcome, and the same batch settled again changes nothing.
async fn a_batch_is_settled_in_one_write_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    start_classic(&svc, T0, 2).await;
    choose(&svc, T0, BLACK, NotifyMode::Dm, None).await;
    for channel in [1, 2] {
        svc.games().play(T0 + 10, channel, WHITE, "11-15", None).await.unwrap();
    }
    let leased = svc.notifications().lease_direct_messages(T0 + 20).await.unwrap();
    assert_eq!(leased.len(), 2, "a move's message in each game");
    let outcome = |i| if i == 0 { AnnouncementOutcome::Delivered } else { AnnouncementOutcome::Undeliverable };
    let done: Vec<_> = leased.iter().enumerate().map(|(i, m)| (m.id, outcome(i))).collect();
    assert_eq!(svc.notifications().settle_direct_messages(&done, T0 + 20).await.unwrap(), 2);
    assert_eq!(svc.notifications().settle_direct_messages(&done, T0 + 30).await.unwrap(), 0, "settled already");
    assert_eq!(svc.notifications().settle_direct_messages(&[], T0 + 30).await.unwrap(), 0);
    // Long past the lease, nothing is sent again.
    assert!(svc.notifications().lease_direct_messages(T0 + DAY).await.unwrap().is_empty());
    let outcomes: Vec<_> = svc.store().direct_messages_of(BLACK).await.unwrap().into_iter().map(|(_, o)| o).collect();
    assert_eq!(outcomes, [Some(outcome(0)), Some(outcome(1))], "oldest first, as leased");
}

/// A leased message says the ply its game is at, so one about a move its
/// player has answered is known stale without reading the game.
async fn a_leased_message_knows_its_games_ply(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    choose(&svc, T0, BLACK, NotifyMode::Dm, None).await;
    svc.games().play(T0 + 10, 1, WHITE, "11-15", None).await.unwrap();
    svc.games().play(T0 + 20, 1, BLACK, "22-19", None).await.unwrap();
    let leased = svc.store().lease_direct_messages(T0 + 30, 60, 10).await.unwrap();
    let [row] = &leased[..] else { panic!("one message: {leased:?}") };
    assert!(matches!(row.kind, DirectKind::Move { ply: 1, .. }), "{row:?}");
    assert_eq!(row.game_ply, Some(2), "Black has answered");
    // White's reply is due: the game is still at its ply.
    svc.games().play(T0 + 40, 1, WHITE, "15x22", None).await.unwrap();
    let leased = svc.store().lease_direct_messages(T0 + 50, 60, 10).await.unwrap();
    let [row] = &leased[..] else { panic!("one message: {leased:?}") };
    assert!(matches!(row.kind, DirectKind::Move { ply: 3, .. }) && row.game_ply == Some(3), "{row:?}");
}

on_both_backends!(
    a_leased_message_knows_its_games_ply,
    a_batch_is_settled_in_one_write_once,
    dm_brings_each_move_that_hands_over_the_turn,
    ping_and_off_queue_nothing,
    reminders_and_losses_on_time_reach_dm_and_digest,
    a_digest_comes_once_a_day_at_the_chosen_hour,
    an_empty_digest_is_not_sent,
    closed_direct_messages_queue_nothing_until_chosen_again,
    a_game_in_another_server_is_not_listed,
);
on_both_backends!(multi_thread: racing_processes_claim_each_digest_once);
