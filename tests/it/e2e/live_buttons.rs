//! Buttons only while they can act, end to end through the fake Discord:
//! a game's earlier messages lose Move, Abort and Take back once the game
//! moves on; a draw offer or takeback request loses its answers once a
//! move or a command ends it; the last message loses its buttons when the
//! game ends (swept once the game is quiet, while Discord has room to
//! spare). And what that costs in calls to Discord per move.

use std::time::Duration;

use damas::config::Clock;
use damas::game::GameService;
use serde_json::Value;

use damas::discord::messages::live_buttons::QUIET;

use crate::support::bot::{RunningBot, ask, buttons_now, config, database_in, resign, wait_for_no_buttons};
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

/// What a game of 30 moves by `/move` costs in calls to Discord: one
/// answer each (which says what message it made, so no second call reads
/// it), and the sweep of stale buttons once the game is quiet, which
/// clears the newest boards while the channel has room to spare. At most
/// 1.2 calls a move; before buttons were taken off it was 1.0, and with a
/// read and an edit after every answer it was 3.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_thirty_moves_costs_at_most_one_call_and_a_fifth_a_move() {
    let t = Table::new().await;
    let (alice, bob) = (t.fake.user("alice"), t.fake.user("bob"));
    t.start(&alice, &bob).await;
    // Everything the start caused is done (its sweep included).
    tokio::time::sleep(QUIET + Duration::from_millis(500)).await;

    let before = t.fake.requests().len();
    let mut boards = Vec::new();
    for n in 0..30 {
        let player = if n % 2 == 0 { &alice } else { &bob };
        boards.push(t.play(player, &t.any_move().await).await);
    }
    // The sweep once the game is quiet, then anything it leads to.
    let last_stale = message(&boards[28]).clone();
    wait_for_no_buttons(&t.fake, &last_stale).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let calls: Vec<String> = t.fake.requests()[before..].iter().map(|r| format!("{} {}", r.method, r.path)).collect();
    let answers = calls.iter().filter(|c| c.starts_with("POST /api/v10/interactions/")).count();
    let edits = calls.iter().filter(|c| c.starts_with("PATCH /api/v10/channels/")).count();
    assert_eq!(answers, 30, "{calls:#?}");
    assert_eq!(answers + edits, calls.len(), "nothing but answers and edits: {calls:#?}");
    assert!(calls.len() <= 36, "{} calls for 30 moves: {calls:#?}", calls.len());
    assert!(!calls.iter().any(|c| c.starts_with("GET ")), "no answer is read back: {calls:#?}");
    // The latest board keeps its buttons: it can still act.
    assert!(!buttons_now(&t.fake, message(&boards[29])).is_empty());
    t.bot.stop().await;
}
