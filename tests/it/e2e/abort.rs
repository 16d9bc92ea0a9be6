//! Moderation and challenges in a public server, end to end through the
//! fake Discord: `/abort` is offered to moderators and checked when it runs
//! (Manage Messages, or Manage Threads in a thread); players abort with the
//! button before each side has moved; two challenges wait in one channel.

use std::time::Duration;

use damas::config::Clock;
use damas::game::GameError;
use damas::game::GameService;

use crate::support::bot::{
    RunningBot, abort as support_abort, ask, ask_closing, assert_refusal, buttons_now, config, database_in,
    wait_for_no_buttons,
};
use crate::support::fake_discord::{
    Callback, FakeDiscord, FakeUser, InteractionBuilder, MANAGE_MESSAGES, MANAGE_THREADS,
};

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

/// Ana challenges Bruno as White in `channel` (a thread if `thread`), and
/// Bruno accepts; the reply that starts the game.
async fn start(fake: &FakeDiscord, ana: &FakeUser, bruno: &FakeUser, channel: u64, thread: bool) -> Callback {
    let place = |b: InteractionBuilder| {
        if thread { b.in_thread(channel) } else { b.in_channel(channel) }
    };
    let challenge = place(fake.command("challenge").user("opponent", bruno).string("color", "white")).from(ana);
    assert!(text(&ask(fake, challenge).await).contains("challenges you"));
    ask(fake, place(fake.command("accept")).from(bruno)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_abort_players_abort_early_and_challenges_share_a_channel() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();

    let abort = fake.registered_commands().into_iter().find(|c| c["name"] == "abort").expect("/abort registered");
    assert_eq!(abort["default_member_permissions"], MANAGE_MESSAGES.to_string(), "offered to moderators");

    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let moderator = FakeUser::new(fake.new_id(), "mod").with_permissions(MANAGE_MESSAGES);
    let thread_moderator = FakeUser::new(fake.new_id(), "threadmod").with_permissions(MANAGE_THREADS);
    fake.add_user(&moderator);
    fake.add_user(&thread_moderator);

    // A game where each side has moved: members and players are refused.
    let channel = fake.new_id();
    let started = start(&fake, &ana, &bruno, channel, false).await;
    let ids = started.custom_ids();
    assert!(ids.len() == 2 && ids[1].starts_with("abo:"), "Move, and Abort before anyone moves: {ids:?}");
    for (user, mv) in [(&ana, "11-15"), (&bruno, "22-18")] {
        let reply = ask(&fake, fake.command("move").string("move", mv).in_channel(channel).from(user)).await;
        assert!(!reply.is_ephemeral(), "{:?}", reply.content());
    }
    let refused = ask(&fake, fake.command("abort").in_channel(channel).from(&carla)).await;
    assert_refusal(&refused, &GameError::NotModerator);
    let refused = ask(&fake, fake.command("abort").in_channel(channel).from(&ana)).await;
    assert_refusal(&refused, &GameError::AbortTooLate);
    // Manage Threads is not enough outside a thread.
    let refused = ask(&fake, fake.command("abort").in_channel(channel).from(&thread_moderator)).await;
    assert_refusal(&refused, &GameError::NotModerator);
    assert!(service.game_in_channel(channel).await.is_ok(), "refusals changed nothing");

    // A moderator can, once confirmed; the channel is told who did it.
    let aborted = support_abort(&fake, channel, &moderator).await;
    assert!(!aborted.is_ephemeral(), "{:?}", aborted.content());
    assert!(
        text(&aborted).contains("aborted") && text(&aborted).contains(&moderator.mention()),
        "{:?}",
        aborted.content()
    );
    assert!(aborted.file("board.png").is_some());
    assert!(text(&aborted).ends_with("A new challenge may start here."), "{:?}", aborted.content());
    assert!(service.game_in_channel(channel).await.is_err());

    // In a thread, Manage Threads is enough.
    let thread = fake.new_id();
    start(&fake, &ana, &bruno, thread, true).await;
    let confirm = ask(&fake, fake.command("abort").in_thread(thread).from(&thread_moderator)).await;
    assert!(confirm.is_ephemeral() && text(&confirm).contains("cannot be undone"), "{:?}", confirm.content());
    let on = confirm.message.clone().unwrap();
    let yes = fake.button(&confirm.custom_ids()[0]).on_message(&on).in_thread(thread).from(&thread_moderator);
    let aborted = ask_closing(&fake, yes).await;
    assert!(text(&aborted).contains(&thread_moderator.mention()), "{:?}", aborted.content());
    assert!(service.game_in_channel(thread).await.is_err());

    // A player presses Abort before each side has moved.
    let channel = fake.new_id();
    let started = start(&fake, &ana, &bruno, channel, false).await;
    let button = started.custom_ids().into_iter().find(|id| id.starts_with("abo:")).expect("an Abort button");
    let message = started.message.clone().expect("the game message");
    // It asks first, privately: nothing is aborted yet.
    let confirm = ask(&fake, fake.button(&button).on_message(&message).in_channel(channel).from(&bruno)).await;
    assert!(confirm.is_ephemeral(), "{:?}", confirm.content());
    assert!(text(&confirm).contains("Abort game #"), "{:?}", confirm.content());
    assert!(service.game_in_channel(channel).await.is_ok(), "asking changed nothing");
    let on = confirm.message.clone().unwrap();
    let yes = confirm.custom_ids().into_iter().find(|id| id.starts_with("abc:")).expect("the confirm button");
    let pressed = ask_closing(&fake, fake.button(&yes).on_message(&on).in_channel(channel).from(&bruno)).await;
    assert!(text(&pressed).contains("aborted") && text(&pressed).contains(&bruno.mention()), "{:?}", pressed.content());
    assert!(pressed.custom_ids().is_empty(), "the aborted game's message has no buttons");
    assert!(service.game_in_channel(channel).await.is_err());
    // The confirmation now only says what was done; the game's message lost its buttons.
    assert!(buttons_now(&fake, &on).is_empty(), "the confirmation is closed");
    wait_for_no_buttons(&fake, &message).await;

    // Two challenges wait in one channel; accepting one closes the other.
    let channel = fake.new_id();
    for challenger in [&ana, &carla] {
        let c = fake.command("challenge").user("opponent", &bruno).in_channel(channel).from(challenger);
        let reply = ask(&fake, c).await;
        assert!(!reply.is_ephemeral() && text(&reply).contains("challenges you"), "{:?}", reply.content());
    }
    let unclear = ask(&fake, fake.command("accept").in_channel(channel).from(&bruno)).await;
    assert_refusal(&unclear, &GameError::SeveralChallenges(2));
    let accepted = ask(&fake, fake.command("accept").user("challenger", &carla).in_channel(channel).from(&bruno)).await;
    let body = text(&accepted);
    assert!(body.contains("The game begins"), "{body}");
    assert!(body.contains("other challenges in this channel are closed") && body.contains(&ana.mention()), "{body}");
    let game = service.game_in_channel(channel).await.unwrap();
    assert!([game.white, game.black].contains(&carla.id));
    assert!(service.open_challenges_in_channel(channel).await.unwrap().is_empty());

    // A moderator closes the challenges waiting in a channel.
    let channel = fake.new_id();
    ask(&fake, fake.command("challenge").user("opponent", &bruno).in_channel(channel).from(&ana)).await;
    let closed = ask(&fake, fake.command("abort").in_channel(channel).from(&moderator)).await;
    assert!(text(&closed).contains("closed the open challenges"), "{:?}", closed.content());
    assert!(service.open_challenges_in_channel(channel).await.unwrap().is_empty());
    bot.stop().await;
}
