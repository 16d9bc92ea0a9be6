//! `/games` end to end through the fake Discord: the first page of a
//! server's live games, nearest deadline first, and the Previous / Next
//! buttons that replace the list with the page asked for.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::support::bot::{RunningBot, ask, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord};
use damas::config::Clock;
use damas::game::{ColorChoice, GameService, NewChallenge};

/// (custom id, disabled) of each button of a response.
fn buttons(callback: &Callback) -> Vec<(String, bool)> {
    let rows = callback.data["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| (b["custom_id"].as_str().unwrap_or_default().to_string(), b["disabled"].as_bool().unwrap_or(false)))
        .collect()
}

/// The channels mentioned in a list, in order.
fn channels(callback: &Callback) -> Vec<u64> {
    let text = callback.content().unwrap_or_default();
    text.lines().filter_map(|l| l.strip_prefix("<#")?.split_once('>')?.0.parse().ok()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_ten_to_a_page_with_previous_and_next() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();

    // 12 games in the fake's server; game i has 14 - i days per move, so the
    // last started is due first.
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
    let mut by_deadline = Vec::new();
    for i in 0..12u32 {
        let (channel, white, black) = (fake.new_id(), fake.new_id(), fake.new_id());
        let req = NewChallenge {
            guild: Some(fake.guild_id()),
            color: ColorChoice::White,
            days_per_move: Some(14 - i),
            ..NewChallenge::new(channel, white, black)
        };
        service.challenges().challenge(now, req).await.unwrap();
        service.challenges().accept(now, channel, black, None).await.unwrap();
        by_deadline.insert(0, channel);
    }

    let asker = fake.user("asker");
    let first = ask(&fake, fake.command("games").from(&asker)).await;
    assert!(!first.is_ephemeral());
    let text = first.content().unwrap_or_default();
    assert!(text.contains("Live games (12)") && text.contains("page 1 of 2"), "{text}");
    assert_eq!(channels(&first), by_deadline[..10], "nearest deadline first");
    assert_eq!(buttons(&first), [("gms:0".to_string(), true), ("gms:1".to_string(), false)]);

    let message = first.message.clone().expect("the list message");
    let second = ask(&fake, fake.button("gms:1").on_message(&message).from(&asker)).await;
    assert_eq!(second.kind, 7, "the button replaces the list");
    assert!(second.content().unwrap_or_default().contains("page 2 of 2"), "{:?}", second.content());
    assert_eq!(channels(&second), by_deadline[10..]);
    assert_eq!(buttons(&second), [("gms:0".to_string(), false), ("gms:2".to_string(), true)]);

    let message = second.message.clone().expect("the updated message");
    let back = ask(&fake, fake.button("gms:0").on_message(&message).from(&asker)).await;
    assert_eq!(back.kind, 7);
    assert_eq!(channels(&back), by_deadline[..10]);

    // In a direct message there is no server to list.
    let dm = ask(&fake, fake.command("games").in_dm(fake.new_id()).from(&asker)).await;
    assert!(dm.is_ephemeral() && dm.content().unwrap_or_default().contains("server"), "{:?}", dm.content());
    bot.stop().await;
}

/// `/mygames`: privately, the asker's own games, those where it is their
/// move first, each linked to where it is played; Next and Previous page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_are_mine_my_move_first_and_linked() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let _bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (me, guild) = (fake.user("me"), fake.guild_id());

    // 11 games of mine, White in each; in the first I have moved already.
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
    let mut channels_of_mine = Vec::new();
    for i in 0..11u32 {
        let (channel, opponent) = (fake.new_id(), fake.new_id());
        let req = NewChallenge {
            guild: Some(guild),
            color: ColorChoice::White,
            days_per_move: Some(3 + i),
            ..NewChallenge::new(channel, me.id, opponent)
        };
        service.challenges().challenge(now, req).await.unwrap();
        service.challenges().accept(now, channel, opponent, None).await.unwrap();
        channels_of_mine.push(channel);
    }
    service.games().play(now, channels_of_mine[0], me.id, "11-15", None).await.unwrap();
    // Someone else's game.
    let (other, a, b) = (fake.new_id(), fake.new_id(), fake.new_id());
    service
        .challenges()
        .challenge(now, NewChallenge { guild: Some(guild), ..NewChallenge::new(other, a, b) })
        .await
        .unwrap();
    service.challenges().accept(now, other, b, None).await.unwrap();

    let first = ask(&fake, fake.command("mygames").from(&me)).await;
    assert!(first.is_ephemeral(), "{first:?}");
    let text = first.content().unwrap_or_default();
    assert!(text.contains("Your live games (11)") && text.contains("page 1 of 2"), "{text}");
    let links: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(links.len(), 10);
    // My move in the ten I have not moved in, soonest deadline first.
    for (line, channel) in links.iter().zip(&channels_of_mine[1..]) {
        assert!(line.contains(&format!("https://discord.com/channels/{guild}/{channel})")), "{line}");
        assert!(line.contains("**your move**") && line.contains("you play White"), "{line}");
    }
    assert!(!text.contains(&format!("/{other})")), "only my games");
    assert_eq!(buttons(&first), [("myg:0".to_string(), true), ("myg:1".to_string(), false)]);

    let message = first.message.clone().expect("the list message");
    let second = ask(&fake, fake.button("myg:1").on_message(&message).from(&me)).await;
    assert_eq!(second.kind, 7, "the button replaces the list");
    let text = second.content().unwrap_or_default();
    assert!(text.contains(&format!("/{})", channels_of_mine[0])) && text.contains("their move"), "{text}");
}
