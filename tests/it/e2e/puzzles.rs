//! End to end through the fake Discord (issue "puzzles"): `/puzzle play`
//! shows a puzzle privately, with its board and the menus of its moves;
//! the solution typed move by move (`/puzzle answer`, its moves suggested)
//! solves it and rates the player; a menu
//! of someone else's puzzle, or of a puzzle over, is refused; a move that
//! does not win, chosen from the menus, shows the solution; `/puzzle stats` and `/puzzle
//! leaderboard` answer. The daily puzzle: a manager sets its channel, it is
//! posted once at its hour, solved privately from its Solve button with its
//! count kept on the message, and revealed the next day, once, after the
//! bot restarted.

use std::time::Duration;

use serde_json::json;

use crate::support::bot::{RunningBot, WAIT, ask, ask_closing, assert_refusal, buttons_now, config};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, MessageKind};
use crate::support::games::Backend;
use crate::support::tables::tables;
use damas::engine::puzzles::{VERIFY_DEPTH, still_wins};
use damas::engine::{DEFAULT_TABLE_MB, Searcher};
use damas::game::{GameError, GameService, PuzzlePlay, STARTING_SET};
use damas::rules::{DrawRules, Variant};

/// Serenity's Manage Server permission bit.
const MANAGE_GUILD: u64 = 1 << 5;

/// Waits until the bot has stored the starting set (it does so at start-up,
/// in the background).
async fn wait_for_the_starting_set(service: &GameService) {
    let shipped = STARTING_SET.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count() as i64;
    let until = tokio::time::Instant::now() + WAIT;
    while service.store().starting_puzzles().await.unwrap() < shipped {
        assert!(tokio::time::Instant::now() < until, "the starting set was not stored");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The attempt a puzzle message's menus answer (`pzm:attempt:step:part`).
fn attempt_of(message: &Callback) -> i64 {
    let id = message.custom_ids().into_iter().find(|id| id.starts_with("pzm:")).expect("a puzzle menu");
    id.split(':').nth(1).unwrap().parse().unwrap()
}

/// `user` chooses `value` in the puzzle menus of `message`.
async fn choose(fake: &FakeDiscord, user: &FakeUser, message: &Callback, value: &str) -> Callback {
    let menu = message.menus().into_iter().find(|m| m.values().iter().any(|v| v == value));
    let menu = menu.unwrap_or_else(|| panic!("no menu offers {value}: {:?}", message.menus()));
    let on = message.message.clone().expect("the menu's message");
    ask_closing(fake, fake.fixtures().select(&menu.custom_id, &[value]).on_message(&on).from(user)).await
}

/// Plays the solution of the puzzle on `message` to its end.
async fn solve(fake: &FakeDiscord, service: &GameService, user: &FakeUser, mut message: Callback) -> Callback {
    loop {
        let play = service.puzzles().attempt(attempt_of(&message)).await.unwrap();
        let answer = choose(fake, user, &message, &play.puzzle.notation[play.step as usize]).await;
        assert_eq!(answer.kind, 7, "the puzzle's message is replaced: {answer:?}");
        if !answer.custom_ids().iter().any(|id| id.starts_with("pzm:")) {
            return answer;
        }
        assert!(answer.content().unwrap().contains("is right. The reply:"), "{answer:?}");
        message = answer;
    }
}

/// A legal first move of `play` that does not win, by the search that
/// judges a second way to win (the bot's, from an empty table).
fn losing_move(play: &PuzzlePlay) -> String {
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables()));
    let start = play.puzzle.start;
    start
        .legal_moves_with_notation()
        .into_iter()
        .find(|(mv, _)| {
            let after = start.play(mv).unwrap();
            *mv != play.puzzle.line[0]
                && !still_wins(&mut searcher, &after, Variant::Classic, DrawRules::Classic, VERIFY_DEPTH - 1)
        })
        .map(|(_, n)| n)
        .expect("a puzzle has a move that does not win")
}

async fn a_puzzle_is_solved_and_one_missed_through_its_menus(backend: Backend) {
    let crate::support::bot::Started { fake, database: _database, url, clock: _, bot } =
        crate::support::bot::Started::on(backend).await;
    let service = GameService::open(&url).await.unwrap();
    wait_for_the_starting_set(&service).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));

    let shown = ask(&fake, fake.command("puzzle").subcommand("play").from(&alice)).await;
    assert!(shown.kind == 4 && shown.is_ephemeral(), "private to the solver: {shown:?}");
    let text = shown.content().unwrap();
    assert!(text.contains("to move and win") && text.contains("From the bot's starting set."), "{text}");
    let picture = shown.file("puzzle.png").expect("the board");
    assert!(picture.description.as_deref().is_some_and(|d| d.contains("to move")), "alt text: {picture:?}");
    let play = service.puzzles().attempt(attempt_of(&shown)).await.unwrap();
    assert_eq!(play.user, alice.id);

    // Someone else's menu: refused, nothing played.
    let on = shown.message.clone().unwrap();
    let menu = shown.menus()[0].custom_id.clone();
    let first = play.puzzle.notation[0].clone();
    let foreign = ask(&fake, fake.fixtures().select(&menu, &[&first]).on_message(&on).from(&bob)).await;
    assert_refusal(&foreign, &GameError::NotYourPuzzle);
    assert_eq!(service.puzzles().attempt(play.attempt).await.unwrap().step, 0);

    // Solved by typing the moves: `/puzzle answer` suggests the open puzzle's legal moves.
    let typed = ask(&fake, fake.autocomplete("puzzle").subcommand("answer").focused("move", "").from(&alice)).await;
    let suggested: Vec<String> = typed.choices().into_iter().map(|(name, _)| name).collect();
    let legal: Vec<String> = play.puzzle.start.legal_moves_with_notation().into_iter().map(|(_, n)| n).collect();
    assert_eq!(suggested, legal.into_iter().take(25).collect::<Vec<_>>());
    let nobody = ask(&fake, fake.autocomplete("puzzle").subcommand("answer").focused("move", "").from(&bob)).await;
    assert!(nobody.choices().is_empty(), "bob has no puzzle open");
    let bad = ask(&fake, fake.command("puzzle").subcommand("answer").string("move", "5-").from(&alice)).await;
    assert!(bad.is_ephemeral() && bad.kind == 4, "{bad:?}");
    assert_eq!(service.puzzles().attempt(play.attempt).await.unwrap().step, 0, "a malformed move changes nothing");
    let solved = loop {
        let now = service.puzzles().attempt(play.attempt).await.unwrap();
        let mv = now.puzzle.notation[now.step as usize].clone();
        let answer = ask(&fake, fake.command("puzzle").subcommand("answer").string("move", &mv).from(&alice)).await;
        assert!(answer.kind == 4 && answer.is_ephemeral(), "{answer:?}");
        if !answer.custom_ids().iter().any(|id| id.starts_with("pzm:")) {
            break answer;
        }
    };
    let text = solved.content().unwrap();
    assert!(text.contains("**Solved!**") && text.contains("Your puzzle rating: 1500? →"), "{text}");
    assert!(solved.file("puzzle.png").is_some(), "the board at the end of the line");
    let (next_id, report_id) = (format!("pzn:{}", play.attempt), format!("pzr:{}", play.attempt));
    assert_eq!(solved.custom_ids(), [next_id.clone(), report_id], "Next puzzle and Report as wrong are left");
    // The first board's menu, chosen again: the puzzle is over.
    let stale = ask(&fake, fake.fixtures().select(&menu, &[&first]).on_message(&on).from(&alice)).await;
    assert_refusal(&stale, &GameError::PuzzleOver);

    // Next puzzle, missed.
    let next_on = solved.message.clone().unwrap();
    let next =
        ask(&fake, fake.fixtures().button(&format!("pzn:{}", play.attempt)).on_message(&next_on).from(&alice)).await;
    assert!(next.kind == 4 && next.is_ephemeral(), "{next:?}");
    let second = service.puzzles().attempt(attempt_of(&next)).await.unwrap();
    assert_ne!(second.puzzle.id, play.puzzle.id);
    let wrong = losing_move(&second);
    let missed = choose(&fake, &alice, &next, &wrong).await;
    let text = missed.content().unwrap();
    let (solution, right) = (second.puzzle.notation.join(" "), &second.puzzle.notation[0]);
    let said = format!(
        "{wrong} does not win: **{right}** does (the blue arrow; yours is the red one). \
         The whole solution, **{solution}**, plays in the animation."
    );
    assert!(text.contains(&said), "{text}");
    assert!(text.contains("streak 0 (best 1)"), "{text}");
    // The miss's pictures: the start with both moves drawn, and the line played out.
    let board = missed.file("puzzle.png").expect("the board of the miss");
    let alt = format!("Your move, {wrong}, shown by a red arrow; the move that wins, {right}, by a blue arrow.");
    assert!(board.description.as_deref().is_some_and(|d| d.ends_with(&alt)), "{:?}", board.description);
    let gif = missed.file("solution.gif").expect("the solution played out");
    let frames = image::AnimationDecoder::into_frames(
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif.bytes.to_vec())).expect("a GIF"),
    );
    let frames = frames.collect_frames().expect("its frames");
    assert_eq!(frames.len(), second.puzzle.line.len() + 1, "the start, then a frame a move");
    let alt = format!("Animation of the solution of puzzle #{}: {solution}.", second.puzzle.id);
    assert_eq!(gif.description.as_deref(), Some(alt.as_str()));

    // Reported as wrong (issue 54, point 3): not by someone else; by its
    // solver, once: the one answer changes the buttons alone (no text, no
    // attachment list, so the message keeps its words and pictures) and
    // Report turns into a disabled "Reported".
    let report_id = format!("pzr:{}", second.attempt);
    let missed_on = missed.message.clone().unwrap();
    let foreign = ask(&fake, fake.fixtures().button(&report_id).on_message(&missed_on).from(&bob)).await;
    assert_refusal(&foreign, &GameError::NotYourPuzzle);
    assert!(service.puzzles().reported(10).await.unwrap().is_empty(), "nothing recorded");
    // The calls an answer may make: its callback, followups, edits of @original.
    let answer_calls = || {
        let calls = fake.requests();
        calls.iter().filter(|r| r.path.contains("/interactions/") || r.path.contains("/webhooks/")).count()
    };
    let calls_before = answer_calls();
    let reported = ask(&fake, fake.fixtures().button(&report_id).on_message(&missed_on).from(&alice)).await;
    assert_eq!(reported.kind, 7, "the result's message is updated: {reported:?}");
    let data = reported.data.as_object().unwrap();
    assert!(!data.contains_key("content") && !data.contains_key("attachments"), "buttons only: {data:?}");
    let row = &reported.data["components"][0]["components"];
    assert_eq!(row[0]["custom_id"], json!(format!("pzn:{}", second.attempt)));
    assert!(row[0]["disabled"].as_bool() != Some(true), "Next puzzle stays live");
    assert_eq!((row[1]["label"].as_str(), row[1]["disabled"].as_bool()), (Some("Reported: thank you"), Some(true)));
    assert_eq!(answer_calls() - calls_before, 1, "one request: the answer itself");
    let listed = service.puzzles().reported(10).await.unwrap();
    assert_eq!((listed.len(), listed[0].id, listed[0].flags), (1, second.puzzle.id, 1));
    // Pressed again (a stale client): counted once.
    ask(&fake, fake.fixtures().button(&report_id).on_message(&missed_on).from(&alice)).await;
    assert_eq!(service.puzzles().reported(10).await.unwrap()[0].flags, 1);

    let stats = ask(&fake, fake.command("puzzle").subcommand("stats").from(&bob).user("user", &alice)).await;
    let text = stats.content().unwrap();
    assert!(!stats.is_ephemeral() && text.contains(&format!("Puzzle rating of <@{}>", alice.id)), "{text}");
    assert!(text.contains("1 solved of 2") && stats.file("puzzle-rating.png").is_some(), "{text}");
    let nobody = ask(&fake, fake.command("puzzle").subcommand("stats").from(&bob)).await;
    assert!(nobody.content().unwrap().contains("has not finished a puzzle"), "{nobody:?}");
    let top = ask(&fake, fake.command("puzzle").subcommand("leaderboard").from(&bob)).await;
    assert!(top.content().unwrap().contains("finished 20 puzzles yet"), "{top:?}");
    bot.stop().await;
}

/// The posts of the daily puzzle in `channel` so far.
fn daily_posts(fake: &FakeDiscord, channel: u64) -> Vec<crate::support::fake_discord::PostedMessage> {
    fake.posted_messages()
        .into_iter()
        .filter(|m| {
            m.kind == MessageKind::Channel && m.channel_id == channel && m.content().contains("Puzzle of the day")
        })
        .collect()
}

async fn the_daily_puzzle_is_posted_once_solved_privately_and_revealed_after_a_restart(backend: Backend) {
    let crate::support::bot::Started { fake, database: _database, url, clock, bot } =
        crate::support::bot::Started::on(backend).await;
    let service = GameService::open(&url).await.unwrap();
    wait_for_the_starting_set(&service).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let manager = fake.user("mia").with_permissions(MANAGE_GUILD);
    fake.add_user(&manager);
    let channel = fake.new_id();
    // Tomorrow, a few seconds before nine (UTC: the server has no zone).
    let now = clock.now();
    clock.advance((now / 86_400 + 1) * 86_400 + 9 * 3600 - 3 - now);

    let by_player =
        fake.command("settings").raw_option(json!({"name": "puzzle-channel", "type": 7, "value": channel.to_string()}));
    assert_refusal(&ask(&fake, by_player.from(&alice)).await, &GameError::NotServerManager);
    let set = fake
        .command("settings")
        .raw_option(json!({"name": "puzzle-channel", "type": 7, "value": channel.to_string()}))
        .integer("puzzle-hour", 9)
        .from(&manager);
    let set = ask(&fake, set).await;
    let text = set.content().unwrap();
    assert!(text.contains(&format!("Daily puzzle: in <#{channel}> at 09:00 (UTC).")), "{text}");

    let posted = fake.wait_for_channel_message(channel, |m| m.content().contains("Puzzle of the day"), WAIT).await;
    assert!(posted.content().contains("Press **Solve** to try it"), "{}", posted.content());
    assert!(posted.files.iter().any(|f| f.filename == "puzzle.png"));
    let solve_id = posted.custom_ids().into_iter().find(|id| id.starts_with("pzd:")).expect("a Solve button");

    // Solved privately from its button; the message keeps the count.
    let pressed =
        ask(&fake, fake.fixtures().button(&solve_id).in_channel(channel).on_message(&posted.message).from(&alice))
            .await;
    assert!(pressed.kind == 4 && pressed.is_ephemeral(), "{pressed:?}");
    let solved = solve(&fake, &service, &alice, pressed).await;
    assert!(solved.content().unwrap().contains("**Solved!**"), "{solved:?}");
    let counted = fake
        .wait_for_message("the count on the daily puzzle", WAIT, |m| {
            m.kind == MessageKind::ChannelEdit
                && m.message_id == posted.message_id
                && m.content().contains("1 solved it")
        })
        .await;
    assert!(counted.content().contains("one player finished it"), "{}", counted.content());
    assert_eq!(buttons_now(&fake, &posted.message), vec![solve_id.clone()], "Solve stays while the day lasts");

    // The bot restarts; the next day the puzzle is revealed once and a new one posted.
    bot.stop().await;
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_millis(200))).await;
    clock.advance(86_400);
    let revealed = fake
        .wait_for_message("the solution of yesterday's puzzle", WAIT, |m| {
            m.kind == MessageKind::ChannelEdit
                && m.message_id == posted.message_id
                && m.content().contains("the solution was")
        })
        .await;
    assert!(revealed.content().contains("One player tried it; 1 solved it."), "{}", revealed.content());
    let until = tokio::time::Instant::now() + WAIT;
    while daily_posts(&fake, channel).len() < 2 {
        assert!(tokio::time::Instant::now() < until, "no puzzle the next day");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(buttons_now(&fake, &posted.message).is_empty(), "revealed: no Solve");
    let late =
        ask(&fake, fake.fixtures().button(&solve_id).in_channel(channel).on_message(&posted.message).from(&bob)).await;
    assert_refusal(&late, &GameError::DailyPuzzleRevealed);
    // A few more ticks: still one post a day, and one reveal.
    for _ in 0..2 {
        crate::support::bot::wait_for_a_tick(&fake, &service, &clock).await;
    }
    assert_eq!(daily_posts(&fake, channel).len(), 2, "one a day");
    let reveals = fake
        .posted_messages()
        .into_iter()
        .filter(|m| m.kind == MessageKind::ChannelEdit && m.content().contains("the solution was"))
        .count();
    assert_eq!(reveals, 1);
    bot.stop().await;
}

crate::on_both_backends!(
    multi_thread: a_puzzle_is_solved_and_one_missed_through_its_menus,
    the_daily_puzzle_is_posted_once_solved_privately_and_revealed_after_a_restart,
);
