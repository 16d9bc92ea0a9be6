//! The slash commands, listed once: each one's name, where Discord offers
//! it, its options as Discord shows them, and the handler that runs it.
//! Registration, dispatch, autocomplete and the metrics labels all read
//! this table.

use std::future::Future;
use std::pin::Pin;

use serenity::all::{ChannelType, CommandData, CommandOptionType, CreateCommand, CreateCommandOption, Permissions};

use crate::discord::interactions::commands::{
    Invocation, Options, Typing, abort, analyze, board, challenge, help, my_games, notify, open_challenges, play,
    premove, puzzle, ratings, records, settings, table, takeback, tournament, vacation,
};
use crate::discord::interactions::register::{choice, command, option, subcommand};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::reply::Reply;
use strum::VariantArray;

use crate::game::{
    ColorChoice, GameService, MAX_NAME, MAX_VACATION_DAYS, NotifyMode, RATING_RANGE, SWISS_MAX, TournamentFormat,
    min_players, zones_matching,
};
use crate::i18n::{draw_rules_key, variant_key};
use crate::rules::{Color, DrawRules, Variant};
use crate::t;

/// A boxed future borrowing the command's inputs.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Runs a command with its invocation and options.
type Run = for<'a> fn(&'a Invocation, &'a Options<'a>) -> Pending<'a, Result<Reply, CommandError>>;

/// Offers completions for what was typed into a command's option.
type Complete = for<'a> fn(&'a GameService, Typing, &'a str) -> Pending<'a, Vec<String>>;

/// One slash command.
pub struct SlashCommand {
    /// Its name, as registered (and the prefix of its catalog keys).
    pub name: &'static str,
    /// Offered in direct messages and group DMs too; other commands (games
    /// belong to a server's channels) are offered in servers only.
    pub in_direct_messages: bool,
    /// After it, the bot may have a move to make in the channel (a move was
    /// played, or a game against the bot started).
    pub may_hand_the_bot_its_turn: bool,
    /// Who sees it unless a server says otherwise; `None` for everyone.
    pub permissions: Option<Permissions>,
    options: fn(&OptionMaker) -> Vec<CreateCommandOption>,
    run: Run,
    complete: Option<Complete>,
}

impl SlashCommand {
    /// The command as Discord registers it, with its translations and contexts.
    pub fn definition(&self) -> CreateCommand {
        let mut definition = command(self.name, self.in_direct_messages);
        if let Some(permissions) = self.permissions {
            definition = definition.default_member_permissions(permissions);
        }
        (self.options)(&OptionMaker(self.name)).into_iter().fold(definition, CreateCommand::add_option)
    }

    /// Runs the command for `inv` with the options Discord sent.
    pub async fn run(&self, inv: &Invocation, data: &CommandData) -> Result<Reply, CommandError> {
        // Discord offers game commands in servers only; an old registration
        // or a hand-made request may still bring one here from a direct message.
        if inv.guild.is_none() && !self.in_direct_messages {
            return Err(CommandError::refused(t!(inv.lang, "err-server-only", command = self.name.to_string())));
        }
        let options = Options::new(data);
        (self.run)(inv, &options).await
    }

    /// Completions for what was typed (none for a command without autocomplete).
    pub async fn complete(&self, service: &GameService, typing: Typing, typed: &str) -> Vec<String> {
        match self.complete {
            Some(complete) => complete(service, typing, typed).await,
            None => Vec::new(),
        }
    }
}

/// The command named `name`, if the bot has one.
pub fn find(name: &str) -> Option<&'static SlashCommand> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Runs the slash command `data.name`; an unknown name is refused.
pub async fn run(inv: &Invocation, data: &CommandData) -> Result<Reply, CommandError> {
    match find(&data.name) {
        Some(command) => command.run(inv, data).await,
        None => Err(CommandError::refused(t!(inv.lang, "err-unknown-command", command = data.name.clone()))),
    }
}

/// Every command as Discord registers it.
pub fn definitions() -> Vec<CreateCommand> {
    COMMANDS.iter().map(SlashCommand::definition).collect()
}

/// Makes the options of one command, named and described from the catalog.
pub struct OptionMaker(&'static str);

impl OptionMaker {
    fn make(&self, kind: CommandOptionType, name: &str) -> CreateCommandOption {
        option(kind, self.0, name)
    }

    fn user(&self, name: &str) -> CreateCommandOption {
        self.make(CommandOptionType::User, name)
    }

    fn integer(&self, name: &str) -> CreateCommandOption {
        self.make(CommandOptionType::Integer, name)
    }

    /// A text option of at most `max` characters.
    fn string(&self, name: &str, max: u16) -> CreateCommandOption {
        self.make(CommandOptionType::String, name).max_length(max)
    }

    /// The tournament's number, required.
    fn tournament_number(&self) -> CreateCommandOption {
        self.integer("number").min_int_value(1).required(true)
    }

    fn role(&self, name: &str) -> CreateCommandOption {
        self.make(CommandOptionType::Role, name)
    }

    fn boolean(&self, name: &str) -> CreateCommandOption {
        self.make(CommandOptionType::Boolean, name)
    }

    /// A text channel of the server (where the bot posts).
    fn text_channel(&self, name: &str) -> CreateCommandOption {
        self.make(CommandOptionType::Channel, name).channel_types(vec![ChannelType::Text, ChannelType::News])
    }

    /// A game number (from 1).
    fn game(&self, name: &str) -> CreateCommandOption {
        self.integer(name).min_int_value(1)
    }

    /// A playing or analysis level, 1-10.
    fn level(&self) -> CreateCommandOption {
        self.integer("level").min_int_value(1).max_int_value(10)
    }

    /// White or Black.
    fn side(&self, name: &str) -> CreateCommandOption {
        let option = self.make(CommandOptionType::String, name);
        [Color::White, Color::Black]
            .into_iter()
            .fold(option, |option, side| choice(option, &format!("choice-{}", side.name()), side.name()))
    }

    /// On or off.
    fn on_off(&self, name: &str) -> CreateCommandOption {
        let option = self.make(CommandOptionType::String, name);
        choice(choice(option, "choice-on", "on"), "choice-off", "off")
    }

    /// How the bot reaches a player (`/notify`).
    fn notify_mode(&self) -> CreateCommandOption {
        NotifyMode::VARIANTS.iter().fold(self.make(CommandOptionType::String, "mode"), |option, mode| {
            choice(option, &format!("choice-notify-{}", mode.name()), mode.name())
        })
    }

    /// Start or end a vacation (`/vacation`).
    fn vacation_action(&self) -> CreateCommandOption {
        let option = self.make(CommandOptionType::String, "action");
        choice(choice(option, "choice-vacation-start", "start"), "choice-vacation-end", "end")
    }

    fn variant(&self) -> CreateCommandOption {
        Variant::ALL.into_iter().fold(self.make(CommandOptionType::String, "variant"), |option, v| {
            choice(option, &variant_key(v), v.name())
        })
    }

    fn draw_rules(&self) -> CreateCommandOption {
        DrawRules::ALL.into_iter().fold(self.make(CommandOptionType::String, "draw_rules"), |option, d| {
            choice(option, &draw_rules_key(d), d.name())
        })
    }
}

/// The subcommands of `/tournament`, each with its options (named from the
/// catalog under `opt-tournament-<subcommand>-...`).
/// One subcommand of a command: its name, the prefix of its options'
/// catalog keys, its options and what it runs.
pub struct Subcommand {
    /// Its name, as registered.
    pub name: &'static str,
    /// The prefix of its options' catalog keys (`tournament-join`).
    keys: &'static str,
    options: fn(&OptionMaker) -> Vec<CreateCommandOption>,
    run: Run,
}

/// A `/tournament` subcommand whose one option is the tournament's number,
/// run by the handler of the same name in `commands::tournament`.
macro_rules! on_a_tournament {
    ($name:literal, $handler:ident) => {
        Subcommand {
            name: $name,
            keys: concat!("tournament-", $name),
            options: |o| vec![o.tournament_number()],
            run: |inv, o| Box::pin(async move { tournament::$handler(inv, tournament::number(inv, o)?).await }),
        }
    };
}

/// `/tournament`'s subcommands, listed once: registration and dispatch
/// both read this table.
pub static TOURNAMENT_SUBCOMMANDS: [Subcommand; 9] = [
    Subcommand {
        name: "create",
        keys: "tournament-create",
        options: |o| {
            let least = TournamentFormat::VARIANTS.iter().map(|&f| min_players(f)).min().unwrap_or(3);
            let format = TournamentFormat::VARIANTS.iter().fold(o.make(CommandOptionType::String, "format"), |x, f| {
                choice(x, &format!("choice-format-{}", f.name().replace('_', "-")), f.name())
            });
            vec![
                o.string("name", MAX_NAME as u16).required(true),
                format.required(true),
                o.integer("rounds").min_int_value(1).max_int_value(u64::from(SWISS_MAX) - 1),
                o.integer("days").min_int_value(1).max_int_value(14),
                o.string("time", 40),
                o.boolean("weekends_off"),
                o.variant(),
                o.draw_rules(),
                o.boolean("rated"),
                o.integer("max_players").min_int_value(u64::from(least)).max_int_value(u64::from(SWISS_MAX)),
                o.boolean("vacation"),
            ]
        },
        run: |inv, o| Box::pin(tournament::create(inv, o)),
    },
    on_a_tournament!("join", join),
    on_a_tournament!("leave", leave),
    on_a_tournament!("start", start),
    on_a_tournament!("standings", standings),
    on_a_tournament!("pdn", pdn),
    on_a_tournament!("withdraw", withdraw),
    Subcommand {
        name: "remove",
        keys: "tournament-remove",
        options: |o| vec![o.tournament_number(), o.user("player").required(true)],
        run: |inv, o| {
            Box::pin(
                async move { tournament::remove(inv, tournament::number(inv, o)?, tournament::player(inv, o)?).await },
            )
        },
    },
    on_a_tournament!("cancel", cancel),
];

/// `/puzzle`'s subcommands: solving, one's figures, the server's best.
pub static PUZZLE_SUBCOMMANDS: [Subcommand; 4] = [
    Subcommand {
        name: "play",
        keys: "puzzle-play",
        options: |_| Vec::new(),
        run: |inv, _| Box::pin(puzzle::play(inv)),
    },
    Subcommand {
        name: "answer",
        keys: "puzzle-answer",
        options: |o| vec![o.string("move", 100).required(true).set_autocomplete(true)],
        run: |inv, o| Box::pin(puzzle::answer_typed(inv, o.string("move").unwrap_or_default())),
    },
    Subcommand {
        name: "stats",
        keys: "puzzle-stats",
        options: |o| vec![o.user("user")],
        run: |inv, o| Box::pin(puzzle::stats(inv, o)),
    },
    Subcommand {
        name: "leaderboard",
        keys: "puzzle-leaderboard",
        options: |_| Vec::new(),
        run: |inv, _| Box::pin(puzzle::leaderboard(inv)),
    },
];

/// The subcommands of `command` as Discord registers them.
fn subcommand_definitions(command: &'static str, subs: &'static [Subcommand]) -> Vec<CreateCommandOption> {
    subs.iter().map(|s| subcommand(command, s.name, (s.options)(&OptionMaker(s.keys)))).collect()
}

/// Runs the subcommand of `command` that `opts` holds; one the table does
/// not have (a forged or stale interaction) is refused.
async fn run_subcommand(
    command: &'static str,
    subs: &'static [Subcommand],
    inv: &Invocation,
    opts: &Options<'_>,
) -> Result<Reply, CommandError> {
    let unknown = |name: String| CommandError::refused(t!(inv.lang, "err-unknown-command", command = name));
    let Some((name, opts)) = opts.subcommand() else { return Err(unknown(command.to_string())) };
    match subs.iter().find(|s| s.name == name) {
        Some(sub) => (sub.run)(inv, &opts).await,
        None => Err(unknown(format!("{command} {name}"))),
    }
}

/// A command offered in servers only, to everyone, without autocomplete.
const BASE: SlashCommand = SlashCommand {
    name: "",
    in_direct_messages: false,
    may_hand_the_bot_its_turn: false,
    permissions: None,
    options: |_| Vec::new(),
    run: |inv, _| Box::pin(async { Err(CommandError::refused(t!(inv.lang, "err-unknown-command", command = ""))) }),
    complete: None,
};

/// Every command of the bot, in the order Discord lists them.
pub static COMMANDS: [SlashCommand; 30] = [
    SlashCommand {
        name: "challenge",
        may_hand_the_bot_its_turn: true,
        options: |o| {
            vec![
                o.user("opponent"),
                o.level(),
                choice(o.side("color"), "choice-random", ColorChoice::Random.name()),
                o.integer("days").min_int_value(1).max_int_value(14),
                o.string("time", 40),
                o.boolean("weekends_off"),
                o.variant(),
                o.draw_rules(),
                o.string("position", 200),
                o.boolean("rated"),
                o.boolean("match"),
                o.integer("rating_range")
                    .min_int_value(u64::from(*RATING_RANGE.start()))
                    .max_int_value(u64::from(*RATING_RANGE.end())),
            ]
        },
        run: |inv, o| Box::pin(challenge::challenge(inv, o)),
        ..BASE
    },
    SlashCommand {
        name: "accept",
        options: |o| vec![o.user("challenger")],
        run: |inv, o| Box::pin(challenge::accept(inv, challenge::pick(o, "challenger"))),
        ..BASE
    },
    SlashCommand {
        name: "decline",
        options: |o| vec![o.user("challenger")],
        run: |inv, o| Box::pin(challenge::decline(inv, challenge::pick(o, "challenger"))),
        ..BASE
    },
    SlashCommand {
        name: "cancel",
        options: |o| vec![o.user("opponent")],
        run: |inv, o| Box::pin(challenge::cancel(inv, challenge::pick(o, "opponent"))),
        ..BASE
    },
    SlashCommand {
        name: "move",
        may_hand_the_bot_its_turn: true,
        options: |o| vec![o.string("move", 100).required(true).set_autocomplete(true)],
        run: |inv, o| Box::pin(play::play(inv, o.string("move").unwrap_or_default())),
        complete: Some(|service, at, typed| Box::pin(play::autocomplete(service, at.channel, typed))),
        ..BASE
    },
    SlashCommand {
        name: "moves",
        in_direct_messages: true,
        options: |o| vec![o.string("position", 200)],
        run: |inv, o| Box::pin(board::moves(inv, o.string("position"))),
        ..BASE
    },
    SlashCommand {
        name: "board",
        options: |o| vec![o.side("perspective")],
        run: |inv, o| Box::pin(board::board(inv, o.string("perspective"))),
        ..BASE
    },
    SlashCommand {
        name: "premove",
        options: |o| vec![o.string("line", 200), o.boolean("clear")],
        run: |inv, o| Box::pin(premove::premove(inv, o.string("line"), o.boolean("clear").unwrap_or(false))),
        ..BASE
    },
    SlashCommand { name: "resign", run: |inv, _| Box::pin(table::resign_confirm(inv)), ..BASE },
    SlashCommand { name: "draw", run: |inv, _| Box::pin(table::draw(inv)), ..BASE },
    SlashCommand {
        name: "moretime",
        options: |o| vec![o.integer("days").min_int_value(1).max_int_value(7).required(true)],
        run: |inv, o| Box::pin(table::more_time(inv, o.integer("days"))),
        ..BASE
    },
    SlashCommand { name: "takeback", run: |inv, _| Box::pin(takeback::takeback(inv)), ..BASE },
    SlashCommand { name: "games", run: |inv, _| Box::pin(records::games(inv)), ..BASE },
    SlashCommand { name: "mygames", run: |inv, _| Box::pin(my_games::my_games(inv)), ..BASE },
    SlashCommand { name: "challenges", run: |inv, _| Box::pin(open_challenges::challenges(inv)), ..BASE },
    SlashCommand {
        name: "notify",
        options: |o| vec![o.notify_mode(), o.integer("hour").min_int_value(0).max_int_value(23)],
        run: |inv, o| Box::pin(notify::notify(inv, o.string("mode"), o.integer("hour"))),
        ..BASE
    },
    SlashCommand {
        name: "vacation",
        options: |o| vec![o.vacation_action()],
        run: |inv, o| Box::pin(vacation::vacation(inv, o.string("action"))),
        ..BASE
    },
    SlashCommand {
        name: "pdn",
        options: |o| vec![o.game("game")],
        run: |inv, o| Box::pin(records::pdn(inv, o.integer("game"))),
        ..BASE
    },
    SlashCommand {
        name: "replay",
        options: |o| vec![o.game("game")],
        run: |inv, o| Box::pin(records::replay(inv, o.integer("game"))),
        ..BASE
    },
    SlashCommand {
        name: "game",
        options: |o| vec![o.game("number").required(true)],
        run: |inv, o| Box::pin(records::game(inv, o.integer("number"))),
        ..BASE
    },
    SlashCommand {
        name: "history",
        options: |o| vec![o.user("user")],
        run: |inv, o| Box::pin(records::history(inv, o.user("user").unwrap_or(inv.user), 0)),
        ..BASE
    },
    SlashCommand {
        name: "rating",
        options: |o| vec![o.user("user")],
        run: |inv, o| Box::pin(ratings::rating(inv, o)),
        ..BASE
    },
    SlashCommand { name: "leaderboard", run: |inv, _| Box::pin(ratings::leaderboard(inv)), ..BASE },
    SlashCommand {
        name: "analyze",
        options: |o| vec![o.string("position", 200), o.level()],
        run: |inv, o| Box::pin(analyze::analyze(inv, o)),
        ..BASE
    },
    SlashCommand {
        name: "abort",
        permissions: Some(Permissions::MANAGE_MESSAGES),
        options: |o| vec![o.game("game")],
        run: |inv, o| Box::pin(abort::confirm(inv, o.integer("game"))),
        ..BASE
    },
    SlashCommand {
        name: "tournament",
        options: |_| subcommand_definitions("tournament", &TOURNAMENT_SUBCOMMANDS),
        run: |inv, o| Box::pin(run_subcommand("tournament", &TOURNAMENT_SUBCOMMANDS, inv, o)),
        ..BASE
    },
    SlashCommand { name: "tournaments", run: |inv, _| Box::pin(tournament::tournaments(inv)), ..BASE },
    SlashCommand {
        name: "puzzle",
        options: |_| subcommand_definitions("puzzle", &PUZZLE_SUBCOMMANDS),
        run: |inv, o| Box::pin(run_subcommand("puzzle", &PUZZLE_SUBCOMMANDS, inv, o)),
        // The option with suggestions is the answer's: the open puzzle's moves.
        complete: Some(|service, at, typed| Box::pin(puzzle::autocomplete(service, at, typed))),
        ..BASE
    },
    SlashCommand {
        name: "settings",
        options: |o| {
            vec![
                o.on_off("threads"),
                o.on_off("confirm-moves"),
                o.role("seek-role"),
                o.boolean("no-seek-role"),
                o.integer("vacation-days").min_int_value(0).max_int_value(u64::from(MAX_VACATION_DAYS)),
                o.string("timezone", 64).set_autocomplete(true),
                o.on_off("weekends-off"),
                o.text_channel("puzzle-channel"),
                o.integer("puzzle-hour").min_int_value(0).max_int_value(23),
                o.boolean("no-daily-puzzle"),
            ]
        },
        run: |inv, o| Box::pin(settings::settings(inv, o)),
        // The option with suggestions is the time zone's.
        complete: Some(|_, _, typed| Box::pin(async move { zones_matching(typed, 25) })),
        ..BASE
    },
    SlashCommand {
        name: "help",
        in_direct_messages: true,
        run: |inv, _| Box::pin(async { Ok(help::help(inv.lang)) }),
        ..BASE
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, text};

    #[test]
    fn every_command_and_option_has_a_description() {
        let json = serde_json::to_value(definitions()).unwrap();
        let list = json.as_array().unwrap();
        assert_eq!(list.len(), COMMANDS.len());
        for command in list {
            let name = command["name"].as_str().unwrap();
            assert!(!command["description"].as_str().unwrap().is_empty(), "{name}");
            for option in command["options"].as_array().into_iter().flatten() {
                assert!(!option["description"].as_str().unwrap().is_empty(), "{name}");
            }
        }
        let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(names, COMMANDS.each_ref().map(|c| c.name));
        assert!(find("move").is_some() && find("mov").is_none() && find("").is_none());
        for command in list {
            let contexts = command["contexts"].as_array().unwrap();
            let in_dms = find(command["name"].as_str().unwrap()).unwrap().in_direct_messages;
            assert_eq!(contexts.len(), if in_dms { 3 } else { 1 }, "{command}");
            assert_eq!(contexts[0], 0, "every command is offered in servers");
            assert_eq!(command["integration_types"], serde_json::json!([0]));
        }
        let in_dms: Vec<&str> = COMMANDS.iter().filter(|c| c.in_direct_messages).map(|c| c.name).collect();
        assert_eq!(in_dms, ["moves", "help"]);
        // Spanish names and descriptions for every command, option and choice.
        for command in list {
            let name = command["name"].as_str().unwrap();
            assert_eq!(text(Lang::En, &format!("cmd-{name}-name")), name, "the catalog's English name");
            let mut objects = vec![command];
            objects.extend(command["options"].as_array().into_iter().flatten());
            for object in objects {
                for locale in ["es-ES", "es-419"] {
                    let localized = object["name_localizations"][locale].as_str().unwrap_or_default();
                    assert!(!localized.is_empty() && localized == localized.to_lowercase(), "{name} {locale}");
                    assert!(!object["description_localizations"][locale].as_str().unwrap_or_default().is_empty());
                }
                for choice in object["choices"].as_array().into_iter().flatten() {
                    assert!(choice["name_localizations"]["es-419"].is_string(), "{choice}");
                }
            }
        }
        assert_eq!(list[0]["name_localizations"]["es-ES"], "desafiar");
        // Only moderators see /abort unless a server says otherwise.
        let abort = list.iter().find(|c| c["name"] == "abort").unwrap();
        assert_eq!(abort["default_member_permissions"], Permissions::MANAGE_MESSAGES.bits().to_string());
        let moves = list.iter().find(|c| c["name"] == "move").unwrap();
        assert_eq!(moves["options"][0]["autocomplete"], true);
        let challenge = list.iter().find(|c| c["name"] == "challenge").unwrap();
        let options: Vec<&str> =
            challenge["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
        assert_eq!(
            options,
            [
                "opponent",
                "level",
                "color",
                "days",
                "time",
                "weekends_off",
                "variant",
                "draw_rules",
                "position",
                "rated",
                "match",
                "rating_range"
            ]
        );
        // Without an opponent, a challenge is open to anyone.
        assert_eq!(challenge["options"][0]["required"], false);
    }

    /// Every name Discord shows (commands, subcommands, options, in every
    /// language) passes Discord's own rule, or the bulk registration is
    /// refused and the bot has no commands at all: 1-32 letters, digits,
    /// `-` or `_` of any script (so "puntuación" is one), lower case
    /// wherever a letter has a lower case.
    #[test]
    fn every_name_follows_discords_rule() {
        let rule = regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").unwrap();
        let json = serde_json::to_value(definitions()).unwrap();
        let mut objects: Vec<&serde_json::Value> = json.as_array().unwrap().iter().collect();
        let mut checked = 0;
        while let Some(object) = objects.pop() {
            let mut names = vec![object["name"].as_str().unwrap()];
            names
                .extend(object["name_localizations"].as_object().into_iter().flatten().filter_map(|(_, n)| n.as_str()));
            for name in names {
                assert!(rule.is_match(name) && name.to_lowercase() == name, "Discord refuses the name {name:?}");
                checked += 1;
            }
            objects.extend(object["options"].as_array().into_iter().flatten());
        }
        assert!(checked > 300, "{checked} names");
        let names = |key: &str| text(Lang::Es, key);
        assert_eq!(names("cmd-rating-name"), "puntuación", "Spanish names keep their accents");
        assert_eq!(names("opt-game-number-name"), "número");
    }

    /// A command /help does not name is one nobody finds: every command
    /// but /help itself is there, in each language by the name Discord
    /// shows its readers.
    #[test]
    fn help_names_every_command() {
        for lang in Lang::ALL {
            let help = crate::i18n::help(lang);
            for command in COMMANDS.iter().filter(|c| c.name != "help") {
                let shown = format!("/{}", text(lang, &format!("cmd-{}-name", command.name)));
                let named = help.match_indices(&shown).any(|(at, _)| {
                    // The whole name: `/challenge` is not `/challenges`.
                    !help[at + shown.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
                });
                assert!(named, "{lang:?} help lacks {shown}");
            }
        }
    }

    #[test]
    fn only_move_and_challenge_can_hand_the_bot_its_turn() {
        let names: Vec<&str> = COMMANDS.iter().filter(|c| c.may_hand_the_bot_its_turn).map(|c| c.name).collect();
        assert_eq!(names, ["challenge", "move"]);
        // Suggestions: legal moves (of a game, of a puzzle), and the settings' time zones.
        let completing: Vec<&str> = COMMANDS.iter().filter(|c| c.complete.is_some()).map(|c| c.name).collect();
        assert_eq!(completing, ["move", "puzzle", "settings"]);
    }
}
