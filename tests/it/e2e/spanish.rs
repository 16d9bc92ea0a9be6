//! The bot in Spanish, end to end through the fake Discord: in a server
//! whose locale is es-ES, what everyone reads (challenges, moves, the
//! board, the clock's announcements, the bot's own moves) is in Spanish,
//! and each private answer (refusals, `/help`, `/moves`) follows the locale
//! of the user who asked: es-ES, es-419 or en-US.

use std::time::Duration;

use crate::support::bot::{RunningBot, Started, WAIT, ask, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, InteractionBuilder};
use damas::config::Clock;
use damas::game::{DAY, GameService};

/// The server's locale in this test.
const SERVER: &str = "es-ES";

fn text(reply: &Callback) -> &str {
    reply.content().unwrap_or_default()
}

/// `builder` from `user`, speaking `locale`, in the Spanish server's `channel`.
fn from(builder: InteractionBuilder, user: &FakeUser, locale: &str, channel: u64) -> InteractionBuilder {
    builder.in_channel(channel).from(user).locale(locale).guild_locale(SERVER)
}

fn public_says(reply: &Callback, words: &[&str]) {
    assert!(!reply.is_ephemeral(), "a public message: {:?}", reply.content());
    for w in words {
        assert!(text(reply).contains(w), "expected «{w}» in {:?}", reply.content());
    }
}

fn private_says(reply: &Callback, words: &[&str]) {
    assert!(reply.is_ephemeral(), "a private answer: {:?}", reply.content());
    for w in words {
        assert!(text(reply).contains(w), "expected «{w}» in {:?}", reply.content());
    }
}

fn button_labels(reply: &Callback) -> Vec<String> {
    let mut labels = Vec::new();
    for row in reply.data["components"].as_array().into_iter().flatten() {
        for b in row["components"].as_array().into_iter().flatten() {
            labels.push(b["label"].as_str().unwrap_or_default().to_string());
        }
    }
    labels
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_server_with_players_of_three_locales() {
    let Started { fake, database: _database, url, clock, bot } = Started::new().await;
    let service = GameService::open(&url).await.unwrap();
    // Ana writes from Spain, Bruno from Mexico, Carla in English.
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let (es, latam, en) = ("es-ES", "es-419", "en-US");
    let channel = fake.new_id();

    // The challenge everyone reads is in Spanish, and so are its buttons.
    let c = from(fake.command("challenge"), &ana, es, channel)
        .user("opponent", &bruno)
        .string("color", "white")
        .integer("days", 3);
    let challenge = ask(&fake, c).await;
    public_says(&challenge, &["te desafía a una partida de damas españolas", "juega con blancas", "3 días por jugada"]);
    assert_eq!(button_labels(&challenge), ["Aceptar", "Rechazar", "Cancelar"]);

    // Carla, in English, is refused in English; nothing changes.
    let refused = ask(&fake, from(fake.command("accept"), &carla, en, channel)).await;
    private_says(&refused, &["Only the challenged player can accept"]);

    // Bruno accepts: the game message, in Spanish, with Spanish Move and Abort buttons.
    let started = ask(&fake, from(fake.command("accept"), &bruno, latam, channel)).await;
    public_says(
        &started,
        &["aceptó el desafío", "¡Empieza la partida!", "**Partida #", "(blancas) contra", "Le toca a"],
    );
    assert_eq!(button_labels(&started), ["Mover", "Anular"]);

    // Refusals follow the one who acted: Bruno (es-419) out of turn, Ana
    // (es-ES) with an illegal move, Carla (en-US) not playing.
    let early = ask(&fake, from(fake.command("move").string("move", "22-18"), &bruno, latam, channel)).await;
    private_says(&early, &["No es tu turno"]);
    let illegal = ask(&fake, from(fake.command("move").string("move", "11-16"), &ana, es, channel)).await;
    private_says(&illegal, &["no es legal aquí", "puede jugar"]);
    let junk = ask(&fake, from(fake.command("move").string("move", "hola"), &ana, es, channel)).await;
    private_says(&junk, &["no es una jugada", "Escribe las jugadas como 11-15"]);
    let outsider = ask(&fake, from(fake.command("resign"), &carla, en, channel)).await;
    private_says(&outsider, &["You are not playing in this game."]);
    assert_eq!(service.game_in_channel(channel).await.unwrap().ply(), 0, "refusals changed nothing");

    // A move everyone reads: Spanish, whoever played it.
    let played = ask(&fake, from(fake.command("move").string("move", "11-15"), &ana, es, channel)).await;
    public_says(&played, &["jugó **11-15**", &bruno.mention(), "plazo"]);

    // Carla asks in English: the board is public (Spanish), the moves private (English).
    let board = ask(&fake, from(fake.command("board"), &carla, en, channel)).await;
    public_says(&board, &["Le toca a", "(negras)"]);
    let moves = ask(&fake, from(fake.command("moves"), &carla, en, channel)).await;
    private_says(&moves, &["Black is to move", "legal moves"]);
    let bad_fen = ask(&fake, from(fake.command("moves").string("position", "W:W1-40"), &bruno, latam, channel)).await;
    private_says(&bad_fen, &["no es una posición FEN de PDN válida", "40 no está entre 1 y 32"]);

    // Help in each reader's language, commands named as Discord shows them.
    // The commands in the text, the rules in the embed below it.
    let rules = |help: &Callback| help.data["embeds"][0]["description"].as_str().unwrap_or_default().to_string();
    let help = ask(&fake, from(fake.command("help"), &ana, es, channel)).await;
    private_says(&help, &["/desafiar", "/mover 11-15", "/torneo"]);
    for term in ["peón", "captura obligatoria", "ley de la cantidad", "tablas"] {
        assert!(rules(&help).to_lowercase().contains(term), "«{term}» in {}", rules(&help));
    }
    let help = ask(&fake, from(fake.command("help"), &bruno, latam, channel)).await;
    private_says(&help, &["/desafiar", "Damas españolas"]);
    let help = ask(&fake, from(fake.command("help"), &carla, en, channel)).await;
    private_says(&help, &["/challenge"]);
    assert!(rules(&help).contains("Capturing is compulsory"), "{}", rules(&help));

    // The clock speaks the server's language: a reminder, then the loss on time.
    clock.advance(5 * DAY / 2);
    let reminder = fake.wait_for_channel_message(channel, |m| m.content().contains("recordatorio"), WAIT).await;
    assert!(reminder.content().contains(&bruno.mention()), "{}", reminder.content());
    clock.advance(DAY);
    let lost = fake.wait_for_channel_message(channel, |m| m.content().contains("Se acabó el tiempo"), WAIT).await;
    for w in ["**Fin de la partida.** Gana", &ana.mention(), "se le acabó el tiempo"] {
        assert!(lost.content().contains(w), "expected «{w}» in {}", lost.content());
    }
    // Its record's file is named in Spanish too.
    let pdn = ask(&fake, from(fake.command("pdn"), &carla, en, channel)).await;
    let game = service.store().last_finished_game_in_channel(channel).await.unwrap().expect("the game");
    assert!(pdn.file(&format!("damas-partida-{}.pdn", game.id)).is_some(), "{:?}", pdn.files);

    // A game against the bot, in Spanish too.
    let bot_channel = fake.new_id();
    let me = fake.bot().clone();
    let c = from(fake.command("challenge"), &carla, en, bot_channel).user("opponent", &me).string("color", "white");
    let started = ask(&fake, c).await;
    public_says(&started, &["empieza una partida contra mí", "(negras, nivel"]);
    // The bot's reply is in the answer to the move, in Spanish too: one
    // board, and Carla's turn again with her deadline.
    let mv = ask(&fake, from(fake.command("move").string("move", "11-15"), &carla, en, bot_channel)).await;
    let bot_played = format!("{} (nivel ", me.mention());
    public_says(&mv, &["jugó **11-15**", &bot_played, "Le toca a", "plazo"]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_english_server_keeps_english_for_everyone_but_private_answers() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let channel = fake.new_id();

    // Ana speaks Spanish in an English server: her challenge is public, so English.
    let c = fake.command("challenge").user("opponent", &bruno).in_channel(channel).from(&ana).locale("es-ES");
    let challenge = ask(&fake, c).await;
    public_says(&challenge, &["challenges you to a game of Spanish draughts"]);
    assert_eq!(button_labels(&challenge), ["Accept", "Decline", "Cancel"]);
    // Her own refusal is private, so Spanish.
    let c = fake.command("challenge").user("opponent", &ana).in_channel(channel).from(&ana).locale("es-ES");
    private_says(&ask(&fake, c).await, &["No puedes desafiarte a ti"]);
    bot.stop().await;
}
