//! The clock's outbox: every claimed reminder, loss on time and expired
//! challenge waits as an announcement until it is settled; leases hand each
//! to one poster at a time and again after a lease runs out; a reminder
//! whose move was played meanwhile is no longer to be said.

use std::collections::HashMap;

use crate::support::games::*;
use damas::game::{
    ANNOUNCEMENT_KEPT, ANNOUNCEMENT_LEASE, AnnouncementOutcome, DAY, DueEvent, GameService, NewChallenge,
};

fn label(due: &Option<DueEvent>) -> String {
    match due {
        Some(DueEvent::Reminder(g)) => format!("reminder {} ply {}", g.channel, g.ply()),
        Some(DueEvent::LossOnTime(g)) => format!("time {}", g.channel),
        Some(DueEvent::MatchGame(g)) => format!("match game {}", g.channel),
        Some(DueEvent::TournamentGame(g)) => format!("tournament game {}", g.channel),
        Some(DueEvent::TournamentGameEnded(g)) => format!("tournament game over {}", g.channel),
        Some(DueEvent::ChallengeExpired(c)) => format!("expired {}", c.channel),
        Some(DueEvent::PremoveReply { game, ply }) => format!("premove {} ply {ply}", game.channel),
        Some(DueEvent::VacationNotice { game, .. }) => format!("vacation {}", game.channel),
        Some(DueEvent::VacationOver(g)) => format!("vacation over {}", g.channel),
        Some(DueEvent::VacationBack(g)) => format!("vacation back {}", g.channel),
        None => "cancelled".to_string(),
    }
}

/// A reminder due in channel 1, a loss on time in channel 2 (1 day per
/// move), an expired challenge in channel 3, all claimed at the returned time.
async fn three_claimed(svc: &GameService) -> i64 {
    start_classic(svc, T0, 1).await;
    let one_day = NewChallenge { days_per_move: Some(1), ..NewChallenge::new(2, WHITE, BLACK) };
    svc.challenges().challenge(T0, one_day).await.unwrap();
    svc.challenges().accept(T0, 2, BLACK, None).await.unwrap();
    svc.challenges().challenge(T0, NewChallenge::new(3, STRANGER, BLACK)).await.unwrap();
    let now = T0 + 5 * DAY / 2;
    assert_eq!(svc.deadlines().claim_due(now).await.unwrap().len(), 3);
    now
}

async fn claimed_announcements_wait_until_settled(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let now = three_claimed(&svc).await;
    let leased = svc.deadlines().lease_announcements(now).await.unwrap();
    let labels: Vec<String> = leased.iter().map(|a| label(&a.due)).collect();
    assert_eq!(labels, ["time 2", "reminder 1 ply 0", "expired 3"]);
    assert!(leased.iter().all(|a| a.attempts == 1));
    assert_eq!(leased.iter().map(|a| a.channel).collect::<Vec<_>>(), [2, 1, 3]);
    // Leased: nobody else gets them until the lease runs out.
    assert!(svc.deadlines().lease_announcements(now + ANNOUNCEMENT_LEASE - 1).await.unwrap().is_empty());
    // The poster settles one and dies before the others.
    assert!(svc.deadlines().settle_announcement(leased[0].id, AnnouncementOutcome::Delivered, now).await.unwrap());
    assert!(
        !svc.deadlines().settle_announcement(leased[0].id, AnnouncementOutcome::Delivered, now).await.unwrap(),
        "once"
    );
    let again = svc.deadlines().lease_announcements(now + ANNOUNCEMENT_LEASE).await.unwrap();
    assert_eq!(again.iter().map(|a| a.id).collect::<Vec<_>>(), [leased[1].id, leased[2].id]);
    assert!(again.iter().all(|a| a.attempts == 2));
    for a in &again {
        svc.deadlines().settle_announcement(a.id, AnnouncementOutcome::Delivered, now).await.unwrap();
    }
    assert!(svc.deadlines().lease_announcements(now + 10 * ANNOUNCEMENT_LEASE).await.unwrap().is_empty());
    assert_eq!(svc.store().pending_announcement_count().await.unwrap(), 0);
    // Nothing is claimed twice, so nothing is announced twice.
    assert!(svc.deadlines().claim_due(now + 1).await.unwrap().is_empty());
    assert!(svc.deadlines().lease_announcements(now + 20 * ANNOUNCEMENT_LEASE).await.unwrap().is_empty());
}

async fn a_move_cancels_its_reminder(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    start_classic(&svc, T0, 1).await;
    let now = T0 + 5 * DAY / 2;
    assert_eq!(svc.deadlines().claim_due(now).await.unwrap().len(), 1);
    // White moves before the reminder is posted: it is not said.
    svc.games().play(now + 1, 1, WHITE, "11-15", None).await.unwrap();
    let leased = svc.deadlines().lease_announcements(now + 2).await.unwrap();
    assert_eq!(leased.len(), 1);
    assert!(leased[0].due.is_none(), "{:?}", label(&leased[0].due));
    // Black's own reminder comes later, for Black.
    svc.deadlines().settle_announcement(leased[0].id, AnnouncementOutcome::Cancelled, now + 2).await.unwrap();
    let later = now + 1 + 5 * DAY / 2;
    svc.deadlines().claim_due(later).await.unwrap();
    let leased = svc.deadlines().lease_announcements(later).await.unwrap();
    match &leased[0].due {
        Some(DueEvent::Reminder(g)) => assert_eq!((g.ply(), g.player_to_move()), (1, BLACK)),
        other => panic!("{}", label(other)),
    }
}

async fn racing_posters_lease_each_announcement_once(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    for ch in 0..20 {
        start_classic(&svc, T0, 100 + ch).await;
        svc.challenges().challenge(T0, NewChallenge::new(300 + ch, 6000 + ch, BLACK)).await.unwrap();
    }
    let now = T0 + 5 * DAY / 2;
    svc.deadlines().claim_due(now).await.unwrap();
    let posters: Vec<_> = (0..8)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move {
                let mut mine = Vec::new();
                loop {
                    let batch = svc.deadlines().lease_announcements(now).await.unwrap();
                    if batch.is_empty() {
                        return mine;
                    }
                    mine.extend(batch.into_iter().map(|a| label(&a.due)));
                }
            })
        })
        .collect();
    let mut seen: HashMap<String, u32> = HashMap::new();
    for p in posters {
        for l in p.await.unwrap() {
            *seen.entry(l).or_default() += 1;
        }
    }
    assert_eq!(seen.len(), 40, "{seen:?}");
    assert!(seen.values().all(|&n| n == 1), "{seen:?}");
}

/// A row that cannot be read back (its game is corrupt) is dropped and
/// logged, so it does not hold up the others of its batch at every lease.
#[tokio::test]
async fn an_announcement_that_cannot_be_read_back_does_not_block_the_others() {
    let db = database(Backend::Sqlite).await;
    let svc = GameService::open(db.url()).await.unwrap();
    let now = three_claimed(&svc).await;
    let pool = sqlx::SqlitePool::connect(db.url()).await.unwrap();
    sqlx::query("UPDATE games SET start_fen = 'not a position' WHERE channel_id = 2").execute(&pool).await.unwrap();
    pool.close().await;
    let leased = svc.deadlines().lease_announcements(now).await.unwrap();
    let labels: Vec<String> = leased.iter().map(|a| label(&a.due)).collect();
    assert_eq!(labels, ["reminder 1 ply 0", "expired 3"]);
    for a in &leased {
        svc.deadlines().settle_announcement(a.id, AnnouncementOutcome::Delivered, now).await.unwrap();
    }
    assert_eq!(svc.store().pending_announcement_count().await.unwrap(), 0, "the corrupt one was settled");
}

/// Settled announcements are kept a week, then pruned; a pending one is
/// never pruned, however old.
async fn settled_announcements_are_pruned_after_a_week(backend: Backend) {
    let (_dir, svc) = service(backend).await;
    let now = three_claimed(&svc).await;
    let leased = svc.deadlines().lease_announcements(now).await.unwrap();
    svc.deadlines().settle_announcement(leased[0].id, AnnouncementOutcome::Delivered, now).await.unwrap();
    svc.deadlines().settle_announcement(leased[1].id, AnnouncementOutcome::Undeliverable, now + DAY).await.unwrap();
    let store = svc.store();
    assert_eq!(svc.deadlines().prune_announcements(now + ANNOUNCEMENT_KEPT).await.unwrap(), 0, "kept a whole week");
    assert_eq!(
        svc.deadlines().prune_announcements(now + ANNOUNCEMENT_KEPT + 1).await.unwrap(),
        1,
        "the first is a week old"
    );
    assert_eq!(store.announcement_count().await.unwrap(), 2);
    assert_eq!(svc.deadlines().prune_announcements(now + 100 * DAY).await.unwrap(), 1);
    assert_eq!(store.announcement_count().await.unwrap(), 1);
    assert_eq!(store.pending_announcement_count().await.unwrap(), 1, "the unsettled one stays");
    let still = svc.deadlines().lease_announcements(now + 100 * DAY).await.unwrap();
    assert_eq!(still.iter().map(|a| a.id).collect::<Vec<_>>(), [leased[2].id]);
}

on_both_backends!(
    claimed_announcements_wait_until_settled,
    a_move_cancels_its_reminder,
    settled_announcements_are_pruned_after_a_week
);
on_both_backends!(multi_thread: racing_posters_lease_each_announcement_once);
