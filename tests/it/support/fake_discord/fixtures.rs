//! Builders for the interactions the fake sends: slash commands (type 2),
//! button presses and select menu choices (type 3) and autocomplete (type 4). Every built payload is
//! checked against serenity's `Interaction` before it can be sent.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};
use serenity::model::application::Interaction;

use super::objects;

/// Discord's epoch (2015-01-01) in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Permissions the bot has in fixture channels: view channel, send messages,
/// attach files, send messages in threads.
pub const BOT_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 38);

/// Permissions of fixture members (same set plus use application commands).
pub const MEMBER_PERMISSIONS: u64 = BOT_PERMISSIONS | (1 << 31);

/// Create Public Threads: granted to the bot per channel by a test.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;

/// Manage Server: who may change a server's settings.
pub const MANAGE_GUILD: u64 = 1 << 5;

/// Manage Events: who may run a server's events (and create tournaments).
pub const MANAGE_EVENTS: u64 = 1 << 33;

/// Manage Messages: a channel's moderators have it.
pub const MANAGE_MESSAGES: u64 = 1 << 13;

/// Manage Threads: a thread's moderators may have only this.
pub const MANAGE_THREADS: u64 = 1 << 34;

/// Hands out unique, increasing snowflakes (starting at the current time).
#[derive(Clone, Debug)]
pub struct Snowflakes(Arc<AtomicU64>);

impl Default for Snowflakes {
    fn default() -> Self {
        let ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        Snowflakes(Arc::new(AtomicU64::new(ms.saturating_sub(DISCORD_EPOCH_MS) << 22)))
    }
}

impl Snowflakes {
    /// A new id, never handed out before by this generator.
    pub fn next(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// `count` new ids in a row, never handed out before: the first.
    pub fn next_block(&self, count: u64) -> u64 {
        self.0.fetch_add(count, Ordering::Relaxed) + 1
    }
}

/// A Discord user the tests act as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// Role ids of the user's guild member.
    pub roles: Vec<u64>,
    pub bot: bool,
    /// The member's permissions in the channel of an interaction, as
    /// Discord computes them (`member.permissions`).
    pub permissions: u64,
    /// The member's nickname in the guild, if it has one.
    pub nick: Option<String>,
}

impl FakeUser {
    /// A human user with no roles.
    pub fn new(id: u64, name: &str) -> Self {
        FakeUser {
            id,
            name: name.to_string(),
            roles: Vec::new(),
            bot: false,
            permissions: MEMBER_PERMISSIONS,
            nick: None,
        }
    }

    /// This user with `extra` permissions too (e.g. [`MANAGE_MESSAGES`]).
    pub fn with_permissions(mut self, extra: u64) -> Self {
        self.permissions |= extra;
        self
    }

    /// `<@id>`, as the bot would mention this user.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    /// The user object.
    pub fn user_json(&self) -> Value {
        objects::user(self.id, &self.name, self.bot)
    }

    /// The guild member object, with its user.
    pub fn member_json(&self) -> Value {
        let mut member = self.partial_member_json();
        member["user"] = self.user_json();
        member
    }

    /// The member object without `user`, as in `resolved.members`.
    fn partial_member_json(&self) -> Value {
        json!({
            "roles": self.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "nick": self.nick,
            "avatar": null,
            "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
            "communication_disabled_until": null,
        })
    }
}

/// Where an interaction happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A text channel of a guild: the user arrives as a `member`.
    Guild { guild_id: u64, channel_id: u64 },
    /// A direct message with the bot: the user arrives as `user`.
    Dm { channel_id: u64 },
    /// A public thread of a guild's channel: as `Guild`, and the interaction
    /// carries the thread as its `channel`.
    Thread { guild_id: u64, channel_id: u64, parent_id: u64 },
}

impl Place {
    pub fn channel_id(&self) -> u64 {
        match *self {
            Place::Guild { channel_id, .. } | Place::Dm { channel_id } | Place::Thread { channel_id, .. } => channel_id,
        }
    }

    pub fn guild_id(&self) -> Option<u64> {
        match *self {
            Place::Guild { guild_id, .. } | Place::Thread { guild_id, .. } => Some(guild_id),
            Place::Dm { .. } => None,
        }
    }
}

/// What fixtures need to know about the fake they are sent through.
#[derive(Clone, Debug)]
pub struct FixtureContext {
    pub ids: Snowflakes,
    pub application_id: u64,
    /// The bot user, author of the messages buttons sit on.
    pub bot: FakeUser,
    /// The place interactions happen when the builder is not told otherwise.
    pub default_place: Place,
    /// Ids of registered commands by name, so `data.id` matches registration.
    pub command_ids: Arc<Mutex<HashMap<String, u64>>>,
    /// Channels where the bot has Create Public Threads (none unless a
    /// test grants it: a server's default roles do not give it to bots).
    pub thread_channels: Arc<Mutex<HashSet<u64>>>,
}

impl FixtureContext {
    /// A context with fresh ids, not tied to a running fake (for checking fixtures alone).
    pub fn standalone() -> Self {
        let ids = Snowflakes::default();
        let application_id = ids.next();
        let guild_id = ids.next();
        let channel_id = ids.next();
        let mut bot = FakeUser::new(application_id, "damas");
        bot.bot = true;
        FixtureContext {
            ids,
            application_id,
            bot,
            default_place: Place::Guild { guild_id, channel_id },
            command_ids: Arc::default(),
            thread_channels: Arc::default(),
        }
    }

    /// A builder for a slash command (type 2) named `name`.
    pub fn command(&self, name: &str) -> InteractionBuilder {
        InteractionBuilder::new(self.clone(), Kind::Command, name)
    }

    /// A builder for autocomplete (type 4) of the command `name`; add the
    /// typed option with [`InteractionBuilder::focused`].
    pub fn autocomplete(&self, name: &str) -> InteractionBuilder {
        InteractionBuilder::new(self.clone(), Kind::Autocomplete, name)
    }

    /// A builder for a press on the button `custom_id` (type 3).
    pub fn button(&self, custom_id: &str) -> InteractionBuilder {
        InteractionBuilder::new(self.clone(), Kind::Button, custom_id)
    }

    /// A builder for a choice of `values` in the string select menu
    /// `custom_id` (type 3, `data.component_type` 3), as Discord sends it.
    pub fn select(&self, custom_id: &str, values: &[&str]) -> InteractionBuilder {
        let mut builder = InteractionBuilder::new(self.clone(), Kind::Select, custom_id);
        builder.values = values.iter().map(|v| v.to_string()).collect();
        builder
    }

    /// Whether the bot may open public threads from `channel`.
    pub fn bot_may_open_threads(&self, channel: u64) -> bool {
        self.thread_channels.lock().expect("thread channels lock").contains(&channel)
    }

    /// The bot's permissions in `place`, as interactions there say.
    fn bot_permissions(&self, place: Place) -> u64 {
        match place {
            Place::Guild { channel_id, .. } if self.bot_may_open_threads(channel_id) => {
                BOT_PERMISSIONS | CREATE_PUBLIC_THREADS
            }
            _ => BOT_PERMISSIONS,
        }
    }

    fn command_id(&self, name: &str) -> u64 {
        let mut ids = self.command_ids.lock().expect("command ids lock");
        *ids.entry(name.to_string()).or_insert_with(|| self.ids.next())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Command,
    Button,
    Select,
    Autocomplete,
}

/// Builds one interaction. Start from [`FixtureContext::command`],
/// [`FixtureContext::autocomplete`] or [`FixtureContext::button`] (or the same
/// methods on the fake), set the user with [`from`](Self::from), then [`build`](Self::build).
#[derive(Clone, Debug)]
#[must_use]
pub struct InteractionBuilder {
    ctx: FixtureContext,
    kind: Kind,
    /// The command name, or the button's or menu's custom id.
    name: String,
    /// The options chosen in a select menu.
    values: Vec<String>,
    user: Option<FakeUser>,
    place: Place,
    options: Vec<Value>,
    /// The subcommand the options belong to, if any (`/tournament create`).
    subcommand: Option<String>,
    resolved_users: Map<String, Value>,
    resolved_members: Map<String, Value>,
    message: Option<Value>,
    locale: String,
    guild_locale: String,
}

impl InteractionBuilder {
    fn new(ctx: FixtureContext, kind: Kind, name: &str) -> Self {
        let place = ctx.default_place;
        InteractionBuilder {
            ctx,
            kind,
            name: name.to_string(),
            values: Vec::new(),
            user: None,
            place,
            options: Vec::new(),
            subcommand: None,
            resolved_users: Map::new(),
            resolved_members: Map::new(),
            message: None,
            locale: "en-US".to_string(),
            guild_locale: "en-US".to_string(),
        }
    }

    /// The user who acts.
    pub fn from(mut self, user: &FakeUser) -> Self {
        self.user = Some(user.clone());
        self
    }

    /// Happens in `place` instead of the default channel.
    pub fn at(mut self, place: Place) -> Self {
        self.place = place;
        self
    }

    /// Happens in `channel_id` of the default guild.
    pub fn in_channel(mut self, channel_id: u64) -> Self {
        self.place = Place::Guild { guild_id: self.default_guild(channel_id), channel_id };
        self
    }

    /// Happens in thread `channel_id` of the default guild's default channel.
    pub fn in_thread(mut self, channel_id: u64) -> Self {
        let parent_id = self.ctx.default_place.channel_id();
        self.place = Place::Thread { guild_id: self.default_guild(channel_id), channel_id, parent_id };
        self
    }

    fn default_guild(&self, channel_id: u64) -> u64 {
        self.ctx
            .default_place
            .guild_id()
            .unwrap_or_else(|| panic!("fixture: no default guild for channel {channel_id}"))
    }

    /// Happens in a direct message channel with the bot.
    pub fn in_dm(mut self, channel_id: u64) -> Self {
        self.place = Place::Dm { channel_id };
        self
    }

    /// The user's locale (default `en-US`).
    pub fn locale(mut self, locale: &str) -> Self {
        self.locale = locale.to_string();
        self
    }

    /// The server's locale, sent as `guild_locale` in a server (default `en-US`).
    pub fn guild_locale(mut self, locale: &str) -> Self {
        self.guild_locale = locale.to_string();
        self
    }

    fn push_option(mut self, option: Value) -> Self {
        assert!(!matches!(self.kind, Kind::Button | Kind::Select), "fixture: a component has no options");
        self.options.push(option);
        self
    }

    /// Uses subcommand `name` of the command: the options given (before or
    /// after) are its options, as Discord nests them (type 1).
    pub fn subcommand(mut self, name: &str) -> Self {
        assert!(matches!(self.kind, Kind::Command | Kind::Autocomplete), "fixture: only a command has subcommands");
        self.subcommand = Some(name.to_string());
        self
    }

    /// A string option (type 3).
    pub fn string(self, name: &str, value: &str) -> Self {
        self.push_option(json!({"name": name, "type": 3, "value": value}))
    }

    /// An integer option (type 4).
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.push_option(json!({"name": name, "type": 4, "value": value}))
    }

    /// A boolean option (type 5).
    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.push_option(json!({"name": name, "type": 5, "value": value}))
    }

    /// A user option (type 6), with the user in `data.resolved` (and its member in a guild).
    pub fn user(mut self, name: &str, user: &FakeUser) -> Self {
        let id = user.id.to_string();
        self.resolved_users.insert(id.clone(), user.user_json());
        if self.place.guild_id().is_some() {
            self.resolved_members.insert(id.clone(), user.partial_member_json());
        }
        self.push_option(json!({"name": name, "type": 6, "value": id}))
    }

    /// The option being typed, for autocomplete: a string option marked `focused`.
    pub fn focused(self, name: &str, typed: &str) -> Self {
        assert!(self.kind == Kind::Autocomplete, "fixture: only autocomplete has a focused option");
        self.push_option(json!({"name": name, "type": 3, "value": typed, "focused": true}))
    }

    /// Any option object, as Discord would send it.
    pub fn raw_option(self, option: Value) -> Self {
        self.push_option(option)
    }

    /// The message the button or menu is on (e.g. [`Callback::message`](super::Callback::message)).
    /// Without it, the component sits on a fresh message by the bot.
    pub fn on_message(mut self, message: &Value) -> Self {
        assert!(matches!(self.kind, Kind::Button | Kind::Select), "fixture: only a component has a message");
        self.message = Some(message.clone());
        self
    }

    /// Builds the payload and checks that serenity reads it as the right interaction.
    pub fn build(self) -> FakeInteraction {
        let user = self
            .user
            .clone()
            .unwrap_or_else(|| panic!("fixture: interaction {:?} needs a user: call .from(&user)", self.name));
        let ctx = &self.ctx;
        let id = ctx.ids.next();
        let token = format!("fake-token-{id}");
        let channel_id = self.place.channel_id();

        let mut payload = json!({
            "id": id.to_string(),
            "application_id": ctx.application_id.to_string(),
            "token": token,
            "version": 1,
            "locale": self.locale,
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "app_permissions": ctx.bot_permissions(self.place).to_string(),
            "channel_id": channel_id.to_string(),
        });
        match self.place {
            Place::Guild { guild_id, .. } | Place::Thread { guild_id, .. } => {
                payload["guild_id"] = json!(guild_id.to_string());
                payload["guild_locale"] = json!(self.guild_locale);
                payload["member"] = user.member_json();
                payload["context"] = json!(0);
                if let Place::Thread { parent_id, .. } = self.place {
                    payload["channel"] = json!({
                        "id": channel_id.to_string(),
                        "type": 11,
                        "name": "game",
                        "parent_id": parent_id.to_string(),
                    });
                }
            }
            Place::Dm { .. } => {
                payload["user"] = user.user_json();
                payload["context"] = json!(1);
            }
        }

        let kind_number = match self.kind {
            Kind::Command | Kind::Autocomplete => {
                let mut data = json!({
                    "id": ctx.command_id(&self.name).to_string(),
                    "name": self.name,
                    "type": 1,
                    "options": match &self.subcommand {
                        Some(sub) => json!([{"name": sub, "type": 1, "options": self.options}]),
                        None => json!(self.options),
                    },
                });
                if let Some(guild_id) = self.place.guild_id() {
                    data["guild_id"] = json!(guild_id.to_string());
                }
                if !self.resolved_users.is_empty() {
                    data["resolved"] = json!({"users": self.resolved_users});
                    if !self.resolved_members.is_empty() {
                        data["resolved"]["members"] = json!(self.resolved_members);
                    }
                }
                payload["data"] = data;
                if self.kind == Kind::Command { 2 } else { 4 }
            }
            Kind::Button | Kind::Select => {
                payload["data"] = if self.kind == Kind::Select {
                    json!({"custom_id": self.name, "component_type": 3, "values": self.values})
                } else {
                    json!({"custom_id": self.name, "component_type": 2})
                };
                let message = self.message.clone().unwrap_or_else(|| self.default_message(channel_id));
                payload["message"] = message;
                3
            }
        };
        payload["type"] = json!(kind_number);

        let interaction: Interaction = objects::validate("interaction fixture", &payload);
        let expected_kind = matches!(
            (&interaction, self.kind),
            (Interaction::Command(_), Kind::Command)
                | (Interaction::Component(_), Kind::Button | Kind::Select)
                | (Interaction::Autocomplete(_), Kind::Autocomplete)
        );
        assert!(expected_kind, "fixture: serenity read a {:?} fixture as {:?}", self.kind, interaction.kind());
        FakeInteraction { id, token, channel_id, user, payload }
    }

    /// A message by the bot carrying this button or menu (the menu offers
    /// the values chosen).
    fn default_message(&self, channel_id: u64) -> Value {
        let origin = objects::MessageOrigin {
            id: self.ctx.ids.next(),
            channel_id,
            guild_id: self.place.guild_id(),
            author: &self.ctx.bot.user_json(),
            application_id: None,
        };
        let component = if self.kind == Kind::Select {
            let options: Vec<Value> = self.values.iter().map(|v| json!({"label": v, "value": v})).collect();
            json!({"type": 3, "custom_id": self.name, "options": options})
        } else {
            json!({"type": 2, "style": 1, "label": "button", "custom_id": self.name})
        };
        let payload = json!({"content": "", "components": [{"type": 1, "components": [component]}]});
        objects::message(&origin, &payload, None, Vec::new())
    }
}

/// A built interaction: what the fake sends as `INTERACTION_CREATE`.
#[derive(Clone, Debug)]
pub struct FakeInteraction {
    pub id: u64,
    pub token: String,
    pub channel_id: u64,
    /// Who acted.
    pub user: FakeUser,
    /// The `d` of the dispatch.
    pub payload: Value,
}

impl FakeInteraction {
    /// The interaction type: 2 command, 3 component, 4 autocomplete.
    pub fn kind(&self) -> u64 {
        self.payload["type"].as_u64().expect("fixture has a type")
    }

    /// The payload as serenity reads it.
    pub fn to_serenity(&self) -> Interaction {
        objects::validate("interaction fixture", &self.payload)
    }
}
