//! A thread per game (issue: a player's many games): an accepted challenge
//! opens a public thread from the challenge's message, named after the
//! game, and the game lives there; several games run from one channel; the
//! thread is archived when the game ends. A server may turn it off, and
//! where the bot may not open threads the game is played in the channel,
//! which is said once.

use damas::config::Clock;
use damas::game::{GameError, GameService};
use damas::i18n::Lang;
use damas::t;

use crate::support::bot::{RunningBot, WAIT, ask, assert_refusal, config, database_in, resign};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, MANAGE_GUILD, RequestBody};

struct Server {
    fake: FakeDiscord,
    service: GameService,
    _dir: tempfile::TempDir,
    _bot: RunningBot,
}

async fn server() -> Server {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), std::time::Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    Server { fake, service, _dir: dir, _bot: bot }
}

impl Server {
    /// `challenger` challenges `opponent` in `channel`; `opponent` presses
    /// Accept on the challenge's message. Returns the challenge message's
    /// id and the answer to the press.
    async fn challenge_and_accept(&self, channel: u64, challenger: &FakeUser, opponent: &FakeUser) -> (u64, Callback) {
        let fake = &self.fake;
        let challenge =
            ask(fake, fake.command("challenge").in_channel(channel).user("opponent", opponent).from(challenger)).await;
        let accept = challenge.custom_ids().into_iter().find(|id| id.starts_with("acc:")).expect("an Accept button");
        let message = challenge.message.clone().expect("the challenge message");
        let message_id = message["id"].as_str().unwrap().parse().unwrap();
        let pressed = ask(fake, fake.button(&accept).in_channel(channel).on_message(&message).from(opponent)).await;
        (message_id, pressed)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_is_played_in_a_thread_of_its_own_and_archived_at_the_end() {
    let s = server().await;
    let fake = &s.fake;
    let channel = fake.default_channel();
    fake.allow_threads(channel);
    let (alice, bob, carol, dave) = (fake.user("alice"), fake.user("bob"), fake.user("carol"), fake.user("dave"));

    // The first game: a thread from the challenge's message, named after the game.
    let (challenge_message, pressed) = s.challenge_and_accept(channel, &alice, &bob).await;
    let thread = fake.wait_for_thread(WAIT, |t| t.message_id == Some(challenge_message)).await;
    assert_eq!(thread.parent_id, channel);
    let game = s.service.game_in_channel(thread.id).await.expect("the game lives in the thread");
    let (white, black) = (game.white_name.clone().unwrap(), game.black_name.clone().unwrap());
    let named = fake.wait_for_thread(WAIT, |t| t.id == thread.id && t.name.starts_with("Game #")).await;
    assert_eq!(named.name, format!("Game #{} · {white} vs {black}", game.id));
    // The channel is told where; the game's own message, with its picture
    // and the ping of White, is in the thread.
    let said = t!(
        Lang::En,
        "game-in-thread",
        player = bob.mention(),
        game = game.id.to_string(),
        thread = format!("<#{}>", thread.id)
    );
    assert_eq!(pressed.content(), Some(said.as_str()));
    let first = fake.wait_for_channel_message(thread.id, |m| !m.files.is_empty(), WAIT).await;
    assert!(first.data["content"].as_str().unwrap().contains(&format!("<@{}>", game.white)));
    assert!(s.service.game_in_channel(channel).await.is_err(), "the channel keeps no game");

    // A second game from the same channel, at once.
    let (second_message, _) = s.challenge_and_accept(channel, &carol, &dave).await;
    let second = fake.wait_for_thread(WAIT, |t| t.message_id == Some(second_message)).await;
    assert_ne!(second.id, thread.id);
    let second_game = s.service.game_in_channel(second.id).await.expect("the second game lives in its thread");
    assert!(s.service.game_in_channel(thread.id).await.unwrap().is_live());

    // Moves are made in the thread; the answer lands there.
    let white_user = if game.white == alice.id { &alice } else { &bob };
    let moved = ask(fake, fake.command("move").in_thread(thread.id).string("move", "11-15").from(white_user)).await;
    assert!(!moved.is_ephemeral(), "{moved:?}");
    assert_eq!(s.service.game_in_channel(thread.id).await.unwrap().ply(), 1);

    // The end of the first game archives its thread, and only its thread.
    let loser = if game.black == alice.id { &alice } else { &bob };
    let ended = resign(fake, thread.id, loser).await;
    assert!(ended.content().unwrap().contains(&loser.mention()), "{ended:?}");
    fake.wait_for_thread(WAIT, |t| t.id == thread.id && t.archived).await;
    let threads = fake.threads();
    assert!(!threads.iter().find(|t| t.id == second.id).unwrap().archived);
    assert!(s.service.game_in_channel(second.id).await.is_ok_and(|g| g.id == second_game.id && g.is_live()));
    // Aborted before a move, the second game's thread is archived too; its
    // answer invites no new challenge there.
    let confirm = ask(fake, fake.command("abort").in_thread(second.id).from(&carol)).await;
    let (button, message) = (confirm.custom_ids().pop().expect("Confirm"), confirm.message.clone().expect("a message"));
    let yes = fake.button(&button).in_thread(second.id).on_message(&message).from(&carol);
    let aborted = crate::support::bot::ask_closing(fake, yes).await;
    assert!(aborted.content().unwrap().contains("aborted"), "{aborted:?}");
    assert!(!aborted.content().unwrap().contains("new challenge"), "{aborted:?}");
    fake.wait_for_thread(WAIT, |t| t.id == second.id && t.archived).await;
    // What was played stays reachable by number from anywhere in the server.
    let record = ask(fake, fake.command("pdn").integer("game", game.id).in_channel(channel).from(&carol)).await;
    assert!(record.files.iter().any(|f| f.filename.ends_with(".pdn")), "{record:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_can_keep_one_game_per_channel() {
    let s = server().await;
    let fake = &s.fake;
    let channel = fake.default_channel();
    fake.allow_threads(channel);
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let manager = fake.user("mia").with_permissions(MANAGE_GUILD);
    fake.add_user(&manager);

    // Only a manager changes it; anyone may look (and sees their own choice too).
    let refused = ask(fake, fake.command("settings").string("threads", "off").from(&alice)).await;
    assert_refusal(&refused, &GameError::NotServerManager);
    let shown = ask(fake, fake.command("settings").from(&alice)).await;
    assert!(shown.is_ephemeral() && shown.content().unwrap().starts_with(&t!(Lang::En, "settings-threads-on")));
    let changed = ask(fake, fake.command("settings").string("threads", "off").from(&manager)).await;
    assert!(!changed.is_ephemeral() && changed.content().unwrap().contains(&t!(Lang::En, "settings-threads-off")));

    // Today's behaviour: the game in the channel, no thread.
    let (_, pressed) = s.challenge_and_accept(channel, &alice, &bob).await;
    assert!(pressed.files.iter().any(|f| f.filename == "board.png"), "{pressed:?}");
    assert!(s.service.game_in_channel(channel).await.unwrap().is_live());
    assert!(fake.threads().is_empty(), "{:?}", fake.threads());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_the_game_is_played_in_the_channel_said_once() {
    let s = server().await;
    let fake = &s.fake;
    let channel = fake.default_channel();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let note = t!(Lang::En, "threads-unavailable");

    let (_, pressed) = s.challenge_and_accept(channel, &alice, &bob).await;
    assert!(pressed.content().unwrap().contains(&note), "{pressed:?}");
    let game = s.service.game_in_channel(channel).await.expect("the game is played in the channel");
    assert!(fake.threads().is_empty());

    // The next game there is not told again.
    let loser = if game.white == alice.id { &alice } else { &bob };
    resign(fake, channel, loser).await;
    let (_, again) = s.challenge_and_accept(channel, &alice, &bob).await;
    assert!(!again.content().unwrap().contains(&note), "{again:?}");
    assert!(s.service.game_in_channel(channel).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_gets_its_thread_and_the_bot_moves_there() {
    let s = server().await;
    let fake = &s.fake;
    let channel = fake.default_channel();
    fake.allow_threads(channel);
    // The server calls the bot by a nickname of its own.
    let alice = fake.user("alice");
    let me = FakeUser { nick: Some("Doña Dama".into()), ..fake.bot().clone() };
    let members_asked = || fake.count_requests(|r| r.method == "GET" && r.path.contains("/members/"));
    let asked_before = members_asked();

    // Alice takes Black: the bot, White, has the first move.
    let command = fake.command("challenge").in_channel(channel).user("opponent", &me).integer("level", 1);
    let started = ask(fake, command.string("color", "black").from(&alice)).await;
    let thread = fake.wait_for_thread(WAIT, |t| t.parent_id == channel).await;
    assert_eq!(thread.message_id, None, "opened before the command's answer exists");
    let game = s.service.game_in_channel(thread.id).await.expect("the game lives in the thread");
    let said = t!(
        Lang::En,
        "game-in-thread-bot",
        player = alice.mention(),
        game = game.id.to_string(),
        thread = format!("<#{}>", thread.id)
    );
    assert_eq!(started.content(), Some(said.as_str()));
    // The thread names the bot as the server knows it, at its level, from
    // its opening on; the member came with the command (no request asked it).
    let opened: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .filter_map(|r| match &r.body {
            RequestBody::Json(body) => body["name"].as_str().map(str::to_string),
            _ => None,
        })
        .collect();
    assert_eq!(opened, ["alice vs Doña Dama (level 1)"]);
    let named = format!("Game #{} · Doña Dama (level 1) vs alice", game.id);
    fake.wait_for_thread(WAIT, |t| t.id == thread.id && t.name == named).await;
    assert_eq!(members_asked(), asked_before);

    // The bot's first move is in the game's message in the thread: one
    // board, after it (issue: two pictures a move against the bot).
    let first = fake.wait_for_channel_message(thread.id, |m| !m.files.is_empty(), WAIT).await;
    let played = format!("{} (level 1) played", me.mention());
    assert!(first.content().contains(&played), "{}", first.content());
    assert_eq!(s.service.game_in_channel(thread.id).await.unwrap().ply(), 1);
    // The bot's move was posted on its own right after the answer, before.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let pictures_in_thread =
        fake.posted_messages().iter().filter(|m| m.channel_id == thread.id && !m.files.is_empty()).count();
    assert_eq!(pictures_in_thread, 1, "the bot's move is not posted again on its own");
    assert!(fake.posted_messages().iter().all(|m| m.channel_id != channel || m.files.is_empty()));
    assert!(s.service.game_in_channel(channel).await.is_err(), "the channel keeps no game");
}
