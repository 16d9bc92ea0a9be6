//! The clock's announcements are delivered at least once and shown once,
//! end to end through the fake Discord: a process that claimed them and
//! died before posting leaves them in the outbox, and the next one posts
//! them at start-up; a reminder whose move was played meanwhile is not
//! posted; a post repeated after a crash (before it was marked delivered)
//! reuses its nonce, so Discord shows one message.

use std::time::Duration;

use crate::support::bot::{RunningBot, WAIT, config, database_in, wait_for_a_tick};
use crate::support::fake_discord::{FakeDiscord, PostedMessage, RecordedRequest};
use damas::config::Clock;
use damas::game::{ChallengePick, ColorChoice, DAY, GameService, NewChallenge};

fn in_channel(fake: &FakeDiscord, channel: u64) -> Vec<PostedMessage> {
    fake.posted_messages().into_iter().filter(|m| m.channel_id == channel).collect()
}

/// Whether the outbox empties within a few seconds.
async fn all_settled(svc: &GameService) -> bool {
    for _ in 0..50 {
        if svc.store().pending_announcement_count().await.unwrap() == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn announcements_claimed_before_a_crash_are_posted_after_it_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let guild = Some(fake.guild_id());
    let [reminded, moved, timed_out, expired] = [(); 4].map(|_| fake.new_id());

    // The process that crashed: games and a challenge, their deadlines
    // claimed, nothing posted.
    let svc = GameService::open(&url).await.unwrap();
    let now = clock.now();
    for (channel, days) in [(reminded, 3), (moved, 3), (timed_out, 1)] {
        let c = NewChallenge {
            guild,
            color: ColorChoice::White,
            days_per_move: Some(days),
            ..NewChallenge::new(channel, ana.id, bruno.id)
        };
        svc.challenges().challenge(now, c).await.unwrap();
        svc.challenges().accept(now, channel, bruno.id, ChallengePick::Mine).await.unwrap();
    }
    svc.challenges()
        .challenge(now, NewChallenge { guild, ..NewChallenge::new(expired, carla.id, bruno.id) })
        .await
        .unwrap();
    clock.advance(5 * DAY / 2);
    assert_eq!(svc.deadlines().claim_due(clock.now()).await.unwrap().len(), 4);
    // Before anything was posted, Ana moved in one of the games.
    svc.games().play(clock.now(), moved, ana.id, "11-15", None).await.unwrap();
    assert_eq!(svc.store().pending_announcement_count().await.unwrap(), 4);
    svc.store().close().await;

    // The next process posts them at start-up.
    let settings = || config(&fake, &url, clock.clone(), Duration::from_millis(200));
    let bot = RunningBot::start(&fake, settings()).await;
    let reminder = fake.wait_for_channel_message(reminded, |m| m.content().contains("reminder"), WAIT).await;
    assert!(reminder.content().contains(&ana.mention()), "{}", reminder.content());
    let lost = fake.wait_for_channel_message(timed_out, |m| m.content().contains("Time is up"), WAIT).await;
    assert!(lost.content().contains(&bruno.mention()) && lost.content().contains("wins"), "{}", lost.content());
    let gone = fake.wait_for_channel_message(expired, |m| m.content().contains("expired"), WAIT).await;
    assert!(gone.content().contains(&carla.mention()), "{}", gone.content());
    let svc = GameService::open(&url).await.unwrap();
    assert!(all_settled(&svc).await, "every announcement settled");
    assert!(in_channel(&fake, moved).is_empty(), "the reminder whose move was played is not posted");

    // A crash after posting, before marking it delivered: the next post
    // carries the same nonce, so the channel still shows one message.
    bot.stop().await;
    let posts_to = |requests: &[RecordedRequest]| {
        let path = format!("/channels/{reminded}/messages");
        requests.iter().filter(|r| r.method == "POST" && r.path.ends_with(&path)).count()
    };
    let posts_before = posts_to(&fake.requests());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE announcements SET done_at = NULL, outcome = NULL, lease_until = NULL WHERE channel_id = $1")
        .bind(reminded as i64)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let bot = RunningBot::start(&fake, settings()).await;
    let reposted = fake.wait_until(WAIT, |requests| posts_to(requests) > posts_before).await;
    assert!(reposted, "the announcement was posted again");
    assert!(all_settled(&svc).await, "settled again");
    // Three more ticks of the clock (each posts a challenge that expired just
    // before it), and still one message in each channel.
    for _ in 0..3 {
        wait_for_a_tick(&fake, &svc, &clock).await;
    }
    bot.stop().await;
    for channel in [reminded, timed_out, expired] {
        assert_eq!(in_channel(&fake, channel).len(), 1, "channel {channel}: {:?}", in_channel(&fake, channel));
    }
    assert!(in_channel(&fake, moved).is_empty());
}
