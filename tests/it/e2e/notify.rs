//! `/notify` end to end through the fake Discord: `dm` brings the
//! opponent's move by direct message with the board and a link; `digest`
//! sends one message at the chosen hour listing the games where it is the
//! player's move (the clock moved, as the clock tests do), never twice
//! across a restart; closed direct messages (403, 50007) fall back to the
//! channel's ping, said once in the player's next private reply; a Spanish
//! reader gets them in Spanish; a direct message waits (briefly) for the
//! answers being made.

use std::time::Duration;

use damas::config::Clock;
use damas::game::{ColorChoice, DAY, GameService, NewChallenge, next_hour_at};
use damas::i18n::Lang;
use damas::t;

use crate::support::bot::{RunningBot, Started, WAIT, ask, config, database_in, wait_for_a_tick};
use crate::support::fake_discord::{FakeDiscord, FakeUser};

struct Server {
    fake: FakeDiscord,
    clock: Clock,
    url: String,
    bot: Option<RunningBot>,
    /// Last: dropped after the bot.
    _database: damas::store::ScratchDatabase,
}

async fn server() -> Server {
    let Started { fake, database, url, clock, bot } = Started::new().await;
    Server { fake, clock, url, _database: database, bot: Some(bot) }
}

impl Server {
    /// A game in a channel of its own, `white` against `black`.
    async fn game(&self, white: &FakeUser, black: &FakeUser) -> u64 {
        let channel = self.fake.new_id();
        let service = GameService::open(&self.url).await.unwrap();
        let c = NewChallenge {
            guild: Some(self.fake.guild_id()),
            color: ColorChoice::White,
            ..NewChallenge::new(channel, white.id, black.id)
        };
        service.challenges().challenge(self.clock.now(), c).await.unwrap();
        service
            .challenges()
            .accept(self.clock.now(), channel, black.id, damas::game::ChallengePick::Mine)
            .await
            .unwrap();
        channel
    }

    async fn restart(&mut self) {
        self.bot.take().expect("running").stop().await;
        let settings = config(&self.fake, &self.url, self.clock.clone(), Duration::from_millis(200));
        self.bot = Some(RunningBot::start(&self.fake, settings).await);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dm_brings_the_opponents_move_with_the_board_and_a_link() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = s.game(&ana, &bruno).await;
    let chose = ask(fake, fake.command("notify").string("mode", "dm").from(&bruno)).await;
    assert!(chose.is_ephemeral());
    assert!(chose.content().unwrap().contains(&t!(Lang::En, "notify-dm")), "{chose:?}");

    let moved = ask(fake, fake.command("move").in_channel(channel).string("move", "11-15").from(&ana)).await;
    assert!(!moved.is_ephemeral(), "{moved:?}");
    let dm = fake.wait_for_dm(&bruno, WAIT, |_| true).await;
    let link = format!("https://discord.com/channels/{}/{channel}", fake.guild_id());
    assert!(dm.content().contains("11-15") && dm.content().contains(&link), "{}", dm.content());
    assert!(dm.content().contains("Your move"), "{}", dm.content());
    assert_eq!(dm.files.len(), 1, "the board");
    // The channel's ping stays.
    assert!(moved.content().unwrap().contains(&bruno.mention()));
    // Ana chose nothing: Bruno's reply brings her no message.
    ask(fake, fake.command("move").in_channel(channel).string("move", "22-19").from(&bruno)).await;
    wait_for_a_tick(fake, &GameService::open(&s.url).await.unwrap(), &s.clock).await;
    assert!(fake.dms_to(&ana).is_empty());
    assert_eq!(fake.dms_to(&bruno).len(), 1);
}

/// Answers come first: a move's direct message waits while another
/// interaction is being answered (Discord's answer to its callback held
/// back), and when that takes long, no longer than the bot's limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_waits_for_the_answers_being_made_but_not_for_long() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let channel = s.game(&ana, &bruno).await;
    for player in [&ana, &bruno] {
        ask(fake, fake.command("notify").string("mode", "dm").from(player)).await;
    }
    let rounds = [
        (&ana, &bruno, "11-15", Duration::from_millis(400)),
        // Held longer than the bot waits for a first response (2.8 s), which ends the answer too.
        (&bruno, &ana, "22-19", Duration::from_secs(3)),
    ];
    for (mover, told, notation, held) in rounds {
        // Carla's /help is answered, but Discord takes `held` to say so.
        let asked = std::time::Instant::now();
        fake.stall_next("POST /interactions/*/*/callback", held, true);
        let help = fake.send(fake.command("help").in_channel(channel).from(&carla));
        fake.wait_for_callback(help.id, WAIT).await;
        let moved = ask(fake, fake.command("move").in_channel(channel).string("move", notation).from(mover)).await;
        assert!(!moved.is_ephemeral(), "{moved:?}");
        fake.wait_for_dm(told, WAIT, |dm| dm.content().contains(notation)).await;
        let came = asked.elapsed();
        if held < Duration::from_secs(1) {
            assert!(came >= held, "the direct message came {came:?} in, before the answer held {held:?} was done");
        } else {
            assert!(came < held / 2, "the direct message waited {came:?} for an answer held {held:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_comes_once_at_its_hour_even_across_a_restart() {
    let mut s = server().await;
    let (ana, bruno, carla) = (s.fake.user("ana"), s.fake.user("bruno"), s.fake.user("carla"));
    // Ana is to move in two games; in a third she waits.
    let first = s.game(&ana, &bruno).await;
    let second = s.game(&ana, &carla).await;
    let third = s.game(&bruno, &ana).await;
    let fake = &s.fake;
    let hour = u32::try_from((s.clock.now() / 3600 + 3) % 24).unwrap();
    let chose =
        ask(fake, fake.command("notify").string("mode", "digest").integer("hour", i64::from(hour)).from(&ana)).await;
    let at = next_hour_at(s.clock.now(), hour);
    assert!(chose.content().unwrap().contains(&format!("<t:{at}:f>")), "{chose:?}");

    // Not before its hour.
    let service = GameService::open(&s.url).await.unwrap();
    wait_for_a_tick(fake, &service, &s.clock).await;
    assert!(fake.dms_to(&ana).is_empty());
    s.clock.advance(at - s.clock.now());
    let digest = fake.wait_for_dm(&ana, WAIT, |_| true).await;
    let text = digest.content();
    for channel in [first, second] {
        assert!(text.contains(&format!("/{channel})")), "{text}");
    }
    assert!(!text.contains(&format!("/{third})")), "not her move there: {text}");
    assert!(digest.files.is_empty());

    // Later that day, and after a restart: still one.
    s.clock.advance(3600);
    s.restart().await;
    wait_for_a_tick(&s.fake, &service, &s.clock).await;
    assert_eq!(s.fake.dms_to(&ana).len(), 1);
    // The next day, the next one.
    s.clock.advance(DAY);
    s.fake.wait_for_dm(&ana, WAIT, |m| m.message_id != digest.message_id).await;
    assert_eq!(s.fake.dms_to(&ana).len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_dm_channel_is_opened_once_for_all_their_direct_messages() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = s.game(&ana, &bruno).await;
    ask(fake, fake.command("notify").string("mode", "dm").from(&bruno)).await;
    for (player, notation) in [(&ana, "11-15"), (&bruno, "22-19"), (&ana, "15x22")] {
        ask(fake, fake.command("move").in_channel(channel).string("move", notation).from(player)).await;
        if player.id == ana.id {
            fake.wait_for_dm(&bruno, WAIT, |m| m.content().contains(notation)).await;
        }
    }
    assert_eq!(fake.dms_to(&bruno).len(), 2);
    let opened =
        fake.requests().iter().filter(|r| r.method == "POST" && r.path.ends_with("/users/@me/channels")).count();
    assert_eq!(opened, 1, "the channel Discord gave is remembered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_direct_messages_keep_the_ping_and_are_said_once() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = s.game(&ana, &bruno).await;
    fake.close_dms(&bruno);
    ask(fake, fake.command("notify").string("mode", "dm").from(&bruno)).await;
    let moved = ask(fake, fake.command("move").in_channel(channel).string("move", "11-15").from(&ana)).await;
    assert!(moved.content().unwrap().contains(&bruno.mention()), "the ping in the channel stays");
    fake.wait_for_request("the refused direct message", WAIT, |r| r.method == "POST" && r.status == 403).await;
    let closed = t!(Lang::En, "notify-dms-closed");
    // Said in the next private reply, once.
    let service = GameService::open(&s.url).await.unwrap();
    let mut told = None;
    for _ in 0..50 {
        let reply = ask(fake, fake.command("mygames").from(&bruno)).await;
        if reply.content().unwrap().contains(&closed) {
            told = Some(reply);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told.is_some(), "the closed messages are said");
    let again = ask(fake, fake.command("mygames").from(&bruno)).await;
    assert!(!again.content().unwrap().contains(&closed), "once");
    // Nothing more is tried for him.
    ask(fake, fake.command("move").in_channel(channel).string("move", "22-19").from(&bruno)).await;
    ask(fake, fake.command("move").in_channel(channel).string("move", "15x22").from(&ana)).await;
    wait_for_a_tick(fake, &service, &s.clock).await;
    let posts = fake.requests().iter().filter(|r| r.method == "POST" && r.status == 403).count();
    assert_eq!(posts, 1, "not retried every move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_reader_gets_spanish_direct_messages() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = s.game(&ana, &bruno).await;
    let chose = ask(fake, fake.command("notify").string("mode", "dm").locale("es-ES").from(&bruno)).await;
    assert!(chose.content().unwrap().contains(&t!(Lang::Es, "notify-dm")), "{chose:?}");
    ask(fake, fake.command("move").in_channel(channel).string("move", "11-15").from(&ana)).await;
    let dm = fake.wait_for_dm(&bruno, WAIT, |_| true).await;
    assert!(dm.content().starts_with("Te toca jugar"), "{}", dm.content());
    let described = dm.files[0].description.clone().unwrap_or_default();
    assert!(described.contains("Última jugada: 11-15"), "{described}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_reply_comes_by_direct_message_at_once() {
    // A clock that ticks once a minute: the direct message cannot wait for it.
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let (ana, me) = (fake.user("ana"), fake.bot().clone());
    ask(&fake, fake.command("notify").string("mode", "dm").from(&ana)).await;
    let channel = fake.new_id();
    let challenge = fake
        .command("challenge")
        .in_channel(channel)
        .user("opponent", &me)
        .integer("level", 1)
        .string("color", "white");
    ask(&fake, challenge.from(&ana)).await;
    ask(&fake, fake.command("move").in_channel(channel).string("move", "11-15").from(&ana)).await;
    let dm = fake.wait_for_dm(&ana, WAIT, |_| true).await;
    assert!(dm.content().contains("Your move") && dm.content().contains(&me.mention()), "{}", dm.content());
    bot.stop().await;
}
