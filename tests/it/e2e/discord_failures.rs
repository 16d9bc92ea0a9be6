//! End to end: Discord fails the bot's replies (5xx, timeouts, missing
//! permissions, a deleted channel). In every case the game is stored right,
//! the player to move is notified exactly once, nothing is announced twice,
//! and other channels are served meanwhile.

use std::io::Write;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use crate::support::bot::{RunningBot, Started, WAIT, ask, interaction_target, wait_for_a_tick};
use crate::support::fake_discord::{ChannelFault, FakeDiscord, FakeInteraction, FakeUser, MessageKind};
use damas::config::Clock;
use damas::discord::interactions::respond::{DEFER_AFTER, respond};
use damas::discord::messages::deliver::ChannelNotices;
use damas::discord::messages::reply::Reply;
use damas::discord::rest::Rest;
use damas::game::GameService;
use damas::i18n::Lang;
use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder};

const CALLBACK: &str = "POST /interactions/*/*/callback";
const EDIT: &str = "PATCH /webhooks/*/*/messages/@original";
const FOLLOWUP: &str = "POST /webhooks/*/*";
/// Longer than the bot waits for any one call.
const STALL: Duration = Duration::from_secs(6);

// ----- log capture: what an operator would read -----

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct Capture;

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LOGS.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn capture_logs() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("damas=info"))
            .with_ansi(false)
            .with_writer(|| Capture)
            .try_init();
    });
}

/// Log lines about `channel` that contain `words`.
fn log_lines(channel: u64, words: &str) -> usize {
    let logs = String::from_utf8_lossy(&LOGS.lock().unwrap()).into_owned();
    let tag = format!("channel={channel}");
    logs.lines().filter(|l| l.contains(&tag) && l.contains(words)).count()
}

/// A channel id no other test of this binary uses: the fakes of tests
/// started in the same millisecond hand out the same ids, and the log is shared.
fn unique_channel() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1_400_000_000_000_000_000);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Waits until a log line about `channel` contains `words`.
async fn wait_logs(channel: u64, words: &str) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while log_lines(channel, words) == 0 {
        assert!(tokio::time::Instant::now() < deadline, "no log line with {words:?} for channel {channel}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

// ----- a bot, two players, games in fresh channels -----

struct Table {
    fake: FakeDiscord,
    service: GameService,
    clock: Clock,
    alice: FakeUser,
    bob: FakeUser,
    bot: RunningBot,
    /// Last: dropped after the bot.
    _database: damas::store::ScratchDatabase,
}

async fn table() -> Table {
    capture_logs();
    let Started { fake, database, url, clock, bot } = Started::new().await;
    let service = GameService::open(&url).await.unwrap();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    Table { fake, service, clock, alice, bob, bot, _database: database }
}

impl Table {
    /// A new channel with a game: Alice (White, to move) challenged Bob, who pressed Accept.
    async fn game(&self) -> u64 {
        let fake = &self.fake;
        let pinged = fake.pings_of(self.alice.id);
        let channel = unique_channel();
        let challenge = ask(
            fake,
            fake.command("challenge")
                .in_channel(channel)
                .user("opponent", &self.bob)
                .string("color", "white")
                .from(&self.alice),
        )
        .await;
        let accept = challenge.custom_ids().into_iter().find(|id| id.starts_with("acc:")).unwrap();
        let message = challenge.message.clone().unwrap();
        let accepted = ask(fake, fake.button(&accept).in_channel(channel).on_message(&message).from(&self.bob)).await;
        assert_eq!(accepted.kind, 7, "the challenge message becomes the game");
        // RULES 2.3: White moves first, so Alice is to move and is notified once.
        self.wait_pings(&self.alice, pinged + 1).await;
        channel
    }

    /// How many times `user` was notified so far.
    fn pings(&self, user: &FakeUser) -> usize {
        self.fake.pings_of(user.id)
    }

    async fn ply(&self, channel: u64) -> u32 {
        self.service.game_in_channel(channel).await.expect("a live game").ply()
    }

    /// Waits until `user` has been notified `count` times in all, then checks
    /// that it stays so after another tick of the clock.
    async fn wait_pings(&self, user: &FakeUser, count: usize) {
        let fake = &self.fake;
        let reached = fake.wait_for_pings(user.id, count, WAIT).await;
        assert!(reached, "{} was notified {} times, not {count}", user.name, fake.pings_of(user.id));
        wait_for_a_tick(fake, &self.service, &self.clock).await;
        assert_eq!(fake.pings_of(user.id), count, "{} notified more than expected", user.name);
    }

    /// How many times something containing `words` was shown: interaction
    /// responses Discord took (at most one each), plus messages posted or edited.
    fn announcements(&self, words: &str) -> usize {
        let responses = self.fake.callbacks().iter().filter(|c| c.content().is_some_and(|c| c.contains(words))).count();
        // An edit (the buttons taken off an earlier message) announces nothing.
        let posts = self.fake.posted_messages();
        responses + posts.iter().filter(|m| m.kind != MessageKind::ChannelEdit && m.content().contains(words)).count()
    }

    /// A move the bot answers in `channel`; returns the interaction.
    fn play(&self, channel: u64, who: &FakeUser, mv: &str) -> FakeInteraction {
        self.fake.send(self.fake.command("move").string("move", mv).in_channel(channel).from(who))
    }

    /// A move whose first answer Discord holds back past the bot's patience
    /// (carried out at once with `lands`, never without).
    fn play_stalled(&self, channel: u64, who: &FakeUser, mv: &str, lands: bool) -> FakeInteraction {
        let interaction = self.fake.command("move").string("move", mv).in_channel(channel).from(who).build();
        self.fake.stall_next(&format!("POST /interactions/{}/*/callback", interaction.id), STALL, lands);
        self.fake.send_built(&interaction);
        interaction
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_on_the_first_reply_are_retried_and_announced_once() {
    let t = table().await;
    let channel = t.game().await;
    let (alice0, bob0) = (t.pings(&t.alice), t.pings(&t.bob));

    // 500, not carried out: the bot tries again and the reply lands.
    t.fake.fail_next(CALLBACK, 500, Duration::ZERO);
    let first = t.play(channel, &t.alice, "11-15");
    let answer = t.fake.wait_for_callback(first.id, WAIT).await;
    assert!(answer.content().unwrap().contains("played **11-15**"), "{answer:?}");
    t.wait_pings(&t.bob, bob0 + 1).await;

    // 503 after Discord did post the reply: the bot sees it there and does not post it again.
    t.fake.fail_next_after_landing(CALLBACK, 503);
    let second = t.play(channel, &t.bob, "22-18");
    t.fake.wait_for_callback(second.id, WAIT).await;
    t.wait_pings(&t.alice, alice0 + 1).await;
    assert_eq!(t.announcements("played **22-18**"), 1, "announced once");
    assert_eq!(t.announcements("played **11-15**"), 1, "announced once");
    assert_eq!(t.ply(channel).await, 2);
    assert_eq!(log_lines(channel, "posting the announcement in the channel"), 0);
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_first_reply_is_posted_in_the_channel_while_other_channels_are_served() {
    let t = table().await;
    t.fake.set_response_deadline(Some(Duration::from_secs(3)));
    let (stuck, other) = (t.game().await, t.game().await);
    let (alice0, bob0) = (t.pings(&t.alice), t.pings(&t.bob));

    // Discord never answers this reply in time and never shows it.
    t.play_stalled(stuck, &t.alice, "11-15", false);
    // Meanwhile the other channel's move is answered at once.
    let served = t.play(other, &t.alice, "10-14");
    let answer = t.fake.wait_for_callback(served.id, Duration::from_secs(4)).await;
    assert!(answer.content().unwrap().contains("played **10-14**"));

    let posted = t.fake.wait_for_channel_message(stuck, |m| m.content().contains("played **11-15**"), WAIT).await;
    assert!(posted.content().contains("to move, deadline <t:"), "{}", posted.content());
    assert!(posted.files.iter().any(|f| f.filename == "board.png"), "the picture comes along");
    // Bob is to move in both games: one notification each.
    t.wait_pings(&t.bob, bob0 + 2).await;
    assert_eq!(t.announcements("played **11-15**"), 1);
    assert_eq!(t.ply(stuck).await, 1);
    assert_eq!(log_lines(stuck, "posting the announcement in the channel instead"), 1);

    // A reply that did land but whose answer came too late is not repeated.
    let late = t.play_stalled(stuck, &t.bob, "22-18", true);
    t.wait_pings(&t.alice, alice0 + 1).await;
    assert!(t.fake.callback(late.id).is_some());
    assert_eq!(t.announcements("played **22-18**"), 1, "announced once");
    assert_eq!(t.ply(stuck).await, 2);
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_the_announcement_goes_out_as_text_and_is_logged_once() {
    let t = table().await;
    let channel = t.game().await;
    t.fake.set_channel_fault(channel, Some(ChannelFault::NoAttachFiles));

    for (who, mv, to_move) in [(&t.alice, "11-15", &t.bob), (&t.bob, "22-18", &t.alice)] {
        let pinged = t.pings(to_move);
        t.play_stalled(channel, who, mv, false);
        let headline = format!("played **{mv}**");
        let posted = t.fake.wait_for_channel_message(channel, |m| m.content().contains(&headline), WAIT).await;
        assert!(posted.content().contains(&damas::t!(Lang::En, "no-picture")), "{}", posted.content());
        assert!(posted.files.is_empty());
        t.wait_pings(to_move, pinged + 1).await;
        assert_eq!(t.announcements(&headline), 1);
    }
    assert_eq!(t.ply(channel).await, 2);
    assert_eq!(log_lines(channel, "missing permission Attach Files"), 1, "logged once for the channel");
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_send_messages_the_player_is_still_notified_through_the_interaction() {
    let t = table().await;
    let channel = unique_channel();
    t.fake.set_channel_fault(channel, Some(ChannelFault::NoSendMessages));
    let fake = &t.fake;
    let challenge = ask(
        fake,
        fake.command("challenge").in_channel(channel).user("opponent", &t.bob).string("color", "white").from(&t.alice),
    )
    .await;
    let accept = challenge.custom_ids().into_iter().find(|id| id.starts_with("acc:")).unwrap();
    let message = challenge.message.clone().unwrap();
    let accepted = ask(fake, fake.button(&accept).in_channel(channel).on_message(&message).from(&t.bob)).await;
    assert_eq!(accepted.kind, 7);
    // The channel refuses the note that notifies Alice; a followup carries it.
    t.wait_pings(&t.alice, 1).await;
    let note = fake.wait_for_followup(&accepted.token, WAIT).await;
    assert!(note.content().contains(&t.alice.mention()));

    // Two replies that cannot be delivered, in a channel that refuses everything: logged once.
    for (who, mv) in [(&t.alice, "11-15"), (&t.bob, "22-18")] {
        t.play_stalled(channel, who, mv, false);
        let refused = |n: usize| {
            move |reqs: &[crate::support::fake_discord::RecordedRequest]| {
                reqs.iter().filter(|r| r.status == 403 && r.path.contains("/messages")).count() >= n
            }
        };
        let n = if mv == "11-15" { 3 } else { 5 };
        assert!(t.fake.wait_until(WAIT, refused(n)).await, "{:?}", t.fake.requests().len());
    }
    assert_eq!(t.ply(channel).await, 2, "the moves are stored");
    assert_eq!(log_lines(channel, "missing permission Send Messages"), 1, "logged once for the channel");
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_is_given_up_and_blocks_no_other_channel() {
    let t = table().await;
    let (gone, alive) = (t.game().await, t.game().await);
    t.fake.set_channel_fault(gone, Some(ChannelFault::Deleted));
    let bob0 = t.pings(&t.bob);

    t.play_stalled(gone, &t.alice, "11-15", false);
    let served = t.play(alive, &t.alice, "11-15");
    t.fake.wait_for_callback(served.id, Duration::from_secs(4)).await;
    assert!(
        t.fake
            .wait_until(WAIT, |reqs| reqs.iter().any(|r| r.status == 404 && r.path.contains(&gone.to_string())))
            .await
    );
    assert_eq!(t.ply(gone).await, 1, "the move is stored");
    t.wait_pings(&t.bob, bob0 + 1).await;

    // Reminders: the deleted channel's fails, the other's is posted, even while
    // a post to a third, slow channel hangs.
    let slow = t.game().await;
    t.fake.stall_next(&format!("POST /channels/{slow}/messages"), STALL, true);
    t.clock.advance(86_400 * 5 / 2);
    let reminder =
        t.fake.wait_for_channel_message(alive, |m| m.content().contains("reminder"), Duration::from_secs(3)).await;
    assert!(reminder.content().contains(&t.bob.mention()));
    t.fake.wait_for_channel_message(slow, |m| m.content().contains("reminder"), WAIT).await;
    wait_logs(gone, "the channel is gone").await;
    wait_for_a_tick(&t.fake, &t.service, &t.clock).await;
    assert_eq!(log_lines(gone, "the channel is gone"), 1, "logged once");
    assert_eq!(
        t.fake.posted_messages().iter().filter(|m| m.channel_id == slow && m.content().contains("reminder")).count(),
        1,
        "the slow channel's reminder is posted once"
    );
    t.bot.stop().await;
}

// ----- slow work: the deferred edit and the followup, through the reply layer -----

/// The bot's REST client for the fake, plus a connected client that ignores every
/// event, so the fake has a session to send interactions on.
async fn rest_for(fake: &FakeDiscord) -> Rest {
    capture_logs();
    let build = || HttpBuilder::new(fake.token()).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let mut silent = ClientBuilder::new_with_http(build(), GatewayIntents::empty()).await.expect("client");
    tokio::spawn(async move { silent.start().await });
    fake.wait_ready(WAIT).await;
    let rest = Rest::new(&fake.token(), Some(fake.rest_url()), 50);
    rest.set_application(fake.application_id());
    rest
}

async fn slowly(reply: Reply) -> Reply {
    tokio::time::sleep(DEFER_AFTER + Duration::from_millis(300)).await;
    reply
}

/// A move announcement as the bot words it: Alice moved, Bob is to move.
fn move_reply(alice: &FakeUser, bob: &FakeUser, mv: &str) -> Reply {
    let text = format!(
        "{} played **{mv}**.\n{} (White) vs {} (Black)\n{} (Black) to move, deadline <t:1:R>.",
        alice.mention(),
        alice.mention(),
        bob.mention(),
        bob.mention()
    );
    // Bob is asked to move: he is the one it notifies.
    Reply::public(Lang::En, text).file("board.png", vec![0x89, b'P', b'N', b'G'], "A board").pinging(vec![bob.id])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_on_the_deferred_edit_are_retried_without_repeating() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let notices = ChannelNotices::default();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));

    for (status, lands) in [(500, false), (503, true), (500, true), (503, false)] {
        let before = fake.pings_of(bob.id);
        let mv = format!("{status}{lands}");
        if lands {
            fake.fail_next_after_landing(EDIT, status);
        } else {
            fake.fail_next(EDIT, status, Duration::ZERO);
        }
        let ix = fake.send(fake.command("move").from(&alice));
        respond(&rest, &notices, &interaction_target(&ix, false), "move", slowly(move_reply(&alice, &bob, &mv))).await;
        assert_eq!(fake.wait_for_callback(ix.id, WAIT).await.kind, 5, "deferred");
        let original = fake.original_message(&ix.token).expect("the original response");
        assert!(original["content"].as_str().unwrap().contains(&mv), "{original}");
        let edits = fake.messages_for(&ix.token).into_iter().filter(|m| m.kind == MessageKind::EditOriginal).count();
        assert_eq!(edits, 1, "{status} landed={lands}: the edit is made once");
        // The edit notifies nobody, so a short note does, once.
        assert_eq!(fake.pings_of(bob.id), before + 1, "{status} landed={lands}");
        assert_eq!(fake.pings_of(alice.id), 0, "the mover is not notified of their own move");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_that_never_lands_is_posted_in_the_channel() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    for _ in 0..8 {
        fake.fail_next(EDIT, 502, Duration::ZERO);
    }
    let ix = fake.send(fake.command("move").from(&alice));
    respond(
        &rest,
        &ChannelNotices::default(),
        &interaction_target(&ix, false),
        "move",
        slowly(move_reply(&alice, &bob, "9-13")),
    )
    .await;
    let posted = fake.wait_for_channel_message(ix.channel_id, |m| m.content().contains("9-13"), WAIT).await;
    assert_eq!(posted.files.len(), 1, "with the picture");
    assert_eq!(fake.pings_of(bob.id), 1);
    let everywhere = fake.posted_messages().iter().filter(|m| m.content().contains("**9-13**")).count();
    assert_eq!(everywhere, 1, "announced once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_on_a_followup_are_retried_once_delivered() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let notices = ChannelNotices::default();
    let alice = fake.user("alice");

    // A private answer after a deferral is a followup.
    fake.fail_next(FOLLOWUP, 500, Duration::ZERO);
    let ix = fake.send(fake.command("move").from(&alice));
    respond(
        &rest,
        &notices,
        &interaction_target(&ix, false),
        "move",
        slowly(Reply::ephemeral(Lang::En, "not your turn")),
    )
    .await;
    let followups: Vec<_> =
        fake.messages_for(&ix.token).into_iter().filter(|m| m.kind == MessageKind::Followup).collect();
    assert_eq!(followups.len(), 1, "{followups:?}");
    assert_eq!(followups[0].content(), "not your turn");

    // A button's public answer after a silent acknowledgement goes to the
    // channel; a 503 after it was posted does not post it twice.
    let bob = fake.user("bob");
    fake.fail_next_after_landing("POST /channels/*/messages", 503);
    let press = fake.send(fake.button("res:1").from(&bob));
    // Alice is notified (as if the message asked her something): once, however often it is tried.
    let resigned =
        Reply::public(Lang::En, format!("{} resigned.\n**Game over.** {} wins.", bob.mention(), alice.mention()))
            .pinging(vec![alice.id]);
    respond(&rest, &notices, &interaction_target(&press, true), "button", slowly(resigned)).await;
    assert_eq!(fake.wait_for_callback(press.id, WAIT).await.kind, 6);
    let posted = fake.posted_messages().iter().filter(|m| m.content().contains("resigned")).count();
    assert_eq!(posted, 1, "posted once");
    assert_eq!(fake.pings_of(alice.id), 1);
    assert_eq!(fake.pings_of(bob.id), 0);
}
