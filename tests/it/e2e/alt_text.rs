//! Alt text end to end: each picture and file the bot sends carries a
//! description (Discord's attachment `description`) in the language of the
//! message it comes with, reading a board out as whose move it is, the last
//! move, and each side's men and kings by square number. That every
//! attachment has one is checked by the fake Discord in every test (when
//! it is dropped); this test checks what they say.

use std::time::Duration;

use crate::support::bot::{RunningBot, ask, ask_closing, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, InteractionBuilder};
use damas::config::Clock;
use damas::game::GameService;
use damas::rules::{Color, Position, Role};

/// The description of the file `name` of a reply.
fn alt(reply: &Callback, name: &str) -> String {
    let file = reply.file(name).unwrap_or_else(|| panic!("no {name} in {:?}", reply.content()));
    file.description.clone().unwrap_or_else(|| panic!("{name} has no description"))
}

/// The squares of one kind of piece, read off the position square by square.
fn squares(position: &Position, color: Color, role: Role) -> String {
    let list: Vec<String> = position
        .pieces()
        .filter(|(_, piece)| piece.color == color && piece.role == role)
        .map(|(square, _)| square.number().to_string())
        .collect();
    list.join(", ")
}

/// `builder` from `user` speaking `locale`, in `channel` of a server whose locale is `server`.
fn from(builder: InteractionBuilder, user: &FakeUser, locale: &str, server: &str, channel: u64) -> InteractionBuilder {
    builder.in_channel(channel).from(user).locale(locale).guild_locale(server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_are_described_in_the_language_of_their_message() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_secs(60))).await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno, carla) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"));
    let (en, es) = ("en-US", "es-ES");

    // An English server: the game message after 11-15 reads the board out.
    let channel = fake.new_id();
    let c = fake.command("challenge").user("opponent", &bruno).string("color", "white");
    ask(&fake, from(c, &ana, en, en, channel)).await;
    let started = ask(&fake, from(fake.command("accept"), &bruno, en, en, channel)).await;
    let view = service.game_in_channel(channel).await.unwrap();
    assert_eq!(
        alt(&started, "board.png"),
        format!(
            "Board of game #{}. White to move. White men 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12. \
             Black men 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32.",
            view.id
        )
    );
    let played = ask(&fake, from(fake.command("move").string("move", "11-15"), &ana, en, en, channel)).await;
    let view = service.game_in_channel(channel).await.unwrap();
    let position = view.game.position();
    let white = squares(position, Color::White, Role::Man);
    let black = squares(position, Color::Black, Role::Man);
    assert_eq!(white, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15");
    let expected =
        format!("Board of game #{}. Black to move. Last move 11-15. White men {white}. Black men {black}.", view.id);
    assert_eq!(alt(&played, "board.png"), expected);
    // `/board`, public, says the same; a Spanish player's private `/moves`
    // is described in Spanish, with the arrows of the legal moves.
    let board = ask(&fake, from(fake.command("board"), &carla, es, en, channel)).await;
    assert_eq!(alt(&board, "board.png"), expected);
    let moves = ask(&fake, from(fake.command("moves"), &carla, es, en, channel)).await;
    assert!(moves.is_ephemeral());
    assert_eq!(
        alt(&moves, "moves.png"),
        format!(
            "Juegan las negras. Última jugada: 11-15. Blancas: peones en {white}. Negras: peones en {black}. \
             Una flecha marca cada jugada legal."
        )
    );

    // Any position: men and kings, each group named once, in either language.
    let fen = "W:W21,22,24,K9:B5,6,K30";
    let asked = ask(&fake, from(fake.command("moves").string("position", fen), &carla, en, en, channel)).await;
    assert_eq!(
        alt(&asked, "moves.png"),
        "White to move. White men 21, 22, 24; king 9. Black men 5, 6; king 30. An arrow marks each legal move."
    );
    let asked = ask(&fake, from(fake.command("moves").string("position", fen), &ana, es, en, channel)).await;
    assert!(alt(&asked, "moves.png").starts_with("Juegan las blancas. Blancas: peones en 21, 22, 24; dama en 9."));

    // A Spanish server: what everyone reads is described in Spanish, also
    // when an English speaker asked for it.
    let spanish = fake.new_id();
    let c = fake.command("challenge").user("opponent", &carla).string("color", "white");
    ask(&fake, from(c, &ana, es, es, spanish)).await;
    ask(&fake, from(fake.command("accept"), &carla, en, es, spanish)).await;
    let played = ask(&fake, from(fake.command("move").string("move", "10-14"), &ana, es, es, spanish)).await;
    let game = service.game_in_channel(spanish).await.unwrap();
    let position = game.game.position();
    let white = squares(position, Color::White, Role::Man);
    let black = squares(position, Color::Black, Role::Man);
    let expected = format!(
        "Tablero de la partida #{}. Juegan las negras. Última jugada: 10-14. Blancas: peones en {white}. \
         Negras: peones en {black}.",
        game.id
    );
    assert_eq!(alt(&played, "board.png"), expected);
    let board = ask(&fake, from(fake.command("board"), &carla, en, es, spanish)).await;
    assert_eq!(alt(&board, "board.png"), expected);

    // Its end: the final board, the record, and the replay.
    let confirm = ask(&fake, from(fake.command("resign"), &carla, en, es, spanish)).await;
    let button = confirm.custom_ids().pop().expect("a confirm button");
    let press = fake.button(&button).on_message(confirm.message.as_ref().unwrap());
    let over = ask_closing(&fake, from(press, &carla, en, es, spanish)).await;
    let final_board = format!(
        "Tablero de la partida #{}. Posición final. Última jugada: 10-14. Blancas: peones en {white}. \
         Negras: peones en {black}.",
        game.id
    );
    assert_eq!(alt(&over, "board.png"), final_board);
    // A Spanish server's files have Spanish names.
    let pdn = format!("damas-partida-{}.pdn", game.id);
    assert_eq!(alt(&over, &pdn), format!("Planilla de la partida #{} (PDN), 1 jugada.", game.id));
    let replay = ask(&fake, from(fake.command("replay"), &carla, en, es, spanish)).await;
    let gif = alt(&replay, &format!("damas-partida-{}.gif", game.id));
    let head = format!("Repetición de la partida #{}: ana contra carla, 1 jugada, resultado 1-0. ", game.id);
    assert_eq!(
        gif,
        format!("{head}Posición final. Última jugada: 10-14. Blancas: peones en {white}. Negras: peones en {black}.")
    );

    // Every description fits Discord's limit (the fake refuses longer ones).
    assert!(fake.undescribed_uploads().is_empty());
    assert!(fake.uploaded_files() >= 9, "{} files", fake.uploaded_files());
    bot.stop().await;
}
