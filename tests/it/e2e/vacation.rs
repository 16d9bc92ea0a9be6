//! Vacation and more time end to end through the fake Discord (issue
//! items 2 and 3), with the clock moved as the clock tests move it: a
//! player's vacation stops their game's clock (their opponent is told once,
//! in the game; no reminder and no loss on time come while the days pass),
//! and their first move ends it; in a Spanish server a Spanish reader's
//! days run out and a direct message in Spanish says so; `/moretime` moves
//! the opponent's deadline and says so in the game.

use damas::game::DAY;
use damas::i18n::Lang;
use damas::t;

use crate::support::bot::{Served, WAIT, ask, wait_for_a_tick};
use crate::support::fake_discord::{FakeDiscord, FakeUser, MANAGE_GUILD};

/// The messages posted in `channel` that contain `text`.
fn posted_with(fake: &FakeDiscord, channel: u64, text: &str) -> usize {
    fake.posted_messages().iter().filter(|m| m.channel_id == channel && m.content().contains(text)).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_stops_the_clock_until_the_first_move() {
    let s = Served::new().await;
    let fake = &s.fake;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = s.game(&ana, &bruno, None).await;
    let shown = ask(fake, fake.command("vacation").from(&ana)).await;
    assert!(shown.is_ephemeral() && shown.content().unwrap().contains("14 vacation days left"), "{shown:?}");

    let started = ask(fake, fake.command("vacation").string("action", "start").from(&ana)).await;
    assert!(started.is_ephemeral() && started.content().unwrap().starts_with("Your vacation has started"));
    let away =
        s.service.deadlines().vacation(s.clock.now(), fake.guild_id(), ana.id).await.unwrap().away.expect("away");
    assert_eq!(away.until, away.since + 14 * DAY);
    // Bruno is told in the game, until when at most.
    let notice = fake.wait_for_channel_message(channel, |m| m.content().contains("is on vacation"), WAIT).await;
    let text = notice.content();
    for part in [bruno.mention(), ana.mention(), format!("<t:{}:f>", away.until)] {
        assert!(text.contains(&part), "{part} in {text}");
    }

    // Five days less an hour: past her reminder and her deadline. Nothing comes.
    s.clock.advance(5 * DAY - 3600);
    wait_for_a_tick(fake, &s.service, &s.clock).await;
    wait_for_a_tick(fake, &s.service, &s.clock).await;
    assert_eq!(posted_with(&s.fake, channel, "reminder"), 0);
    assert_eq!(posted_with(&s.fake, channel, "Time is up"), 0);
    assert_eq!(posted_with(&s.fake, channel, "is on vacation"), 1, "told once");
    let games = ask(fake, fake.command("games").in_channel(channel).from(&bruno)).await;
    assert!(games.content().unwrap().contains("deadline paused (on vacation)"), "{games:?}");
    let board = ask(fake, fake.command("board").in_channel(channel).from(&bruno)).await;
    assert!(board.content().unwrap().contains("on vacation: this game's clock stands still"), "{board:?}");

    // More time given while her clock stands still says so, with no deadline.
    let given = ask(fake, fake.command("moretime").integer("days", 1).in_channel(channel).from(&bruno)).await;
    let text = given.content().unwrap();
    assert!(text.contains("Their clock stands still while they are on vacation") && !text.contains("<t:"), "{text}");

    // Her move is played, not refused as out of time, and ends her vacation:
    // its answer says so to both.
    let moved = ask(fake, fake.command("move").in_channel(channel).string("move", "11-15").from(&ana)).await;
    assert!(!moved.is_ephemeral(), "{moved:?}");
    let ended = format!("{}'s vacation ends with this move (5 days used)", ana.mention());
    assert!(moved.content().unwrap().contains(&ended), "{moved:?}");
    let shown = ask(fake, fake.command("vacation").from(&ana)).await;
    assert!(shown.content().unwrap().contains("9 vacation days left"), "5 days used: {shown:?}");
    assert!(shown.content().unwrap().contains("each one begun counts whole"), "how days count: {shown:?}");
    let game = s.service.game_in_channel(channel).await.unwrap();
    assert_eq!(game.deadline, game.last_move_at + 3 * DAY, "Bruno's deadline is the usual one");

    // More time: on his own move Bruno is refused; Ana gives him two days.
    let refused = ask(fake, fake.command("moretime").integer("days", 2).in_channel(channel).from(&bruno)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains(&t!(Lang::En, "err-more-time-own-move")));
    let given = ask(fake, fake.command("moretime").integer("days", 2).in_channel(channel).from(&ana)).await;
    assert!(!given.is_ephemeral(), "{given:?}");
    let deadline = s.service.game_in_channel(channel).await.unwrap().deadline;
    assert_eq!(deadline, game.deadline + 2 * DAY);
    let text = given.content().unwrap();
    for part in [ana.mention(), bruno.mention(), "2 more days".to_string(), format!("<t:{deadline}:R>")] {
        assert!(text.contains(&part), "{part} in {text}");
    }
    s.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_spanish_the_days_run_out_and_a_direct_message_says_so() {
    let s = Served::new().await;
    let fake = &s.fake;
    let (carla, dario) = (fake.user("carla"), fake.user("dario"));
    let manager = fake.user("mia").with_permissions(MANAGE_GUILD);
    fake.add_user(&manager);
    let spanish = |builder: crate::support::fake_discord::InteractionBuilder, user: &FakeUser| {
        builder.from(user).locale("es-ES").guild_locale("es-ES")
    };
    // One day a year in this server.
    let set = ask(fake, spanish(fake.command("settings").integer("vacation-days", 1), &manager)).await;
    assert!(set.content().unwrap().contains("Cada jugador tiene 1 día de vacaciones al año"), "{set:?}");
    ask(fake, spanish(fake.command("notify").string("mode", "dm"), &carla)).await;
    let channel = s.game(&carla, &dario, None).await;

    let started = ask(fake, spanish(fake.command("vacation").string("action", "start"), &carla)).await;
    assert!(started.content().unwrap().starts_with("Empiezan tus vacaciones"), "{started:?}");
    let notice = fake.wait_for_channel_message(channel, |m| m.content().contains("está de vacaciones"), WAIT).await;
    assert!(notice.content().contains(&dario.mention()), "{}", notice.content());

    // The day runs out: the clock runs again, and she hears of it by direct message.
    s.clock.advance(DAY);
    let dm = fake.wait_for_dm(&carla, WAIT, |m| m.content().contains("vacaciones")).await;
    let link = format!("https://discord.com/channels/{}/{channel}", fake.guild_id());
    assert!(dm.content().starts_with("**Se te acabaron los días de vacaciones"), "{}", dm.content());
    assert!(dm.content().contains(&link), "{}", dm.content());
    let again = ask(fake, spanish(fake.command("vacation"), &carla)).await;
    assert!(again.content().unwrap().contains("quedan 0 días"), "{again:?}");
    let game = s.service.game_in_channel(channel).await.unwrap();
    assert_eq!(game.paused_since, None);
    assert_eq!(game.deadline, game.started_at + 4 * DAY, "moved by the day away");
    // Told by direct message, as she chose: not in the channel. Dario, told
    // there that her clock stood still, is told there that it runs again.
    let back = t!(Lang::Es, "vacation-back", player = carla.mention(), deadline = format!("<t:{}:R>", game.deadline));
    let told = fake.wait_for_channel_message(channel, |m| m.content() == back, WAIT).await;
    assert_eq!(told.data["allowed_mentions"]["users"], serde_json::json!([]), "nobody is asked to act");
    wait_for_a_tick(fake, &s.service, &s.clock).await;
    assert_eq!(posted_with(&s.fake, channel, "vuelve a correr"), 1, "{:?}", fake.posted_messages());
    s.bot.stop().await;
}
