//! How Discord shows a slash command (names, descriptions and choices in
//! every language the catalog has, the contexts it is offered in), and the
//! registration of the commands the `slash` table lists (in one server for
//! development, otherwise globally).

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext};

use crate::i18n::{Lang, text};

use crate::discord::messages::deliver::{Failure, repeatable};
use crate::discord::rest::Rest;

/// `key`'s text in each language that localizes the commands, by Discord
/// locale code.
fn localized(key: &str) -> Vec<(&'static str, String)> {
    Lang::ALL.iter().flat_map(|&lang| lang.discord_locales().iter().map(move |&loc| (loc, text(lang, key)))).collect()
}

/// Command `name` with its description and their translations, offered
/// where it works.
pub fn command(name: &str, in_direct_messages: bool) -> CreateCommand {
    let mut command = CreateCommand::new(name).description(text(Lang::En, &format!("cmd-{name}-desc")));
    for (locale, localized_name) in localized(&format!("cmd-{name}-name")) {
        command = command.name_localized(locale, localized_name);
    }
    for (locale, description) in localized(&format!("cmd-{name}-desc")) {
        command = command.description_localized(locale, description);
    }
    with_contexts(command, in_direct_messages)
}

/// Option `name` of `command`, with its description and their translations.
pub fn option(kind: CommandOptionType, command: &str, name: &str) -> CreateCommandOption {
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

/// Subcommand `name` of `command` (`/tournament create`), with its
/// description and their translations, and its `options`.
pub fn subcommand(command: &str, name: &str, options: Vec<CreateCommandOption>) -> CreateCommandOption {
    let key = format!("sub-{command}-{name}");
    let description = text(Lang::En, &format!("{key}-desc"));
    let mut sub = CreateCommandOption::new(CommandOptionType::SubCommand, name, description);
    for (locale, localized_name) in localized(&format!("{key}-name")) {
        sub = sub.name_localized(locale, localized_name);
    }
    for (locale, description) in localized(&format!("{key}-desc")) {
        sub = sub.description_localized(locale, description);
    }
    options.into_iter().fold(sub, CreateCommandOption::add_sub_option)
}

/// A string choice named by catalog key `key`, translated.
pub fn choice(option: CreateCommandOption, key: &str, value: &str) -> CreateCommandOption {
    option.add_string_choice_localized(text(Lang::En, key), value, localized(key))
}

/// Where Discord offers a command: installed in servers; those that work
/// in direct messages (`/help`, `/moves`) also in DMs with the bot and in
/// group DMs.
fn with_contexts(command: CreateCommand, in_direct_messages: bool) -> CreateCommand {
    let contexts = if in_direct_messages {
        vec![InteractionContext::Guild, InteractionContext::BotDm, InteractionContext::PrivateChannel]
    } else {
        vec![InteractionContext::Guild]
    };
    command.integration_types(vec![InstallationContext::Guild]).contexts(contexts)
}

/// Registers (overwrites) `commands`: in `guild` if given, else globally.
/// Returns how many Discord holds now.
pub async fn register(rest: &Rest, guild: Option<u64>, commands: Vec<CreateCommand>) -> Result<usize, Failure> {
    repeatable("register commands", |limit| rest.set_commands(guild, &commands, limit)).await
}
