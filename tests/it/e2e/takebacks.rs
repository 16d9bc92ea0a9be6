//! Takebacks by consent, end to end through the fake Discord (issue item
//! 4): the Take back button under a move, `/takeback`, Allow / Refuse, the
//! board one ply back announced with its picture and the player to move
//! pinged. In English, and in Spanish for a Spanish server (with a draw
//! offer withdrawn, item 5).

use std::time::Duration;

use damas::config::Clock;
use damas::game::{GameError, GameService};

use crate::support::bot::{RunningBot, WAIT, ask, assert_private, assert_refusal, config, database_in};
use crate::support::fake_discord::{Callback, FakeDiscord, FakeUser, InteractionBuilder};

fn text(callback: &Callback) -> &str {
    callback.content().unwrap_or_default()
}

/// The custom id of the button whose id starts with `tag`.
fn button(callback: &Callback, tag: &str) -> String {
    let ids = callback.custom_ids();
    ids.iter().find(|id| id.starts_with(tag)).cloned().unwrap_or_else(|| panic!("no {tag} button in {ids:?}"))
}

fn labels(callback: &Callback) -> Vec<String> {
    let mut labels = Vec::new();
    for row in callback.data["components"].as_array().into_iter().flatten() {
        for b in row["components"].as_array().into_iter().flatten() {
            labels.push(b["label"].as_str().unwrap_or_default().to_string());
        }
    }
    labels
}

struct Table {
    fake: FakeDiscord,
    service: GameService,
    _dir: tempfile::TempDir,
    bot: RunningBot,
    channel: u64,
    /// The server's locale, when the test sets one.
    locale: Option<&'static str>,
}

impl Table {
    async fn new(locale: Option<&'static str>) -> Table {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let url = database_in(&dir);
        let bot = RunningBot::start(&fake, config(&fake, &url, Clock::system(), Duration::from_secs(60))).await;
        let service = GameService::open(&url).await.unwrap();
        let channel = fake.new_id();
        Table { fake, service, _dir: dir, bot, channel, locale }
    }

    /// `builder` from `user` in the table's channel (and server locale).
    fn by(&self, builder: InteractionBuilder, user: &FakeUser) -> InteractionBuilder {
        let builder = builder.in_channel(self.channel).from(user);
        match self.locale {
            Some(locale) => builder.locale(locale).guild_locale(locale),
            None => builder,
        }
    }

    async fn command(&self, name: &str, user: &FakeUser) -> Callback {
        ask(&self.fake, self.by(self.fake.command(name), user)).await
    }

    async fn play(&self, user: &FakeUser, notation: &str) -> Callback {
        let played = ask(&self.fake, self.by(self.fake.command("move").string("move", notation), user)).await;
        assert!(!played.is_ephemeral(), "{played:?}");
        played
    }

    /// `user` presses button `id` of the message of `on`.
    async fn press(&self, on: &Callback, id: &str, user: &FakeUser) -> Callback {
        let message = on.message.clone().expect("the message with the button");
        ask(&self.fake, self.by(self.fake.button(id), user).on_message(&message)).await
    }

    /// A game in which `white` (who challenged) plays White against `black`.
    async fn start(&self, white: &FakeUser, black: &FakeUser) {
        let challenge = ask(
            &self.fake,
            self.by(self.fake.command("challenge").user("opponent", black).string("color", "white"), white),
        )
        .await;
        self.press(&challenge, &button(&challenge, "acc:"), black).await;
        assert_eq!(self.ply().await, 0);
    }

    async fn ply(&self) -> u32 {
        self.service.game_in_channel(self.channel).await.expect("a live game").ply()
    }

    async fn pdn(&self, user: &FakeUser) -> String {
        let pdn = self.command("pdn", user).await;
        let file = pdn.files.iter().find(|f| f.filename.ends_with(".pdn")).expect("a record");
        String::from_utf8(file.bytes.to_vec()).unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_allowed_and_one_refused() {
    let t = Table::new(None).await;
    let (alice, bob) = (t.fake.user("alice"), t.fake.user("bob"));
    t.start(&alice, &bob).await;
    let pdn_at_start = t.pdn(&alice).await;

    // Alice's move carries a Take back button, for her only.
    let played = t.play(&alice, "11-15").await;
    assert!(labels(&played).contains(&"Take back".to_string()), "{:?}", labels(&played));
    let take_back = button(&played, "tbk:");
    let not_bobs = t.press(&played, &take_back, &bob).await;
    assert_refusal(&not_bobs, &GameError::NoMoveToTakeBack);

    // Asked with the button; Bob refuses it: the game goes on unchanged.
    let asked = t.press(&played, &take_back, &alice).await;
    assert!(!asked.is_ephemeral(), "{asked:?}");
    assert!(text(&asked).contains("asks to take back their move **11-15**"), "{asked:?}");
    assert!(text(&asked).contains(&bob.mention()), "{asked:?}");
    assert_eq!(labels(&asked), ["Allow takeback", "Refuse takeback"]);
    let own = t.press(&asked, &button(&asked, "tba:"), &alice).await;
    assert_refusal(&own, &GameError::OwnTakebackRequest);
    let refused = t.press(&asked, &button(&asked, "tbr:"), &bob).await;
    assert_eq!(refused.kind, 7, "the request becomes the answer");
    assert!(text(&refused).contains("refused to let") && text(&refused).contains(&alice.mention()), "{refused:?}");
    assert_eq!(t.ply().await, 1);
    assert!(t.service.game_in_channel(t.channel).await.unwrap().takeback_by.is_none());

    // Asked again with /takeback; Bob allows it with /takeback: the board one
    // ply back (with its alt text), Alice to move and pinged.
    let pinged = t.fake.pings_of(alice.id);
    let asked = t.command("takeback", &alice).await;
    assert!(text(&asked).contains("asks to take back"), "{asked:?}");
    let allowed = t.command("takeback", &bob).await;
    assert!(!allowed.is_ephemeral(), "{allowed:?}");
    for words in [format!("{} let {} take back **11-15**", bob.mention(), alice.mention()), "to move".to_string()] {
        assert!(text(&allowed).contains(&words), "{words:?} missing from {allowed:?}");
    }
    let board = allowed.files.iter().find(|f| f.filename.ends_with(".png")).expect("the board picture");
    assert!(!board.description.as_deref().unwrap_or_default().is_empty(), "the board has alt text");
    assert!(t.fake.wait_for_pings(alice.id, pinged + 1, WAIT).await, "Alice is pinged to move again");
    assert_eq!(t.ply().await, 0);
    assert_eq!(t.pdn(&alice).await, pdn_at_start, "the record is one ply shorter");

    // The old request's buttons and the old Take back button are stale.
    let stale = t.press(&asked, &button(&asked, "tba:"), &bob).await;
    assert_refusal(&stale, &GameError::NoTakebackRequest);
    let stale = t.press(&played, &take_back, &alice).await;
    assert_refusal(&stale, &GameError::PositionChanged);

    // Alice plays again; Bob replies: her move can no longer be taken back.
    t.play(&alice, "11-15").await;
    t.play(&bob, "22-18").await;
    let late = t.command("takeback", &alice).await;
    assert_refusal(&late, &GameError::NoMoveToTakeBack);
    t.bot.stop().await;
}

/// The same in a Spanish server: what everyone reads, and the buttons, in Spanish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_a_withdrawn_draw_offer_in_spanish() {
    let t = Table::new(Some("es-ES")).await;
    let (ana, bruno) = (t.fake.user("ana"), t.fake.user("bruno"));
    t.start(&ana, &bruno).await;

    let played = t.play(&ana, "11-15").await;
    assert!(labels(&played).contains(&"Deshacer jugada".to_string()), "{:?}", labels(&played));
    let asked = t.press(&played, &button(&played, "tbk:"), &ana).await;
    assert!(text(&asked).contains("pide deshacer su jugada **11-15**"), "{asked:?}");
    assert_eq!(labels(&asked), ["Permitir deshacer", "No permitir"]);
    let refused = t.press(&asked, &button(&asked, "tbr:"), &bruno).await;
    assert!(text(&refused).contains("no permitió a") && text(&refused).contains("La partida sigue"), "{refused:?}");

    let asked = t.command("takeback", &ana).await;
    let allowed = t.press(&asked, &button(&asked, "tba:"), &bruno).await;
    for words in [format!("{} permitió a {} deshacer **11-15**", bruno.mention(), ana.mention()), "Le toca a".into()] {
        assert!(text(&allowed).contains(&words), "{words:?} missing from {allowed:?}");
    }
    assert!(allowed.files.iter().any(|f| f.filename.ends_with(".png")), "{allowed:?}");
    assert_eq!(t.ply().await, 0);
    // A refusal in Spanish too: Bruno has no move to take back.
    let none = t.command("takeback", &bruno).await;
    assert_private(&none, "Solo puedes deshacer tu propia última jugada");

    let offer = t.command("draw", &ana).await;
    assert!(labels(&offer).contains(&"Retirar propuesta".to_string()), "{:?}", labels(&offer));
    let withdrawn = t.command("draw", &ana).await;
    assert!(text(&withdrawn).contains("retiró su propuesta de tablas"), "{withdrawn:?}");
    t.bot.stop().await;
}
