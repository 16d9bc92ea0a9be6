//! serenity's event handler: registers the commands when connected and
//! routes each interaction to its command, button or autocomplete.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serenity::all::{
    AutocompleteChoice, ChannelId, ChannelType, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind,
    ConnectionStage, Context, CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildId,
    Interaction, Member, PartialChannel, Permissions, Ready, ShardStageUpdateEvent, User,
};
use serenity::async_trait;
use tokio::sync::{Notify, RwLock};

use crate::config::Clock;
use crate::game::GameService;
use crate::i18n::Lang;
use crate::t;

use crate::discord::background::answering::Answering;
use crate::discord::background::engine_moves;
use crate::discord::interactions::commands::{Invocation, abort};
use crate::discord::interactions::press;
use crate::discord::interactions::register;
use crate::discord::interactions::respond::{Target, respond};
use crate::discord::interactions::slash;
use crate::discord::messages::deliver::ChannelNotices;
use crate::discord::messages::deliver::persist;
use crate::discord::messages::errors::error_reply;
use crate::discord::messages::game_threads;
use crate::discord::messages::live_buttons::{self, Sweeps};
use crate::discord::messages::reply::{AfterEffects, Reply};
use crate::discord::messages::servers::ServerNames;
use crate::discord::rest::Rest;

/// What an interaction says of where, by whom and from what it was made.
struct Origin<'a> {
    channel: ChannelId,
    user: &'a User,
    guild: Option<GuildId>,
    member: Option<&'a Member>,
    /// The channel as the interaction describes it (its kind).
    place: Option<&'a PartialChannel>,
    /// The bot's permissions in the channel.
    app_permissions: Option<Permissions>,
    locale: &'a str,
    guild_locale: Option<&'a str>,
    /// The message a pressed button sits on.
    message: Option<u64>,
}

/// Adds to a private reply what its reader must be told once: that a
/// direct message they chose could not reach them.
async fn private_notices(inv: &Invocation, mut reply: Reply) -> Reply {
    if !reply.ephemeral || reply.update {
        return reply;
    }
    match inv.service.notifications().take_closed_dms_notice(inv.user, inv.now).await {
        Ok(true) => {
            reply.content.push_str("\n\n");
            reply.content.push_str(&t!(inv.lang, "notify-dms-closed"));
        }
        Ok(false) => {}
        Err(e) => {
            tracing::warn!(user = inv.user, error = %e, "could not read whether to say direct messages are closed")
        }
    }
    reply
}

/// How long an autocomplete answer is retried: Discord shows choices only
/// while the user is typing.
const AUTOCOMPLETE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// The bot's event handler.
pub struct Handler {
    service: GameService,
    /// Discord's REST API, through the bot's rate limiter.
    rest: Rest,
    clock: Clock,
    guild_id: Option<u64>,
    /// The bot's own user id.
    bot_user: u64,
    registered: AtomicBool,
    /// Held (shared) by every interaction being answered; shutdown takes it
    /// exclusively to wait until they are done.
    pub(crate) in_flight: Arc<RwLock<()>>,
    /// Channel problems already logged (shared with the clock loop).
    pub(crate) notices: ChannelNotices,
    /// The games whose stale buttons are to be swept (shared with the clock
    /// loop and the sweeping task).
    pub(crate) sweeps: Sweeps,
    /// Wakes the clock loop to post the outbox now, after a reply that an
    /// announcement follows (shared with the clock loop).
    pub(crate) outbox: Arc<Notify>,
    /// The interactions whose answer is being made (shared with the clock
    /// loop, whose work waits for them).
    pub(crate) answering: Answering,
    /// The servers' locales as last stored by this process.
    server_locales: Mutex<HashMap<u64, String>>,
    /// The server names asked of Discord lately (for rating charts).
    server_names: ServerNames,
}

impl Handler {
    /// A handler over this service and clock, calling Discord through
    /// `rest`, for the bot user `bot_user`; commands are registered in
    /// `guild_id` if given, else globally.
    pub fn new(service: GameService, rest: Rest, clock: Clock, guild_id: Option<u64>, bot_user: u64) -> Handler {
        Handler {
            service,
            rest,
            clock,
            guild_id,
            bot_user,
            registered: AtomicBool::new(false),
            in_flight: Arc::default(),
            notices: ChannelNotices::default(),
            sweeps: Sweeps::default(),
            outbox: Arc::default(),
            answering: Answering::default(),
            server_locales: Mutex::default(),
            server_names: ServerNames::default(),
        }
    }

    /// The invocation of an interaction made as `origin` says.
    fn invocation(&self, origin: Origin<'_>) -> Invocation {
        let lang = Lang::from_discord(origin.locale);
        let bot_may = |permission: Permissions| origin.app_permissions.is_some_and(|p| p.contains(permission));
        // A thread cannot hold a thread, and a forum opens threads its own way.
        let holds_threads = origin.place.is_none_or(|c| matches!(c.kind, ChannelType::Text | ChannelType::News));
        Invocation {
            bot_user: self.bot_user,
            service: self.service.clone(),
            now: self.clock.now(),
            channel: origin.channel.get(),
            user: origin.user.id.get(),
            guild: origin.guild.map(|g| g.get()),
            user_name: Some(origin.user.global_name.clone().unwrap_or_else(|| origin.user.name.clone())),
            user_is_bot: origin.user.bot,
            moderator: abort::moderates(origin.member, origin.place),
            manages_server: origin.member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild()),
            manages_events: origin
                .member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild() || p.manage_events()),
            threads_here: origin.guild.is_some() && holds_threads && bot_may(Permissions::CREATE_PUBLIC_THREADS),
            message: origin.message,
            lang,
            server_lang: origin.guild_locale.map_or(lang, Lang::from_discord),
            rest: self.rest.clone(),
            notices: self.notices.clone(),
            sweeps: self.sweeps.clone(),
            server_names: self.server_names.clone(),
        }
    }

    /// Keeps the server's locale for the messages that answer no
    /// interaction (the clock's, the bot's own moves); written only when it
    /// changed since this process last saw it.
    async fn remember_locale(&self, guild: Option<GuildId>, locale: Option<&str>) {
        let (Some(guild), Some(locale)) = (guild, locale) else { return };
        let guild = guild.get();
        {
            let known = self.server_locales.lock().unwrap_or_else(|e| e.into_inner());
            if known.get(&guild).map(String::as_str) == Some(locale) {
                return;
            }
        }
        match self.service.notifications().remember_server_locale(guild, locale, self.clock.now()).await {
            Ok(()) => {
                self.server_locales.lock().unwrap_or_else(|e| e.into_inner()).insert(guild, locale.to_string());
            }
            Err(e) => tracing::warn!(guild, error = %e, "could not store the server's locale"),
        }
    }

    /// After a reply: when an announcement follows it (it has been
    /// answered, so the two come in order), has the clock loop post the
    /// outbox now rather than at its next tick (the tick stays the
    /// fallback); when it ended the game of a thread, archives the thread;
    /// takes the buttons off the game's messages that can no longer act
    /// (`shown`: the message the reply became, if it carries buttons, and
    /// reads `text`); brings the boards of a game whose deadline moved up
    /// to date, in the background.
    async fn after_reply(&self, channel: u64, shown: Option<u64>, text: &str, after: AfterEffects) {
        if let (Some(challenge), Some(message)) = (after.challenge_post, shown)
            && let Err(e) = self.service.challenges().posted(challenge, message).await
        {
            tracing::warn!(challenge, message, error = %e, "could not keep a challenge's post; it stays as posted when closed");
        }
        // The clock loop posts what follows, and edits closed challenges' posts.
        if after.outbox_follows || after.challenges_closed {
            self.outbox.notify_one();
        }
        live_buttons::after_posting(&self.service, &self.sweeps, channel, shown, text, &after).await;
        if let Some(thread) = after.archive_thread {
            game_threads::archive(&self.rest, thread).await;
        }
        if let Some(moved) = after.deadline_moved {
            let (rest, service) = (self.rest.clone(), self.service.clone());
            tokio::spawn(async move { live_buttons::deadline_moved(&rest, &service, moved).await });
        }
    }

    /// The bot's move in `channel`'s game if it is its turn; a direct
    /// message it queued (`/notify dm`) goes out now, not at the next tick.
    async fn bot_answers(&self, channel: u64) {
        let (rest, notices, sweeps) = (&self.rest, &self.notices, &self.sweeps);
        if engine_moves::answer_in_channel(rest, notices, sweeps, &self.service, &self.clock, channel).await {
            self.outbox.notify_one();
        }
    }

    async fn command(&self, cmd: &CommandInteraction) {
        let inv = self.invocation(Origin {
            channel: cmd.channel_id,
            user: &cmd.user,
            guild: cmd.guild_id,
            member: cmd.member.as_deref(),
            place: cmd.channel.as_ref(),
            app_permissions: cmd.app_permissions,
            locale: &cmd.locale,
            guild_locale: cmd.guild_locale.as_deref(),
            message: None,
        });
        let target = Target {
            id: cmd.id,
            token: cmd.token.clone(),
            is_button: false,
            channel: inv.channel,
            user: inv.user,
            message: None,
            bot_user: self.bot_user,
        };
        let name = cmd.data.name.as_str();
        tracing::debug!(command = name, user = inv.user, channel = inv.channel, "command");
        let started = Instant::now();
        // Before the command runs: what it has the clock post next (a
        // tournament's message, a game's announcement) is in the server's
        // language from its first command on. A write only when the locale
        // changed since this process last saw it.
        self.remember_locale(cmd.guild_id, cmd.guild_locale.as_deref()).await;
        let mut after = AfterEffects::default();
        let mut text = String::new();
        let answer = self.answering.begin();
        let shown = respond(&self.rest, &self.notices, &target, name, async {
            let reply = slash::run(&inv, &cmd.data).await.unwrap_or_else(|e| error_reply(inv.lang, name, &e));
            let reply = private_notices(&inv, reply).await;
            after = reply.after;
            text = reply.text();
            reply
        })
        .await;
        drop(answer);
        // The time to answer, before the work that follows the answer.
        // Only the names the bot registers become labels, so a forged
        // interaction cannot grow the metrics without bound.
        let command = slash::find(name);
        let label = command.map_or("other", |c| c.name);
        metrics::histogram!(crate::metrics::COMMAND_SECONDS, "command" => label).record(started.elapsed());
        self.after_reply(inv.channel, shown, &text, after).await;
        // A move or a new game may have handed the bot its turn: it answers
        // after the reply above.
        if command.is_some_and(|c| c.may_hand_the_bot_its_turn) && !after.no_bot_turn {
            let channel = after.game_channel.unwrap_or(inv.channel);
            self.bot_answers(channel).await;
        }
    }

    async fn button(&self, press: &ComponentInteraction) {
        let inv = self.invocation(Origin {
            channel: press.channel_id,
            user: &press.user,
            guild: press.guild_id,
            member: press.member.as_ref(),
            place: press.channel.as_ref(),
            app_permissions: press.app_permissions,
            locale: &press.locale,
            guild_locale: press.guild_locale.as_deref(),
            message: Some(press.message.id.get()),
        });
        let target = Target {
            id: press.id,
            token: press.token.clone(),
            is_button: true,
            channel: inv.channel,
            user: inv.user,
            message: Some(press.message.id.get()),
            bot_user: self.bot_user,
        };
        let id = press.data.custom_id.as_str();
        // A select menu says which options were chosen; a button, none.
        let values = match &press.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values.as_slice(),
            _ => &[],
        };
        tracing::debug!(button = id, user = inv.user, channel = inv.channel, "button");
        self.remember_locale(press.guild_id, press.guild_locale.as_deref()).await;
        let mut after = AfterEffects::default();
        let mut text = String::new();
        // The button's message, replaced by an answer without the game's buttons.
        let mut replaced = None;
        let answer = self.answering.begin();
        let shown = respond(&self.rest, &self.notices, &target, "button", async {
            let reply = press::press(&inv, id, values).await.unwrap_or_else(|e| error_reply(inv.lang, "button", &e));
            let reply = private_notices(&inv, reply).await;
            after = reply.after;
            text = reply.text();
            if reply.update && reply.after.game.is_some() && reply.after.buttons.is_none() {
                replaced = target.message;
            }
            reply
        })
        .await;
        drop(answer);
        if let Some(message) = replaced {
            live_buttons::replaced_without_buttons(&self.service, message).await;
        }
        self.after_reply(inv.channel, shown, &text, after).await;
        // A move chosen from a menu may have handed the bot its turn, as `/move` may.
        if press::may_hand_the_bot_its_turn(id) && !after.no_bot_turn {
            self.bot_answers(inv.channel).await;
        }
    }

    async fn autocomplete(&self, ac: &CommandInteraction) {
        let _answer = self.answering.begin();
        let typed = ac.data.autocomplete().map(|o| o.value).unwrap_or_default();
        let choices = match slash::find(&ac.data.name) {
            Some(command) => {
                let typing = crate::discord::interactions::commands::Typing {
                    channel: ac.channel_id.get(),
                    guild: ac.guild_id.map(|g| g.get()),
                    user: ac.user.id.get(),
                };
                command.complete(&self.service, typing, typed).await
            }
            None => Vec::new(),
        };
        let choices = choices.into_iter().map(|n| AutocompleteChoice::new(n.clone(), n)).collect();
        let response = CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new().set_choices(choices));
        // Discord takes one answer: a repeat after a lost answer is refused as
        // already acknowledged, which `persist` counts as delivered.
        let until = tokio::time::Instant::now() + AUTOCOMPLETE_PATIENCE;
        let attempt = |limit| self.rest.autocomplete(ac.id.get(), &ac.token, &response, limit);
        let sent = persist("autocomplete", until, attempt, || async { false }).await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "could not answer an autocomplete");
        }
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, servers = ready.guilds.len(), shard = ?ready.shard, "connected to Discord");
        self.rest.set_application(ready.application.id.get());
        if self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        match register::register(&self.rest, self.guild_id, slash::definitions()).await {
            Ok(n) => tracing::info!(commands = n, guild = ?self.guild_id, "slash commands registered"),
            Err(e) => {
                self.registered.store(false, Ordering::SeqCst);
                tracing::error!(error = %e, "could not register the slash commands");
            }
        }
    }

    // The default log filter keeps serenity to its warnings (its info spans
    // cost more than the bot's own work), so the bot says itself when a
    // connection to the gateway is lost and when it is back.
    async fn shard_stage_update(&self, _ctx: Context, update: ShardStageUpdateEvent) {
        let shard = update.shard_id.0;
        match (update.old, update.new) {
            (ConnectionStage::Connected, new) if new != ConnectionStage::Connected => {
                tracing::info!(shard, stage = ?new, "lost the connection to Discord's gateway; reconnecting");
            }
            // A new session says so in `ready`; a resumed one only here.
            (ConnectionStage::Resuming, ConnectionStage::Connected) => {
                tracing::info!(shard, "resumed the connection to Discord's gateway");
            }
            _ => {}
        }
    }

    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        let _answering = self.in_flight.clone().read_owned().await;
        match &interaction {
            Interaction::Command(cmd) => self.command(cmd).await,
            Interaction::Component(press) => self.button(press).await,
            Interaction::Autocomplete(ac) => self.autocomplete(ac).await,
            _ => {}
        }
    }
}
