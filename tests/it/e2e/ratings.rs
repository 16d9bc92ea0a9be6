//! Ratings end to end through the fake Discord: two rated games played with
//! commands, their end messages showing the rating changes; a casual game
//! that changes nothing; `/rating` with its chart, titled with the
//! server's name (asked of Discord once and kept; "this server" when
//! Discord does not give it) and described in English and Spanish;
//! `/leaderboard`; `/history` and `/pdn` of the finished games by number
//! and without one.

use std::time::Duration;

use crate::support::bot::{RunningBot, ask, config, database_in, resign};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, GUILD_NAME};
use crate::support::games::first_moves;
use damas::calendar::Date;
use damas::config::Clock;
use damas::game::GameService;
use damas::i18n::Lang;
use damas::rules::Position;

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

/// `white` challenges `black` in `channel` (with `extra` options), `black`
/// accepts, and both play their first two moves.
async fn start_and_play(fake: &FakeDiscord, channel: u64, white: &FakeUser, black: &FakeUser, rated: Option<bool>) {
    let mut c = fake.command("challenge").user("opponent", black).string("color", "white").in_channel(channel);
    if let Some(rated) = rated {
        c = c.boolean("rated", rated);
    }
    let challenge = ask(fake, c.from(white)).await;
    let casual = rated == Some(false);
    assert_eq!(text(&challenge).contains("casual (not rated)"), casual, "{}", text(&challenge));
    assert_eq!(text(&challenge).contains("rated ·"), !casual, "{}", text(&challenge));
    ask(fake, fake.command("accept").in_channel(channel).from(black)).await;
    for (i, mv) in first_moves(&Position::initial(), 4).iter().enumerate() {
        let player = if i % 2 == 0 { white } else { black };
        let played = ask(fake, fake.command("move").string("move", mv).in_channel(channel).from(player)).await;
        assert!(!played.is_ephemeral(), "{mv}: {}", text(&played));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_move_ratings_and_the_club_sees_them() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let (first, second, third) = (fake.new_id(), fake.new_id(), fake.new_id());

    // Game 1: Bruno resigns. Two new players: +N and -N, provisional.
    start_and_play(&fake, first, &ana, &bruno, None).await;
    let over = resign(&fake, first, &bruno).await;
    let line = text(&over).lines().find(|l| l.starts_with("Ratings: ")).unwrap_or_else(|| panic!("{}", text(&over)));
    let game1 = service.store().last_finished_game_in_channel(first).await.unwrap().unwrap();
    let [white, black] = [game1.rating_changes[0], game1.rating_changes[1]];
    let delta = white.rating_after.round() as i64 - 1500;
    assert!(delta > 0);
    let expected = format!(
        "Ratings: {} {}? (+{delta}), {} {}? (-{delta})",
        ana.mention(),
        white.rating_after.round(),
        bruno.mention(),
        black.rating_after.round()
    );
    assert_eq!(line, expected);

    // Game 2: Ana resigns; the change starts from game 1's ratings.
    start_and_play(&fake, second, &ana, &bruno, Some(true)).await;
    let over = resign(&fake, second, &ana).await;
    assert!(text(&over).contains("Ratings: "), "{}", text(&over));
    let game2 = service.store().last_finished_game_in_channel(second).await.unwrap().unwrap();
    assert_eq!(game2.rating_changes[0].rating_before, white.rating_after);

    // A casual game: no change shown, none stored.
    start_and_play(&fake, third, &ana, &bruno, Some(false)).await;
    let over = resign(&fake, third, &ana).await;
    assert!(!text(&over).contains("Ratings"), "{}", text(&over));

    // Without the server's name (Discord refuses it), the chart says "this server";
    // a refusal is not kept: the next chart asks again.
    fake.fail_next("GET /guilds/*", 403, Duration::ZERO);
    let mine = ask(&fake, fake.command("rating").in_channel(first).from(&bruno)).await;
    assert!(text(&mine).contains(&bruno.mention()), "default: your own: {}", text(&mine));
    let described = mine.file("rating.png").and_then(|f| f.description.clone()).unwrap_or_default();
    assert!(described.starts_with("Chart of the rating of bruno in this server over "), "{described}");

    // `/rating`: figures and a PNG chart; someone without games is told so.
    let rating = ask(&fake, fake.command("rating").user("user", &ana).in_channel(first).from(&carla)).await;
    let body = text(&rating);
    assert!(!rating.is_ephemeral(), "{body}");
    let now = game2.rating_changes[0].rating_after.round();
    assert!(body.contains(&format!("**{now}?**")) && body.contains("2 rated games"), "{body}");
    assert!(body.contains("provisional"), "{body}");
    let chart = rating.file("rating.png").expect("the chart");
    let img = image::load_from_memory(&chart.bytes).expect("a picture").to_rgb8();
    assert_eq!(img.dimensions(), (damas::render::CHART_WIDTH, damas::render::CHART_HEIGHT));
    // Its alt text: one line, with the player's and the server's names,
    // the dates, the figures and the results (no peak while provisional).
    let described = chart.description.as_deref().unwrap_or_default();
    // Two games on one day are "on" that day, not "from it to it".
    let day = |game: &damas::store::GameRow| {
        damas::i18n::dates::day(Lang::En, Date::of_unix(game.finished_at.expect("finished")))
    };
    let when = if day(&game1) == day(&game2) {
        format!("on {}", day(&game1))
    } else {
        format!("from {} to {}", day(&game1), day(&game2))
    };
    let line = format!("Chart of the rating of ana in {GUILD_NAME} over 2 rated games, {when}: now {now}?, RD ");
    assert!(described.starts_with(&line) && !described.contains('\n'), "{described}");
    assert!(described.contains("(the rating's uncertainty)"), "{described}");
    assert!(body.contains("RD is the rating's uncertainty"), "the figures explain RD: {body}");
    assert!(described.ends_with("; 1 win, 0 draws, 1 loss.") && !described.contains("Peak"), "{described}");
    // The name is kept: the next chart costs no call to Discord for it.
    let asked_names = || fake.count_requests(|r| r.method == "GET" && r.path.contains("/guilds/"));
    let before = asked_names();
    let again = ask(&fake, fake.command("rating").user("user", &ana).in_channel(second).from(&bruno)).await;
    let described = again.file("rating.png").and_then(|f| f.description.clone()).unwrap_or_default();
    assert!(described.contains(&format!(" in {GUILD_NAME} over ")), "{described}");
    assert_eq!(asked_names(), before, "the server's name asked again");
    let nobody = ask(&fake, fake.command("rating").in_channel(first).from(&carla)).await;
    assert!(text(&nobody).contains("no rated game") && nobody.file("rating.png").is_none(), "{}", text(&nobody));

    // Two games leave both provisional: nobody on the leaderboard yet.
    let board = ask(&fake, fake.command("leaderboard").in_channel(first).from(&carla)).await;
    assert!(text(&board).contains("No one in this server has an established rating"), "{}", text(&board));

    // `/history` counts the three games; `/pdn` finds them by number and,
    // without one, the channel's last.
    let history = ask(&fake, fake.command("history").in_channel(first).from(&ana)).await;
    assert!(text(&history).contains("(3)**: 1 won, 0 drawn, 2 lost"), "{}", text(&history));
    let by_number = ask(&fake, fake.command("pdn").integer("game", game1.id).in_channel(third).from(&carla)).await;
    assert!(by_number.file(&format!("damas-game-{}.pdn", game1.id)).is_some(), "{}", text(&by_number));
    let here = ask(&fake, fake.command("pdn").in_channel(second).from(&carla)).await;
    assert!(here.file(&format!("damas-game-{}.pdn", game2.id)).is_some(), "{}", text(&here));
    bot.stop().await;
}

/// Enough rated games make both players established: the leaderboard lists
/// them best first, without pinging anyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_shows_established_players() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    for i in 0..20 {
        let channel = fake.new_id();
        let req = damas::game::NewChallenge {
            guild: Some(fake.guild_id()),
            color: damas::game::ColorChoice::White,
            ..damas::game::NewChallenge::new(channel, ana.id, bruno.id)
        };
        service.challenges().challenge(clock.now(), req).await.unwrap();
        service.challenges().accept(clock.now(), channel, bruno.id, damas::game::ChallengePick::Mine).await.unwrap();
        for (ply, mv) in first_moves(&Position::initial(), 4).iter().enumerate() {
            let player = if ply % 2 == 0 { ana.id } else { bruno.id };
            service.games().play(clock.now(), channel, player, mv, None).await.unwrap();
        }
        service.games().resign(clock.now(), channel, if i % 4 == 0 { ana.id } else { bruno.id }).await.unwrap();
    }
    let board = ask(&fake, fake.command("leaderboard").in_channel(fake.new_id()).from(&bruno)).await;
    let lines: Vec<&str> = text(&board).lines().collect();
    assert!(lines[0].contains("Leaderboard"), "{}", text(&board));
    assert!(lines[1].starts_with(&format!("1. {} **", ana.mention())) && lines[1].ends_with("20 games"), "{lines:?}");
    assert!(lines[2].starts_with(&format!("2. {} **", bruno.mention())), "{lines:?}");
    assert!(!lines[1].contains('?'), "established ratings carry no question mark");

    // The chart's alt text says the results and the peak, in the server's language.
    let best =
        service.records().player_rating(fake.guild_id(), ana.id, clock.now()).await.unwrap().best.expect("a peak");
    let rating = ask(&fake, fake.command("rating").in_channel(fake.new_id()).from(&ana)).await;
    let described = rating.file("rating.png").and_then(|f| f.description.clone()).unwrap_or_default();
    assert!(described.contains("; 15 wins, 0 draws, 5 losses. Peak "), "{described}");
    assert!(described.contains(&format!("Peak {best:.0}, on ")), "{described}");
    let spanish = fake.command("rating").in_channel(fake.new_id()).from(&ana).locale("es-ES").guild_locale("es-ES");
    let rating = ask(&fake, spanish).await;
    let described = rating.file("rating.png").and_then(|f| f.description.clone()).unwrap_or_default();
    // "el 5 dic 2026" when the games fit in one day, "del ... al ..." when not.
    let start = format!("Gráfico de la puntuación de ana en {GUILD_NAME} tras 20 partidas puntuables, ");
    let rest = described.strip_prefix(&start).unwrap_or_else(|| panic!("{described}"));
    assert!(rest.starts_with("el ") || rest.starts_with("del "), "{described}");
    assert!(described.contains("; 15 ganadas, 0 tablas, 5 perdidas. "), "{described}");
    assert!(described.contains(&format!("Máxima {best:.0}, el ")), "{described}");
    let mentions = &board.data["allowed_mentions"];
    assert!(
        mentions.is_object() && mentions["users"].as_array().is_none_or(Vec::is_empty),
        "nobody pinged: {mentions}"
    );
    bot.stop().await;
}
