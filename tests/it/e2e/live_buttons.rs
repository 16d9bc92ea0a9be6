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

use damas::i18n::Lang;
use damas::t;

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

/// The text message `message` shows now.
fn content_now(fake: &FakeDiscord, message: &Value) -> String {
    let id = message["id"].as_str().and_then(|id| id.parse().ok()).expect("a message id");
    fake.message(id).expect("the message is known")["content"].as_str().unwrap_or_default().to_string()
}

/// Waits until message `message` reads what `wanted` accepts; fails after [`WAIT`].
async fn wait_for_content(fake: &FakeDiscord, message: &Value, wanted: impl Fn(&str) -> bool) -> String {
    let until = tokio::time::Instant::now() + WAIT;
    loop {
        let now = content_now(fake, message);
        if wanted(&now) {
            return now;
        }
        assert!(tokio::time::Instant::now() < until, "message {} still reads {now:?}", message["id"]);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The offer (or request) of `asked`, its answers gone, reads as closed:
/// its question struck through, and said to be no longer open.
async fn assert_closed(fake: &FakeDiscord, asked: &Callback) {
    let question = asked.content().expect("the offer's text");
    let closed = format!("~~{question}~~\n{}", t!(Lang::En, "offer-closed"));
    wait_for_content(fake, message(asked), |now| now == closed).await;
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

    // A draw offer that Bob ends by moving loses Accept / Decline / Withdraw,
    // and no longer asks him whether he accepts; the board before it loses
    // Move and Take back like any other.
    let before_offer = t.play(&alice, &t.any_move().await).await;
    let offer = t.command("draw", &alice).await;
    assert_eq!(tags(&offer.custom_ids()), ["dra", "drd", "drw"]);
    let answer = t.play(&bob, &t.any_move().await).await;
    wait_for_no_buttons(&t.fake, message(&offer)).await;
    assert_closed(&t.fake, &offer).await;
    wait_for_no_buttons(&t.fake, message(&before_offer)).await;

    // A takeback request answered by command loses Allow / Refuse, and no
    // longer asks whether to allow it.
    t.play(&alice, &t.any_move().await).await;
    let asked = t.command("takeback", &alice).await;
    assert_eq!(tags(&asked.custom_ids()), ["tba", "tbr"]);
    let allowed = t.command("takeback", &bob).await;
    assert!(allowed.content().unwrap_or_default().contains("take back"), "{allowed:?}");
    wait_for_no_buttons(&t.fake, message(&asked)).await;
    assert_closed(&t.fake, &asked).await;
    // Bob's last move stands again as the latest: its board keeps its buttons.
    assert!(!buttons_now(&t.fake, message(&allowed)).is_empty());

    // The end: the last live board loses Move; the result keeps Replay only.
    let over = resign(&t.fake, t.channel, &bob).await;
    assert_eq!(tags(&over.custom_ids()), ["rpl"]);
    wait_for_no_buttons(&t.fake, message(&allowed)).await;
    // Bob's move before the takeback showed the same position again, so its
    // buttons could act again until the end; the sweep clears it after
    // the newer board.
    wait_for_no_buttons(&t.fake, message(&answer)).await;
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

/// More time moves the deadline the game's current board shows (edited
/// after the answer, in the background); a draw offered with its offerer's
/// move stands over that move, its answers kept, until the opponent moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_time_shows_on_the_board_and_an_offer_stands_over_its_offerers_move() {
    let t = Table::new().await;
    let (alice, bob) = (t.fake.user("alice"), t.fake.user("bob"));
    t.start(&alice, &bob).await;
    let first = t.play(&alice, "11-15").await;
    let before = t.service.game_in_channel(t.channel).await.unwrap().deadline;
    assert!(content_now(&t.fake, message(&first)).contains(&format!("<t:{before}:R>")));

    let given = ask(&t.fake, t.fake.command("moretime").integer("days", 2).in_channel(t.channel).from(&alice)).await;
    assert!(!given.is_ephemeral(), "{given:?}");
    let after = t.service.game_in_channel(t.channel).await.unwrap().deadline;
    assert!(after > before);
    let now = wait_for_content(&t.fake, message(&first), |c| c.contains(&format!("<t:{after}:R>"))).await;
    assert!(!now.contains(&format!("<t:{before}:R>")), "{now}");
    // Only the deadline changed: the board keeps its buttons and picture.
    assert_eq!(tags(&buttons_now(&t.fake, message(&first))), ["mv", "abo", "tbk"]);
    let shown = t.fake.message(message(&first)["id"].as_str().unwrap().parse().unwrap()).unwrap();
    assert_eq!(shown["attachments"].as_array().map(Vec::len), Some(1), "{shown}");

    // Bob offers a draw on his move, then moves: the offer stands, and its
    // answers stay for Alice.
    let offer = t.command("draw", &bob).await;
    assert_eq!(tags(&offer.custom_ids()), ["dra", "drd", "drw"]);
    t.play(&bob, &t.any_move().await).await;
    tokio::time::sleep(QUIET + Duration::from_millis(700)).await;
    assert_eq!(tags(&buttons_now(&t.fake, message(&offer))), ["dra", "drd", "drw"], "the offer stands");
    assert_eq!(content_now(&t.fake, message(&offer)), offer.content().unwrap());
    // Alice moves: that declines it, and the offer says it is closed.
    t.play(&alice, &t.any_move().await).await;
    wait_for_no_buttons(&t.fake, message(&offer)).await;
    assert_closed(&t.fake, &offer).await;
    t.bot.stop().await;
}
