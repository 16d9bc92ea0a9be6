//! End to end through the fake Discord: a whole game against the bot, from
//! a short endgame to its end by the rules, and `/analyze` refused while the
//! game is live and answered (with the review) once it is over; draw offers
//! to the bot, answered at once.

use std::time::Duration;

use damas::config::Clock;
use damas::game::GameError;
use damas::game::GameService;
use damas::i18n::{Lang, game_error};
use damas::rules::{Color, Outcome};

use crate::support::bot::{RunningBot, WAIT, ask, assert_refusal, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, MessageKind, PostedMessage};

/// Black (the person) to move with two men; White (the bot) has a man on
/// 14 that takes whichever way the man on 22 goes, and a king to hunt the
/// other man: the bot wins within a few moves.
const ENDGAME: &str = "B:W14,K4:B22,31";
/// Black (the person) to move, a king each: a draw the endgame tables
/// prove, which the bot accepts at once.
const PROVEN_DRAW: &str = "B:WK5:BK28";
/// The start, Black (the person) to move after the bot's first move: level,
/// but a game still to be played, so the bot declines a draw.
const START: &str = "W:W1-12:B21-32";
/// Black (the person) to move with one man against the bot's three kings:
/// the bot wins and declines a draw.
const BOT_WINS: &str = "B:WK1,K10,K14:B29";
/// The bot's level in these games.
const LEVEL: i64 = 8;
/// Most moves the person makes before the test gives up.
const MOST_MOVES: usize = 40;

fn text(callback: &Callback) -> &str {
    callback.content().unwrap_or_default()
}

fn has_png(files: &[crate::support::fake_discord::FileUpload]) {
    let png = files.iter().find(|f| f.filename.ends_with(".png")).expect("a picture is attached");
    image::load_from_memory(&png.bytes).expect("the picture decodes");
}

/// The public answer to a slow command (analysis may defer): its text and files.
async fn public_answer(
    fake: &FakeDiscord,
    builder: crate::support::fake_discord::InteractionBuilder,
) -> (String, Vec<crate::support::fake_discord::FileUpload>) {
    let interaction = fake.send(builder);
    let first = fake.wait_for_callback(interaction.id, WAIT).await;
    assert!(!first.is_ephemeral(), "{first:?}");
    if first.kind == 5 {
        let edit = fake.wait_for_edit(&interaction.token, WAIT).await;
        return (edit.content().to_string(), edit.files.clone());
    }
    assert_eq!(first.kind, 4, "{first:?}");
    (text(&first).to_string(), first.files.clone())
}

/// The bot's own move messages in `channel`, oldest first.
fn bot_moves(fake: &FakeDiscord, channel: u64) -> Vec<PostedMessage> {
    fake.posted_messages()
        .into_iter()
        .filter(|m| m.kind == MessageKind::Channel && m.channel_id == channel)
        .filter(|m| m.content().starts_with(&format!("{} (level", fake.bot().mention())))
        .collect()
}

/// A fake Discord, the bot on it over a new database, and the service on
/// that database (the directory keeps the database while the test runs).
async fn bot_on_fake() -> (FakeDiscord, tempfile::TempDir, RunningBot, GameService) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    (fake, dir, bot, service)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot_then_its_review() {
    let (fake, _dir, bot, service) = bot_on_fake().await;
    let channel = fake.new_id();
    let (alice, carol) = (fake.user("alice"), fake.user("carol"));
    let me = fake.bot().clone();

    // Another bot account cannot be challenged.
    let other_bot = FakeUser { bot: true, ..FakeUser::new(fake.new_id(), "robot") };
    fake.add_user(&other_bot);
    let refused =
        ask(&fake, fake.command("challenge").in_channel(channel).user("opponent", &other_bot).from(&alice)).await;
    assert_refusal(&refused, &GameError::OpponentIsBot);

    // Naming the bot starts the game at once: the game message, no buttons.
    let started = ask(
        &fake,
        fake.command("challenge")
            .in_channel(channel)
            .user("opponent", &me)
            .integer("level", LEVEL)
            .string("color", "black")
            .string("position", ENDGAME)
            .from(&alice),
    )
    .await;
    assert_eq!(started.kind, 4, "{started:?}");
    assert!(!started.is_ephemeral(), "{started:?}");
    // Move for the person to move, and Abort until each side has moved.
    let ids = started.custom_ids();
    assert!(ids.len() == 2 && ids[0].starts_with("mv:") && ids[1].starts_with("abo:"), "{ids:?}");
    assert!(text(&started).contains(&format!("{} (Black) to move", alice.mention())), "{}", text(&started));
    assert!(text(&started).contains(&format!("{} (White, level 8)", me.mention())), "{}", text(&started));
    has_png(&started.files);

    // /games says who plays the bot.
    let games = ask(&fake, fake.command("games").from(&carol)).await;
    assert!(text(&games).contains(&format!("{} (White, level 8)", me.mention())), "{}", text(&games));

    // While the game is live, no analysis: not of the channel, not of its position.
    let refused = ask(&fake, fake.command("analyze").in_channel(channel).from(&alice)).await;
    assert_refusal(&refused, &GameError::AnalysisOfLiveGame);
    let refused = ask(&fake, fake.command("analyze").string("position", ENDGAME).from(&carol)).await;
    assert_refusal(&refused, &GameError::AnalysisOfLivePosition);

    // Alice plays the first legal move each turn; the bot answers each one,
    // in the answer to her move.
    let mut last = None;
    for _ in 1..=MOST_MOVES {
        let game = service.game_in_channel(channel).await;
        let Ok(game) = game else { break };
        assert_eq!(game.turn(), Color::Black, "the bot has answered before it is Alice's turn");
        let mine = game.game.position().legal_moves_with_notation()[0].1.clone();
        let (content, files) =
            public_answer(&fake, fake.command("move").in_channel(channel).string("move", &mine).from(&alice)).await;
        assert!(content.contains(&mine), "{content}");
        has_png(&files);
        if content.contains("Game over") {
            let pdn = files.iter().find(|f| f.filename.ends_with(".pdn")).expect("the record");
            let pdn = String::from_utf8(pdn.bytes.to_vec()).unwrap();
            assert!(pdn.contains("[White \"damas (level 8)\"]") && pdn.contains("2-0"), "{pdn}");
            last = Some(content);
            break;
        }
        // Alive: the bot's move, and Alice is to move, with her deadline.
        assert!(content.contains(&format!("{} (level 8) played", me.mention())), "{content}");
        assert!(content.contains(&alice.mention()) && content.contains(":R>"), "{content}");
    }
    assert!(
        bot_moves(&fake, channel).is_empty(),
        "the bot's moves are in the answers: {:?}",
        bot_moves(&fake, channel)
    );

    // The rules ended it: the bot (White) took Black's last piece.
    let end = last.expect("the game ended within the moves allowed");
    assert!(end.contains("Game over") && end.contains("Score: White 1, Black 0"), "{end}");
    assert!(end.contains(&format!("{} (White, level 8) wins", me.mention())), "{end}");
    assert!(end.contains(&format!("{} (Black) has no legal move", alice.mention())), "{end}");
    let games = service.live_games_in_guild(fake.guild_id()).await.unwrap();
    assert!(games.iter().all(|g| g.channel != channel));
    let row = service.store().last_finished_game_in_channel(channel).await.unwrap().expect("the finished game");
    assert_eq!(row.result, Some(Outcome::Win(Color::White)));

    // Over: /analyze reviews it, with the final position and a picture.
    let pinged = |user: u64| fake.pings().iter().filter(|p| p.user == user && p.channel_id == channel).count();
    let (alice_pings, bot_pings) = (pinged(alice.id), pinged(me.id));
    let (content, files) =
        public_answer(&fake, fake.command("analyze").in_channel(channel).integer("level", 3).from(&carol)).await;
    assert!(content.contains("Review") && content.contains("Final position"), "{content}");
    assert!(content.contains("wins"), "{content}");
    has_png(&files);
    // A review notifies nobody: not the bot it names, not Alice (no "see
    // the message above" after the edited answer of a long search).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!((pinged(alice.id), pinged(me.id)), (alice_pings, bot_pings), "{:?}", fake.pings());
    let note = fake.posted_messages().into_iter().find(|m| m.channel_id == channel && m.content().contains("above"));
    assert!(note.is_none(), "no note about a review: {note:?}");

    // And any position not in play is analysed with a best move and a line.
    let analysis = fake.command("analyze").string("position", "W:W1-12:B21-32").integer("level", 2).from(&carol);
    let (content, files) = public_answer(&fake, analysis).await;
    assert!(content.contains("Best move: **") && content.contains("Line:") && content.contains("men"), "{content}");
    assert!(!content.contains("nodes") && !content.contains("depth"), "no engine internals: {content}");
    has_png(&files);
    // The best move is drawn as a suggestion (an arrow), not as a move played.
    let png = files.iter().find(|f| f.filename.ends_with(".png")).expect("a picture");
    let img = image::load_from_memory(&png.bytes).expect("a PNG").to_rgb8();
    assert!(!img.pixels().any(|p| p.0 == damas::render::theme::LAST_MOVE_SQUARE), "no square marked as played");
    let described = png.description.as_deref().unwrap_or_default();
    assert!(described.contains("shown by a blue arrow"), "{described}");
    // At once again: a private refusal saying how long to wait, nothing searched.
    let again = fake.command("analyze").string("position", "W:W1-12:B21-32").integer("level", 2).from(&carol);
    let again = ask(&fake, again).await;
    let text = again.content().unwrap_or_default().to_string();
    let waits = (1..=20).any(|s| text == game_error(Lang::En, &GameError::CoolingDown(s)));
    assert!(again.is_ephemeral() && waits, "{again:?}");

    assert!(fake.unrouted_requests().is_empty(), "{:?}", fake.unrouted_requests());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_answers_a_draw_offer_at_once() {
    let (fake, _dir, bot, service) = bot_on_fake().await;
    let (alice, me) = (fake.user("alice"), fake.bot().clone());

    for (fen, accepts) in [(PROVEN_DRAW, true), (START, false), (BOT_WINS, false)] {
        let channel = fake.new_id();
        let challenge = fake
            .command("challenge")
            .in_channel(channel)
            .user("opponent", &me)
            .integer("level", LEVEL)
            .string("color", "black")
            .string("position", fen)
            .from(&alice);
        // From the start the bot moves first, in this answer (which may take a while).
        public_answer(&fake, challenge).await;

        let (content, files) = public_answer(&fake, fake.command("draw").in_channel(channel).from(&alice)).await;
        if accepts {
            assert!(content.contains(&format!("{} accepts the draw", me.mention())), "{content}");
            has_png(&files);
            assert!(service.game_in_channel(channel).await.is_err(), "{fen}: the game is over");
            let row = service.store().last_finished_game_in_channel(channel).await.unwrap().expect("the drawn game");
            assert_eq!(row.result, Some(Outcome::Draw), "{fen}");
        } else {
            assert!(content.contains(&format!("{} declines the draw offer", me.mention())), "{content}");
            let game = service.game_in_channel(channel).await.expect("the game goes on");
            assert_eq!(game.draw_offer_by, None, "{fen}: no offer is left standing");
            assert_eq!(game.turn(), Color::Black, "{fen}: still the person's turn");
        }
    }
    assert!(fake.unrouted_requests().is_empty(), "{:?}", fake.unrouted_requests());
    bot.stop().await;
}

/// A move against the bot is answered once, with one board: the bot's reply
/// is in it, the board is drawn from the person's side after that reply,
/// and nothing else is posted. When the bot has the first move, the game's
/// first message shows it, from the person's side too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_against_the_bot_is_answered_with_one_board_from_the_players_side() {
    let (fake, _dir, bot, service) = bot_on_fake().await;
    let (alice, me) = (fake.user("alice"), fake.bot().clone());
    for (color, side) in [("white", Color::White), ("black", Color::Black)] {
        let channel = fake.new_id();
        let challenge = fake
            .command("challenge")
            .in_channel(channel)
            .user("opponent", &me)
            .integer("level", 1)
            .string("color", color);
        let (content, files) = public_answer(&fake, challenge.from(&alice)).await;
        let png = |files: &[crate::support::fake_discord::FileUpload]| {
            let pngs: Vec<_> = files.iter().filter(|f| f.filename.ends_with(".png")).collect();
            assert_eq!(pngs.len(), 1, "one board");
            image::load_from_memory(&pngs[0].bytes).unwrap().to_rgb8()
        };
        // Drawn as the game stands now, from Alice's side, last move marked.
        let as_alice_sees_it = |game: &damas::game::GameView| {
            let options = damas::render::RenderOptions {
                perspective: side,
                last_move: game.game.last_move().copied(),
                before: game.game.previous_position().copied(),
                ..damas::render::RenderOptions::default()
            };
            image::load_from_memory(&damas::render::render_png(game.game.position(), &options)).unwrap().to_rgb8()
        };
        let game = service.game_in_channel(channel).await.unwrap();
        assert_eq!(game.turn(), side, "Alice is to move: {content}");
        assert_eq!(content.contains("(level 1) played"), side == Color::Black, "{content}");
        assert!(png(&files) == as_alice_sees_it(&game), "the first board, as Alice sees it");

        let mine = game.game.position().legal_moves_with_notation()[0].1.clone();
        let moved = fake.command("move").in_channel(channel).string("move", &mine).from(&alice);
        let (content, files) = public_answer(&fake, moved).await;
        let game = service.game_in_channel(channel).await.unwrap();
        assert_eq!(game.ply(), if side == Color::White { 2 } else { 3 });
        let theirs = game.game.notations().last().unwrap().clone();
        let said = [
            format!("{} played **{mine}**", alice.mention()),
            format!("{} (level 1) played **{theirs}**", me.mention()),
        ];
        for part in said {
            assert!(content.contains(&part), "{part} in {content}");
        }
        assert!(
            content.contains(&format!(
                "{} ({}) to move",
                alice.mention(),
                if side == Color::White { "White" } else { "Black" }
            )),
            "{content}"
        );
        assert!(png(&files) == as_alice_sees_it(&game), "one board, after the bot's reply, as Alice sees it");
    }
    // Nothing but the answers: the bot posted no move of its own.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let posted: Vec<_> = fake.posted_messages().into_iter().filter(|m| m.kind == MessageKind::Channel).collect();
    assert!(posted.is_empty(), "{posted:?}");
    bot.stop().await;
}
