//! Discord's rate limits, end to end through the fake Discord, which keeps
//! them as Discord does: a 429's `retry_after` is honoured for its route,
//! and for every route but an interaction's answer when it is global; the
//! bot's own posts are paced below the limits. (Every test that runs the
//! bot also fails if it ever sends where a 429 said to wait: the fake
//! checks when it is dropped.)

use std::time::{Duration, Instant};

use damas::game::{DAY, GameService, NewChallenge};

use crate::support::bot::{Started, WAIT, ask};
use crate::support::fake_discord::rate_limits::IN_FLIGHT;
use crate::support::fake_discord::{FakeDiscord, RecordedRequest};

/// A challenge in a new channel that expired days ago: the clock loop
/// announces it there (a post of the bot's own). Returns the channel.
async fn expired_challenge(t: &Started, service: &GameService) -> u64 {
    let (channel, from, to) = (t.fake.new_id(), t.fake.new_id(), t.fake.new_id());
    let stale = NewChallenge { guild: Some(t.fake.guild_id()), ..NewChallenge::new(channel, from, to) };
    service.challenges().challenge(t.clock.now() - 3 * DAY, stale).await.expect("a challenge");
    channel
}

fn posts_in(fake: &FakeDiscord, channel: u64) -> Vec<RecordedRequest> {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.requests().into_iter().filter(|r| r.method == "POST" && r.path == path).collect()
}

/// A 429 on a channel's post: the post is tried again only once its
/// `retry_after` has passed, and shows once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_holds_its_route_until_its_retry_after() {
    let t = Started::new().await;
    let service = GameService::open(&t.url).await.unwrap();
    let wait = Duration::from_millis(1500);
    t.fake.fail_next("POST /channels/*/messages", 429, wait);
    let channel = expired_challenge(&t, &service).await;
    t.fake.wait_for_channel_message(channel, |m| m.content().contains("expired"), WAIT).await;

    let posts = posts_in(&t.fake, channel);
    assert_eq!(posts.iter().map(|r| r.status).collect::<Vec<_>>(), [429, 200], "tried once more, after the wait");
    let waited = posts[1].at - posts[0].at;
    assert!(waited >= wait, "tried again after {waited:?}, before the {wait:?} Discord asked for");
    assert!(waited < wait + Duration::from_secs(2), "and soon after it: {waited:?}");
    let shown = t.fake.posted_messages().iter().filter(|m| m.channel_id == channel).count();
    assert_eq!(shown, 1, "announced once");
    assert!(t.fake.rate_limits().early.is_empty(), "{:?}", t.fake.rate_limits().early);
    t.bot.stop().await;
}

/// A global 429: nothing is sent anywhere before its `retry_after`, but a
/// player's command is still answered at once (interaction answers are
/// outside the global limit), and every post waiting is made after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_every_route_but_the_answers() {
    let t = Started::new().await;
    let service = GameService::open(&t.url).await.unwrap();
    let wait = Duration::from_secs(2);
    t.fake.fail_next_global("POST /channels/*/messages", wait);
    let mut channels = Vec::new();
    for _ in 0..4 {
        channels.push(expired_challenge(&t, &service).await);
    }
    let limited = t.fake.wait_for_request("the global 429", WAIT, |r| r.status == 429).await;
    // A player asks for something while every post waits: answered at once.
    let alice = t.fake.user("alice");
    let help = ask(&t.fake, t.fake.command("help").in_channel(t.fake.new_id()).from(&alice)).await;
    assert!(help.content().is_some_and(|c| !c.is_empty()));
    let answered = Instant::now();
    assert!(answered - limited.at < wait, "answered {:?} after the global 429", answered - limited.at);
    for &channel in &channels {
        t.fake.wait_for_channel_message(channel, |m| m.content().contains("expired"), WAIT).await;
    }

    let after: Vec<RecordedRequest> = t
        .fake
        .requests()
        .into_iter()
        // Calls already under way when the 429 was answered could not know of it.
        .filter(|r| r.at > limited.at + IN_FLIGHT)
        .filter(|r| !r.path.contains("/interactions/") && !r.path.contains("/webhooks/"))
        .collect();
    // The post refused is made again, after the wait.
    let retried = after.iter().find(|r| r.path == limited.path).expect("the refused post is made again");
    assert_eq!(retried.status, 200);
    for r in &after {
        assert!(r.at - limited.at >= wait, "{} came {:?} after a global 429 of {wait:?}", r.line(), r.at - limited.at);
    }
    for &channel in &channels {
        let shown = t.fake.posted_messages().iter().filter(|m| m.channel_id == channel).count();
        assert_eq!(shown, 1, "announced once in {channel}");
    }
    assert_eq!(t.fake.rate_limits().limited, 0, "the bot stayed under the limits it knew");
    t.bot.stop().await;
}

/// The bot's own posts in one channel are paced by that channel's bucket
/// (5 per 5 seconds) instead of running into it: seven announcements
/// there are all made, in order, without a 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_in_one_channel_keep_to_its_bucket() {
    let t = Started::new().await;
    let service = GameService::open(&t.url).await.unwrap();
    let channel = t.fake.new_id();
    let mut challengers = Vec::new();
    for _ in 0..7 {
        let (from, to) = (t.fake.new_id(), t.fake.new_id());
        let stale = NewChallenge { guild: Some(t.fake.guild_id()), ..NewChallenge::new(channel, from, to) };
        // One open challenge per channel at a time: each expires in turn.
        service.challenges().challenge(t.clock.now() - 3 * DAY, stale).await.expect("a challenge");
        t.fake.wait_for_channel_message(channel, |m| m.content().contains(&format!("<@{from}>")), WAIT).await;
        challengers.push(from);
    }
    let posts = posts_in(&t.fake, channel);
    assert_eq!(posts.len(), 7, "{:?}", posts.iter().map(RecordedRequest::line).collect::<Vec<_>>());
    assert!(
        posts.iter().all(|r| r.status == 200),
        "no 429: {:?}",
        posts.iter().map(RecordedRequest::line).collect::<Vec<_>>()
    );
    // Discord's window runs 5 s from its first call, and the next begins
    // with the next call: the sixth post waited for the first window's end
    // (the fake's windows, as Discord's, are not sliding, so a later six
    // may straddle two windows within 5 s).
    let sixth = posts[5].at - posts[0].at;
    assert!(sixth >= Duration::from_secs(5), "the sixth post came {sixth:?} after the first");
    t.bot.stop().await;
}
