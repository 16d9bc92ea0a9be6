//! End to end: the bot stopped mid-game and started again on the same
//! database plays on; deadlines reached while it runs are announced by the
//! clock loop, and one that passed while it was down is announced at start-up.

use std::time::Duration;

use crate::support::bot::{RunningBot, WAIT, ask, assert_refusal, config, database_in};
use crate::support::fake_discord::{FakeDiscord, MessageKind};
use damas::config::Clock;
use damas::game::{FinishReason, GameError, GameService};

const DAY: i64 = 86_400;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_mid_game_then_time_runs_out_while_down() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let settings = || config(&fake, &url, clock.clone(), Duration::from_millis(200));
    let channel = fake.default_channel();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));

    // First run: a game starts and two moves are played.
    let bot = RunningBot::start(&fake, settings()).await;
    ask(&fake, fake.command("challenge").user("opponent", &bob).string("color", "white").from(&alice)).await;
    ask(&fake, fake.command("accept").from(&bob)).await;
    let first = ask(&fake, fake.command("move").string("move", "11-15").from(&alice)).await;
    assert!(!first.is_ephemeral(), "{first:?}");
    let second = ask(&fake, fake.command("move").string("move", "21-17").from(&bob)).await;
    assert!(!second.is_ephemeral(), "{second:?}");
    // A challenge left unanswered elsewhere.
    let elsewhere = fake.new_id();
    let carol = fake.user("carol");
    ask(&fake, fake.command("challenge").in_channel(elsewhere).user("opponent", &carol).from(&alice)).await;
    bot.stop().await;

    // Second run on the same database: the game goes on where it was.
    let bot = RunningBot::start(&fake, settings()).await;
    let refused = ask(&fake, fake.command("move").string("move", "22-18").from(&bob)).await;
    // Still White's turn after the restart.
    assert_refusal(&refused, &GameError::NotYourTurn);
    let third = ask(&fake, fake.command("move").string("move", "10-14").from(&alice)).await;
    assert!(!third.is_ephemeral() && third.content().unwrap().contains(&bob.mention()), "{third:?}");

    // Most of Bob's three days pass: the clock loop reminds him, once.
    clock.advance(DAY * 5 / 2);
    let reminder = fake.wait_for_channel_message(channel, |m| m.content().contains("reminder"), WAIT).await;
    assert!(reminder.content().contains(&bob.mention()), "{}", reminder.content());
    // Its 48 hours are over too: its post (known across the restart) says so.
    let expired = fake
        .wait_for_message("the challenge's post saying it expired", WAIT, |m| {
            m.kind == MessageKind::ChannelEdit && m.channel_id == elsewhere && m.content().contains("expired")
        })
        .await;
    assert!(expired.content().contains(&alice.mention()), "{}", expired.content());
    bot.stop().await;

    // Bob's deadline passes while the bot is down; it is announced at start-up.
    clock.advance(DAY);
    let bot = RunningBot::start(&fake, settings()).await;
    let lost = fake.wait_for_channel_message(channel, |m| m.content().contains("Time is up"), WAIT).await;
    let content = lost.content();
    assert!(content.contains(&bob.mention()) && content.contains("Score: White 1, Black 0"), "{content}");
    assert!(lost.files.iter().any(|f| f.filename.ends_with(".pdn")), "the record comes with the result");
    let reminders = fake.posted_messages().iter().filter(|m| m.content().contains("reminder")).count();
    assert_eq!(reminders, 1, "each deadline event is announced once");

    let service = GameService::open(&url).await.unwrap();
    assert!(service.game_in_channel(channel).await.is_err(), "the game is over");
    let games = fake.posted_messages();
    assert_eq!(games.iter().filter(|m| m.content().contains("Time is up")).count(), 1);
    let finished = service.game_by_id(1).await.unwrap();
    assert_eq!(finished.finished.map(|f| f.reason), Some(FinishReason::Time));
    assert_eq!(finished.game.notations(), ["11-15", "21-17", "10-14"]);
    bot.stop().await;
}

/// A second bot on the same SQLite file is refused with one sentence before
/// it connects, while the first plays on; once the first has stopped, the
/// file is free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_bot_on_the_same_sqlite_file_is_refused() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let settings = || config(&fake, &url, Clock::system(), Duration::from_secs(60));
    let bot = RunningBot::start(&fake, settings()).await;
    let identified = fake.gateway_stats().identifies;

    let second = tokio::time::timeout(WAIT, damas::discord::run_bot(settings(), std::future::pending())).await;
    let refused = second.expect("refused at once, not run").expect_err("a second bot on one file");
    assert!(matches!(refused, damas::discord::BotError::AlreadyRunning(_)), "{refused:?}");
    let sentence = refused.to_string();
    assert!(sentence.contains("already using this SQLite database") && sentence.contains("PostgreSQL"), "{sentence}");
    assert_eq!(fake.gateway_stats().identifies, identified, "the second never connected");
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let challenge = ask(&fake, fake.command("challenge").user("opponent", &bob).from(&alice)).await;
    assert!(!challenge.is_ephemeral(), "the first bot still answers: {challenge:?}");
    bot.stop().await;

    let bot = RunningBot::start(&fake, settings()).await;
    bot.stop().await;
}
