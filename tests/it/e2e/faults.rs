//! End to end: Discord answers a call with 429 and then drops the
//! websocket; the bot retries after a pause, resumes, and loses nothing.

use std::time::Duration;

use crate::support::bot::{Started, WAIT, ask};
use damas::game::GameService;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_then_a_dropped_websocket_loses_nothing() {
    let Started { fake, database: _database, url, clock, bot } = Started::new().await;
    let service = GameService::open(&url).await.unwrap();
    let channel = fake.default_channel();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    ask(&fake, fake.command("challenge").user("opponent", &bob).string("color", "white").from(&alice)).await;
    ask(&fake, fake.command("accept").from(&bob)).await;

    // The next answer is refused with 429, and the connection drops.
    fake.fail_next("POST /interactions/*/*/callback", 429, Duration::from_millis(300));
    assert!(fake.drop_gateway());
    let moved = fake.send(fake.command("move").string("move", "11-15").from(&alice));
    let answer = fake.wait_for_callback(moved.id, WAIT).await;
    assert!(!answer.is_ephemeral() && answer.content().unwrap().contains("11-15"), "{answer:?}");
    let limited: Vec<_> = fake.requests().into_iter().filter(|r| r.status == 429).collect();
    assert_eq!(limited.len(), 1, "the 429 was met");
    assert!(fake.gateway_stats().resumes >= 1, "the bot resumed its session");
    assert_eq!(service.game_in_channel(channel).await.unwrap().game.notations(), ["11-15"]);

    // Play goes on.
    let next = ask(&fake, fake.command("move").string("move", "21-17").from(&bob)).await;
    assert!(!next.is_ephemeral(), "{next:?}");

    // A clock announcement refused once with 429 is still posted, once.
    fake.fail_next("POST /channels/*/messages", 429, Duration::from_millis(300));
    clock.advance(86_400 * 5 / 2);
    let reminder = fake.wait_for_channel_message(channel, |m| m.content().contains("reminder"), WAIT).await;
    assert!(reminder.content().contains(&alice.mention()), "{}", reminder.content());
    assert_eq!(fake.requests().into_iter().filter(|r| r.status == 429).count(), 2);
    assert_eq!(service.game_in_channel(channel).await.unwrap().ply(), 2);
    bot.stop().await;
}
