//! Buttons only while they can act, end to end through the fake Discord:
//! a game's earlier messages lose Move, Abort and Take back once the game
//! moves on; a draw offer or takeback request loses its answers once a
//! move or a command ends it; the last message loses its buttons when the
//! game ends. And what that costs in calls to Discord per move.

use std::time::Duration;

use damas::config::Clock;
use damas::game::GameService;
use serde_json::Value;

use crate::support::bot::{RunningBot, WAIT, ask, buttons_now, config, database_in, resign, wait_for_no_buttons};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser};

struct Table {
    fake: FakeDiscord,
    service: GameService,
    _dir: tempfile::TempDir,
    bot: RunningBot,
    channel: u64,
}

impl Table {
    async fn new() -> Table {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let url = database_in(&dir);
        let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
        let service = GameService::open(&url).await.unwrap();
        let channel = fake.new_id();
        Table { fake, service, _dir: dir, bot, channel }
    }

    async fn command(&self, name: &str, user: &FakeUser) -> Callback {
        ask(&self.fake, self.fake.command(name).in_channel(self.channel).from(user)).await
    }

    async fn play(&self, user: &FakeUser, notation: &str) -> Callback {
        let builder = self.fake.command("move").string("move", notation).in_channel(self.channel).from(user);
        let played = ask(&self.fake, builder).await;
        assert!(!played.is_ephemeral(), "{played:?}");
        played
    }

    /// A legal move of the channel's game (the first the rules list).
    async fn any_move(&self) -> String {
        let legal = self.service.legal_moves_in_channel(self.channel).await.unwrap();
        legal.into_iter().next().expect("a legal move").1
    }

    /// `white` challenges `black`, who presses Accept: the game's first message.
    async fn start(&self, white: &FakeUser, black: &FakeUser) -> Callback {
        let challenge = self.fake.command("challenge").user("opponent", black).string("color", "white");
        let challenge = ask(&self.fake, challenge.in_channel(self.channel).from(white)).await;
        let accept = challenge.custom_ids().into_iter().find(|id| id.starts_with("acc:")).unwrap();
        let on = challenge.message.clone().unwrap();
        ask(&self.fake, self.fake.button(&accept).in_channel(self.channel).on_message(&on).from(black)).await
    }
}

fn message(callback: &Callback) -> &Value {
    callback.message.as_ref().expect("the reply's message")
}

fn tags(ids: &[String]) -> Vec<&str> {
    ids.iter().map(|id| id.split(':').next().unwrap_or_default()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn earlier_messages_lose_their_buttons_as_the_game_moves_on_and_ends() {
    let t = Table::new().await;
    let (alice, bob) = (t.fake.user("alice"), t.fake.user("bob"));
    let started = t.start(&alice, &bob).await;
    assert_eq!(tags(&started.custom_ids()), ["mv", "abo"], "Move and Abort before anyone moved");

    // Alice moves: the first board's Move and Abort can no longer act.
    let first = t.play(&alice, "11-15").await;
    assert_eq!(tags(&first.custom_ids()), ["mv", "abo", "tbk"], "{:?}", first.custom_ids());
    wait_for_no_buttons(&t.fake, message(&started)).await;
    assert_eq!(tags(&buttons_now(&t.fake, message(&first))), ["mv", "abo", "tbk"], "the latest keeps its own");

    // Bob replies: Alice's move can no longer be taken back, nor the game aborted.
    let second = t.play(&bob, "22-18").await;
    assert_eq!(tags(&second.custom_ids()), ["mv", "tbk"], "no Abort once each side has moved");
    wait_for_no_buttons(&t.fake, message(&first)).await;

    // A draw offer that Bob ends by moving loses Accept / Decline / Withdraw.
    t.play(&alice, &t.any_move().await).await;
    let offer = t.command("draw", &alice).await;
    assert_eq!(tags(&offer.custom_ids()), ["dra", "drd", "drw"]);
    let answer = t.play(&bob, &t.any_move().await).await;
    wait_for_no_buttons(&t.fake, message(&offer)).await;

    // A takeback request answered by command loses Allow / Refuse.
    t.play(&alice, &t.any_move().await).await;
    let asked = t.command("takeback", &alice).await;
    assert_eq!(tags(&asked.custom_ids()), ["tba", "tbr"]);
    let allowed = t.command("takeback", &bob).await;
    assert!(allowed.content().unwrap_or_default().contains("take back"), "{allowed:?}");
    wait_for_no_buttons(&t.fake, message(&asked)).await;
    // Bob's last move stands again as the latest: its board keeps its buttons.
    assert!(!buttons_now(&t.fake, message(&allowed)).is_empty());

    // The end: the last live board loses Move; the result keeps Replay only.
    let over = resign(&t.fake, t.channel, &bob).await;
    assert_eq!(tags(&over.custom_ids()), ["rpl"]);
    wait_for_no_buttons(&t.fake, message(&allowed)).await;
    assert!(buttons_now(&t.fake, message(&answer)).is_empty());
    assert!(t.service.store().last_finished_game_in_channel(t.channel).await.unwrap().is_some());
    t.bot.stop().await;
}

/// The calls a move by `/move` makes to Discord: the answer, the read of
/// its message's id (kept, to take its buttons off later) and the edit of
/// the previous board. Before buttons were taken off it was the answer
/// alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_costs_three_calls_to_discord() {
    let t = Table::new().await;
    let (alice, bob) = (t.fake.user("alice"), t.fake.user("bob"));
    let started = t.start(&alice, &bob).await;
    t.play(&alice, "11-15").await;
    wait_for_no_buttons(&t.fake, message(&started)).await;

    let before = t.fake.requests().len();
    let played = t.play(&bob, "22-18").await;
    assert_eq!(tags(&played.custom_ids()), ["mv", "tbk"]);
    let edited = t
        .fake
        .wait_until(WAIT, |all| all[before..].iter().any(|r| r.method == "PATCH" && r.path.contains("/channels/")));
    assert!(edited.await, "the previous board is edited");
    // Let anything else the move causes arrive before counting.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let calls: Vec<String> = t.fake.requests()[before..].iter().map(|r| format!("{} {}", r.method, r.path)).collect();
    assert_eq!(calls.len(), 3, "{calls:#?}");
    assert!(calls[0].starts_with("POST /api/v10/interactions/"), "{calls:#?}");
    assert!(calls[1].starts_with("GET /api/v10/webhooks/") && calls[1].ends_with("/messages/@original"), "{calls:#?}");
    assert!(calls[2].starts_with("PATCH /api/v10/channels/"), "{calls:#?}");
    t.bot.stop().await;
}
