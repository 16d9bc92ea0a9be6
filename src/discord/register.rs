//! The slash commands as Discord shows them, and their registration (in
//! one server for development, otherwise globally).

use serenity::all::{
    Command, CommandOptionType, CreateCommand, CreateCommandOption, GuildId, Http, InstallationContext,
    InteractionContext, Permissions,
};

use crate::i18n::{Lang, text};
use crate::rules::{DrawRules, Variant};

use super::reply::with_retry;

/// `key`'s text in each language that localizes the commands, by Discord
/// locale code.
fn localized(key: &str) -> Vec<(&'static str, String)> {
    Lang::ALL.iter().flat_map(|&lang| lang.discord_locales().iter().map(move |&loc| (loc, text(lang, key)))).collect()
}

/// Command `name` with its description and their translations.
fn command(name: &str) -> CreateCommand {
    let mut command = CreateCommand::new(name).description(text(Lang::En, &format!("cmd-{name}-desc")));
    for (locale, localized_name) in localized(&format!("cmd-{name}-name")) {
        command = command.name_localized(locale, localized_name);
    }
    for (locale, description) in localized(&format!("cmd-{name}-desc")) {
        command = command.description_localized(locale, description);
    }
    command
}

/// Option `name` of `command`, with its description and their translations.
fn option(kind: CommandOptionType, command: &str, name: &str) -> CreateCommandOption {
    let key = format!("opt-{command}-{name}");
    let mut option = CreateCommandOption::new(kind, name, text(Lang::En, &format!("{key}-desc")));
    for (locale, localized_name) in localized(&format!("{key}-name")) {
        option = option.name_localized(locale, localized_name);
    }
    for (locale, description) in localized(&format!("{key}-desc")) {
        option = option.description_localized(locale, description);
    }
    option
}

/// A string choice named by catalog key `key`, translated.
fn choice(option: CreateCommandOption, key: &str, value: &str) -> CreateCommandOption {
    option.add_string_choice_localized(text(Lang::En, key), value, localized(key))
}

fn side_option(command: &str, name: &str) -> CreateCommandOption {
    let option = option(CommandOptionType::String, command, name);
    choice(choice(option, "choice-white", "white"), "choice-black", "black")
}

/// The names of the commands [`commands`] registers.
pub const COMMAND_NAMES: [&str; 19] = [
    "challenge",
    "accept",
    "decline",
    "cancel",
    "move",
    "moves",
    "board",
    "resign",
    "draw",
    "games",
    "pdn",
    "replay",
    "game",
    "history",
    "rating",
    "leaderboard",
    "analyze",
    "abort",
    "help",
];

/// Whether `name` is one of the bot's commands.
pub fn is_command(name: &str) -> bool {
    COMMAND_NAMES.contains(&name)
}

/// The commands offered in direct messages too; every other one (games
/// belong to a server's channels) is offered in servers only.
pub const DIRECT_MESSAGE_COMMANDS: [&str; 2] = ["help", "moves"];

/// Whether command `name` may be used outside a server.
pub fn works_in_direct_messages(name: &str) -> bool {
    DIRECT_MESSAGE_COMMANDS.contains(&name)
}

/// Where Discord offers each command: installed in servers; `/help` and
/// `/moves` also in direct messages with the bot and in group DMs.
fn with_contexts(command: CreateCommand, name: &str) -> CreateCommand {
    let contexts = if works_in_direct_messages(name) {
        vec![InteractionContext::Guild, InteractionContext::BotDm, InteractionContext::PrivateChannel]
    } else {
        vec![InteractionContext::Guild]
    };
    command.integration_types(vec![InstallationContext::Guild]).contexts(contexts)
}

/// Every command of the bot, each with the contexts it is offered in.
pub fn commands() -> Vec<CreateCommand> {
    let commands = command_list();
    commands.into_iter().zip(COMMAND_NAMES).map(|(command, name)| with_contexts(command, name)).collect()
}

fn command_list() -> Vec<CreateCommand> {
    let mut variant = option(CommandOptionType::String, "challenge", "variant");
    for v in Variant::ALL {
        variant = choice(variant, &format!("choice-variant-{}", v.name()), v.name());
    }
    let mut draw_rules = option(CommandOptionType::String, "challenge", "draw_rules");
    for d in DrawRules::ALL {
        draw_rules = choice(draw_rules, &format!("choice-draws-{}", d.name()), d.name());
    }
    vec![
        command("challenge")
            .add_option(option(CommandOptionType::User, "challenge", "opponent").required(true))
            .add_option(option(CommandOptionType::Integer, "challenge", "level").min_int_value(1).max_int_value(10))
            .add_option(choice(side_option("challenge", "color"), "choice-random", "random"))
            .add_option(option(CommandOptionType::Integer, "challenge", "days").min_int_value(1).max_int_value(14))
            .add_option(variant)
            .add_option(draw_rules)
            .add_option(option(CommandOptionType::String, "challenge", "position").max_length(200))
            .add_option(option(CommandOptionType::Boolean, "challenge", "rated"))
            .add_option(option(CommandOptionType::Boolean, "challenge", "match")),
        command("accept").add_option(option(CommandOptionType::User, "accept", "challenger")),
        command("decline").add_option(option(CommandOptionType::User, "decline", "challenger")),
        command("cancel").add_option(option(CommandOptionType::User, "cancel", "opponent")),
        command("move").add_option(
            option(CommandOptionType::String, "move", "move").required(true).set_autocomplete(true).max_length(100),
        ),
        command("moves").add_option(option(CommandOptionType::String, "moves", "position").max_length(200)),
        command("board").add_option(side_option("board", "perspective")),
        command("resign"),
        command("draw"),
        command("games"),
        command("pdn").add_option(option(CommandOptionType::Integer, "pdn", "game").min_int_value(1)),
        command("replay").add_option(option(CommandOptionType::Integer, "replay", "game").min_int_value(1)),
        command("game")
            .add_option(option(CommandOptionType::Integer, "game", "number").required(true).min_int_value(1)),
        command("history").add_option(option(CommandOptionType::User, "history", "user")),
        command("rating").add_option(option(CommandOptionType::User, "rating", "user")),
        command("leaderboard"),
        command("analyze")
            .add_option(option(CommandOptionType::String, "analyze", "position").max_length(200))
            .add_option(option(CommandOptionType::Integer, "analyze", "level").min_int_value(1).max_int_value(10)),
        command("abort")
            .default_member_permissions(Permissions::MANAGE_MESSAGES)
            .add_option(option(CommandOptionType::Integer, "abort", "game").min_int_value(1)),
        command("help"),
    ]
}

/// Registers (overwrites) the commands: in `guild` if given, else globally.
pub async fn register(http: &Http, guild: Option<u64>) -> serenity::Result<usize> {
    let registered = match guild {
        Some(id) => with_retry("register commands", || GuildId::new(id).set_commands(http, commands())).await?,
        None => with_retry("register commands", || Command::set_global_commands(http, commands())).await?,
    };
    Ok(registered.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_and_option_has_a_description() {
        let json = serde_json::to_value(commands()).unwrap();
        let list = json.as_array().unwrap();
        assert_eq!(list.len(), COMMAND_NAMES.len());
        for command in list {
            let name = command["name"].as_str().unwrap();
            assert!(!command["description"].as_str().unwrap().is_empty(), "{name}");
            for option in command["options"].as_array().into_iter().flatten() {
                assert!(!option["description"].as_str().unwrap().is_empty(), "{name}");
            }
        }
        let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(names, COMMAND_NAMES);
        assert!(is_command("move") && !is_command("mov"));
        for command in list {
            let contexts = command["contexts"].as_array().unwrap();
            let in_dms = works_in_direct_messages(command["name"].as_str().unwrap());
            assert_eq!(contexts.len(), if in_dms { 3 } else { 1 }, "{command}");
            assert_eq!(contexts[0], 0, "every command is offered in servers");
            assert_eq!(command["integration_types"], serde_json::json!([0]));
        }
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
    }
}
