//! The bot's real slash commands, fuzzed end to end: random commands of the
//! bot's own command table (each with a random choice of the options it
//! declares, with values that are right, nearly right or nonsense), from
//! three players in two channels, sent through the fake Discord to the
//! running bot (one in twenty options of another type than declared, as
//! only a hand-made request would send). Every one must be answered, never
//! with the apology for a failure inside the bot, and a private answer (a
//! refusal, a preview, a list) must leave every game as it was.
//!
//! Seeded, so each run sends the same commands; `DAMAS_FUZZ_COMMANDS` sets
//! how many (default 1,500, a few seconds).

use serde_json::Value;

use crate::support::bot::{Started, ask};
use crate::support::fake_discord::{FakeUser, InteractionBuilder, MANAGE_GUILD};
use crate::support::rng::Rng;
use damas::game::GameService;

fn commands_to_send() -> usize {
    std::env::var("DAMAS_FUZZ_COMMANDS").ok().and_then(|n| n.parse().ok()).unwrap_or(1500)
}

/// Texts for string options: moves, positions, names, and nonsense.
const TEXTS: &[&str] = &[
    "11-15",
    "9-13",
    "12-16",
    "10-14",
    "22-18",
    "21-17",
    "24-20",
    "23-19",
    "22x13",
    "11x18",
    "11 15",
    "11:15",
    "011x015",
    "99-100",
    "15-11",
    "W:W1-12:B21-32",
    "B:W1-12:B21-32",
    "W:WK1,K2,K3:BK32",
    "W:W1-13:B21-32",
    "W::",
    "",
    " ",
    "white",
    "black",
    "random",
    "classic",
    "giveaway",
    "ludoteka",
    "long",
    "hundred",
    "all",
    "dm",
    "off",
    "Spring cup",
    "round_robin",
    "swiss",
    "es",
    "en",
    "🙂",
    "<@1>",
    "@everyone",
    "x",
];

const INTEGERS: &[i64] = &[-1, 0, 1, 2, 3, 5, 7, 10, 14, 15, 30, 100, 1000, i64::MAX, i64::MIN];

/// The options a command (or one of its subcommands) declares, as Discord
/// registers them: (name, type, choices).
fn declared_options(definition: &Value) -> Vec<(String, u64, Vec<Value>)> {
    definition["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            let choices = o["choices"].as_array().cloned().unwrap_or_default();
            (o["name"].as_str().unwrap_or_default().to_string(), o["type"].as_u64().unwrap_or(0), choices)
        })
        .collect()
}

/// One random use of `definition` (a command as the bot registers it), and
/// how it reads (`/name sub option:value ...`) for a failure's message.
fn random_command(
    rng: &mut Rng,
    fake: &crate::support::fake_discord::FakeDiscord,
    definition: &Value,
    users: &[FakeUser],
) -> (InteractionBuilder, String) {
    let name = definition["name"].as_str().expect("a command has a name");
    let mut builder = fake.command(name);
    let mut shown = format!("/{name}");
    let mut options = declared_options(definition);
    // Subcommands (type 1) hold the options: pick one.
    let subcommands: Vec<&Value> =
        definition["options"].as_array().into_iter().flatten().filter(|o| o["type"] == 1).collect();
    if !subcommands.is_empty() {
        let sub = *rng.pick(&subcommands);
        let sub_name = sub["name"].as_str().expect("a subcommand has a name");
        builder = builder.subcommand(sub_name);
        shown += &format!(" {sub_name}");
        options = declared_options(sub);
    }
    for (option, kind, choices) in options {
        if rng.below(10) < 3 {
            continue;
        }
        let from_choices = !choices.is_empty() && rng.below(4) != 0;
        // Now and then an option of another type than declared: Discord
        // never sends one, a hand-made request may.
        let kind = if rng.below(20) == 0 { *rng.pick(&[3, 4, 5, 6]) } else { kind };
        let value = match kind {
            3 if from_choices => Value::from(rng.pick(&choices)["value"].as_str().unwrap_or("")),
            3 => Value::from(*rng.pick(TEXTS)),
            4 if from_choices => Value::from(rng.pick(&choices)["value"].as_i64().unwrap_or(0)),
            4 => Value::from(*rng.pick(INTEGERS)),
            5 => Value::from(rng.below(2) == 0),
            6 => Value::from(rng.below(users.len())),
            // Channels and roles: left out, as a player may leave them.
            _ => continue,
        };
        shown += &format!(" {option}:{value}");
        builder = match (kind, value) {
            (3, Value::String(text)) => builder.string(&option, &text),
            (4, value) => builder.integer(&option, value.as_i64().unwrap_or(0)),
            (5, value) => builder.boolean(&option, value.as_bool().unwrap_or(false)),
            (_, value) => builder.user(&option, &users[value.as_u64().unwrap_or(0) as usize]),
        };
    }
    (builder, shown)
}

/// What a command may change of a channel's game, as the service reads it.
async fn games_of(service: &GameService, channels: &[u64]) -> Vec<Option<(i64, u32, bool)>> {
    let mut out = Vec::new();
    for &channel in channels {
        out.push(service.game_in_channel(channel).await.ok().map(|v| (v.id, v.ply(), v.finished.is_some())));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_commands_are_each_answered_and_a_private_answer_changes_no_game() {
    let Started { fake, database: _database, url, clock: _clock, bot } = Started::new().await;
    let service = GameService::open(&url).await.unwrap();
    let (ana, bruno) = (fake.user("ana"), fake.user("bruno"));
    let carla = fake.user("carla").with_permissions(MANAGE_GUILD);
    fake.add_user(&carla);
    let robot = FakeUser { bot: true, ..fake.user("robot") };
    let users = [ana.clone(), bruno.clone(), carla.clone(), robot];
    let channels = [fake.default_channel(), fake.new_id()];
    // A game under way in the first channel, so that game commands have one.
    ask(&fake, fake.command("challenge").user("opponent", &bruno).string("color", "white").from(&ana)).await;
    ask(&fake, fake.command("accept").from(&bruno)).await;

    let definitions: Vec<Value> =
        damas::discord::interactions::slash::definitions().iter().map(|d| serde_json::to_value(d).unwrap()).collect();
    let mut rng = Rng(0x51A5_C0DE_D4A5_0001);
    let (mut private, mut public) = (0, 0);
    for i in 0..commands_to_send() {
        let definition = rng.pick(&definitions);
        let channel = *rng.pick(&channels);
        let who = rng.pick(&users[..3]).clone();
        let (builder, shown) = random_command(&mut rng, &fake, definition, &users);
        let builder = builder.in_channel(channel).from(&who);
        let before = games_of(&service, &channels).await;
        let answer = ask(&fake, builder).await;
        if answer.is_ephemeral() {
            private += 1;
            let after = games_of(&service, &channels).await;
            assert_eq!(before, after, "input {i}: {shown} answered privately {:?}", answer.content());
        } else {
            public += 1;
        }
        assert!(
            !answer.content().unwrap_or_default().contains("Something went wrong"),
            "input {i}: {shown} from {} failed inside the bot",
            who.name
        );
    }
    eprintln!("command fuzz: {} commands, {private} answered privately, {public} publicly", private + public);
    assert!(private > 0 && public > 0, "the commands reached both kinds of answer");
    bot.stop().await;
}
