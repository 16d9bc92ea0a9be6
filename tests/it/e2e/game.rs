//! End to end through the fake Discord: whole games played with slash
//! commands and buttons, every refusal private and harmless, pictures and
//! records attached.

use damas::config::Clock;
use damas::game::GameError;
use damas::game::GameService;
use damas::i18n::Lang;
use damas::rules::{Color, Outcome, Position, parse_fen};
use damas::t;

use crate::support::bot::{
    RunningBot, ask, ask_closing, assert_move_refused, assert_private, assert_refusal, config, database_in,
};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser};

/// A position where White's king on 1 must capture two men (10, then 18).
const KING_CAPTURE: &str = "W:WK1:B10,18,30";

fn decodes_as_png(bytes: &[u8]) {
    let image = image::load_from_memory(bytes).expect("the attachment is a picture");
    assert!(image.width() > 0 && image.height() > 0);
}

fn board_of(callback: &Callback) -> &[u8] {
    let file = callback.files.iter().find(|f| f.filename.ends_with(".png")).expect("a board picture is attached");
    &file.bytes
}

fn text(callback: &Callback) -> &str {
    callback.content().unwrap_or_default()
}

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
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), std::time::Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    Table { fake, service, _dir: dir, bot }
}

impl Table {
    async fn ply(&self, channel: u64) -> u32 {
        self.service.game_in_channel(channel).await.expect("a live game").ply()
    }

    /// `challenger` challenges `opponent` (options added by `with`), `opponent` presses Accept.
    async fn start_game(
        &self,
        channel: u64,
        challenger: &FakeUser,
        opponent: &FakeUser,
        with: impl FnOnce(
            crate::support::fake_discord::InteractionBuilder,
        ) -> crate::support::fake_discord::InteractionBuilder,
    ) -> Callback {
        let fake = &self.fake;
        let challenge =
            ask(fake, with(fake.command("challenge").in_channel(channel).user("opponent", opponent).from(challenger)))
                .await;
        assert!(!challenge.is_ephemeral(), "{challenge:?}");
        let accept = challenge.custom_ids().into_iter().find(|id| id.starts_with("acc:")).expect("an Accept button");
        let message = challenge.message.clone().expect("the challenge message");
        ask(fake, fake.button(&accept).in_channel(channel).on_message(&message).from(opponent)).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_with_a_king_multi_capture() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.default_channel();
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));

    // The challenge: public, mentions the opponent, with Accept / Decline / Cancel.
    let challenge = ask(
        fake,
        fake.command("challenge")
            .user("opponent", &bob)
            .string("color", "white")
            .string("position", KING_CAPTURE)
            .from(&alice),
    )
    .await;
    assert_eq!(challenge.kind, 4);
    assert!(!challenge.is_ephemeral());
    assert!(text(&challenge).contains(&bob.mention()) && text(&challenge).contains(&alice.mention()));
    let ids = challenge.custom_ids();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(ids[0].starts_with("acc:") && ids[1].starts_with("dec:") && ids[2].starts_with("can:"));
    let message = challenge.message.clone().unwrap();

    // Only the challenged player may accept.
    let wrong = ask(fake, fake.button(&ids[0]).on_message(&message).from(&carol)).await;
    assert_refusal(&wrong, &GameError::NotChallenged);

    // Accepted by button: the challenge message becomes the game, its
    // buttons replaced by Move and Abort (offered until each side has moved).
    let accepted = ask(fake, fake.button(&ids[0]).on_message(&message).from(&bob)).await;
    assert_eq!(accepted.kind, 7, "{accepted:?}");
    let game_buttons = accepted.custom_ids();
    assert!(
        game_buttons.len() == 2 && game_buttons[0].starts_with("mv:") && game_buttons[1].starts_with("abo:"),
        "{game_buttons:?}"
    );
    assert!(text(&accepted).contains(&format!("{} (White) to move", alice.mention())), "{:?}", accepted.content());
    decodes_as_png(board_of(&accepted));

    // A stale button is refused.
    let again = ask(fake, fake.button(&ids[0]).on_message(&message).from(&bob)).await;
    let challenge_id = ids[0]["acc:".len()..].parse().unwrap();
    assert_refusal(&again, &GameError::StaleChallenge(challenge_id));

    // Every refusal is private, says why, and changes nothing.
    let position: Position = KING_CAPTURE.parse().unwrap();
    let move_error = |typed: &str| GameError::Move(position.parse_move(typed).unwrap_err());
    let bad_fen = "W:W1-12:B12,21-32";
    let refusals = [
        (fake.command("move").string("move", "30-26").from(&bob), GameError::NotYourTurn),
        (fake.command("move").string("move", "1x21").from(&carol), GameError::NotAPlayer),
        (fake.command("move").string("move", "1-5").from(&alice), move_error("1-5")),
        (fake.command("move").string("move", "hello").from(&alice), move_error("hello")),
        (fake.command("move").string("move", "1x21").in_channel(fake.new_id()).from(&alice), GameError::NoGame),
        (
            fake.command("moves").string("position", bad_fen).from(&alice),
            GameError::BadFen(parse_fen(bad_fen).unwrap_err()),
        ),
        (fake.command("challenge").user("opponent", &carol).from(&bob), GameError::ChannelHasGame),
    ];
    for (command, error) in refusals {
        let refused = ask(fake, command).await;
        assert_refusal(&refused, &error);
        assert_eq!(t.ply(channel).await, 0, "a refusal changed the game: {:?}", refused.content());
    }
    // The compulsory capture is named with the captures to choose from.
    let compulsory = ask(fake, fake.command("move").string("move", "1-5").from(&alice)).await;
    assert!(text(&compulsory).contains("1x21") && text(&compulsory).contains("1x25"), "{compulsory:?}");

    // A capture written ambiguously is refused with the full forms to choose from.
    let other = fake.new_id();
    t.start_game(other, &alice, &bob, |c| c.string("color", "white").string("position", "W:W6:B10,11,18,19")).await;
    let ambiguous = ask(fake, fake.command("move").string("move", "6x22").in_channel(other).from(&alice)).await;
    assert_move_refused(&ambiguous, &"W:W6:B10,11,18,19".parse().unwrap(), "6x22");
    assert!(text(&ambiguous).contains("6x13x22") && text(&ambiguous).contains("6x15x22"), "{ambiguous:?}");
    assert_eq!(t.ply(other).await, 0);

    // Autocomplete offers the legal moves matching what was typed.
    let typed = ask(fake, fake.autocomplete("move").focused("move", "1").from(&alice)).await;
    assert_eq!(typed.kind, 8);
    let names: Vec<String> = typed.choices().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["1x21", "1x25"]);
    let typed = ask(fake, fake.autocomplete("move").focused("move", "25").from(&alice)).await;
    assert_eq!(typed.choices().len(), 1);

    // /moves lists the captures with a picture, privately.
    let moves = ask(fake, fake.command("moves").from(&carol)).await;
    assert!(moves.is_ephemeral() && text(&moves).contains("1x21"), "{:?}", moves.content());
    decodes_as_png(board_of(&moves));

    // /games lists the game.
    let games = ask(fake, fake.command("games").from(&carol)).await;
    assert!(text(&games).contains(&format!("<#{channel}>")), "{:?}", games.content());

    // The king takes two men.
    let played = ask(fake, fake.command("move").string("move", "1x21").from(&alice)).await;
    assert_eq!(played.kind, 4);
    assert!(!played.is_ephemeral());
    let content = text(&played);
    assert!(content.contains("1x21") && content.contains(&bob.mention()) && content.contains(":R>"), "{content}");
    decodes_as_png(board_of(&played));
    assert_eq!(t.ply(channel).await, 1);

    let board = ask(fake, fake.command("board").string("perspective", "white").from(&carol)).await;
    assert!(!board.is_ephemeral());
    assert!(text(&board).starts_with("**Game #"), "the board names its game: {}", text(&board));
    decodes_as_png(board_of(&board));
    // A side is named exactly as the command's choices give it.
    for side in ["green", "White"] {
        let refused = ask(fake, fake.command("board").string("perspective", side).from(&carol)).await;
        assert_private(&refused, &t!(Lang::En, "err-unknown-side", name = side));
    }

    let played = ask(fake, fake.command("move").string("move", "30-26").from(&bob)).await;
    assert!(!played.is_ephemeral() && text(&played).contains("30-26"));

    // The last man falls: the end, with the result, the final board and the record.
    let last = ask(fake, fake.command("move").string("move", "21x30").from(&alice)).await;
    let content = text(&last);
    // Alice (White) wins; Bob (Black) is left without a move.
    let result = format!(
        "{} (White) wins: {} (Black) has no legal move. Score: White 1, Black 0.",
        alice.mention(),
        bob.mention()
    );
    assert!(content.contains("Game over") && content.contains(&result), "{content}");
    decodes_as_png(board_of(&last));
    let pdn = last.files.iter().find(|f| f.filename.ends_with(".pdn")).expect("the record is attached");
    let pdn = String::from_utf8(pdn.bytes.to_vec()).unwrap();
    assert!(pdn.contains("1x21") && pdn.contains("21x30") && pdn.contains("2-0"), "{pdn}");

    let after = ask(fake, fake.command("move").string("move", "30-26").from(&bob)).await;
    assert_refusal(&after, &GameError::NoGame);

    assert!(fake.unrouted_requests().is_empty(), "{:?}", fake.unrouted_requests());
    t.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_resignations_and_challenges_answered_by_command() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.new_id();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));

    // Cancelled by its author's button; declined by command.
    let challenge = ask(fake, fake.command("challenge").in_channel(channel).user("opponent", &bob).from(&alice)).await;
    let cancel = challenge.custom_ids().into_iter().find(|id| id.starts_with("can:")).unwrap();
    let message = challenge.message.clone().unwrap();
    let refused = ask(fake, fake.button(&cancel).in_channel(channel).on_message(&message).from(&bob)).await;
    assert_refusal(&refused, &GameError::NotChallenger);
    let cancelled = ask(fake, fake.button(&cancel).in_channel(channel).on_message(&message).from(&alice)).await;
    assert_eq!(cancelled.kind, 7);
    ask(fake, fake.command("challenge").in_channel(channel).user("opponent", &bob).from(&alice)).await;
    let declined = ask(fake, fake.command("decline").in_channel(channel).from(&bob)).await;
    assert!(!declined.is_ephemeral() && text(&declined).contains("declined"), "{declined:?}");

    // A game accepted by /accept, then a draw declined, offered again and accepted by /draw.
    ask(fake, fake.command("challenge").in_channel(channel).user("opponent", &bob).integer("days", 5).from(&alice))
        .await;
    let started = ask(fake, fake.command("accept").in_channel(channel).from(&bob)).await;
    assert!(!started.is_ephemeral());
    decodes_as_png(board_of(&started));
    assert_eq!(t.service.game_in_channel(channel).await.unwrap().time, damas::game::TimeControl::per_move(5));

    let offer = ask(fake, fake.command("draw").in_channel(channel).from(&alice)).await;
    let ids = offer.custom_ids();
    // Accept and Decline for Bob, Withdraw for Alice.
    assert!(text(&offer).contains(&bob.mention()) && ids.len() == 3, "{offer:?}");
    let message = offer.message.clone().unwrap();
    let own = ask(fake, fake.button(&ids[0]).in_channel(channel).on_message(&message).from(&alice)).await;
    assert_refusal(&own, &GameError::OwnDrawOffer);
    let no = ask(fake, fake.button(&ids[1]).in_channel(channel).on_message(&message).from(&bob)).await;
    assert_eq!(no.kind, 7);
    assert!(t.service.game_in_channel(channel).await.unwrap().draw_offer_by.is_none());

    ask(fake, fake.command("draw").in_channel(channel).from(&bob)).await;
    let agreed = ask(fake, fake.command("draw").in_channel(channel).from(&alice)).await;
    assert!(text(&agreed).contains("Draw by agreement. Score: White ½, Black ½."), "{agreed:?}");
    assert!(agreed.files.iter().any(|f| f.filename.ends_with(".pdn")));

    // A resignation, confirmed by its private button.
    ask(fake, fake.command("challenge").in_channel(channel).user("opponent", &bob).from(&alice)).await;
    ask(fake, fake.command("accept").in_channel(channel).from(&bob)).await;
    let pdn = ask(fake, fake.command("pdn").in_channel(channel).from(&alice)).await;
    assert!(pdn.files.iter().any(|f| f.filename.ends_with(".pdn")));
    let confirm = ask(fake, fake.command("resign").in_channel(channel).from(&bob)).await;
    assert_private(&confirm, &t!(Lang::En, "resign-confirm", opponent = alice.mention()));
    let resign = confirm.custom_ids().pop().expect("a confirm button");
    assert!(t.service.game_in_channel(channel).await.is_ok(), "asking to resign changes nothing");
    let message = confirm.message.clone().unwrap();
    let resigned = ask_closing(fake, fake.button(&resign).in_channel(channel).on_message(&message).from(&bob)).await;
    assert!(!resigned.is_ephemeral());
    // Bob resigned: Alice wins, whatever colours were drawn, in the message and the record.
    let row = t.service.store().last_finished_game_in_channel(channel).await.unwrap().expect("the resigned game");
    let (alice_side, bob_side, won) =
        if row.setup.white == alice.id { ("White", "Black", Color::White) } else { ("Black", "White", Color::Black) };
    let won = Outcome::Win(won);
    // A win counts 1 point (the record's "2-0" is PDN's own count).
    let (white, black) = if won == Outcome::Win(Color::White) { ("1", "0") } else { ("0", "1") };
    let result = format!(
        "{} ({alice_side}) wins: {} ({bob_side}) resigned. Score: White {white}, Black {black}.",
        alice.mention(),
        bob.mention()
    );
    assert!(text(&resigned).contains(&result), "{result:?} missing from {resigned:?}");
    assert_eq!(row.result, Some(won));
    let stale = ask(fake, fake.button(&resign).in_channel(channel).on_message(&message).from(&bob)).await;
    assert_private(&stale, &t!(Lang::En, "button-game-over"));

    // The commands as the text, the rules and the square numbers in an embed.
    let help = ask(fake, fake.command("help").from(&bob)).await;
    assert!(help.is_ephemeral() && text(&help).contains("/tournament"), "{help:?}");
    let embed = &help.data["embeds"][0];
    assert_eq!(embed["title"], t!(Lang::En, "help-rules-title"));
    assert!(embed["description"].as_str().unwrap_or_default().contains("```"), "{embed}");
    t.bot.stop().await;
}

/// Issue item 5: `/draw` again, or the Withdraw button under the offer,
/// withdraws the player's own standing offer; only its offerer may.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_withdrawn_by_draw_again_and_by_its_button() {
    let t = table().await;
    let fake = &t.fake;
    let channel = fake.new_id();
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    t.start_game(channel, &alice, &bob, |c| c).await;

    let offer = ask(fake, fake.command("draw").in_channel(channel).from(&alice)).await;
    let button = |tag: &str| offer.custom_ids().into_iter().find(|id| id.starts_with(tag)).expect("a button");
    let withdraw = button("drw:");
    let message = offer.message.clone().unwrap();
    let press = |user: &FakeUser, id: &str| fake.button(id).in_channel(channel).on_message(&message).from(user);
    let not_bobs = ask(fake, press(&bob, &withdraw)).await;
    assert_refusal(&not_bobs, &GameError::NotYourDrawOffer);
    let withdrawn = ask(fake, press(&alice, &withdraw)).await;
    assert_eq!(withdrawn.kind, 7, "the offer becomes the withdrawal");
    assert_eq!(text(&withdrawn), t!(Lang::En, "draw-withdrawn", player = alice.mention()));
    assert!(t.service.game_in_channel(channel).await.unwrap().draw_offer_by.is_none());
    let stale = ask(fake, press(&bob, &button("dra:"))).await;
    assert_refusal(&stale, &GameError::NoDrawOffer);

    // `/draw` twice: offered, then withdrawn; the game goes on.
    ask(fake, fake.command("draw").in_channel(channel).from(&alice)).await;
    let again = ask(fake, fake.command("draw").in_channel(channel).from(&alice)).await;
    assert!(!again.is_ephemeral(), "{again:?}");
    assert_eq!(text(&again), t!(Lang::En, "draw-withdrawn", player = alice.mention()));
    let game = t.service.game_in_channel(channel).await.unwrap();
    assert!(game.is_live() && game.draw_offer_by.is_none());
    let nothing = ask(fake, press(&alice, &withdraw)).await;
    assert_refusal(&nothing, &GameError::NoDrawOffer);
    t.bot.stop().await;
}
