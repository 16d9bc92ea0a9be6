//! End to end: work slower than the bot's patience is deferred (Discord
//! wants a first answer within 3 seconds), then delivered: a public reply
//! replaces the "thinking" message, a private one arrives as an ephemeral
//! followup, and a button's update edits the button's message.

use std::time::Duration;

use crate::support::bot::{WAIT, interaction_target};
use crate::support::fake_discord::{FakeDiscord, MessageKind};
use damas::discord::interactions::respond::{DEFER_AFTER, respond};
use damas::discord::messages::deliver::ChannelNotices;
use damas::discord::messages::reply::Reply;
use damas::discord::rest::Rest;
use damas::i18n::Lang;
use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder};

/// The bot's REST client for the fake, plus a connected client that ignores every
/// event, so the fake has a session to send interactions on: this test
/// answers them itself, through the bot's reply layer.
async fn rest_for(fake: &FakeDiscord) -> Rest {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_public_reply_is_deferred_then_edited_in() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let alice = fake.user("alice");
    let ix = fake.send(fake.command("board").from(&alice));
    let png = vec![0x89, b'P', b'N', b'G'];
    respond(
        &rest,
        &ChannelNotices::default(),
        &interaction_target(&ix, false),
        "board",
        slowly(Reply::public(Lang::En, "late board").file("board.png", png, "A late board")),
    )
    .await;

    let first = fake.wait_for_callback(ix.id, WAIT).await;
    assert_eq!(first.kind, 5, "deferred");
    assert!(!first.is_ephemeral());
    let edit = fake.wait_for_edit(&ix.token, WAIT).await;
    assert_eq!(edit.content(), "late board");
    assert_eq!(edit.files.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_refusal_stays_private() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let alice = fake.user("alice");
    let ix = fake.send(fake.command("move").string("move", "1-5").from(&alice));
    respond(
        &rest,
        &ChannelNotices::default(),
        &interaction_target(&ix, false),
        "move",
        slowly(Reply::ephemeral(Lang::En, "not your turn")),
    )
    .await;

    assert_eq!(fake.wait_for_callback(ix.id, WAIT).await.kind, 5);
    let followup = fake.wait_for_followup(&ix.token, WAIT).await;
    assert_eq!(followup.content(), "not your turn");
    assert_eq!(followup.data["flags"].as_u64().unwrap_or(0) & 64, 64, "ephemeral");
    let deleted = fake.requests().iter().any(|r| r.method == "DELETE" && r.path.ends_with("/messages/@original"));
    assert!(deleted, "the public thinking message is removed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_button_update_edits_the_buttons_message() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let bob = fake.user("bob");
    let ix = fake.send(fake.button("acc:1").from(&bob));
    respond(
        &rest,
        &ChannelNotices::default(),
        &interaction_target(&ix, true),
        "button",
        slowly(Reply::public(Lang::En, "game on").updating()),
    )
    .await;

    assert_eq!(fake.wait_for_callback(ix.id, WAIT).await.kind, 6, "acknowledged without a message");
    let edit = fake.wait_for_edit(&ix.token, WAIT).await;
    assert_eq!(edit.kind, MessageKind::EditOriginal);
    assert_eq!(edit.content(), "game on");
    assert!(edit.custom_ids().is_empty(), "the buttons are gone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_reply_is_not_deferred() {
    let fake = FakeDiscord::start().await;
    let rest = rest_for(&fake).await;
    let alice = fake.user("alice");
    let ix = fake.send(fake.command("help").from(&alice));
    respond(&rest, &ChannelNotices::default(), &interaction_target(&ix, false), "help", async {
        Reply::ephemeral(Lang::En, "help text")
    })
    .await;
    let only = fake.wait_for_callback(ix.id, WAIT).await;
    assert_eq!((only.kind, only.content()), (4, Some("help text")));
    assert!(only.is_ephemeral());
}
