//! Open challenges end to end through the fake Discord: `/challenge`
//! without an opponent, accepted by a third member; two members pressing
//! Accept at once make exactly one game; the challenger's own press and a
//! bot's are refused; a rating range refuses and accepts; the server's seek
//! role is mentioned with allowed mentions limited to it; `/challenges`
//! lists them, with the terms that change what is played (giveaway's aim,
//! why a game is casual); Cancel; expiry with the clock moved.

use damas::config::Clock;
use damas::game::{DAY, GameError, GameService, NewChallenge};
use damas::i18n::Lang;
use damas::t;
use serde_json::json;

use crate::support::bot::{RunningBot, Started, WAIT, ask, assert_refusal};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeInteraction, FakeUser, MANAGE_GUILD, MessageKind};
use crate::support::games::Backend;

struct Server {
    fake: FakeDiscord,
    clock: Clock,
    url: String,
    _bot: RunningBot,
    /// Last: dropped after the bot.
    _database: damas::store::ScratchDatabase,
}

async fn server() -> Server {
    server_on(Backend::Sqlite).await
}

async fn server_on(backend: Backend) -> Server {
    let Started { fake, database, url, clock, bot } = Started::on(backend).await;
    Server { fake, clock, url, _database: database, _bot: bot }
}

impl Server {
    /// `who` posts an open challenge in `channel` with `options`; its message.
    async fn open(&self, channel: u64, who: &FakeUser, options: &[(&str, i64)]) -> Callback {
        let mut command = self.fake.command("challenge").in_channel(channel);
        for &(name, value) in options {
            command = command.integer(name, value);
        }
        let posted = ask(&self.fake, command.from(who)).await;
        assert!(!posted.is_ephemeral(), "{posted:?}");
        posted
    }

    /// `who` presses the button starting with `tag` on `challenge`'s
    /// message; the press is sent, its answer awaited with [`answer`].
    fn press(&self, channel: u64, challenge: &Callback, tag: &str, who: &FakeUser) -> FakeInteraction {
        let id = challenge.custom_ids().into_iter().find(|id| id.starts_with(tag)).expect("the button");
        let message = challenge.message.clone().expect("the challenge message");
        self.fake.send(self.fake.button(&id).in_channel(channel).on_message(&message).from(who))
    }
}

async fn answer(fake: &FakeDiscord, pressed: FakeInteraction) -> Callback {
    fake.wait_for_callback(pressed.id, WAIT).await
}

crate::on_both_backends!(multi_thread: anyone_may_take_an_open_challenge_and_one_of_two_racing_plays);

async fn anyone_may_take_an_open_challenge_and_one_of_two_racing_plays(backend: Backend) {
    let s = server_on(backend).await;
    let fake = &s.fake;
    let (ana, carla, dora) = (fake.user("ana"), fake.user("carla"), fake.user("dora"));
    let robot = FakeUser { bot: true, ..fake.user("robot") };
    fake.add_user(&robot);
    let channel = fake.new_id();

    let posted = s.open(channel, &ana, &[]).await;
    assert!(posted.content().unwrap().contains("Open challenge"), "{posted:?}");
    let ids = posted.custom_ids();
    assert!(ids.iter().any(|id| id.starts_with("acc:")) && ids.iter().any(|id| id.starts_with("can:")), "{ids:?}");
    assert!(!ids.iter().any(|id| id.starts_with("dec:")), "nobody declines an open challenge");
    // No seek role set: nobody is called.
    assert_eq!(posted.data["allowed_mentions"]["roles"], json!([]));

    // Listed for someone else to take.
    let listed = ask(fake, fake.command("challenges").from(&carla)).await;
    assert!(listed.is_ephemeral() && listed.content().unwrap().contains(&ana.mention()), "{listed:?}");

    // The challenger's own press and a bot's are refused.
    assert_refusal(&answer(fake, s.press(channel, &posted, "acc:", &ana)).await, &GameError::OwnChallenge);
    assert_refusal(&answer(fake, s.press(channel, &posted, "acc:", &robot)).await, &GameError::BotCannotAccept);

    // Carla and Dora press at once: one game, the other told it was taken.
    let (first, second) = (s.press(channel, &posted, "acc:", &carla), s.press(channel, &posted, "acc:", &dora));
    let (first, second) = (answer(fake, first).await, answer(fake, second).await);
    let (won, lost) = if first.is_ephemeral() { (second, first) } else { (first, second) };
    assert!(!won.is_ephemeral(), "{won:?}");
    assert_refusal(&lost, &GameError::ChallengeTaken(0));
    let service = GameService::open(&s.url).await.unwrap();
    let game = service.game_in_channel(channel).await.expect("one game in the channel");
    assert!(game.white == ana.id || game.black == ana.id);
    let taker = if game.white == ana.id { game.black } else { game.white };
    assert!(taker == carla.id || taker == dora.id);
}

crate::on_both_backends!(multi_thread: two_racing_accepts_start_one_game_in_the_thread_of_the_challenge);

/// Two members press Accept on one open challenge at once where games get
/// threads: both presses try to open the thread of the challenge's message,
/// and Discord refuses the second (code 160004, the thread exists). Round
/// after round, the game starts in that thread, which stays; the press that
/// lost is told the challenge was taken; nobody is told threads are
/// unavailable. A bot's press opens no thread at all.
async fn two_racing_accepts_start_one_game_in_the_thread_of_the_challenge(backend: Backend) {
    let s = server_on(backend).await;
    let fake = &s.fake;
    let (ana, carla, dora) = (fake.user("ana"), fake.user("carla"), fake.user("dora"));
    let robot = FakeUser { bot: true, ..fake.user("robot") };
    fake.add_user(&robot);
    let service = GameService::open(&s.url).await.unwrap();
    let unavailable = t!(Lang::En, "threads-unavailable");
    for round in 0..8 {
        let channel = fake.new_id();
        fake.allow_threads(channel);
        let posted = s.open(channel, &ana, &[]).await;
        let message: u64 =
            posted.message.as_ref().expect("the challenge message")["id"].as_str().unwrap().parse().unwrap();
        assert_refusal(&answer(fake, s.press(channel, &posted, "acc:", &robot)).await, &GameError::BotCannotAccept);
        assert!(fake.threads().iter().all(|t| t.parent_id != channel), "round {round}: a bot's press opened a thread");

        let (first, second) = (s.press(channel, &posted, "acc:", &carla), s.press(channel, &posted, "acc:", &dora));
        let (first, second) = (answer(fake, first).await, answer(fake, second).await);
        let (won, lost) = if first.is_ephemeral() { (second, first) } else { (first, second) };
        assert!(!won.is_ephemeral(), "round {round}: {won:?}");
        assert!(!won.content().unwrap_or_default().contains(&unavailable), "round {round}: {won:?}");
        assert_refusal(&lost, &GameError::ChallengeTaken(0));
        let threads: Vec<_> = fake.threads().into_iter().filter(|t| t.parent_id == channel).collect();
        assert_eq!(threads.len(), 1, "round {round}: {threads:?}");
        let thread = &threads[0];
        assert_eq!((thread.id, thread.message_id), (message, Some(message)), "round {round}: the message's thread");
        assert!(!thread.deleted, "round {round}: the game's thread was deleted");
        let game = service.game_in_channel(thread.id).await.expect("the game in the thread");
        assert!(game.white == ana.id || game.black == ana.id, "round {round}");
        assert!(service.game_in_channel(channel).await.is_err(), "round {round}: no game in the channel itself");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_role_is_called_and_a_rating_range_holds() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let manager = fake.user("mia").with_permissions(MANAGE_GUILD);
    fake.add_user(&manager);
    let role = fake.new_id();
    let set = fake.command("settings").raw_option(json!({"name": "seek-role", "type": 8, "value": role.to_string()}));
    let changed = ask(fake, set.from(&manager)).await;
    assert!(changed.content().unwrap().contains(&format!("<@&{role}>")), "{changed:?}");
    assert_eq!(changed.data["allowed_mentions"]["roles"], json!([]), "showing the role calls nobody");

    // Ana has won a rated game: about 160 points above a newcomer.
    let service = GameService::open(&s.url).await.unwrap();
    let now = s.clock.now();
    let rated = NewChallenge { guild: Some(fake.guild_id()), ..NewChallenge::new(fake.new_id(), ana.id, bruno.id) };
    let first = service.challenges().challenge(now, rated).await.unwrap();
    service.challenges().accept(now, first.channel, bruno.id, damas::game::ChallengePick::Mine).await.unwrap();
    let moves: Vec<String> = ["11-15", "22-19", "15x22", "26x19"].map(String::from).to_vec();
    crate::support::games::play_line(&service, now, first.channel, &moves).await;
    let loser = service.game_in_channel(first.channel).await.unwrap().player_to_move();
    service.games().resign(now + 5 * 3600, first.channel, loser).await.unwrap();
    let (winner, beaten) = if loser == ana.id { (&bruno, &ana) } else { (&ana, &bruno) };

    let channel = fake.new_id();
    let posted = s.open(channel, winner, &[("rating_range", 100)]).await;
    let content = posted.content().unwrap();
    assert!(content.starts_with(&format!("<@&{role}>")), "{content}");
    let allowed = &posted.data["allowed_mentions"];
    assert_eq!(allowed["roles"], json!([role.to_string()]), "{allowed}");
    assert_eq!(allowed["users"], json!([]), "{allowed}");
    assert!(allowed["parse"].as_array().is_none_or(|p| p.is_empty()), "{allowed}");

    // Carla (1500) is too far from the winner; the one beaten even more so.
    let refused = answer(fake, s.press(channel, &posted, "acc:", &carla)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("within 100 points"), "{refused:?}");
    let refused = answer(fake, s.press(channel, &posted, "acc:", beaten)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("within 100 points"), "{refused:?}");
    // A wider range takes Carla.
    let wide_channel = fake.new_id();
    let wider = s.open(wide_channel, winner, &[("rating_range", 200)]).await;
    let taken = answer(fake, s.press(wide_channel, &wider, "acc:", &carla)).await;
    assert!(!taken.is_ephemeral(), "{taken:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_cancelled_or_expires() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, carla) = (fake.user("ana"), fake.user("carla"));
    let channel = fake.new_id();
    let posted = s.open(channel, &ana, &[]).await;
    let refused = answer(fake, s.press(channel, &posted, "can:", &carla)).await;
    assert_refusal(&refused, &GameError::NotChallenger);
    let cancelled = answer(fake, s.press(channel, &posted, "can:", &ana)).await;
    assert!(cancelled.content().unwrap().contains(&t!(Lang::En, "challenge-anyone")), "{cancelled:?}");
    let none = ask(fake, fake.command("challenges").from(&carla)).await;
    assert!(none.content().unwrap().contains("There is no open challenge"), "{none:?}");

    // Another one, left to expire: its post says so, and it is gone from the list.
    let other = fake.new_id();
    let post = s.open(other, &ana, &[]).await.message.expect("the post");
    s.clock.advance(3 * DAY);
    let expired = fake
        .wait_for_message("the post saying it expired", WAIT, |m| {
            m.kind == MessageKind::ChannelEdit && m.message["id"] == post["id"] && m.content().contains("expired")
        })
        .await;
    assert!(expired.content().contains(&t!(Lang::En, "challenge-anyone")), "{}", expired.content());
    let none = ask(fake, fake.command("challenges").from(&carla)).await;
    assert!(none.content().unwrap().contains("There is no open challenge"), "{none:?}");
}

/// The terms that change what is played are said where the challenge is
/// made and in `/challenges`: giveaway's reversed aim, and why a challenge
/// asked as rated (the default) is casual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_giveaway_aim_and_why_a_game_is_casual_are_said_and_listed() {
    let s = server().await;
    let fake = &s.fake;
    let (ana, carla) = (fake.user("ana"), fake.user("carla"));
    let giveaway = fake.command("challenge").in_channel(fake.new_id()).string("variant", "giveaway");
    let posted = ask(fake, giveaway.from(&ana)).await;
    let text = posted.content().unwrap();
    let aim = "variant giveaway: the aim is reversed, the player left without a move wins";
    assert!(text.contains("casual: giveaway games are not rated") && text.contains(aim), "{text}");
    let set_up = fake.command("challenge").in_channel(fake.new_id()).string("position", "W:W6:B10,11,18,19");
    let posted = ask(fake, set_up.from(&ana)).await;
    let text = posted.content().unwrap();
    assert!(text.contains("casual: games from a set-up position are not rated"), "{text}");
    let casual = fake.command("challenge").in_channel(fake.new_id()).boolean("rated", false);
    let posted = ask(fake, casual.from(&ana)).await;
    assert!(posted.content().unwrap().contains("casual (not rated)"), "{posted:?}");

    let listed = ask(fake, fake.command("challenges").from(&carla)).await;
    let lines: Vec<&str> = listed.content().unwrap().lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    // Newest first.
    assert!(lines[0].contains("casual (not rated)") && !lines[0].contains("giveaway"), "{}", lines[0]);
    assert!(lines[1].contains("casual: games from a set-up position are not rated"), "{}", lines[1]);
    assert!(lines[2].contains("casual: giveaway games are not rated") && lines[2].contains(aim), "{}", lines[2]);
    let spanish = ask(fake, fake.command("challenges").from(&carla).locale("es-419")).await;
    let text = spanish.content().unwrap();
    for said in [
        "amistosa: las partidas de pierde gana no puntúan",
        "variante pierde gana: el objetivo se invierte, gana quien se queda sin jugadas",
        "amistosa: las partidas que no empiezan en la posición inicial no puntúan",
    ] {
        assert!(text.contains(said), "{said} in {text}");
    }
}
