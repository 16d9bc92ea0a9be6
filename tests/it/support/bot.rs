//! Runs the real bot (`damas::discord::run_bot`) in-process against the
//! fake Discord, on a given database, with a clock tests can move.

use std::time::Duration;

use damas::config::{Clock, Config};
use damas::discord::{BotError, run_bot};
use damas::game::{ChallengePick, ColorChoice, DAY, GameError, GameService, NewChallenge};
use damas::i18n::{Lang, game_error};
use damas::rules::Position;
use damas::store::{Backend, ScratchDatabase};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::{Callback, FakeDiscord, FakeInteraction, FakeUser, InteractionBuilder};

/// How long tests wait for anything the bot does.
pub const WAIT: Duration = Duration::from_secs(20);
/// How long a bot's start is tried again while its database's lock is held
/// (see [`RunningBot::start`]).
const LOCK_PATIENCE: Duration = Duration::from_secs(3);
/// How many slash commands the bot registers.
pub const COMMANDS: usize = damas::discord::interactions::slash::COMMANDS.len();

/// A bot running in this process.
pub struct RunningBot {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), BotError>>,
}

/// The settings the tests run the bot with: the fake's URL and token, the
/// database at `database_url`, the clock loop every `clock_every`, and the
/// endgame tables of this test run (so no bot builds its own).
pub fn config(fake: &FakeDiscord, database_url: &str, clock: Clock, clock_every: Duration) -> Config {
    let mut config = Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some(fake.token()),
        "DATABASE_URL" => Some(database_url.to_string()),
        "DISCORD_GUILD_ID" => Some(fake.guild_id().to_string()),
        "DISCORD_PROXY_URL" => Some(fake.rest_url().to_string()),
        _ => None,
    })
    .expect("test settings are valid");
    config.clock = clock;
    config.clock_interval = clock_every;
    config.engine_tables = Some(super::tables::table_file().to_path_buf());
    config
}

/// A `sqlite://` URL for a new database file in `dir`.
pub fn database_in(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("damas.db").display())
}

/// Logs to the test output when `RUST_LOG` is set.
pub fn init_logs() {
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_test_writer()
            .try_init();
    }
}

impl RunningBot {
    /// Starts the bot and waits until it is connected and its commands are registered.
    ///
    /// A bot started right after another stopped on the same database may
    /// find the database's lock still held for a moment, by no bot: the
    /// lock is on an open file, and a test elsewhere in this process that
    /// starts a child process (a second bot, the PDN reader) gives the child
    /// a copy of every open file until it runs its program. So a start
    /// refused for that alone is tried again for a little while; any other
    /// failure to start says what it was.
    pub async fn start(fake: &FakeDiscord, config: Config) -> RunningBot {
        init_logs();
        let locked_until = tokio::time::Instant::now() + LOCK_PATIENCE;
        loop {
            match RunningBot::try_start(fake, config.clone()).await {
                Ok(bot) => return bot,
                Err(BotError::AlreadyRunning(_)) if tokio::time::Instant::now() < locked_until => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("the bot stopped while starting: {e}"),
            }
        }
    }

    async fn try_start(fake: &FakeDiscord, config: Config) -> Result<RunningBot, BotError> {
        let identified = fake.gateway_stats().identifies;
        let (stop, stopped) = oneshot::channel::<()>();
        let mut task = tokio::spawn(run_bot(config, async {
            let _ = stopped.await;
        }));
        let deadline = tokio::time::Instant::now() + WAIT;
        while fake.gateway_stats().identifies == identified {
            if task.is_finished() {
                let result = (&mut task).await.expect("the bot task does not panic");
                return Err(result.err().unwrap_or_else(|| BotError::Gateway("stopped with no error".into())));
            }
            assert!(tokio::time::Instant::now() < deadline, "the bot did not connect");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        fake.wait_connected(WAIT).await;
        fake.wait_for_commands(COMMANDS, WAIT).await;
        Ok(RunningBot { stop: Some(stop), task })
    }

    /// Asks the bot to stop, as SIGTERM does, and waits until it has.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let result = tokio::time::timeout(WAIT, &mut self.task).await.expect("the bot stops in time");
        result.expect("the bot task does not panic").expect("the bot stops cleanly");
    }
}

/// How most end-to-end tests begin: a fake Discord, and the bot running
/// against it on a new database, with the system clock and its clock loop
/// every 200 ms.
pub struct Started {
    /// The fake Discord the bot is connected to.
    pub fake: FakeDiscord,
    /// The database (removed when dropped: keep it past the bot).
    pub database: ScratchDatabase,
    /// The database's URL, for a `GameService` of the test's own.
    pub url: String,
    /// The bot's clock.
    pub clock: Clock,
    /// The bot, connected and with its commands registered.
    pub bot: RunningBot,
}

impl Started {
    /// Starts the fake Discord, then the bot on a new SQLite file.
    pub async fn new() -> Started {
        Started::on(Backend::Sqlite).await
    }

    /// Starts the fake Discord, then the bot on a new database on `backend`.
    pub async fn on(backend: Backend) -> Started {
        let fake = FakeDiscord::start().await;
        let database = crate::support::games::database(backend).await;
        let url = database.url().to_string();
        let clock = Clock::system();
        let bot = RunningBot::start(&fake, config(&fake, &url, clock.clone(), Duration::from_millis(200))).await;
        Started { fake, database, url, clock, bot }
    }
}

/// A bot started as [`Started`] starts it, with a service of the test's
/// own on its database: for tests that set their games up through the
/// service (which posts nothing) and watch what the bot posts.
pub struct Served {
    /// The fake Discord the bot is connected to.
    pub fake: FakeDiscord,
    /// The bot's clock.
    pub clock: Clock,
    /// A service on the bot's database.
    pub service: GameService,
    /// The bot.
    pub bot: RunningBot,
    /// Last: dropped after the bot.
    _database: ScratchDatabase,
}

impl Served {
    /// Starts the fake Discord, then the bot on a new SQLite file.
    pub async fn new() -> Served {
        let Started { fake, database, url, clock, bot } = Started::new().await;
        let service = GameService::open(&url).await.expect("a service on the bot's database");
        Served { fake, clock, service, bot, _database: database }
    }

    /// A game in a channel of its own of the fake's server, `white` (to
    /// move) against `black`, `days` a move (the default when `None`);
    /// its channel.
    pub async fn game(&self, white: &FakeUser, black: &FakeUser, days: Option<u32>) -> u64 {
        let channel = self.fake.new_id();
        let c = NewChallenge {
            guild: Some(self.fake.guild_id()),
            color: ColorChoice::White,
            days_per_move: days,
            ..NewChallenge::new(channel, white.id, black.id)
        };
        self.service.challenges().challenge(self.clock.now(), c).await.expect("a challenge");
        self.service
            .challenges()
            .accept(self.clock.now(), channel, black.id, ChallengePick::Mine)
            .await
            .expect("accepted");
        channel
    }
}

/// Sends an interaction and waits for the bot's response to it.
pub async fn ask(fake: &FakeDiscord, builder: InteractionBuilder) -> Callback {
    let interaction: FakeInteraction = fake.send(builder);
    fake.wait_for_callback(interaction.id, WAIT).await
}

/// A press on a private menu or confirmation that acts (a move chosen, a
/// resignation confirmed): the private message is closed (updated, without
/// its components) and the public answer follows as a message of its own
/// in the channel. Returns that answer as a callback would show it; a
/// refusal (private, the menu left as it was), or a menu replaced by the
/// next one, as it came.
pub async fn ask_closing(fake: &FakeDiscord, builder: InteractionBuilder) -> Callback {
    let interaction: FakeInteraction = fake.send(builder);
    let closed = fake.wait_for_callback(interaction.id, WAIT).await;
    // A refusal, or a menu that goes on (the moves of the piece picked).
    if closed.kind == 4 || (closed.kind == 7 && !closed.custom_ids().is_empty()) {
        return closed;
    }
    let nonce = format!("a{}", interaction.id);
    let posted =
        fake.wait_for_channel_message(interaction.channel_id, |m| m.data["nonce"].as_str() == Some(&nonce), WAIT).await;
    Callback {
        interaction_id: interaction.id,
        token: interaction.token.clone(),
        kind: 4,
        data: posted.data,
        files: posted.files,
        message: Some(posted.message),
        elapsed: closed.elapsed,
    }
}

/// `loser` resigns the game of `channel` with `/resign` and its private
/// confirmation button; the public message that ends the game.
pub async fn resign(fake: &FakeDiscord, channel: u64, loser: &FakeUser) -> Callback {
    let confirm = ask(fake, fake.command("resign").in_channel(channel).from(loser)).await;
    let button = confirm.custom_ids().pop().expect("a confirm button");
    let message = confirm.message.clone().expect("the confirmation");
    ask_closing(fake, fake.button(&button).in_channel(channel).on_message(&message).from(loser)).await
}

/// `user` aborts the game of `channel` with `/abort` and its private
/// confirmation button; the public message that ends the game.
pub async fn abort(fake: &FakeDiscord, channel: u64, user: &FakeUser) -> Callback {
    let confirm = ask(fake, fake.command("abort").in_channel(channel).from(user)).await;
    assert!(confirm.is_ephemeral(), "aborting a game is confirmed first: {confirm:?}");
    let button = confirm.custom_ids().pop().expect("a confirm button");
    let message = confirm.message.clone().expect("the confirmation");
    ask_closing(fake, fake.button(&button).in_channel(channel).on_message(&message).from(user)).await
}

/// Asserts that `callback` is a private answer (a new message that only the
/// user sees) whose text holds `expected`, a sentence of the catalog: not
/// merely some private answer, since the apology for an internal failure
/// is private too.
pub fn assert_private(callback: &Callback, expected: &str) {
    assert_eq!(callback.kind, 4, "{callback:?}");
    assert!(callback.is_ephemeral(), "a private answer: {:?}", callback.content());
    let text = callback.content().unwrap_or_default();
    assert!(text.contains(expected), "expected {expected:?}, got {text:?}");
}

/// Asserts that `callback` is the service's refusal `error`, as the English
/// catalog words it.
pub fn assert_refusal(callback: &Callback, error: &GameError) {
    assert!(error.is_user_error(), "{error:?} is not a refusal");
    assert_private(callback, &game_error(Lang::En, error));
}

/// Asserts that `callback` refuses the move `typed` as the rules refuse it
/// in `position` (not notation, capture compulsory, ambiguous, no such move).
pub fn assert_move_refused(callback: &Callback, position: &Position, typed: &str) {
    let error = position.parse_move(typed).expect_err("a move the rules refuse");
    assert_refusal(callback, &GameError::Move(error));
}

/// Waits until the bot's clock loop has run a whole tick that started after
/// this call: a challenge between two new users, made in a new channel and
/// already expired, is announced there. What a test checks afterwards has
/// had that tick's chance to go wrong, without guessing a delay.
pub async fn wait_for_a_tick(fake: &FakeDiscord, service: &GameService, clock: &Clock) {
    let (marker, from, to) = (fake.new_id(), fake.new_id(), fake.new_id());
    let stale = NewChallenge { guild: Some(fake.guild_id()), ..NewChallenge::new(marker, from, to) };
    service.challenges().challenge(clock.now() - 3 * DAY, stale).await.expect("a marker challenge");
    fake.wait_for_channel_message(marker, |m| m.content().contains(&format!("<@{from}>")), WAIT).await;
}

/// The bot's view of `interaction` to answer it directly (without a
/// running bot): its id, token, channel and user, and the message a
/// button was pressed on.
pub fn interaction_target(
    interaction: &FakeInteraction,
    is_button: bool,
) -> damas::discord::interactions::respond::Target {
    let message = interaction.payload["message"]["id"].as_str().and_then(|id| id.parse().ok());
    damas::discord::interactions::respond::Target {
        id: serenity::all::InteractionId::new(interaction.id),
        token: interaction.token.clone(),
        is_button,
        channel: interaction.channel_id,
        user: interaction.user.id,
        message,
        bot_user: 0,
    }
}

/// The buttons (custom ids) message `message` shows now.
pub fn buttons_now(fake: &FakeDiscord, message: &serde_json::Value) -> Vec<String> {
    let id = message["id"].as_str().and_then(|id| id.parse().ok()).expect("a message id");
    let now = fake.message(id).expect("the message is known");
    let mut ids = Vec::new();
    for row in now["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            ids.extend(c["custom_id"].as_str().map(str::to_string));
        }
    }
    ids
}

/// Waits until message `message` shows no buttons (the bot takes them off
/// once they cannot act, right after its answer); fails after [`WAIT`].
pub async fn wait_for_no_buttons(fake: &FakeDiscord, message: &serde_json::Value) {
    let until = tokio::time::Instant::now() + WAIT;
    loop {
        let left = buttons_now(fake, message);
        if left.is_empty() {
            return;
        }
        assert!(tokio::time::Instant::now() < until, "buttons still on {}: {left:?}", message["id"]);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
