//! A challenge's post never outlives the challenge: however it closes
//! other than by a press on the post itself (a typed `/accept`, `/decline`
//! or `/cancel`, a moderator's `/abort`, another challenge's game taking
//! the channel, its time running out), the post is edited in place: its
//! terms struck through, how it closed said under them, its buttons gone.
//! A press on the post replaces it with its answer and costs no edit more;
//! an expiry costs one edit and no new message.

use damas::game::DAY;
use damas::i18n::Lang;
use damas::t;
use serde_json::Value;

use crate::support::bot::{Started, WAIT, ask, buttons_now};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, MANAGE_MESSAGES, MessageKind, PostedMessage};

/// A challenge's post: the message, its id, its buttons' custom ids.
struct Post {
    message: Value,
    id: u64,
    buttons: Vec<String>,
}

/// The post a command's answer became.
fn post_of(posted: &Callback) -> Post {
    let message = posted.message.clone().expect("the challenge's post");
    let id = message["id"].as_str().and_then(|id| id.parse().ok()).expect("a message id");
    Post { message, id, buttons: posted.custom_ids() }
}

/// `challenger` challenges `opponent` (anyone, when `None`) in `channel`:
/// the post, with its buttons.
async fn challenge(fake: &FakeDiscord, channel: u64, challenger: &FakeUser, opponent: Option<&FakeUser>) -> Post {
    let mut command = fake.command("challenge").in_channel(channel);
    if let Some(opponent) = opponent {
        command = command.user("opponent", opponent);
    }
    let posted = ask(fake, command.from(challenger)).await;
    assert!(!posted.is_ephemeral() && !posted.custom_ids().is_empty(), "{posted:?}");
    post_of(&posted)
}

/// Waits for the edit of post `id` and checks what it says now: the
/// challenge struck through, then `closing`, without buttons.
async fn closed_as(fake: &FakeDiscord, post: &Post, closing: &str) -> PostedMessage {
    let what = format!("the edit of challenge post {}", post.id);
    let edit =
        fake.wait_for_message(&what, WAIT, |m| m.kind == MessageKind::ChannelEdit && m.message_id == post.id).await;
    let text = edit.content();
    let (struck, said) = text.rsplit_once('\n').expect("two parts");
    let posted = post.message["content"].as_str().expect("the post's text");
    assert_eq!(struck, format!("~~{posted}~~"), "the terms as posted, struck through");
    assert_eq!(said, closing, "{text}");
    assert!(buttons_now(fake, &post.message).is_empty(), "no button left on {text}");
    assert_eq!(edit.data["allowed_mentions"]["users"], serde_json::json!([]), "an edit notifies nobody");
    edit
}

fn edits_of(fake: &FakeDiscord, id: u64) -> usize {
    fake.count_messages(|m| m.kind == MessageKind::ChannelEdit && m.message_id == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_way_a_challenge_closes_is_said_on_its_post() {
    let Started { fake, database: _database, clock, bot: _bot, .. } = Started::new().await;
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let moderator = FakeUser::new(fake.new_id(), "mod").with_permissions(MANAGE_MESSAGES);

    // Declined by a typed command.
    let channel = fake.new_id();
    let post = challenge(&fake, channel, &ana, Some(&bruno)).await;
    ask(&fake, fake.command("decline").in_channel(channel).from(&bruno)).await;
    let declined = t!(Lang::En, "challenge-declined", opponent = bruno.mention(), challenger = ana.mention());
    closed_as(&fake, &post, &declined).await;

    // Withdrawn by a typed command.
    let channel = fake.new_id();
    let post = challenge(&fake, channel, &ana, Some(&bruno)).await;
    ask(&fake, fake.command("cancel").in_channel(channel).from(&ana)).await;
    let withdrawn = t!(Lang::En, "challenge-withdrawn", challenger = ana.mention(), opponent = bruno.mention());
    closed_as(&fake, &post, &withdrawn).await;

    // Accepted by a typed command; the other challenge of the channel is
    // closed by the game that now holds it.
    let channel = fake.new_id();
    let accepted = challenge(&fake, channel, &ana, Some(&bruno)).await;
    let other = challenge(&fake, channel, &carla, None).await;
    let answer = ask(&fake, fake.command("accept").user("challenger", &ana).in_channel(channel).from(&bruno)).await;
    assert!(!answer.is_ephemeral(), "{answer:?}");
    closed_as(&fake, &accepted, &t!(Lang::En, "challenge-post-accepted", player = bruno.mention())).await;
    closed_as(&fake, &other, &t!(Lang::En, "challenge-post-closed-by-game")).await;

    // Closed by a moderator.
    let channel = fake.new_id();
    let post = challenge(&fake, channel, &ana, None).await;
    ask(&fake, fake.command("abort").in_channel(channel).from(&moderator)).await;
    closed_as(&fake, &post, &t!(Lang::En, "challenge-post-closed-by", player = moderator.mention())).await;

    // Declined by its own button: the press's answer replaced the post,
    // and no edit follows it (a tick passes meanwhile, below).
    let channel = fake.new_id();
    let pressed = challenge(&fake, channel, &ana, Some(&bruno)).await;
    let decline = pressed.buttons.iter().find(|id| id.starts_with("dec:")).expect("a Decline button");
    let press = fake.button(decline).in_channel(channel).on_message(&pressed.message);
    let replaced = ask(&fake, press.from(&bruno)).await;
    assert_eq!(replaced.kind, 7, "the press updates the post: {replaced:?}");

    // Left to expire: the post says so, and nothing new is posted.
    let channel = fake.new_id();
    let post = challenge(&fake, channel, &ana, Some(&bruno)).await;
    let posted_before = posts_in(&fake, channel);
    clock.advance(3 * DAY);
    let expired = t!(Lang::En, "challenge-expired", challenger = ana.mention(), opponent = bruno.mention());
    closed_as(&fake, &post, &expired).await;
    assert_eq!(posts_in(&fake, channel), posted_before, "no new message for the expiry");
    assert_eq!(edits_of(&fake, post.id), 1, "one edit");
    assert_eq!(edits_of(&fake, pressed.id), 0, "the pressed post is not edited again");
}

/// In Spanish, as a Spanish server reads it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_post_reads_in_the_servers_spanish() {
    let Started { fake, database: _database, bot: _bot, .. } = Started::new().await;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    for locale in ["es-ES", "es-419"] {
        let channel = fake.new_id();
        let command = fake.command("challenge").in_channel(channel).user("opponent", &bruno).guild_locale(locale);
        let post = post_of(&ask(&fake, command.from(&ana)).await);
        ask(&fake, fake.command("decline").in_channel(channel).guild_locale(locale).from(&bruno)).await;
        let edit =
            closed_as(&fake, &post, &format!("{} rechazó el desafío de {}.", bruno.mention(), ana.mention())).await;
        assert!(edit.content().contains("te desafía"), "{}", edit.content());
    }
}

fn posts_in(fake: &FakeDiscord, channel: u64) -> usize {
    fake.count_messages(|m| m.kind == MessageKind::Channel && m.channel_id == channel)
}
