//! Tournaments end to end through the fake Discord (RULES 8.4): in English,
//! a round-robin of four from `/tournament create` to its final standings,
//! its games ending in every way (a win on the board, a draw by agreement,
//! a resignation, a loss on time with the clock moved, a withdrawal's
//! forfeits); in Spanish, a Swiss of five players and three rounds with
//! its byes. Each game plays in a thread of its own; the tournament's
//! message and its standings message are edited as things happen; the
//! standings come as a picture; the record of every game is one PDN file
//! an outside PDN reader reads.

use std::time::Duration;

use damas::config::Clock;
use damas::game::{DAY, GameError, GameService, GameView, TournamentStatus};
use damas::i18n::Lang;
use damas::t;

use crate::support::bot::{RunningBot, Started, WAIT, ask, ask_closing, assert_refusal, buttons_now};
use crate::support::fake_discord::{
    Callback, FakeDiscord, FakeThread, FakeUser, InteractionBuilder, MANAGE_EVENTS, MessageKind, PostedMessage,
};
use crate::support::games::{Backend, first_moves, line_to_a_win};
use crate::support::pdn_reader;

struct Server {
    fake: FakeDiscord,
    clock: Clock,
    service: GameService,
    channel: u64,
    organiser: FakeUser,
    /// The interaction's locale and the server's (`es-ES` for Spanish).
    locale: &'static str,
    _bot: RunningBot,
    /// Last: dropped after the bot.
    _database: damas::store::ScratchDatabase,
}

async fn server(locale: &'static str) -> Server {
    server_on(locale, Backend::Sqlite).await
}

async fn server_on(locale: &'static str, backend: Backend) -> Server {
    let Started { fake, database, url, clock, bot } = Started::on(backend).await;
    let service = GameService::open(&url).await.unwrap();
    let channel = fake.default_channel();
    fake.allow_threads(channel);
    let organiser = fake.user("olga").with_permissions(MANAGE_EVENTS);
    fake.add_user(&organiser);
    Server { fake, clock, service, channel, organiser, locale, _database: database, _bot: bot }
}

impl Server {
    fn lang(&self) -> Lang {
        Lang::from_discord(self.locale)
    }

    /// `/tournament <sub>` from `user` in the tournament's channel, in the
    /// server's language.
    fn sub(&self, sub: &str, user: &FakeUser) -> InteractionBuilder {
        let command = self.fake.command("tournament").subcommand(sub).in_channel(self.channel);
        command.locale(self.locale).guild_locale(self.locale).from(user)
    }

    /// A command in a game's thread, in the server's language.
    fn in_thread(&self, name: &str, thread: u64, user: &FakeUser) -> InteractionBuilder {
        self.fake.command(name).in_thread(thread).locale(self.locale).guild_locale(self.locale).from(user)
    }

    /// Creates tournament `options` (name and format) as the organiser and
    /// waits for its message in the channel.
    async fn create(
        &self,
        name: &str,
        format: &str,
        more: impl FnOnce(InteractionBuilder) -> InteractionBuilder,
    ) -> (i64, PostedMessage) {
        let command = more(self.sub("create", &self.organiser).string("name", name).string("format", format));
        let created = ask(&self.fake, command).await;
        assert!(created.is_ephemeral(), "{created:?}");
        let page = self.service.tournaments().tournaments_page(self.fake.guild_id(), 0).await.unwrap();
        let id = page.tournaments[0].id;
        let title = t!(self.lang(), "tournament-title", number = id.to_string(), name = name.to_string());
        assert!(created.content().unwrap().contains(&title), "{created:?}");
        let message = self.fake.wait_for_channel_message(self.channel, |m| m.content().starts_with(&title), WAIT).await;
        (id, message)
    }

    /// The threads of the tournament's games, once `count` are open.
    async fn threads(&self, count: usize) -> Vec<FakeThread> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let threads: Vec<FakeThread> =
                self.fake.threads().into_iter().filter(|t| t.parent_id == self.channel).collect();
            if threads.len() >= count {
                assert_eq!(threads.len(), count, "{threads:?}");
                return threads;
            }
            assert!(tokio::time::Instant::now() < deadline, "{} of {count} threads open", threads.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until the message `id` has been edited so that `matches` holds.
    async fn wait_for_edit(&self, id: u64, matches: impl Fn(&str) -> bool) -> PostedMessage {
        self.fake
            .wait_for_message(&format!("an edit of message {id}"), WAIT, |m| {
                m.kind == MessageKind::ChannelEdit && m.message_id == id && matches(m.content())
            })
            .await
    }

    /// `loser` resigns the game of `thread` with `/resign` and its
    /// confirmation button; the public message that ends the game.
    async fn resign(&self, thread: u64, loser: &FakeUser) -> Callback {
        let confirm = ask(&self.fake, self.in_thread("resign", thread, loser)).await;
        let button = confirm.custom_ids().pop().expect("a confirm button");
        let message = confirm.message.clone().expect("the confirmation");
        let press = self.fake.button(&button).in_thread(thread).on_message(&message).from(loser);
        ask_closing(&self.fake, press.locale(self.locale).guild_locale(self.locale)).await
    }

    /// The live game of a thread.
    async fn game(&self, thread: u64) -> GameView {
        self.service.game_in_channel(thread).await.expect("a game in the thread")
    }

    /// Plays `moves` in `thread` through `/move`, each by the player to move.
    async fn play(&self, thread: u64, players: &[FakeUser], moves: &[String]) {
        for mv in moves {
            let to_move = self.game(thread).await.player_to_move();
            let user = players.iter().find(|p| p.id == to_move).expect("a player of the game");
            let played = ask(&self.fake, self.in_thread("move", thread, user).string("move", mv)).await;
            assert!(!played.is_ephemeral(), "{mv}: {:?}", played.content());
            // No Take back: a tournament game allows no takebacks.
            assert!(played.custom_ids().iter().all(|id| !id.starts_with("tbk:")), "{:?}", played.custom_ids());
        }
    }
}

/// The four players of the round-robin, and the thread of each pairing.
fn thread_of(games: &[(u64, GameView)], x: &FakeUser, y: &FakeUser) -> (u64, GameView) {
    games
        .iter()
        .find(|(_, g)| g.color_of(x.id).is_some() && g.color_of(y.id).is_some())
        .cloned()
        .expect("a game between them")
}

fn text(callback: &Callback) -> &str {
    callback.content().unwrap_or_default()
}

crate::on_both_backends!(multi_thread: a_round_robin_of_four_from_sign_up_to_its_final_standings);

async fn a_round_robin_of_four_from_sign_up_to_its_final_standings(backend: Backend) {
    let s = server_on("en-US", backend).await;
    let fake = &s.fake;
    let lang = s.lang();
    let (ana, bruno, carla, dani) = (fake.user("ana"), fake.user("bruno"), fake.user("carla"), fake.user("dani"));
    let players = [ana.clone(), bruno.clone(), carla.clone(), dani.clone()];

    // Only those who manage the server or its events create one.
    let refused = ask(fake, s.sub("create", &ana).string("name", "Mine").string("format", "swiss")).await;
    assert_refusal(&refused, &GameError::NotTournamentManager);
    let (id, message) = s.create("Spring cup", "round_robin", |c| c).await;
    assert!(message.custom_ids().contains(&format!("tjn:{id}")), "{:?}", message.custom_ids());

    // Three join with the button (the message updates in place), one with
    // the command (the message is edited).
    for player in &players[..3] {
        let join = fake.button(&format!("tjn:{id}")).in_channel(s.channel).on_message(&message.message).from(player);
        let pressed = ask(fake, join).await;
        assert_eq!(pressed.kind, 7, "{pressed:?}");
        assert!(text(&pressed).contains(&player.mention()), "{pressed:?}");
    }
    let joined = ask(fake, s.sub("join", &dani).integer("number", id)).await;
    assert!(joined.is_ephemeral() && text(&joined).contains("4 players so far"), "{joined:?}");
    s.wait_for_edit(message.message_id, |c| c.contains(&dani.mention()) && c.contains("**Players (4):**")).await;
    let again = ask(fake, s.sub("join", &dani).integer("number", id)).await;
    assert_refusal(&again, &GameError::AlreadyEntered);

    // Only the organiser starts it; every game opens in a thread of its own.
    let early = ask(fake, s.sub("start", &ana).integer("number", id)).await;
    assert_refusal(&early, &GameError::NotOrganiser(s.organiser.id));
    let started = ask(fake, s.sub("start", &s.organiser).integer("number", id)).await;
    assert!(!started.is_ephemeral() && text(&started).contains("has started: 4 players, 6 games"), "{started:?}");
    let threads = s.threads(6).await;
    let mut games = Vec::new();
    for thread in &threads {
        let game = s.game(thread.id).await;
        assert!(thread.name.starts_with("Spring cup · round "), "{}", thread.name);
        let posted = fake.wait_for_channel_message(thread.id, |m| !m.files.is_empty(), WAIT).await;
        let pinged = posted.data["allowed_mentions"]["users"].to_string();
        for player in [game.white, game.black] {
            assert!(pinged.contains(&player.to_string()), "both players pinged: {pinged}");
        }
        assert!(posted.content().contains(&format!("Tournament #{id} · Spring cup · round ")), "{}", posted.content());
        // Move only: a tournament game is never aborted by its players.
        let buttons = posted.custom_ids();
        assert!(buttons.len() == 1 && buttons[0].starts_with("mv:"), "{buttons:?}");
        games.push((thread.id, game));
    }
    let standings = fake
        .wait_for_channel_message(s.channel, |m| m.content().contains("standings (0 of 6 games finished)"), WAIT)
        .await;
    s.wait_for_edit(message.message_id, |c| c.contains("Started")).await;

    // Ana beats Bruno on the board.
    let (thread, game) = thread_of(&games, &ana, &bruno);
    s.play(thread, &players, &line_to_a_win(game.color_of(ana.id).unwrap())).await;
    s.wait_for_edit(standings.message_id, |c| c.contains("1 of 6 games finished")).await;
    // Ana and Carla agree a draw after a move each.
    let (thread, game) = thread_of(&games, &ana, &carla);
    s.play(thread, &players, &first_moves(game.game.position(), 2)).await;
    let offered = ask(fake, s.in_thread("draw", thread, &ana)).await;
    assert!(!offered.is_ephemeral(), "{offered:?}");
    ask(fake, s.in_thread("draw", thread, &carla)).await;
    // Bruno resigns to Carla; no takeback or abort in a tournament game.
    let (thread, game) = thread_of(&games, &bruno, &carla);
    s.play(thread, &players, &first_moves(game.game.position(), 2)).await;
    let abort = ask(fake, s.in_thread("abort", thread, &bruno)).await;
    assert_refusal(&abort, &GameError::NoAbortInTournament);
    s.resign(thread, &bruno).await;
    s.wait_for_edit(standings.message_id, |c| c.contains("3 of 6 games finished")).await;
    // Dani loses to Carla on time: a few moves at once, then Dani is to
    // move; Ana's and Bruno's games with Dani get a move two days in, so
    // their deadlines come later.
    let (cd_thread, cd) = thread_of(&games, &carla, &dani);
    let plies = if cd.white == dani.id { 2 } else { 3 };
    s.play(cd_thread, &players, &first_moves(cd.game.position(), plies)).await;
    s.clock.advance(2 * DAY);
    for other in [&ana, &bruno] {
        let (thread, game) = thread_of(&games, other, &dani);
        s.play(thread, &players, &first_moves(game.game.position(), 1)).await;
    }
    s.clock.advance(DAY + 60);
    let timed = fake.wait_for_channel_message(cd_thread, |m| m.content().contains(&t!(lang, "time-is-up")), WAIT).await;
    assert!(timed.content().contains(&dani.mention()), "{}", timed.content());
    // Dani withdraws: the two games under way are lost by forfeit.
    // It asks first, privately: nothing is lost yet.
    let confirm = ask(fake, s.sub("withdraw", &dani).integer("number", id)).await;
    assert!(confirm.is_ephemeral() && text(&confirm).contains("This cannot be undone."), "{confirm:?}");
    let standing = s.service.tournaments().tournament(id).await.unwrap();
    assert!(!standing.entrant(dani.id).unwrap().withdrawn, "asking changed nothing");
    let on = confirm.message.clone().unwrap();
    let press = fake.button(&format!("twd:{id}")).in_channel(s.channel).on_message(&on).from(&dani);
    let withdrew = ask_closing(fake, press.locale(s.locale).guild_locale(s.locale)).await;
    assert!(buttons_now(fake, &on).is_empty(), "the confirmation is closed");
    assert!(text(&withdrew).contains("Their 2 unfinished games are lost by forfeit."), "{withdrew:?}");
    for other in [&ana, &bruno] {
        let (thread, _) = thread_of(&games, other, &dani);
        let over =
            fake.wait_for_channel_message(thread, |m| m.content().contains("withdrew from the tournament"), WAIT).await;
        assert!(over.content().contains(&other.mention()), "{}", over.content());
    }

    // The end: Ana and Carla share first place, named (not notified: it
    // asks nothing of them), with the picture.
    let end = fake.wait_for_channel_message(s.channel, |m| m.content().contains("is over"), WAIT).await;
    assert!(end.content().contains("share first place with 2½ points"), "{}", end.content());
    assert!(end.content().contains(&ana.mention()) && end.content().contains(&carla.mention()), "{}", end.content());
    assert_eq!(end.data["allowed_mentions"]["users"], serde_json::json!([]), "{:?}", end.data);
    let picture = end.files.iter().find(|f| f.filename.ends_with(".png")).expect("the standings picture");
    image::load_from_memory(&picture.bytes).expect("the picture decodes");
    let final_standings = s.wait_for_edit(standings.message_id, |c| c.contains("**Final standings.**")).await;
    let table = final_standings.content();
    assert!(table.contains("dani*") && table.contains("* withdrew"), "{table}");
    let t = s.service.tournaments().tournament(id).await.unwrap();
    assert_eq!(t.status, TournamentStatus::Finished);
    // Every game's thread is archived.
    for thread in &threads {
        fake.wait_for_thread(WAIT, |x| x.id == thread.id && x.archived).await;
    }

    // The standings as a picture, with alt text, on demand.
    let shown = ask(fake, s.sub("standings", &bruno).integer("number", id)).await;
    let file = shown.files.iter().find(|f| f.filename.ends_with(".png")).expect("the picture");
    image::load_from_memory(&file.bytes).expect("the picture decodes");
    let alt = file.description.clone().unwrap_or_default();
    assert!(alt.starts_with(&format!("Standings of Tournament #{id} · Spring cup")), "{alt}");

    // Every game in one PDN file, read by an outside reader.
    let record = ask(fake, s.sub("pdn", &bruno).integer("number", id)).await;
    let pdn = record.files.iter().find(|f| f.filename.ends_with(".pdn")).expect("the record");
    let pdn = String::from_utf8(pdn.bytes.to_vec()).unwrap();
    assert_eq!(pdn.matches("[Event \"Spring cup (tournament #").count(), 6, "{pdn}");
    if let Some(read) = pdn_reader::read(&pdn) {
        assert_eq!(read.len(), 6, "{read:?} from {pdn}");
        for game in &read {
            assert_eq!(game.variant.as_deref(), Some("spanish"), "{game:?}");
            let stored = games.iter().find(|(_, g)| {
                Some(g.white_name.clone().unwrap_or_default()) == game.tags.get("White").cloned()
                    && Some(g.black_name.clone().unwrap_or_default()) == game.tags.get("Black").cloned()
            });
            let (_, stored) = stored.expect("a game of the tournament");
            let now = s.service.game_by_id(stored.id).await.unwrap();
            assert_eq!(&game.moves, now.game.notations(), "{game:?}");
            assert_eq!(game.result, now.finished.unwrap().outcome.pdn());
        }
    }

    // The server's list says it is over.
    let list = ask(fake, fake.command("tournaments").from(&ana)).await;
    assert!(text(&list).contains(&format!("**#{id}** Spring cup · round-robin · finished · 4 players")), "{list:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_five_in_spanish_pairs_its_rounds_with_their_byes() {
    let s = server("es-ES").await;
    let fake = &s.fake;
    let players: Vec<FakeUser> = ["ana", "bruno", "carla", "dani", "elena"].iter().map(|n| fake.user(n)).collect();
    let (id, message) = s.create("Copa suiza", "swiss", |c| c.integer("rounds", 3)).await;
    for player in &players {
        let join = fake.button(&format!("tjn:{id}")).in_channel(s.channel).on_message(&message.message).from(player);
        let join = join.locale("es-ES").guild_locale("es-ES");
        assert_eq!(ask(fake, join).await.kind, 7);
    }
    // Discord sends a command's own (English) names, whatever the reader sees.
    let started = ask(fake, s.sub("start", &s.organiser).integer("number", id)).await;
    let said = text(&started);
    assert!(said.contains("ha empezado: 5 jugadores, 2 partidas") && said.contains("Descansa esta ronda"), "{said}");
    let standings =
        fake.wait_for_channel_message(s.channel, |m| m.content().contains("clasificación (ronda 1 de 3"), WAIT).await;

    let mut seen = 0;
    for round in 1..=3u32 {
        let threads = s.threads(seen + 2).await;
        let fresh: Vec<&FakeThread> =
            threads.iter().filter(|t| t.name.contains(&format!("· ronda {round} ·"))).collect();
        assert_eq!(fresh.len(), 2, "round {round}: {threads:?}");
        if round > 1 {
            let announced = fake
                .wait_for_channel_message(s.channel, |m| m.content().contains(&format!("**ronda {round} de 3**")), WAIT)
                .await;
            assert!(announced.content().contains("Descansa esta ronda"), "{}", announced.content());
            assert!(announced.content().contains(&format!("<#{}>", fresh[0].id)), "links its games' threads");
        }
        for thread in &fresh {
            let game = s.game(thread.id).await;
            s.play(thread.id, &players, &first_moves(game.game.position(), 2)).await;
            let white = players.iter().find(|p| p.id == game.white).unwrap();
            let over = s.resign(thread.id, white).await;
            assert!(text(&over).contains("abandonó"), "{over:?}");
        }
        seen += 2;
    }
    let end = fake.wait_for_channel_message(s.channel, |m| m.content().contains("ha terminado"), WAIT).await;
    let picture = end.files.iter().find(|f| f.filename.ends_with(".png")).expect("the standings picture");
    assert!(picture.description.as_deref().unwrap_or_default().starts_with("Clasificación de Torneo #"), "{picture:?}");
    s.wait_for_edit(standings.message_id, |c| c.contains("**Clasificación final.**")).await;
    let t = s.service.tournaments().tournament(id).await.unwrap();
    assert_eq!((t.status, t.byes.len()), (TournamentStatus::Finished, 3));
    let byes: std::collections::HashSet<u64> = t.byes.iter().map(|(_, user)| *user).collect();
    assert_eq!(byes.len(), 3, "nobody gets a second bye");

    let record = ask(fake, s.sub("pdn", &players[0]).integer("number", id)).await;
    assert!(text(&record).contains("Todas las partidas de"), "{record:?}");
    let pdn = record.files.iter().find(|f| f.filename.ends_with(".pdn")).expect("the record");
    let pdn = String::from_utf8(pdn.bytes.to_vec()).unwrap();
    if let Some(read) = pdn_reader::read(&pdn) {
        assert_eq!(read.len(), 6, "three rounds of two games: {read:?} from {pdn}");
        let rounds: Vec<&str> = read.iter().map(|g| g.tags["Round"].as_str()).collect();
        assert_eq!(rounds, ["1", "1", "2", "2", "3", "3"]);
    }
}
