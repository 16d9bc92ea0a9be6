//! Whom the bot notifies, end to end through the fake Discord, which
//! records whom every new message notifies as its `allowed_mentions` say
//! (an edit and a private answer notify nobody). DESIGN: only a message
//! that asks a person to act (their turn, a challenge to them, an offer to
//! answer, a game of theirs that begins) notifies them; a look at games,
//! boards, histories or ratings names players without notifying anyone.
//!
//! Two sides of it: every command (and subcommand) a bystander can use,
//! and the pages and replay buttons anyone may press; and every kind of
//! post the bot makes on its own (reminders, losses on time, expired
//! challenges, the next game of a match, a tournament's games and its
//! end, premove replies, vacations, the bot's own moves).

use std::collections::BTreeSet;
use std::time::Duration;

use damas::game::{ChallengePick, DAY, NewChallenge, TournamentFormat, TournamentTerms};

use crate::support::bot::{Served, WAIT, ask, wait_for_a_tick};
use crate::support::fake_discord::{FakeDiscord, InteractionBuilder, MessageKind, Ping, PostedMessage};

/// The game in `channel`.
async fn game_id(s: &Served, channel: u64) -> i64 {
    s.service.game_in_channel(channel).await.unwrap().id
}

/// The notifications since the first `seen`, each with the text of the
/// message that made it (for a failure's message).
fn pings_since(fake: &FakeDiscord, seen: usize) -> Vec<(Ping, String)> {
    let text = |ping: &Ping| {
        let message = fake.message(ping.message_id).unwrap_or_default();
        message["content"].as_str().unwrap_or_default().to_string()
    };
    fake.pings().into_iter().skip(seen).map(|p| (p.clone(), text(&p))).collect()
}

/// The first message posted in `channel` that says `text`.
async fn posted(fake: &FakeDiscord, channel: u64, text: &str) -> PostedMessage {
    fake.wait_for_channel_message(channel, |m| m.content().contains(text), WAIT).await
}

/// Whom the pings notified, sorted.
fn notified(pings: &[(Ping, String)]) -> Vec<u64> {
    let mut users: Vec<u64> = pings.iter().map(|(p, _)| p.user).collect();
    users.sort_unstable();
    users
}

/// Every command of the bot as Discord registered it, each subcommand as
/// "command subcommand".
fn every_command(fake: &FakeDiscord) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for command in fake.registered_commands() {
        let name = command["name"].as_str().unwrap().to_string();
        let subs: Vec<String> = command["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["type"] == 1)
            .map(|o| format!("{name} {}", o["name"].as_str().unwrap()))
            .collect();
        if subs.is_empty() {
            names.insert(name);
        } else {
            names.extend(subs);
        }
    }
    names
}

/// Carla plays in no game of the server and sends every command there is,
/// with options that name players, games and the tournament: the answers
/// name players, and notify only whom they ask to act (Ana, challenged;
/// Dani, whose open challenge Carla takes). The answer's own page and
/// replay buttons notify nobody either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bystander_notifies_only_whom_a_command_asks_to_act() {
    let s = Served::new().await;
    let fake = &s.fake;
    let [ana, bruno, carla, dani, eva] = ["ana", "bruno", "carla", "dani", "eva"].map(|name| fake.user(name));
    let (guild, now) = (fake.guild_id(), s.clock.now());

    // Ana (White, to move) against Bruno; Dani beat Eva; Dani's open
    // challenge waits in the lobby; Dani's tournament takes entrants.
    let table = s.game(&ana, &bruno, Some(3)).await;
    let finished = s.game(&dani, &eva, Some(3)).await;
    let (live_game, done_game) = (game_id(&s, table).await, game_id(&s, finished).await);
    s.service.games().play(now, finished, dani.id, "11-15", None).await.unwrap();
    s.service.games().resign(now, finished, eva.id).await.unwrap();
    let lobby = fake.new_id();
    let open = NewChallenge { guild: Some(guild), ..NewChallenge::open(lobby, dani.id) };
    s.service.challenges().challenge(now, open).await.unwrap();
    let terms = TournamentTerms::new("Autumn cup", TournamentFormat::RoundRobin);
    let hall = fake.new_id();
    let cup = s.service.tournaments().create_tournament(now, guild, hall, dani.id, true, terms).await.unwrap();
    for player in [&ana, &bruno] {
        s.service.tournaments().join_tournament(now, Some(guild), cup.id, player.id, None, false).await.unwrap();
    }
    // What the setting up made the bot post (the tournament's message).
    wait_for_a_tick(fake, &s.service, &s.clock).await;

    let at_table = |name: &str| fake.command(name).in_channel(table);
    let cup_command = |sub: &str| fake.command("tournament").subcommand(sub).in_channel(hall).integer("number", cup.id);
    let create = fake.command("tournament").subcommand("create").in_channel(hall);
    let puzzle = |sub: &str| fake.command("puzzle").subcommand(sub);
    let challenged = fake.new_id();
    // (what, the interaction, whom it may notify)
    let steps: Vec<(&str, InteractionBuilder, Vec<u64>)> = vec![
        ("challenge", fake.command("challenge").in_channel(challenged).user("opponent", &ana), vec![ana.id]),
        ("accept", fake.command("accept").in_channel(lobby).user("challenger", &dani), vec![dani.id]),
        ("decline", at_table("decline"), vec![]),
        ("cancel", at_table("cancel"), vec![]),
        ("move", at_table("move").string("move", "11-15"), vec![]),
        ("moves", at_table("moves"), vec![]),
        ("board", at_table("board"), vec![]),
        ("premove", at_table("premove").string("line", "22-18 15x22"), vec![]),
        ("resign", at_table("resign"), vec![]),
        ("draw", at_table("draw"), vec![]),
        ("moretime", at_table("moretime").integer("days", 1), vec![]),
        ("takeback", at_table("takeback"), vec![]),
        ("games", at_table("games"), vec![]),
        ("mygames", at_table("mygames"), vec![]),
        ("challenges", at_table("challenges"), vec![]),
        ("notify", at_table("notify"), vec![]),
        ("vacation", at_table("vacation"), vec![]),
        ("pdn", at_table("pdn").integer("game", done_game), vec![]),
        ("replay", at_table("replay").integer("game", done_game), vec![]),
        ("game", at_table("game").integer("number", live_game), vec![]),
        ("history", at_table("history").user("user", &ana), vec![]),
        ("rating", at_table("rating").user("user", &ana), vec![]),
        ("leaderboard", at_table("leaderboard"), vec![]),
        ("analyze", at_table("analyze").string("position", "W:WK29:B20,21").integer("level", 1), vec![]),
        ("abort", at_table("abort").integer("game", live_game), vec![]),
        ("tournament create", create.string("name", "Mine").string("format", "swiss"), vec![]),
        ("tournament join", cup_command("join"), vec![]),
        ("tournament leave", cup_command("leave"), vec![]),
        ("tournament start", cup_command("start"), vec![]),
        ("tournament standings", cup_command("standings"), vec![]),
        ("tournament pdn", cup_command("pdn"), vec![]),
        ("tournament withdraw", cup_command("withdraw"), vec![]),
        ("tournament remove", cup_command("remove").user("player", &ana), vec![]),
        ("tournament cancel", cup_command("cancel"), vec![]),
        ("tournaments", at_table("tournaments"), vec![]),
        ("puzzle play", puzzle("play"), vec![]),
        ("puzzle answer", puzzle("answer").string("move", "11-15"), vec![]),
        ("puzzle stats", puzzle("stats").user("user", &ana), vec![]),
        ("puzzle leaderboard", puzzle("leaderboard"), vec![]),
        ("settings", at_table("settings"), vec![]),
        ("help", at_table("help"), vec![]),
        // The buttons of the answers above, which anyone may press.
        ("Games page button", fake.button("gms:0").in_channel(table), vec![]),
        ("History page button", fake.button(&format!("hst:{}:0", dani.id)).in_channel(table), vec![]),
        ("Replay button", fake.button(&format!("rpl:{done_game}")).in_channel(table), vec![]),
    ];
    let covered: BTreeSet<String> = steps.iter().map(|(what, _, _)| what.to_string()).collect();
    let missing: Vec<String> = every_command(fake).difference(&covered).cloned().collect();
    assert!(missing.is_empty(), "commands the test does not send: {missing:?}");

    let mut wrong = Vec::new();
    let mut answers = Vec::new();
    for (what, builder, may_notify) in steps {
        let seen = fake.pings().len();
        let answer = ask(fake, builder.from(&carla)).await;
        // A note that notifies after an edit comes right after the answer.
        tokio::time::sleep(Duration::from_millis(150)).await;
        let pings = pings_since(&s.fake, seen);
        let mut expected = may_notify.clone();
        expected.sort_unstable();
        if notified(&pings) != expected {
            wrong.push(format!("{what}: notified {pings:?}, expected {expected:?}"));
        }
        answers.push((what, answer));
    }
    assert!(wrong.is_empty(), "notified whom they do not ask to act:\n{}", wrong.join("\n"));

    // The looks at games name the players they show: the test saw names, not silence.
    for (what, answer) in &answers {
        if matches!(*what, "board" | "games" | "game" | "history") {
            let text = answer.content().unwrap_or_default();
            assert!(!answer.is_ephemeral() && text.contains(&ana.mention()), "{what} names Ana: {answer:?}");
        }
    }
    // Nothing came later either (a post the commands left to the clock).
    wait_for_a_tick(fake, &s.service, &s.clock).await;
    let mut expected = vec![ana.id, dani.id];
    expected.sort_unstable();
    let all = pings_since(&s.fake, 0);
    assert_eq!(notified(&all), expected, "{all:?}");
    s.bot.stop().await;
}

/// Every kind of post the bot makes on its own, each seen, and whom the
/// run notified in all: the player to move (a premove's reply, a
/// reminder, vacation days run out) and the players of a game that begins
/// (a match's next game, a tournament's games), and nobody else (a
/// vacation's notice, a loss on time, an expired challenge, a game ended by
/// a withdrawal, the tournament's messages and its end; the bot's first
/// move, in the answer its opponent is looking at).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_own_posts_notify_only_whom_they_ask_to_act() {
    let s = Served::new().await;
    let fake = &s.fake;
    let [ana, bruno, carla, dani, eva, fran, gil, hugo, ivan, kim, leo, max] =
        ["ana", "bruno", "carla", "dani", "eva", "fran", "gil", "hugo", "ivan", "kim", "leo", "max"]
            .map(|name| fake.user(name));
    let (guild, now) = (fake.guild_id(), s.clock.now());
    // (channel, user): each notification the run is to make.
    let mut expected: Vec<(u64, u64)> = Vec::new();

    // Ana (1 day a move) is reminded, then loses on time.
    let reminded = s.game(&ana, &bruno, Some(1)).await;
    // Carla goes away for the one vacation day of this server, then is back.
    s.service.deadlines().set_vacation_days(now, guild, 1, true).await.unwrap();
    let away = s.game(&carla, &dani, Some(3)).await;
    s.service.deadlines().start_vacation(now, guild, carla.id).await.unwrap();
    posted(fake, away, "is on vacation").await;

    // Fran's premove answers Eva's move: Eva is to move again.
    let premoved = s.game(&eva, &fran, Some(3)).await;
    s.service.games().add_premove(now, premoved, fran.id, "11-15 22-18").await.unwrap();
    s.service.games().play(now, premoved, eva.id, "11-15", None).await.unwrap();
    posted(fake, premoved, "premove").await;
    expected.push((premoved, eva.id));

    // A match: Hugo resigns its first game, the second begins.
    let matched = fake.new_id();
    let terms = NewChallenge { guild: Some(guild), is_match: true, ..NewChallenge::new(matched, gil.id, hugo.id) };
    s.service.challenges().challenge(now, terms).await.unwrap();
    s.service.challenges().accept(now, matched, hugo.id, ChallengePick::Mine).await.unwrap();
    s.service.games().resign(now, matched, hugo.id).await.unwrap();
    posted(fake, matched, "Game 2 of the match begins").await;
    expected.extend([(matched, gil.id), (matched, hugo.id)]);

    // Ivan takes Black against the bot: its first move is in the answer
    // that starts the game, which he is looking at (so nobody is notified),
    // unless the clock's tick played it first.
    let against_bot = fake.new_id();
    let challenge = fake
        .command("challenge")
        .in_channel(against_bot)
        .user("opponent", fake.bot())
        .integer("level", 1)
        .string("color", "black");
    let started = ask(fake, challenge.from(&ivan)).await;
    let played = format!("{} (level 1) played", fake.bot().mention());
    if !started.content().unwrap_or_default().contains(&played) {
        // The clock's tick took the bot's turn first: its move is posted
        // on its own, and that post asks Ivan to move.
        posted(fake, against_bot, &played).await;
        expected.push((against_bot, ivan.id));
    }

    // A round-robin of three: Leo withdraws from his first game, the
    // others are resigned; each game begins in its thread, calling both.
    let hall = fake.new_id();
    fake.allow_threads(hall);
    let terms = TournamentTerms::new("Winter cup", TournamentFormat::RoundRobin);
    let cup = s.service.tournaments().create_tournament(now, guild, hall, max.id, true, terms).await.unwrap();
    for player in [&kim, &leo, &max] {
        s.service.tournaments().join_tournament(now, Some(guild), cup.id, player.id, None, false).await.unwrap();
    }
    s.service.tournaments().start_tournament(now, Some(guild), cup.id, max.id, true).await.unwrap();
    let mut played = BTreeSet::new();
    let mut leo_withdrew = false;
    let until = tokio::time::Instant::now() + 3 * WAIT;
    let over = loop {
        let end = fake
            .posted_messages()
            .into_iter()
            .find(|m| m.kind == MessageKind::Channel && m.channel_id == hall && m.content().contains("is over"));
        if let Some(end) = end {
            break end;
        }
        assert!(tokio::time::Instant::now() < until, "the tournament did not end: {played:?}");
        let new: Vec<u64> =
            fake.threads().iter().filter(|t| t.parent_id == hall && !played.contains(&t.id)).map(|t| t.id).collect();
        for thread in new {
            let Ok(game) = s.service.game_in_channel(thread).await else { continue };
            fake.wait_for_channel_message(thread, |m| !m.files.is_empty(), WAIT).await;
            played.insert(thread);
            if !leo_withdrew && game.color_of(leo.id).is_some() {
                s.service.tournaments().withdraw_from_tournament(now, Some(guild), cup.id, leo.id).await.unwrap();
                leo_withdrew = true;
            } else if game.is_live() {
                s.service.games().resign(now, thread, game.white).await.unwrap();
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(over.content().contains("Winter cup"), "{}", over.content());
    assert!(leo_withdrew && !played.is_empty(), "{played:?}");
    // Each game began in its thread calling both its players, those the
    // first line of its board names (a game a withdrawal ended before this
    // test saw it too).
    for thread in fake.threads().iter().filter(|t| t.parent_id == hall) {
        let begins = posted(fake, thread.id, "A tournament game begins").await;
        let players = begins.content().lines().find(|l| l.starts_with("**Game #")).unwrap_or_default().to_string();
        for piece in players.split("<@").skip(1) {
            let id = piece.split_once('>').and_then(|(id, _)| id.parse().ok()).expect("a player's mention");
            expected.push((thread.id, id));
        }
    }

    // A day less 4 hours on: Ana's reminder. Then her loss, and Carla's return.
    s.clock.advance(DAY - 4 * 3600);
    posted(fake, reminded, "reminder").await;
    expected.push((reminded, ana.id));
    s.clock.advance(5 * 3600);
    posted(fake, reminded, "Time is up").await;
    posted(fake, away, "vacation days have run out").await;
    expected.push((away, carla.id));
    // An expired challenge, announced (the marker of a clock's tick).
    wait_for_a_tick(fake, &s.service, &s.clock).await;

    let mut notified: Vec<(u64, u64)> = fake.pings().iter().map(|p| (p.channel_id, p.user)).collect();
    notified.sort_unstable();
    expected.sort_unstable();
    if notified != expected {
        let all = pings_since(&s.fake, 0);
        panic!("notified {notified:?}, expected {expected:?}:\n{all:#?}");
    }
    s.bot.stop().await;
}
