//! Slash commands: each reads its options, calls the game service, and
//! builds the reply. Dispatch by command name lives here.

pub mod abort;
pub mod analyze;
pub mod board;
pub mod challenge;
pub mod help;
pub mod play;
pub mod ratings;
pub mod records;
pub mod table;

use serenity::all::{CommandData, CommandDataOptionValue};

use crate::game::GameService;
use crate::i18n::Lang;
use crate::t;

use super::errors::CommandError;
use super::reply::Reply;

/// Who asked, where, and when.
#[derive(Clone)]
pub struct Invocation {
    /// The game service.
    pub service: GameService,
    /// Unix seconds at the moment the interaction arrived.
    pub now: i64,
    /// The channel the command was used in.
    pub channel: u64,
    /// The user who used it.
    pub user: u64,
    /// The server, if not in a direct message.
    pub guild: Option<u64>,
    /// The user's name, for game records.
    pub user_name: Option<String>,
    /// The bot's own user id (naming it as opponent plays its engine).
    pub bot_user: u64,
    /// Whether the user may moderate the channel (see [`abort::moderates`]).
    pub moderator: bool,
    /// The user's language (the interaction's `locale`): what only they read.
    pub lang: Lang,
    /// The server's language (`guild_locale`; the user's in a direct
    /// message): what everyone in the channel reads.
    pub server_lang: Lang,
}

/// Runs the slash command `data.name`.
pub async fn run(inv: &Invocation, data: &CommandData) -> Result<Reply, CommandError> {
    let opts = Options(data);
    // Discord offers game commands in servers only; an old registration or
    // a hand-made request may still bring one here from a direct message.
    if inv.guild.is_none() && !super::register::works_in_direct_messages(&data.name) {
        return Err(CommandError::refused(t!(inv.lang, "err-server-only", command = data.name.clone())));
    }
    match data.name.as_str() {
        "challenge" => challenge::challenge(inv, &opts).await,
        "accept" => challenge::accept(inv, challenge::pick(&opts, "challenger")).await,
        "decline" => challenge::decline(inv, challenge::pick(&opts, "challenger")).await,
        "cancel" => challenge::cancel(inv, challenge::pick(&opts, "opponent")).await,
        "move" => play::play(inv, opts.string("move").unwrap_or_default()).await,
        "moves" => board::moves(inv, opts.string("position")).await,
        "board" => board::board(inv, opts.string("perspective")).await,
        "resign" => table::resign_confirm(inv).await,
        "draw" => table::draw(inv).await,
        "games" => records::games(inv).await,
        "pdn" => records::pdn(inv, opts.integer("game")).await,
        "replay" => records::replay(inv, opts.integer("game")).await,
        "game" => records::game(inv, opts.integer("number")).await,
        "history" => records::history(inv, opts.user("user").unwrap_or(inv.user), 0).await,
        "rating" => ratings::rating(inv, opts.user("user").unwrap_or(inv.user)).await,
        "leaderboard" => ratings::leaderboard(inv).await,
        "analyze" => analyze::analyze(inv, &opts).await,
        "abort" => abort::abort(inv, opts.integer("game")).await,
        "help" => Ok(help::help(inv.lang)),
        other => Err(CommandError::refused(t!(inv.lang, "err-unknown-command", command = other.to_string()))),
    }
}

/// Reads a command's options by name.
pub struct Options<'a>(pub &'a CommandData);

impl Options<'_> {
    fn value(&self, name: &str) -> Option<&CommandDataOptionValue> {
        self.0.options.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    /// A string option (also the text of an autocompleted option).
    pub fn string(&self, name: &str) -> Option<&str> {
        match self.value(name)? {
            CommandDataOptionValue::String(s) => Some(s),
            CommandDataOptionValue::Autocomplete { value, .. } => Some(value),
            _ => None,
        }
    }

    /// An integer option.
    pub fn integer(&self, name: &str) -> Option<i64> {
        self.value(name)?.as_i64()
    }

    /// A boolean option.
    pub fn boolean(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            CommandDataOptionValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    /// A user option, as the user's id.
    pub fn user(&self, name: &str) -> Option<u64> {
        self.value(name)?.as_user_id().map(|id| id.get())
    }

    /// Whether the user given in a user option is a bot account, as Discord
    /// resolved it.
    pub fn user_is_bot(&self, name: &str) -> bool {
        let Some(id) = self.value(name).and_then(|v| v.as_user_id()) else { return false };
        self.0.resolved.users.get(&id).is_some_and(|u| u.bot)
    }

    /// The name of the user given in a user option, when Discord sent it.
    pub fn user_name(&self, name: &str) -> Option<String> {
        let id = self.value(name)?.as_user_id()?;
        self.0.resolved.users.get(&id).map(|u| u.global_name.clone().unwrap_or_else(|| u.name.clone()))
    }
}
