//! The slash commands as Discord shows them, and their registration (in
//! one server for development, otherwise globally).

use serenity::all::{
    Command, CommandOptionType, CreateCommand, CreateCommandOption, GuildId, Http, InstallationContext,
    InteractionContext, Permissions,
};

use crate::rules::{DrawRules, Variant};

use super::reply::with_retry;

fn option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, description)
}

fn side_option(name: &str, description: &str) -> CreateCommandOption {
    option(CommandOptionType::String, name, description)
        .add_string_choice("White", "white")
        .add_string_choice("Black", "black")
}

/// The names of the commands [`commands`] registers.
pub const COMMAND_NAMES: [&str; 14] = [
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
    let mut variant = option(CommandOptionType::String, "variant", "Rules variant (default: classic)");
    for v in Variant::ALL {
        variant = variant.add_string_choice(v.name(), v.name());
    }
    let mut draw_rules = option(CommandOptionType::String, "draw_rules", "Draw rules preset (default: classic)");
    for d in DrawRules::ALL {
        draw_rules = draw_rules.add_string_choice(d.name(), d.name());
    }
    vec![
        CreateCommand::new("challenge")
            .description("Challenge someone to a game of Spanish draughts in this channel")
            .add_option(
                option(CommandOptionType::User, "opponent", "Who you challenge (name me to play my engine)")
                    .required(true),
            )
            .add_option(
                option(CommandOptionType::Integer, "level", "My level when you play me (1-10, default 5)")
                    .min_int_value(1)
                    .max_int_value(10),
            )
            .add_option(
                side_option("color", "The side you play (default: random)").add_string_choice("Random", "random"),
            )
            .add_option(
                option(CommandOptionType::Integer, "days", "Days per move (1-14, default 3)")
                    .min_int_value(1)
                    .max_int_value(14),
            )
            .add_option(variant)
            .add_option(draw_rules)
            .add_option(
                option(CommandOptionType::String, "position", "Start from this PDN FEN instead of the usual start")
                    .max_length(200),
            ),
        CreateCommand::new("accept").description("Accept a challenge made to you in this channel").add_option(option(
            CommandOptionType::User,
            "challenger",
            "Whose challenge (needed when several wait for you)",
        )),
        CreateCommand::new("decline").description("Decline a challenge made to you in this channel").add_option(
            option(CommandOptionType::User, "challenger", "Whose challenge (needed when several wait for you)"),
        ),
        CreateCommand::new("cancel").description("Withdraw a challenge of yours in this channel").add_option(option(
            CommandOptionType::User,
            "opponent",
            "Who you challenged (needed when you have several here)",
        )),
        CreateCommand::new("move").description("Play a move, e.g. 11-15 or 22x13").add_option(
            option(CommandOptionType::String, "move", "The move in numbered notation")
                .required(true)
                .set_autocomplete(true)
                .max_length(100),
        ),
        CreateCommand::new("moves").description("List the legal moves of this game or of any position").add_option(
            option(CommandOptionType::String, "position", "A PDN FEN, e.g. W:W1-12:B21-32 (default: this game)")
                .max_length(200),
        ),
        CreateCommand::new("board")
            .description("Show the board of this channel's game")
            .add_option(side_option("perspective", "Whose side to look from (default: the player to move)")),
        CreateCommand::new("resign").description("Resign this channel's game (asks to confirm)"),
        CreateCommand::new("draw").description("Offer a draw, or accept the one offered to you"),
        CreateCommand::new("games").description("The live games in this server"),
        CreateCommand::new("pdn").description("The record of this channel's game as a PDN file"),
        CreateCommand::new("analyze")
            .description("The engine's view of a position, or the review of this channel's finished game")
            .add_option(
                option(CommandOptionType::String, "position", "A PDN FEN (default: this channel's finished game)")
                    .max_length(200),
            )
            .add_option(
                option(CommandOptionType::Integer, "level", "How hard to look (1-10, default 10)")
                    .min_int_value(1)
                    .max_int_value(10),
            ),
        CreateCommand::new("abort")
            .description("Moderators: end this channel's game without a result, or close its challenges")
            .default_member_permissions(Permissions::MANAGE_MESSAGES)
            .add_option(
                option(CommandOptionType::Integer, "game", "The game's number (default: this channel's game)")
                    .min_int_value(1),
            ),
        CreateCommand::new("help").description("How to play, and the commands"),
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
        assert_eq!(list.len(), 14);
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
        // Only moderators see /abort unless a server says otherwise.
        let abort = list.iter().find(|c| c["name"] == "abort").unwrap();
        assert_eq!(abort["default_member_permissions"], Permissions::MANAGE_MESSAGES.bits().to_string());
        let moves = list.iter().find(|c| c["name"] == "move").unwrap();
        assert_eq!(moves["options"][0]["autocomplete"], true);
    }
}
