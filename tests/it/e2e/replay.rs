//! `/replay [game]` and the Replay button, end to end through the fake
//! Discord: the GIF of a game (one frame per position, plies + 1) found by
//! number or as the channel's last game, the button on the message that
//! announces the end, and a private refusal for unknown numbers and games
//! of another server.

use std::io::Cursor;
use std::time::Duration;

use crate::support::bot::{RunningBot, Started, WAIT, ask, ask_closing, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, Place};
use damas::config::Clock;
use damas::game::GameService;
use image::AnimationDecoder;
use image::codecs::gif::GifDecoder;

/// An opening with a capture each way (RULES 5.1): 4 plies.
const OPENING: [&str; 4] = ["10-14", "23-19", "14x23", "27x20"];

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

/// The number of frames of the replay of `game` attached to `reply`.
fn replay_frames(reply: &Callback, game: i64) -> usize {
    // Named in the reader's language: "damas-game-7.gif", "damas-partida-7.gif".
    let name = format!("-{game}.gif");
    let file = reply.files.iter().find(|f| f.filename.ends_with(&name)).unwrap_or_else(|| panic!("no GIF: {reply:?}"));
    let decoder = GifDecoder::new(Cursor::new(file.bytes.to_vec())).expect("a GIF");
    decoder.into_frames().collect_frames().expect("every frame decodes").len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_by_number_from_the_channel_and_from_the_end_of_game_button() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let (channel, elsewhere) = (fake.new_id(), fake.new_id());

    let c = fake.command("challenge").user("opponent", &bruno).string("color", "white").in_channel(channel);
    ask(&fake, c.from(&ana)).await;
    ask(&fake, fake.command("accept").in_channel(channel).from(&bruno)).await;
    let game = service.game_in_channel(channel).await.unwrap().id;
    for (i, notation) in OPENING.iter().enumerate() {
        let player = if i % 2 == 0 { &ana } else { &bruno };
        let played = ask(&fake, fake.command("move").string("move", notation).in_channel(channel).from(player)).await;
        assert!(!played.is_ephemeral(), "{notation}: {}", text(&played));
    }

    // The live game so far, by number, from another channel: public. (Asked
    // by someone else than Carla: a replay that must be made has a
    // cooldown per person; one kept, as the ended game's below, has none.)
    let dora = fake.user("dora");
    let so_far = ask(&fake, fake.command("replay").integer("game", game).in_channel(elsewhere).from(&dora)).await;
    assert!(!so_far.is_ephemeral(), "{}", text(&so_far));
    assert!(text(&so_far).contains(&format!("Replay of **Game #{game}**")), "{}", text(&so_far));
    assert_eq!(replay_frames(&so_far, game), OPENING.len() + 1);

    // Bruno resigns: the message announcing the end carries the Replay button.
    let confirm = ask(&fake, fake.command("resign").in_channel(channel).from(&bruno)).await;
    let resign = confirm.custom_ids().pop().expect("a confirm button");
    let on = confirm.message.clone().unwrap();
    let over = ask_closing(&fake, fake.button(&resign).in_channel(channel).on_message(&on).from(&bruno)).await;
    assert!(!over.is_ephemeral() && text(&over).contains("resigned"), "{}", text(&over));
    let replay_button = format!("rpl:{game}");
    assert_eq!(over.custom_ids(), std::slice::from_ref(&replay_button));

    // Pressing it shows the GIF to whoever pressed, in their language.
    let end = over.message.clone().expect("the end-of-game message");
    let press = fake.button(&replay_button).on_message(&end).in_channel(channel).from(&carla).locale("es-ES");
    let pressed = ask(&fake, press).await;
    assert!(pressed.is_ephemeral(), "{}", text(&pressed));
    assert!(text(&pressed).contains(&format!("Repetición de **Partida #{game}**")), "{}", text(&pressed));
    assert_eq!(replay_frames(&pressed, game), OPENING.len() + 1);

    // Without a number, in the channel: its last game, now over.
    let last = ask(&fake, fake.command("replay").in_channel(channel).from(&carla)).await;
    assert!(!last.is_ephemeral(), "{}", text(&last));
    assert_eq!(replay_frames(&last, game), OPENING.len() + 1);

    // Unknown numbers and other servers: a private refusal, by command and by button.
    let unknown = ask(&fake, fake.command("replay").integer("game", game + 100).in_channel(channel).from(&carla)).await;
    assert!(unknown.is_ephemeral() && text(&unknown).contains("There is no game #"), "{}", text(&unknown));
    assert!(unknown.files.is_empty());
    let other_server = || Place::Guild { guild_id: fake.new_id(), channel_id: fake.new_id() };
    let foreign = ask(&fake, fake.command("replay").integer("game", game).at(other_server()).from(&carla)).await;
    assert!(foreign.is_ephemeral() && text(&foreign).contains("There is no game #"), "{}", text(&foreign));
    let forged = ask(&fake, fake.button(&replay_button).at(other_server()).from(&carla)).await;
    assert!(forged.is_ephemeral() && text(&forged).contains("There is no game #"), "{}", text(&forged));
    assert!(forged.files.is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loss_on_time_announced_by_the_clock_carries_the_replay_button() {
    let Started { fake, database: _database, url, clock, bot } = Started::new().await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = fake.new_id();
    let c = fake.command("challenge").user("opponent", &bruno).string("color", "white").in_channel(channel);
    ask(&fake, c.from(&ana)).await;
    ask(&fake, fake.command("accept").in_channel(channel).from(&bruno)).await;
    ask(&fake, fake.command("move").string("move", OPENING[0]).in_channel(channel).from(&ana)).await;
    let game = service.game_in_channel(channel).await.unwrap().id;

    // Bruno lets his 3 days pass: the clock posts the end in the channel,
    // as a plain message that keeps its button.
    clock.advance(4 * damas::game::DAY);
    let lost = fake.wait_for_channel_message(channel, |m| m.content().contains("Time is up"), WAIT).await;
    assert_eq!(lost.custom_ids(), [format!("rpl:{game}")]);
    let press = fake.button(&format!("rpl:{game}")).on_message(&lost.message).in_channel(channel).from(&bruno);
    let pressed = ask(&fake, press).await;
    assert!(pressed.is_ephemeral(), "{}", text(&pressed));
    assert_eq!(replay_frames(&pressed, game), 2, "the start and one move");
    bot.stop().await;
}
