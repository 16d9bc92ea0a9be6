//! End to end through the fake Discord: moves without typing. The Move
//! button under a game's board opens, privately, a select menu of the
//! pieces that can move, then one of the moves of the piece picked, and the
//! move is played as `/move` plays it. A menu made for an old position is
//! refused and plays nothing; a player who confirms their moves sees the
//! board after the move first, and nothing is played before Confirm.

use std::time::Duration;

use damas::config::Clock;
use damas::game::{ColorChoice, GameError, GameService, GameView, NewChallenge, moves_by_piece};
use damas::i18n::Lang;
use damas::rules::parse_fen;
use damas::t;

use crate::support::bot::{
    RunningBot, ask, ask_closing, assert_private, assert_refusal, buttons_now, config, database_in,
};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, InteractionBuilder, Menu, MessageKind};

/// White to move with five kings and no capture: 35 legal moves (RULES 4.1,
/// kings move any distance along free diagonals), more than one select
/// menu holds (25 options).
const WIDE: &str = "W:WK2,K3,K14,K15,K18:B29,30,31,32";

struct Table {
    fake: FakeDiscord,
    service: GameService,
    _dir: tempfile::TempDir,
    bot: RunningBot,
}

async fn table() -> Table {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    Table { fake, service, _dir: dir, bot }
}

fn text(callback: &Callback) -> &str {
    callback.content().unwrap_or_default()
}

impl Table {
    /// A game in `channel` from `fen` (the start without one), `white`
    /// against `black`, started through the service.
    async fn start(&self, channel: u64, white: &FakeUser, black: &FakeUser, fen: Option<&str>) -> GameView {
        let now = Clock::system().now();
        let challenge = NewChallenge {
            guild: Some(self.fake.guild_id()),
            color: ColorChoice::White,
            start: fen.map(|f| parse_fen(f).unwrap()),
            ..NewChallenge::new(channel, white.id, black.id)
        };
        self.service.challenges().challenge(now, challenge).await.unwrap();
        self.service.challenges().accept(now, channel, black.id, None).await.unwrap()
    }

    async fn ply(&self, channel: u64) -> u32 {
        self.service.game_in_channel(channel).await.expect("a live game").ply()
    }

    /// `player` presses the Move button under the board of `message`.
    async fn open_menu(&self, channel: u64, player: &FakeUser, message: &Callback) -> Callback {
        self.press(channel, player, message, "mv:").await
    }

    /// `player` presses the button of `message` whose id starts with `prefix`.
    async fn press(&self, channel: u64, player: &FakeUser, message: &Callback, prefix: &str) -> Callback {
        let fake = &self.fake;
        let id = message.custom_ids().into_iter().find(|id| id.starts_with(prefix));
        let id = id.unwrap_or_else(|| panic!("no {prefix} button on {message:?}"));
        let on = message.message.clone().expect("the button's message");
        let press = fake.button(&id).in_channel(channel).on_message(&on).from(player);
        // Cancel only closes the preview; the rest may answer in the channel.
        if prefix == "mvx:" { ask(fake, press).await } else { ask_closing(fake, press).await }
    }

    /// `player` chooses `value` in the menu of `message` that offers it.
    async fn choose(&self, channel: u64, player: &FakeUser, message: &Callback, value: &str) -> Callback {
        let menu = message.menus().into_iter().find(|m| m.values().iter().any(|v| v == value));
        let menu = menu.unwrap_or_else(|| panic!("no menu offers {value}: {:?}", message.menus()));
        ask_closing(&self.fake, self.select(channel, player, message, &menu.custom_id, value)).await
    }

    /// A choice of `value` in the menu `custom_id` of `message`, offered or not.
    fn select(
        &self,
        channel: u64,
        player: &FakeUser,
        message: &Callback,
        custom_id: &str,
        value: &str,
    ) -> InteractionBuilder {
        let on = message.message.clone().expect("the menu's message");
        self.fake.fixtures().select(custom_id, &[value]).in_channel(channel).on_message(&on).from(player)
    }
}

/// Every option of every menu of `callback`, in order.
fn offered(callback: &Callback) -> Vec<String> {
    callback.menus().iter().flat_map(Menu::values).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_menus_play_every_legal_move_of_a_position_with_more_than_25() {
    let t = table().await;
    let fake = &t.fake;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let position = parse_fen(WIDE).unwrap();
    let legal = position.legal_moves_with_notation();
    assert!(legal.len() > 25, "{} legal moves", legal.len());
    let pieces = moves_by_piece(&position, legal.clone());

    // Each legal move in a game of its own: found in the menus and played.
    for (_, notation) in &legal {
        let channel = fake.new_id();
        let game = t.start(channel, &alice, &bob, Some(WIDE)).await;
        let board = ask(fake, fake.command("board").in_channel(channel).from(&alice)).await;
        assert_eq!(board.custom_ids(), [format!("mv:{}:0", game.id)], "the Move button, for the game at ply 0");

        let menu = t.open_menu(channel, &alice, &board).await;
        assert_private(&menu, &t!(Lang::En, "menu-choose-piece", game = game.id.to_string()));
        let squares: Vec<String> = pieces.iter().map(|p| p.square.to_string()).collect();
        assert_eq!(offered(&menu), squares, "the pieces that can move");
        assert_eq!(menu.menus()[0].options[0].0, "King on 2");

        let from = notation.split(['-', 'x']).next().unwrap();
        let moves = t.choose(channel, &alice, &menu, from).await;
        assert_eq!(moves.kind, 7, "the private menu is replaced: {moves:?}");
        let piece = pieces.iter().find(|p| p.square.to_string() == from).unwrap();
        assert_eq!(offered(&moves), piece.moves, "the moves of the piece on {from}");

        let played = t.choose(channel, &alice, &moves, notation).await;
        assert_eq!(played.kind, 4);
        assert!(!played.is_ephemeral(), "the move is announced in the channel: {played:?}");
        // The private menu is closed, saying what was played.
        let menu_now = moves.message.as_ref().expect("the menu's message");
        assert!(buttons_now(fake, menu_now).is_empty(), "the used menu is closed");
        let closed_with = t!(Lang::En, "menu-played", notation = notation.clone(), game = game.id.to_string());
        assert_eq!(t.fake.message(menu_now["id"].as_str().unwrap().parse().unwrap()).unwrap()["content"], closed_with);
        let headline = t!(Lang::En, "played", player = alice.mention(), notation = notation.clone());
        assert!(text(&played).contains(&headline) && text(&played).contains(&bob.mention()), "{:?}", played.content());
        assert!(played.file("board.png").is_some());
        let after = t.service.game_by_id(game.id).await.unwrap();
        assert_eq!(after.game.notations(), std::slice::from_ref(notation));
    }
    assert!(fake.unrouted_requests().is_empty(), "{:?}", fake.unrouted_requests());
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_menu_is_refused_and_plays_nothing() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.new_id();
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));

    // The game message: Move (for Alice, White) and Abort.
    let challenge = ask(
        fake,
        fake.command("challenge").in_channel(channel).user("opponent", &bob).string("color", "white").from(&alice),
    )
    .await;
    let started = t.press(channel, &bob, &challenge, "acc:").await;
    let ids = started.custom_ids();
    assert!(ids.len() == 2 && ids[0].starts_with("mv:") && ids[1].starts_with("abo:"), "{ids:?}");

    // Only the player to move opens the menu.
    assert_refusal(&t.open_menu(channel, &carol, &started).await, &GameError::NotAPlayer);
    assert_refusal(&t.open_menu(channel, &bob, &started).await, &GameError::NotYourTurn);

    // Alice picks the man on 11 (RULES 3.1: one square diagonally forward).
    let menu = t.open_menu(channel, &alice, &started).await;
    assert_eq!(offered(&menu), ["9", "10", "11", "12"]);
    let moves = t.choose(channel, &alice, &menu, "11").await;
    assert_eq!(offered(&moves), ["11-14", "11-15"]);
    let shown = moves.message.as_ref().expect("the updated menu");
    assert_eq!(shown["components"].as_array().map(Vec::len), Some(1), "serenity reads the menu: {shown}");

    // The position changes before she chooses: she plays 9-13 by command.
    let typed = ask(fake, fake.command("move").string("move", "9-13").in_channel(channel).from(&alice)).await;
    assert!(!typed.is_ephemeral(), "{typed:?}");
    assert_eq!(t.ply(channel).await, 1);

    // Her old menus, and the old Move button now that it is Bob's turn,
    // are refused in words and play nothing.
    let stale = t.choose(channel, &alice, &moves, "11-15").await;
    assert_private(&stale, &t!(Lang::En, "move-stale"));
    let stale = t.choose(channel, &alice, &menu, "11").await;
    assert_private(&stale, &t!(Lang::En, "move-stale"));
    let stale = t.open_menu(channel, &bob, &started).await;
    assert_private(&stale, &t!(Lang::En, "move-stale"));
    assert_eq!(t.ply(channel).await, 1);

    // Bob moves from the latest board; the channel is told as for /move,
    // Alice notified.
    let menu = t.open_menu(channel, &bob, &typed).await;
    let moves = t.choose(channel, &bob, &menu, "22").await;
    let played = t.choose(channel, &bob, &moves, "22-18").await;
    assert_eq!(played.kind, 4);
    assert!(!played.is_ephemeral());
    let headline = t!(Lang::En, "played", player = bob.mention(), notation = "22-18");
    assert!(text(&played).contains(&headline), "{:?}", played.content());
    assert!(text(&played).contains(&format!("{} (White) to move", alice.mention())), "{:?}", played.content());
    assert_eq!(played.data["allowed_mentions"]["users"], serde_json::json!([alice.id.to_string()]));
    assert!(played.custom_ids().iter().any(|id| id.starts_with("mv:")), "the next Move button");
    assert_eq!(t.ply(channel).await, 2);

    // A piece that cannot move, chosen by a forged request: refused.
    let menu = t.open_menu(channel, &alice, &played).await;
    let custom_id = menu.menus()[0].custom_id.clone();
    let forged = ask(fake, t.select(channel, &alice, &menu, &custom_id, "1")).await;
    assert_private(&forged, &t!(Lang::En, "button-unknown"));

    // In Spanish, the menu speaks Spanish.
    let on = played.message.clone().unwrap();
    let id = played.custom_ids().into_iter().find(|id| id.starts_with("mv:")).unwrap();
    let spanish = ask(fake, fake.button(&id).in_channel(channel).on_message(&on).locale("es-ES").from(&alice)).await;
    assert!(text(&spanish).contains("elige la pieza"), "{:?}", spanish.content());
    assert!(spanish.menus()[0].options.iter().any(|(label, _)| label.starts_with("Peón en")), "{:?}", spanish.menus());

    // Once the game is over, its menus say so (RULES 5.1: 13x22 is the
    // only move offered, a compulsory capture).
    assert_eq!(offered(&menu), ["13"]);
    crate::support::bot::resign(fake, channel, &bob).await;
    let over = t.choose(channel, &alice, &menu, "13").await;
    assert_private(&over, &t!(Lang::En, "button-game-over"));
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_confirm_moves_nothing_is_played_before_confirm() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.new_id();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));

    // Anyone sets it for themselves, privately; /settings shows it.
    let set = ask(fake, fake.command("settings").string("confirm-moves", "on").in_channel(channel).from(&alice)).await;
    assert_private(&set, &t!(Lang::En, "settings-confirm-moves-on"));
    let shown = ask(fake, fake.command("settings").in_channel(channel).from(&alice)).await;
    assert_private(&shown, &t!(Lang::En, "settings-confirm-moves-on"));
    let shown = ask(fake, fake.command("settings").in_channel(channel).from(&bob)).await;
    assert_private(&shown, &t!(Lang::En, "settings-confirm-moves-off"));
    let both = fake
        .command("settings")
        .string("threads", "on")
        .string("confirm-moves", "off")
        .in_channel(channel)
        .from(&alice);
    assert_private(&ask(fake, both).await, &t!(Lang::En, "settings-one-at-a-time"));

    let game = t.start(channel, &alice, &bob, None).await;

    // /move shows the board after the move, privately, and plays nothing.
    let preview = ask(fake, fake.command("move").string("move", "11-15").in_channel(channel).from(&alice)).await;
    assert_private(&preview, &t!(Lang::En, "move-preview", notation = "11-15"));
    let board = preview.file("board.png").expect("the board after the move");
    image::load_from_memory(&board.bytes).expect("the picture decodes");
    let described = board.description.clone().unwrap_or_default();
    assert!(described.contains("11-15") && described.contains("not played yet"), "{described:?}");
    assert_eq!(preview.custom_ids(), [format!("mvc:{}:0:11-15", game.id), format!("mvx:{}:0", game.id)]);
    assert_eq!(t.ply(channel).await, 0);

    // Cancel: still nothing played.
    let cancelled = t.press(channel, &alice, &preview, "mvx:").await;
    assert_eq!(cancelled.kind, 7);
    assert_eq!(text(&cancelled), t!(Lang::En, "move-cancelled"));
    assert!(cancelled.custom_ids().is_empty());
    assert_eq!(t.ply(channel).await, 0);

    // A rules refusal is the same as without the setting.
    let refused = ask(fake, fake.command("move").string("move", "11-18").in_channel(channel).from(&alice)).await;
    assert!(refused.is_ephemeral() && refused.files.is_empty(), "{refused:?}");

    // Confirm plays it, publicly, as /move would.
    let preview = ask(fake, fake.command("move").string("move", "11-15").in_channel(channel).from(&alice)).await;
    let played = t.press(channel, &alice, &preview, "mvc:").await;
    assert!(!played.is_ephemeral());
    let headline = t!(Lang::En, "played", player = alice.mention(), notation = "11-15");
    assert!(text(&played).contains(&headline), "{:?}", played.content());
    assert_eq!(t.ply(channel).await, 1);
    // A second Confirm is stale.
    let again = t.press(channel, &alice, &preview, "mvc:").await;
    assert_private(&again, &t!(Lang::En, "move-stale"));
    assert_eq!(t.ply(channel).await, 1);

    // Bob has not asked for it: his move is played at once.
    let answered = ask(fake, fake.command("move").string("move", "22-18").in_channel(channel).from(&bob)).await;
    assert!(!answered.is_ephemeral());
    assert_eq!(t.ply(channel).await, 2);

    // Through the menus: the last choice shows the board in place of the menu.
    let menu = t.open_menu(channel, &alice, &answered).await;
    let moves = t.choose(channel, &alice, &menu, "15").await;
    let preview = t.choose(channel, &alice, &moves, "15-19").await;
    assert_eq!(preview.kind, 7, "{preview:?}");
    assert_eq!(text(&preview), t!(Lang::En, "move-preview", notation = "15-19"));
    assert!(preview.file("board.png").is_some());
    assert_eq!(t.ply(channel).await, 2);
    let played = t.press(channel, &alice, &preview, "mvc:").await;
    assert!(!played.is_ephemeral() && text(&played).contains("15-19"), "{played:?}");
    assert_eq!(t.ply(channel).await, 3);

    // A move shown, then the game ends: Confirm says so.
    let answered = ask(fake, fake.command("move").string("move", "23x14").in_channel(channel).from(&bob)).await;
    assert!(!answered.is_ephemeral(), "Bob plays at once: {answered:?}");
    let preview = ask(fake, fake.command("move").string("move", "10x19").in_channel(channel).from(&alice)).await;
    assert!(preview.is_ephemeral());
    crate::support::bot::resign(fake, channel, &bob).await;
    let late = t.press(channel, &alice, &preview, "mvc:").await;
    assert_private(&late, &t!(Lang::En, "button-game-over"));
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_chosen_from_the_menu_hands_the_bot_its_turn() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.new_id();
    let alice = fake.user("alice");
    let me = fake.bot().clone();
    // Black (Alice) to move with one man against the bot's three kings.
    let started = ask(
        fake,
        fake.command("challenge")
            .in_channel(channel)
            .user("opponent", &me)
            .integer("level", 1)
            .string("color", "black")
            .string("position", "B:WK1,K10,K14:B29")
            .from(&alice),
    )
    .await;
    let menu = t.open_menu(channel, &alice, &started).await;
    let moves = t.choose(channel, &alice, &menu, "29").await;
    let first = offered(&moves)[0].clone();
    let played = t.choose(channel, &alice, &moves, &first).await;
    assert!(!played.is_ephemeral(), "{played:?}");
    // The bot's reply is in the same answer: one board, Alice's turn again,
    // with her Move button.
    let text = played.content().unwrap_or_default();
    assert!(text.contains(&format!("{} (level 1) played", me.mention())), "{text}");
    assert!(text.contains(&alice.mention()), "{text}");
    assert!(played.custom_ids().iter().any(|id| id.starts_with("mv:")), "Alice's Move button: {played:?}");
    // Not posted again on its own (as it was right after the answer, before).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let bot_posts = fake.count_messages(|m| {
        m.kind == MessageKind::Channel && m.content().starts_with(&format!("{} (level", me.mention()))
    });
    assert_eq!(bot_posts, 0);
    t.bot.stop().await;
}
