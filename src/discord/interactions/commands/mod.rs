//! Slash commands: each reads its options, calls the game service, and
//! builds the reply. Which command runs for which name is
//! [`crate::discord::interactions::slash`].

pub mod abort;
pub mod analyze;
pub mod board;
pub mod challenge;
pub mod choose;
pub mod help;
pub mod my_games;
pub mod notify;
pub mod open_challenges;
pub mod play;
pub mod premove;
pub mod puzzle;
pub mod ratings;
pub mod records;
pub mod settings;
pub mod table;
pub mod takeback;
pub mod tournament;
pub mod vacation;

use serenity::all::{CommandData, CommandDataOption, CommandDataOptionValue};

use crate::game::GameService;
use crate::i18n::Lang;

use crate::discord::messages::deliver::ChannelNotices;
use crate::discord::messages::live_buttons::Sweeps;
use crate::discord::messages::servers::ServerNames;
use crate::discord::rest::Rest;

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
    /// Whether the user is a bot account (bots may not take open challenges).
    pub user_is_bot: bool,
    /// The bot's own user id (naming it as opponent plays its engine).
    pub bot_user: u64,
    /// Whether the user may moderate the channel (see [`abort::moderates`]).
    pub moderator: bool,
    /// Whether the user manages the server (Manage Server): server settings.
    pub manages_server: bool,
    /// Whether the user manages the server or its events (Manage Server or
    /// Manage Events): creating and running tournaments.
    pub manages_events: bool,
    /// Whether the bot may open a public thread from this channel (a text
    /// or announcement channel of a server, with Create Public Threads).
    pub threads_here: bool,
    /// The message a pressed button sits on (`None` for a slash command).
    pub message: Option<u64>,
    /// The user's language (the interaction's `locale`): what only they read.
    pub lang: Lang,
    /// The server's language (`guild_locale`; the user's in a direct
    /// message): what everyone in the channel reads.
    pub server_lang: Lang,
    /// Discord's REST client, for what a command does besides its answer
    /// (opening a game's thread, posting there).
    pub rest: Rest,
    /// Channel problems already said or logged.
    pub notices: ChannelNotices,
    /// The games whose stale buttons are to be swept.
    pub sweeps: Sweeps,
    /// The server names asked of Discord lately.
    pub server_names: ServerNames,
}

/// Who is typing into a command's option, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Typing {
    /// The channel.
    pub channel: u64,
    /// The server, if not in a direct message.
    pub guild: Option<u64>,
    /// The user typing.
    pub user: u64,
}

impl Invocation {
    /// The user, as one who accepts a challenge.
    pub fn taker(&self) -> crate::game::Taker {
        crate::game::Taker { user: self.user, name: self.user_name.clone(), is_bot: self.user_is_bot }
    }
}

/// Reads a command's options by name (a subcommand's, once chosen with
/// [`Options::subcommand`]).
pub struct Options<'a> {
    data: &'a CommandData,
    options: &'a [CommandDataOption],
}

impl<'a> Options<'a> {
    /// The options of the command `data`.
    pub fn new(data: &'a CommandData) -> Options<'a> {
        Options { data, options: &data.options }
    }

    /// The subcommand used (`/tournament create ...`: "create") and its
    /// options; `None` when the command was sent without one.
    pub fn subcommand(&self) -> Option<(&'a str, Options<'a>)> {
        self.options.iter().find_map(|o| match &o.value {
            CommandDataOptionValue::SubCommand(options) => {
                Some((o.name.as_str(), Options { data: self.data, options: options.as_slice() }))
            }
            _ => None,
        })
    }
}

impl Options<'_> {
    fn value(&self, name: &str) -> Option<&CommandDataOptionValue> {
        self.options.iter().find(|o| o.name == name).map(|o| &o.value)
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

    /// A channel option, as the channel's id.
    pub fn channel(&self, name: &str) -> Option<u64> {
        self.value(name)?.as_channel_id().map(|id| id.get())
    }

    /// A role option, as the role's id.
    pub fn role(&self, name: &str) -> Option<u64> {
        self.value(name)?.as_role_id().map(|id| id.get())
    }

    /// Whether the user given in a user option is a bot account, as Discord
    /// resolved it.
    pub fn user_is_bot(&self, name: &str) -> bool {
        let Some(id) = self.value(name).and_then(|v| v.as_user_id()) else { return false };
        self.data.resolved.users.get(&id).is_some_and(|u| u.bot)
    }

    /// The name of the user given in a user option, when Discord sent it.
    pub fn user_name(&self, name: &str) -> Option<String> {
        let id = self.value(name)?.as_user_id()?;
        self.data.resolved.users.get(&id).map(|u| u.global_name.clone().unwrap_or_else(|| u.name.clone()))
    }

    /// The name the user given in a user option goes by in this server,
    /// when Discord sent it: their nickname here, else their display
    /// name, else their user name. (Discord resolves the member with the
    /// option: knowing it costs no request.)
    pub fn member_name(&self, name: &str) -> Option<String> {
        let id = self.value(name)?.as_user_id()?;
        let nick = self.data.resolved.members.get(&id).and_then(|m| m.nick.clone());
        nick.or_else(|| self.user_name(name))
    }
}
