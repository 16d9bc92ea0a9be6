//! A match (RULES 8.3) end to end through the fake Discord: the challenge
//! says it is a match; each game's messages show the match's standing; when
//! a game ends the bot posts the next one right after (colours swapped), and
//! game 3 starts from the drawn opening; the last game's end message says
//! who won the match; `/pdn` gives all its games in one file.

use std::time::Duration;

use crate::support::bot::{RunningBot, ask, config, database_in, resign};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser};
use damas::config::Clock;
use damas::game::GameService;
use damas::rules::{DrawRules, Game, Variant};

const WAIT: Duration = Duration::from_secs(10);

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

/// The player to move in `channel`'s game plays the first legal move, four
/// times (two moves each).
async fn two_moves_each(fake: &FakeDiscord, service: &GameService, channel: u64, players: [&FakeUser; 2]) {
    for _ in 0..4 {
        let view = service.game_in_channel(channel).await.unwrap();
        let mut game = Game::new(*view.game.position(), Variant::Classic, DrawRules::Classic);
        let (_, mv) = game.position().legal_moves_with_notation().remove(0);
        game.play_notation(&mv).unwrap();
        let mover = players.into_iter().find(|p| p.id == view.player_to_move()).unwrap();
        let played = ask(fake, fake.command("move").string("move", &mv).in_channel(channel).from(mover)).await;
        assert!(!played.is_ephemeral(), "{mv}: {}", text(&played));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_played_game_after_game() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    // The clock ticks once an hour: the next game must come with the end of
    // the one before, not with a tick.
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(3600))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = fake.new_id();

    let c = fake.command("challenge").user("opponent", &bruno).string("color", "white").boolean("match", true);
    let challenge = ask(&fake, c.in_channel(channel).from(&ana)).await;
    assert!(text(&challenge).contains("a match of 4 games"), "{}", text(&challenge));
    let started = ask(&fake, fake.command("accept").in_channel(channel).from(&bruno)).await;
    let standing = format!("Match: game 1 of 4 · {} 0 - {} 0", ana.mention(), bruno.mention());
    assert!(text(&started).contains(&standing), "{}", text(&started));

    // Game 1: Bruno resigns. The end message keeps the score; game 2 is
    // posted by the bot, Bruno with White.
    two_moves_each(&fake, &service, channel, [&ana, &bruno]).await;
    let over = resign(&fake, channel, &bruno).await;
    let standing = format!("Match: game 1 of 4 · {} 1 - {} 0", ana.mention(), bruno.mention());
    assert!(text(&over).contains(&standing), "{}", text(&over));
    let second =
        fake.wait_for_channel_message(channel, |m| m.content().contains("Game 2 of the match begins"), WAIT).await;
    assert!(second.content().contains(&format!("{} (White)", bruno.mention())), "{}", second.content());
    assert!(second.content().contains("Match: game 2 of 4"), "{}", second.content());
    assert!(second.files.iter().any(|f| f.filename.ends_with(".png")), "with the board");
    let pinged = second.data["allowed_mentions"]["users"].to_string();
    assert!(pinged.contains(&bruno.id.to_string()), "Bruno, to move, is pinged: {pinged}");

    // Game 2: Bruno resigns again; game 3 starts from the drawn opening.
    two_moves_each(&fake, &service, channel, [&ana, &bruno]).await;
    resign(&fake, channel, &bruno).await;
    let third =
        fake.wait_for_channel_message(channel, |m| m.content().contains("Game 3 of the match begins"), WAIT).await;
    let game3 = service.game_in_channel(channel).await.unwrap();
    let opening = game3.game.notations().join(" ");
    assert!(third.content().contains(&opening), "{opening} in {}", third.content());

    // Game 3: Ana wins again, 3-0: more than 2 points, no fourth game.
    two_moves_each(&fake, &service, channel, [&ana, &bruno]).await;
    let last = resign(&fake, channel, &bruno).await;
    let result = format!("**Match over**: {} wins the match 3-0.", ana.mention());
    assert!(text(&last).contains(&result), "{}", text(&last));
    let record = last.files.iter().find(|f| f.filename.ends_with(".pdn")).expect("the record");
    let pdn = String::from_utf8(record.bytes.to_vec()).unwrap();
    assert_eq!(pdn.matches("[Round \"").count(), 3, "the match's three games: {pdn}");

    // The channel is free again.
    let next = ask(&fake, fake.command("challenge").user("opponent", &bruno).in_channel(channel).from(&ana)).await;
    assert!(!next.is_ephemeral(), "{}", text(&next));
    bot.stop().await;
}
