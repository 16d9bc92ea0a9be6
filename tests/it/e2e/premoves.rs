//! Conditional premoves end to end through the fake Discord (issue:
//! correspondence comfort, item 1): a player stores a line with
//! `/premove`, and each time the opponent makes the expected move the
//! reply is played at once and announced in the game's channel with the
//! board and the ping of the player to move - three replies deep - in
//! English and, for a Spanish server and reader, in Spanish.

use damas::game::{ChallengePick, ColorChoice, GameError, GameService, MAX_PREMOVE_PLIES, NewChallenge};
use damas::i18n::Lang;
use damas::rules::Game;
use damas::t;

use crate::support::bot::{Started, WAIT, ask};
use crate::support::fake_discord::{FakeUser, InteractionBuilder};
use crate::support::games::Backend;

/// The first legal move of `game` once `then` are played.
fn first_legal_after(game: &Game, then: &[String]) -> String {
    let mut game = game.clone();
    for mv in then {
        game.play_notation(mv).unwrap();
    }
    game.position().legal_moves_with_notation()[0].1.clone()
}

/// A line as `/premove` shows it: the opponent's move → **the reply**.
fn pairs(line: &[String]) -> String {
    line.chunks(2).map(|p| format!("{} → **{}**", p[0], p[1])).collect::<Vec<_>>().join(" · ")
}

async fn a_line_three_replies_deep(locale: &str, lang: Lang, backend: Backend) {
    let Started { fake, database: _database, url, clock, bot: _bot } = Started::on(backend).await;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = fake.new_id();
    let service = GameService::open(&url).await.unwrap();
    let c = NewChallenge {
        guild: Some(fake.guild_id()),
        color: ColorChoice::White,
        ..NewChallenge::new(channel, ana.id, bruno.id)
    };
    service.challenges().challenge(clock.now(), c).await.unwrap();
    let game = service.challenges().accept(clock.now(), channel, bruno.id, ChallengePick::Mine).await.unwrap();
    let from =
        |b: InteractionBuilder, user: &FakeUser| b.in_channel(channel).from(user).locale(locale).guild_locale(locale);

    // Bruno (Black) expects 11-15 and answers three moves ahead.
    let mut line: Vec<String> = ["11-15", "22-19", "15x22", "26x19"].map(String::from).to_vec();
    line.push(first_legal_after(&game.game, &line));
    line.push(first_legal_after(&game.game, &line));
    let stored = ask(&fake, from(fake.command("premove").string("line", &line.join(" ")), &bruno)).await;
    assert!(stored.is_ephemeral(), "{stored:?}");
    let expected = t!(lang, "premove-stored", line = pairs(&line));
    assert!(stored.content().unwrap().contains(&expected), "{:?}", stored.content());

    for (i, ana_move) in line.iter().step_by(2).enumerate() {
        let moved = ask(&fake, from(fake.command("move").string("move", ana_move), &ana)).await;
        assert!(!moved.is_ephemeral(), "{moved:?}");
        let follows = t!(lang, "premove-follows", player = bruno.mention());
        assert!(moved.content().unwrap().contains(&follows), "{:?}", moved.content());
        // The line answered: Bruno is not told that none of it will play.
        let set_aside = t!(lang, "premoves-set-aside", player = bruno.mention());
        assert!(!moved.content().unwrap().contains(&set_aside), "{:?}", moved.content());
        // Bruno is not pinged for a move already made for him.
        assert_eq!(moved.data["allowed_mentions"]["users"], serde_json::json!([]), "{moved:?}");
        let reply = &line[2 * i + 1];
        let said = t!(lang, "premove-played", player = bruno.mention(), notation = reply.clone());
        let announced = fake.wait_for_channel_message(channel, |m| m.content().contains(&said), WAIT).await;
        assert_eq!(announced.files.len(), 1, "the board after the reply");
        assert!(announced.content().contains(&ana.mention()), "Ana is to move: {}", announced.content());
    }
    let now = service.game_in_channel(channel).await.unwrap();
    assert_eq!(now.game.notations(), line.as_slice());

    // Used up: `/premove` alone says there are none, and how to add one.
    let shown = ask(&fake, from(fake.command("premove"), &bruno)).await;
    assert_eq!(shown.content(), Some(t!(lang, "premove-none").as_str()));
    // A line that does not end on Bruno's own move is refused, nothing stored.
    let odd = ask(&fake, from(fake.command("premove").string("line", "11-15"), &bruno)).await;
    assert!(odd.is_ephemeral());
    let shape = damas::i18n::game_error(lang, &GameError::PremoveLineShape(MAX_PREMOVE_PLIES));
    assert!(odd.content().unwrap().contains(&shape), "{:?}", odd.content());
    assert!(service.games().premoves_of(channel, bruno.id).await.unwrap().is_empty());

    // A line the game leaves is set aside, and Bruno is told so, not left waiting.
    let now = service.game_in_channel(channel).await.unwrap();
    let legal = now.game.position().legal_moves_with_notation();
    assert!(legal.len() > 1, "Ana has a choice");
    let expected = legal[0].1.clone();
    let reply = first_legal_after(&now.game, std::slice::from_ref(&expected));
    let stored = ask(&fake, from(fake.command("premove").string("line", &format!("{expected} {reply}")), &bruno)).await;
    assert!(stored.is_ephemeral(), "{stored:?}");
    let moved = ask(&fake, from(fake.command("move").string("move", &legal[1].1), &ana)).await;
    let set_aside = t!(lang, "premoves-set-aside", player = bruno.mention());
    assert!(moved.content().unwrap().contains(&set_aside), "{:?}", moved.content());
    assert_eq!(moved.data["allowed_mentions"]["users"], serde_json::json!([bruno.id.to_string()]), "{moved:?}");
    assert!(service.games().premoves_of(channel, bruno.id).await.unwrap().is_empty());
}

crate::on_both_backends!(multi_thread: a_premove_line_is_played_three_replies_deep_with_its_announcements);

async fn a_premove_line_is_played_three_replies_deep_with_its_announcements(backend: Backend) {
    a_line_three_replies_deep("en-US", Lang::En, backend).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_line_in_a_spanish_server_is_announced_in_spanish() {
    a_line_three_replies_deep("es-ES", Lang::Es, Backend::Sqlite).await;
}
