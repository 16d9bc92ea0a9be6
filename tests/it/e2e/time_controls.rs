//! Time controls end to end through the fake Discord, on both backends,
//! with the bot's clock set to a Friday in Madrid and moved on: a manager
//! sets the server's time zone (suggested as typed) and weekends off; a
//! challenge with a bank says its control; each turn's message shows the
//! deadline as a Discord timestamp and the waiting player's bank; the
//! reminder comes at its share of the bank; the bot is stopped, the bank
//! runs out while it is down, and the loss on time is announced once when
//! it is back; `/game` says the control in Spanish.

use std::time::Duration;

use crate::support::bot::{RunningBot, Started, WAIT, ask, config, wait_for_a_tick};
use crate::support::fake_discord::MANAGE_GUILD;
use crate::support::games::Backend;
use damas::game::{GameError, GameService};
use damas::i18n::{Lang, game_error};

/// Friday 2027-03-26 12:00 in Madrid; that weekend is 47 hours long.
const FRIDAY_NOON_MADRID: i64 = 1_806_058_800;

async fn a_bank_with_weekends_off_from_challenge_to_loss_on_time(backend: Backend) {
    let Started { fake, database: _database, url, clock, bot } = Started::on(backend).await;
    let service = GameService::open(&url).await.unwrap();
    clock.advance(FRIDAY_NOON_MADRID - clock.now());
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let manager = fake.user("mia").with_permissions(MANAGE_GUILD);
    fake.add_user(&manager);
    let channel = fake.default_channel();

    // The manager finds the zone as they type it, and sets it.
    let typed = ask(&fake, fake.autocomplete("settings").focused("timezone", "madr").from(&manager)).await;
    let zones: Vec<String> = typed.choices().into_iter().map(|(name, _)| name).collect();
    assert_eq!(zones, ["Europe/Madrid"]);
    let set = ask(
        &fake,
        fake.command("settings").string("timezone", "Europe/Madrid").string("weekends-off", "on").from(&manager),
    )
    .await;
    let text = set.content().unwrap();
    assert!(!set.is_ephemeral() && text.contains("Time zone Europe/Madrid: new games take weekends off"), "{text}");
    let refused = ask(&fake, fake.command("settings").string("timezone", "Mars/Olympus").from(&manager)).await;
    let unknown = game_error(Lang::En, &GameError::UnknownTimeZone("Mars/Olympus".into()));
    assert!(refused.is_ephemeral() && refused.content().unwrap() == unknown, "{refused:?}");

    // A time control that cannot be read is refused, and nothing is stored.
    let bad = ask(&fake, fake.command("challenge").user("opponent", &bruno).string("time", "fast").from(&ana)).await;
    let said = game_error(Lang::En, &GameError::TimeControlUnreadable("fast".into()));
    assert!(bad.is_ephemeral() && bad.content().unwrap() == said, "{bad:?}");
    let open = service.challenges().open_challenges_page(clock.now(), fake.guild_id(), ana.id, 0).await.unwrap();
    assert_eq!(open.total, 0);

    let challenge = fake
        .command("challenge")
        .user("opponent", &bruno)
        .string("color", "white")
        .string("time", "5d+1d max 10d")
        .from(&ana);
    let made = ask(&fake, challenge).await;
    let control = "5 days + 1 day per move (at most 10 days), weekends off (Europe/Madrid)";
    assert!(made.content().unwrap().contains(control), "{made:?}");
    ask(&fake, fake.command("accept").from(&bruno)).await;

    // Ana moves at once: a day more in her bank (less the second or so the
    // test's clock may tick); Bruno's deadline skips the weekend.
    let moved = ask(&fake, fake.command("move").string("move", "11-15").from(&ana)).await;
    let game = service.game_in_channel(channel).await.unwrap();
    let text = moved.content().unwrap();
    let ana_bank = game.waiting_bank.expect("a bank");
    assert!((6 * 86_400 - 5..=6 * 86_400).contains(&ana_bank), "{ana_bank}");
    let bank = damas::discord::messages::clocks::duration(Lang::En, ana_bank);
    for part in [
        format!("{} (Black) to move, deadline <t:{}:R>.", bruno.mention(), game.deadline),
        format!("{} (White) has {bank} in the bank.", ana.mention()),
    ] {
        assert!(text.contains(&part), "{part} in {text}");
    }
    // Friday's 12 hours (less the seconds the test's clock ran on since
    // noon), the weekend, and the rest from Monday's midnight.
    let since_noon = game.last_move_at - FRIDAY_NOON_MADRID;
    assert!((0..3600).contains(&since_noon), "{since_noon}");
    let monday_midnight = FRIDAY_NOON_MADRID + 12 * 3600 + 47 * 3600;
    assert_eq!(game.deadline, monday_midnight + 5 * 86_400 - (12 * 3600 - since_noon));

    // Four fifths of Bruno's five days (counted) bring his reminder.
    clock.advance(game.remind_at - clock.now());
    let reminder = fake.wait_for_channel_message(channel, |m| m.content().contains("reminder"), WAIT).await;
    assert!(reminder.content().contains(&bruno.mention()), "{}", reminder.content());
    bot.stop().await;

    // His bank runs out while the bot is down: announced once it is back.
    clock.advance(game.deadline + 60 - clock.now());
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_millis(200))).await;
    let lost = fake.wait_for_channel_message(channel, |m| m.content().contains("Time is up"), WAIT).await;
    assert!(lost.content().contains("Score: White 1, Black 0"), "{}", lost.content());
    wait_for_a_tick(&fake, &service, &clock).await;
    let told = fake.posted_messages().iter().filter(|m| m.content().contains("Time is up")).count();
    assert_eq!(told, 1, "the loss is claimed once");

    // In a Spanish server (it is one from now on), /game says the control in Spanish.
    let shown = ask(&fake, fake.command("game").from(&bruno).locale("es-ES").guild_locale("es-ES")).await;
    let spanish = "5 días + 1 día por jugada (como máximo 10 días), sin contar los fines de semana (Europe/Madrid)";
    assert!(shown.content().unwrap().contains(spanish), "{shown:?}");
    bot.stop().await;
}

crate::on_both_backends!(multi_thread: a_bank_with_weekends_off_from_challenge_to_loss_on_time);
