//! Every game keeps its number and its record, end to end through the fake
//! Discord: the game's messages show "Game #N"; `/pdn` gives the record of
//! the channel's live game, of the last game that ended there, or of any
//! game of the server by number; `/game number` shows one game; unknown
//! numbers and games of another server get a clear private refusal.

use std::time::Duration;

use crate::support::bot::{RunningBot, ask, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, Place};
use damas::config::Clock;
use damas::game::{ChallengePick, ColorChoice, GameService, NewChallenge};

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

fn pdn_of(reply: &Callback, game: i64) -> String {
    let file = reply.file(&format!("damas-game-{game}.pdn")).unwrap_or_else(|| panic!("no record file: {reply:?}"));
    String::from_utf8(file.bytes.to_vec()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_found_by_number_and_their_records_outlive_them() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let (channel, elsewhere, empty) = (fake.new_id(), fake.new_id(), fake.new_id());

    // The game's messages carry its number.
    let c = fake.command("challenge").user("opponent", &bruno).string("color", "white").in_channel(channel);
    ask(&fake, c.from(&ana)).await;
    let started = ask(&fake, fake.command("accept").in_channel(channel).from(&bruno)).await;
    let game = service.game_in_channel(channel).await.unwrap().id;
    let number = format!("**Game #{game}**");
    assert!(text(&started).contains(&number), "{}", text(&started));
    let played = ask(&fake, fake.command("move").string("move", "11-15").in_channel(channel).from(&ana)).await;
    assert!(text(&played).contains(&number), "{}", text(&played));

    // The live game's record, from its channel.
    let so_far = ask(&fake, fake.command("pdn").in_channel(channel).from(&carla)).await;
    assert!(!so_far.is_ephemeral() && text(&so_far).contains("record so far"), "{}", text(&so_far));
    assert!(pdn_of(&so_far, game).contains("1. 11-15 *"), "{}", pdn_of(&so_far, game));

    // `/game number` from another channel: board and summary.
    let shown = ask(&fake, fake.command("game").integer("number", game).in_channel(elsewhere).from(&carla)).await;
    assert!(!shown.is_ephemeral(), "{}", text(&shown));
    for words in [number.as_str(), "1 ply played", "(Black) to move", &format!("<#{channel}>")] {
        assert!(text(&shown).contains(words), "«{words}» in {}", text(&shown));
    }
    assert!(shown.file("board.png").is_some());

    // Once it is over, the channel's `/pdn` still finds it, with its result;
    // and so does its number from anywhere in the server.
    service.games().resign(clock.now(), channel, bruno.id).await.unwrap();
    let last = ask(&fake, fake.command("pdn").in_channel(channel).from(&carla)).await;
    assert!(text(&last).contains(&number) && text(&last).contains("wins"), "{}", text(&last));
    let record = pdn_of(&last, game);
    assert!(record.contains("[Result \"2-0\"]") && record.contains("11-15"), "{record}");
    let by_number = ask(&fake, fake.command("pdn").integer("game", game).in_channel(elsewhere).from(&carla)).await;
    assert_eq!(pdn_of(&by_number, game), record);
    let over = ask(&fake, fake.command("game").integer("number", game).in_channel(elsewhere).from(&carla)).await;
    assert!(text(&over).contains("Game over") && text(&over).contains("resigned"), "{}", text(&over));

    // Bad numbers and other servers: a private refusal.
    let unknown = ask(&fake, fake.command("pdn").integer("game", game + 100).in_channel(channel).from(&carla)).await;
    assert!(unknown.is_ephemeral() && text(&unknown).contains("There is no game #"), "{}", text(&unknown));
    let none = ask(&fake, fake.command("pdn").in_channel(empty).from(&carla)).await;
    assert!(none.is_ephemeral() && text(&none).contains("No game has been played"), "{}", text(&none));
    let other_server = Place::Guild { guild_id: fake.new_id(), channel_id: fake.new_id() };
    let foreign = ask(&fake, fake.command("game").integer("number", game).at(other_server).from(&carla)).await;
    assert!(foreign.is_ephemeral() && text(&foreign).contains("There is no game #"), "{}", text(&foreign));

    // Eleven more games, Bruno and Ana resigning in turn: Ana's history
    // counts 12 (7 won, 5 lost), newest first, 10 to a page.
    let none = ask(&fake, fake.command("history").user("user", &carla).in_channel(channel).from(&carla)).await;
    assert!(text(&none).contains("no ended game"), "{}", text(&none));
    let mut ids = vec![game];
    for i in 0..11 {
        let here = fake.new_id();
        let c = NewChallenge {
            guild: Some(fake.guild_id()),
            color: ColorChoice::White,
            ..NewChallenge::new(here, ana.id, bruno.id)
        };
        service.challenges().challenge(clock.now(), c).await.unwrap();
        let started = service.challenges().accept(clock.now(), here, bruno.id, ChallengePick::Mine).await.unwrap();
        let resigner = if i % 2 == 0 { bruno.id } else { ana.id };
        service.games().resign(clock.now(), here, resigner).await.unwrap();
        ids.push(started.id);
    }
    let first = ask(&fake, fake.command("history").in_channel(channel).from(&ana)).await;
    let body = text(&first);
    assert!(!first.is_ephemeral(), "{body}");
    assert!(body.contains("(12)**: 7 won, 0 drawn, 5 lost") && body.contains("page 1 of 2"), "{body}");
    let lines: Vec<&str> = body.lines().skip(1).collect();
    assert_eq!(lines.len(), 10, "{body}");
    assert!(lines[0].starts_with(&format!("#{} ", ids[11])), "newest first: {body}");
    // The last of the eleven Bruno resigned; the one before, Ana.
    assert!(lines[0].contains("White against") && lines[0].contains("won (resignation)"), "{body}");
    assert!(lines[1].contains("lost (resignation)"), "{body}");
    let next = first.custom_ids()[1].clone();
    let message = first.message.clone().expect("the history message");
    let second = ask(&fake, fake.button(&next).on_message(&message).in_channel(channel).from(&carla)).await;
    let body = text(&second);
    assert!(body.contains("page 2 of 2"), "{body}");
    let lines: Vec<&str> = body.lines().skip(1).collect();
    assert_eq!(lines.len(), 2, "{body}");
    assert!(lines[1].starts_with(&format!("#{game} ")), "the oldest last: {body}");
    bot.stop().await;
}
