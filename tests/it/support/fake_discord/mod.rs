//! A fake Discord on 127.0.0.1 that the real serenity client can run against:
//! a REST API (plain HTTP) and a websocket gateway, each on a port the OS picks.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let http = HttpBuilder::new(fake.token()).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
//! // ... start a serenity client with `http` ...
//! fake.wait_ready(Duration::from_secs(5)).await;
//! let alice = fake.user("alice");
//! let ix = fake.send(fake.command("move").string("move", "11-15").from(&alice));
//! let callback = fake.wait_for_callback(ix.id, Duration::from_secs(5)).await;
//! ```
//!
//! Every payload the fake sends is checked against serenity's own types first
//! and panics with the reason if serenity could not read it.
//!
//! What it serves (paths under `/api/v10`): `GET /gateway`, `/gateway/bot`,
//! `/users/@me`, `/oauth2/applications/@me`, `/users/{id}` and
//! `/guilds/{guild}/members/{id}` of known users; `GET /guilds/{guild}` of
//! its one server (named [`GUILD_NAME`]); commands (global and per guild:
//! GET, POST, bulk PUT, DELETE, echoed as Discord does); interaction callbacks
//! (JSON or multipart, 204; a second answer gets 400 "already acknowledged");
//! webhook followups and edits of `@original` (only after the callback);
//! channel messages (POST, PATCH); `GET /channels/{id}`; and the uploaded
//! files at the attachment URLs it hands out. Anything else is a recorded 404.
//! New messages record whom they notify ([`FakeDiscord::pings_of`]); edits
//! notify nobody, and the first followup after a deferral fills in the
//! "thinking" message, as on Discord. Channel messages honour
//! `enforce_nonce`.
//!
//! Faults: a status on the next matching request, before or after it is
//! carried out (`fail_next`, `fail_next_after_landing`), a late answer
//! (`stall_next`), and channels that refuse messages for good
//! (`set_channel_fault`: a missing permission, or deleted).
//! Payloads outside Discord's limits (2000 characters, 25 choices, 5 rows of
//! 5 components, custom ids of 1 to 100 characters unique in a message,
//! select menus alone in their row with 1 to 25 options, empty messages,
//! attachment descriptions over 1,024 characters) get 400.
//!
//! Alt text: each uploaded file records the `description` the payload gave
//! it ([`FileUpload::description`], also in the message's attachment
//! objects). Discord takes a file without one, and so does the fake, but
//! the bot must describe every picture and file it sends: when a fake is
//! dropped at the end of a test that did not fail otherwise, it panics
//! naming each file it ever received without a description (see
//! [`FakeDiscord::undescribed_uploads`]), so every test that runs the bot
//! checks it.
//!
//! The gateway answers IDENTIFY with READY, heartbeats with ACK, and RESUME
//! with the missed dispatches then RESUMED; interactions sent while the client
//! is disconnected are delivered on its RESUME, as Discord does.

mod direct;
mod fixtures;
mod gateway;
mod http;
pub mod limits;
mod menus;
mod multipart;
mod objects;
pub mod rate_limits;
mod records;
mod rest;
mod state;
mod threads;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::net::TcpListener;
use tokio::task::AbortHandle;

// Part of the API even where one test crate does not name them.
#[allow(unused_imports)]
pub use fixtures::{
    CREATE_PUBLIC_THREADS, FakeInteraction, FakeUser, FixtureContext, InteractionBuilder, MANAGE_EVENTS, MANAGE_GUILD,
    MANAGE_MESSAGES, MANAGE_THREADS, Place, Snowflakes,
};
#[allow(unused_imports)]
pub use menus::{Menu, menus_of};
#[allow(unused_imports)]
pub use objects::GUILD_NAME;
#[allow(unused_imports)]
pub use records::{Callback, FileUpload, GatewayStats, MessageKind, PostedMessage, RecordedRequest, RequestBody};

#[allow(unused_imports)]
pub use state::{ChannelFault, Ping};
use state::{Config, Fault, Shared};
pub use threads::FakeThread;

/// Heartbeat interval announced in HELLO: long, so heartbeats do not crowd the logs.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

/// A running fake Discord. Stops when dropped (or with [`stop`](Self::stop)).
pub struct FakeDiscord {
    shared: Arc<Shared>,
    tasks: Arc<Mutex<Vec<AbortHandle>>>,
    /// Whether dropping the fake checks that every upload had alt text.
    check_uploads: AtomicBool,
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on 127.0.0.1, ports chosen by the OS.
    pub async fn start() -> FakeDiscord {
        // A test that drives the bot is bounded: it fails naming itself, never hangs.
        crate::support::watchdog::arm();
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("fake Discord: bind the REST port");
        let gateway = TcpListener::bind("127.0.0.1:0").await.expect("fake Discord: bind the gateway port");
        let rest_url = format!("http://{}", rest.local_addr().expect("REST address"));
        let gateway_url = format!("ws://{}", gateway.local_addr().expect("gateway address"));

        let fixtures = FixtureContext::standalone();
        let owner = FakeUser::new(fixtures.ids.next(), "owner").user_json();
        let guild_id = fixtures.default_place.guild_id().expect("standalone fixtures have a guild");
        let config = Config { rest_url, gateway_url, guild_id, owner, heartbeat_interval_ms: HEARTBEAT_INTERVAL_MS };
        let shared = Arc::new(Shared::new(config, fixtures));
        gateway::validate_handshake(&shared);

        let tasks: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let rest_task = {
            let (shared, tasks) = (shared.clone(), tasks.clone());
            tokio::spawn(async move {
                while let Ok((stream, _)) = rest.accept().await {
                    let shared = shared.clone();
                    let task = tokio::spawn(async move {
                        let handler = |request| {
                            let (response, delay) = rest::handle(&shared, request);
                            async move {
                                if !delay.is_zero() {
                                    tokio::time::sleep(delay).await;
                                }
                                response
                            }
                        };
                        let _ = http::serve_connection(stream, handler).await;
                    });
                    tasks.lock().expect("tasks lock").push(task.abort_handle());
                }
            })
        };
        let gateway_task = {
            let (shared, tasks) = (shared.clone(), tasks.clone());
            tokio::spawn(async move {
                while let Ok((stream, _)) = gateway.accept().await {
                    let task = tokio::spawn(gateway::serve(shared.clone(), stream));
                    tasks.lock().expect("tasks lock").push(task.abort_handle());
                }
            })
        };
        tasks.lock().expect("tasks lock").extend([rest_task.abort_handle(), gateway_task.abort_handle()]);
        FakeDiscord { shared, tasks, check_uploads: AtomicBool::new(true) }
    }

    // ----- threads -----

    /// Gives the bot Create Public Threads in `channel` (interactions there
    /// say so in `app_permissions`, and opening threads there works).
    pub fn allow_threads(&self, channel: u64) {
        self.shared.fixtures.thread_channels.lock().expect("thread channels lock").insert(channel);
    }

    /// Every thread opened, deleted ones included, in the order opened.
    pub fn threads(&self) -> Vec<FakeThread> {
        let mut threads: Vec<FakeThread> = self.shared.read().threads.values().cloned().collect();
        threads.sort_by_key(|t| t.id);
        threads
    }

    /// Waits until `check` holds for some thread, and returns it.
    pub async fn wait_for_thread(&self, timeout: Duration, check: impl Fn(&FakeThread) -> bool) -> FakeThread {
        self.shared.wait_for("a thread", timeout, |state| state.threads.values().find(|t| check(t)).cloned()).await
    }

    // ----- direct messages -----

    /// Closes `user`'s direct messages to the bot: posts in their DM
    /// channel get 403 with code 50007, as Discord answers.
    pub fn close_dms(&self, user: &FakeUser) {
        self.shared.update(|state| state.direct.closed.insert(user.id));
    }

    /// Waits for the first direct message to `user` that matches.
    pub async fn wait_for_dm(
        &self,
        user: &FakeUser,
        timeout: Duration,
        mut matches: impl FnMut(&PostedMessage) -> bool,
    ) -> PostedMessage {
        let what = format!("a direct message to {}", user.name);
        self.shared
            .wait_for(&what, timeout, |s| {
                let channel = s.direct.channels.get(&user.id)?;
                s.posted
                    .iter()
                    .find(|m| m.kind == MessageKind::Channel && m.channel_id == *channel && matches(m))
                    .cloned()
            })
            .await
    }

    /// How many direct messages were posted in all (records cleared or not).
    pub fn dm_count(&self) -> u64 {
        self.shared.read().direct.sent
    }

    /// Every direct message posted to `user`, in order.
    pub fn dms_to(&self, user: &FakeUser) -> Vec<PostedMessage> {
        let state = self.shared.read();
        let Some(&channel) = state.direct.channels.get(&user.id) else { return Vec::new() };
        state.posted.iter().filter(|m| m.kind == MessageKind::Channel && m.channel_id == channel).cloned().collect()
    }

    // ----- addresses and identities -----

    /// The base URL to give serenity as its proxy, e.g. `http://127.0.0.1:PORT`.
    pub fn rest_url(&self) -> &str {
        &self.shared.config.rest_url
    }

    /// The websocket URL returned by `GET /api/v10/gateway`, e.g. `ws://127.0.0.1:PORT`.
    pub fn gateway_url(&self) -> &str {
        &self.shared.config.gateway_url
    }

    /// A bot token of Discord's shape (the fake accepts any token).
    pub fn token(&self) -> String {
        format!("{}.fake.token", self.shared.fixtures.bot.id)
    }

    /// The application id (also the bot user's id), announced in READY.
    pub fn application_id(&self) -> u64 {
        self.shared.fixtures.application_id
    }

    /// The bot user.
    pub fn bot(&self) -> &FakeUser {
        &self.shared.fixtures.bot
    }

    /// The guild listed in READY, where interactions happen by default.
    pub fn guild_id(&self) -> u64 {
        self.shared.config.guild_id
    }

    /// Adds a server the bot is in (listed in the READY of its shard),
    /// whose id falls on shard `shard` of `total`: its id.
    pub fn add_guild(&self, shard: u32, total: u32) -> u64 {
        // A server's shard is read from the time part of its id (the bits
        // above the 22nd): an id of a later millisecond that falls on
        // `shard`, far beyond any this fake will hand out.
        let id = self.new_id();
        let (total, shard) = (u64::from(total.max(1)), u64::from(shard));
        let millis = (id >> 22) + 1_000;
        let millis = millis + (shard + total - millis % total) % total;
        let guild = (millis << 22) | (id & ((1 << 22) - 1));
        self.shared.update(|s| s.guilds.push(guild));
        guild
    }

    /// Makes `GET /gateway/bot` recommend `shards` shards.
    pub fn recommend_shards(&self, shards: u32) {
        self.shared.update(|s| s.recommended_shards = shards);
    }

    /// Whether shard `shard` has a live session.
    pub fn shard_connected(&self, shard: u32) -> bool {
        self.shared.read().gateway.shards.get(&shard).is_some_and(|s| s.live.is_some())
    }

    /// The channel where interactions happen by default.
    pub fn default_channel(&self) -> u64 {
        self.shared.fixtures.default_place.channel_id()
    }

    /// A fresh id: for a new channel, guild, user or role.
    pub fn new_id(&self) -> u64 {
        self.shared.fixtures.ids.next()
    }

    /// `count` fresh ids in a row (for rows copied in bulk, numbered from
    /// one id): the first.
    pub fn new_ids(&self, count: u64) -> u64 {
        self.shared.fixtures.ids.next_block(count)
    }

    /// A new user with a fresh id, known to the fake (`GET /users/{id}`, guild member).
    pub fn user(&self, name: &str) -> FakeUser {
        let user = FakeUser::new(self.new_id(), name);
        self.add_user(&user);
        user
    }

    /// Makes a user built elsewhere known to the fake, as a member of the default guild.
    pub fn add_user(&self, user: &FakeUser) {
        self.shared.update(|s| s.users.insert(user.id, user.clone()));
    }

    // ----- interactions -----

    /// The fixture context of this fake (ids, application, default place).
    pub fn fixtures(&self) -> &FixtureContext {
        &self.shared.fixtures
    }

    /// A slash command interaction (type 2) for `name`.
    pub fn command(&self, name: &str) -> InteractionBuilder {
        self.shared.fixtures.command(name)
    }

    /// An autocomplete interaction (type 4) for the command `name`.
    pub fn autocomplete(&self, name: &str) -> InteractionBuilder {
        self.shared.fixtures.autocomplete(name)
    }

    /// A button press (type 3) on `custom_id`.
    pub fn button(&self, custom_id: &str) -> InteractionBuilder {
        self.shared.fixtures.button(custom_id)
    }

    /// Builds the interaction and sends it as `INTERACTION_CREATE`.
    pub fn send(&self, builder: InteractionBuilder) -> FakeInteraction {
        let interaction = builder.build();
        self.send_built(&interaction);
        interaction
    }

    /// Sends an already built interaction (each may be sent once: its id and
    /// token identify its callback).
    pub fn send_built(&self, interaction: &FakeInteraction) {
        let guild_id = interaction.payload["guild_id"].as_str().and_then(|g| g.parse().ok());
        self.shared.update(|s| {
            let previous = s.interactions.insert(
                interaction.id,
                state::SentInteraction {
                    token: interaction.token.clone(),
                    channel_id: interaction.channel_id,
                    guild_id,
                    message: interaction.payload.get("message").cloned(),
                    kind: interaction.payload["type"].as_u64().unwrap_or(0) as u8,
                    answered: false,
                    sent_at: std::time::Instant::now(),
                },
            );
            assert!(previous.is_none(), "fake Discord: interaction {} sent twice", interaction.id);
            s.tokens.insert(interaction.token.clone(), interaction.id);
            s.users.entry(interaction.user.id).or_insert_with(|| interaction.user.clone());
        });
        self.shared.dispatch("INTERACTION_CREATE", interaction.payload.clone());
    }

    /// Sends any gateway dispatch `t` with body `d`, checked against serenity's `Event`.
    pub fn dispatch(&self, event: &str, d: Value) {
        self.shared.dispatch(event, d);
    }

    /// Sends GUILD_CREATE for the default guild, with these text channels and
    /// members (the bot is added as a member), so serenity's cache knows them.
    pub fn send_guild_create(&self, channel_ids: &[u64], members: &[FakeUser]) {
        let fixtures = &self.shared.fixtures;
        let mut member_objects: Vec<Value> = members.iter().map(FakeUser::member_json).collect();
        member_objects.push(fixtures.bot.member_json());
        let owner_id = self.shared.config.owner["id"].as_str().and_then(|id| id.parse().ok()).unwrap_or(0);
        let guild = objects::guild_create(self.guild_id(), owner_id, channel_ids, &member_objects);
        self.shared.dispatch("GUILD_CREATE", guild);
    }

    // ----- waiting -----

    /// Waits until the client has identified and received READY at least once.
    pub async fn wait_ready(&self, timeout: Duration) {
        let guild = self.guild_id();
        self.shared
            .wait_for("READY", timeout, |s| {
                (s.gateway.stats.identifies > 0 && s.gateway.live_for(Some(guild)).is_some()).then_some(())
            })
            .await;
    }

    /// Waits until a connection is live: identified or resumed, and not dropped since.
    pub async fn wait_connected(&self, timeout: Duration) {
        let guild = self.guild_id();
        let live = |s: &state::State| s.gateway.live_for(Some(guild)).is_some().then_some(());
        self.shared.wait_for("a live gateway connection", timeout, live).await;
    }

    /// Waits for the response to interaction `interaction_id`.
    pub async fn wait_for_callback(&self, interaction_id: u64, timeout: Duration) -> Callback {
        let what = format!("the callback of interaction {interaction_id}");
        self.shared.wait_for(&what, timeout, |s| s.callbacks.get(&interaction_id).cloned()).await
    }

    /// Every interaction response Discord accepted (one per interaction at most).
    pub fn callbacks(&self) -> Vec<Callback> {
        self.shared.read().callbacks.values().cloned().collect()
    }

    /// The response to interaction `interaction_id`, if it came.
    pub fn callback(&self, interaction_id: u64) -> Option<Callback> {
        self.shared.read().callbacks.get(&interaction_id).cloned()
    }

    /// Waits for the first followup message (`POST /webhooks/{app}/{token}`) of an interaction.
    pub async fn wait_for_followup(&self, token: &str, timeout: Duration) -> PostedMessage {
        self.wait_for_message(&format!("a followup of {token}"), timeout, |m| {
            m.kind == MessageKind::Followup && m.token.as_deref() == Some(token)
        })
        .await
    }

    /// Waits for the first edit of an interaction's original response.
    pub async fn wait_for_edit(&self, token: &str, timeout: Duration) -> PostedMessage {
        self.wait_for_message(&format!("an edit of the original response of {token}"), timeout, |m| {
            m.kind == MessageKind::EditOriginal && m.token.as_deref() == Some(token)
        })
        .await
    }

    /// Waits for the first message posted in `channel_id` (`POST /channels/{id}/messages`) that matches.
    pub async fn wait_for_channel_message(
        &self,
        channel_id: u64,
        mut matches: impl FnMut(&PostedMessage) -> bool,
        timeout: Duration,
    ) -> PostedMessage {
        self.wait_for_message(&format!("a message in channel {channel_id}"), timeout, |m| {
            m.kind == MessageKind::Channel && m.channel_id == channel_id && matches(m)
        })
        .await
    }

    /// Waits for the first posted or edited message (any kind) that matches.
    pub async fn wait_for_message(
        &self,
        what: &str,
        timeout: Duration,
        mut matches: impl FnMut(&PostedMessage) -> bool,
    ) -> PostedMessage {
        self.shared.wait_for(what, timeout, |s| s.posted.iter().find(|m| matches(m)).cloned()).await
    }

    /// Waits for the first recorded request that matches.
    pub async fn wait_for_request(
        &self,
        what: &str,
        timeout: Duration,
        mut matches: impl FnMut(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        self.shared.wait_for(what, timeout, |s| s.requests.iter().find(|r| matches(r)).cloned()).await
    }

    /// Waits until `check` (over the requests so far) holds; `false` on timeout. For
    /// asserting that something did NOT happen within a grace period, use a short timeout.
    pub async fn wait_until(&self, timeout: Duration, mut check: impl FnMut(&[RecordedRequest]) -> bool) -> bool {
        self.shared.try_wait_for(timeout, |s| check(&s.requests).then_some(())).await.is_some()
    }

    /// Waits until at least `count` commands are registered (globally and in guilds together).
    pub async fn wait_for_commands(&self, count: usize, timeout: Duration) -> Vec<Value> {
        let what = format!("{count} registered commands");
        self.shared.wait_for(&what, timeout, |s| (count_commands(s) >= count).then(|| all_commands(s))).await
    }

    // ----- snapshots -----

    /// Every REST request so far, in arrival order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.read().requests.clone()
    }

    /// Requests the fake answered with 404 for want of a route (unexpected calls).
    pub fn unrouted_requests(&self) -> Vec<RecordedRequest> {
        self.shared.read().requests.iter().filter(|r| r.status == 404).cloned().collect()
    }

    /// Followups and edits made with an interaction's token, in order.
    pub fn messages_for(&self, token: &str) -> Vec<PostedMessage> {
        self.shared.read().posted.iter().filter(|m| m.token.as_deref() == Some(token)).cloned().collect()
    }

    /// Every message posted or edited so far, in order.
    pub fn posted_messages(&self) -> Vec<PostedMessage> {
        self.shared.read().posted.clone()
    }

    /// How many messages posted or edited so far match (nothing copied: for
    /// long runs).
    pub fn count_messages(&self, mut matches: impl FnMut(&PostedMessage) -> bool) -> usize {
        self.shared.read().posted.iter().filter(|m| matches(m)).count()
    }

    /// How many requests so far match (nothing copied: for long runs).
    pub fn count_requests(&self, mut matches: impl FnMut(&RecordedRequest) -> bool) -> usize {
        self.shared.read().requests.iter().filter(|r| matches(r)).count()
    }

    /// How many requests so far went to each route, by method and path
    /// with ids and tokens as `{id}` (nothing copied but the names: for
    /// long runs), e.g. `PATCH /channels/{id}/messages/{id}`.
    pub fn requests_by_route(&self) -> std::collections::BTreeMap<String, usize> {
        let mut routes = std::collections::BTreeMap::new();
        for request in &self.shared.read().requests {
            let path: Vec<&str> = request
                .path
                .trim_start_matches("/api/v10")
                .split('/')
                .map(|part| if part.len() > 12 || part.bytes().any(|b| b.is_ascii_digit()) { "{id}" } else { part })
                .collect();
            *routes.entry(format!("{} {}", request.method, path.join("/"))).or_insert(0) += 1;
        }
        routes
    }

    /// The current state of a message the fake knows (posted, original response, or button message).
    pub fn message(&self, message_id: u64) -> Option<Value> {
        self.shared.read().messages.get(&message_id).cloned()
    }

    /// How many times `user_id` was notified by a new message (a mention that
    /// `allowed_mentions` let through; edits and ephemeral messages notify nobody).
    pub fn pings_of(&self, user_id: u64) -> usize {
        self.shared.read().pings.iter().filter(|p| p.user == user_id).count()
    }

    /// Waits until `user_id` has been notified at least `count` times; `false` on timeout.
    pub async fn wait_for_pings(&self, user_id: u64, count: usize, timeout: Duration) -> bool {
        let check = |s: &state::State| (s.pings.iter().filter(|p| p.user == user_id).count() >= count).then_some(());
        self.shared.try_wait_for(timeout, check).await.is_some()
    }

    /// Every notification so far, in order.
    pub fn pings(&self) -> Vec<Ping> {
        self.shared.read().pings.clone()
    }

    /// The current original response of the interaction with this token.
    pub fn original_message(&self, token: &str) -> Option<Value> {
        let state = self.shared.read();
        state.originals.get(token).and_then(|id| state.messages.get(id)).cloned()
    }

    /// Registered commands as the fake echoed them: global ones, then guild ones.
    pub fn registered_commands(&self) -> Vec<Value> {
        all_commands(&self.shared.read())
    }

    /// Gateway counters: connections, identifies, resumes, heartbeats, dispatches.
    pub fn gateway_stats(&self) -> GatewayStats {
        let state = self.shared.read();
        GatewayStats { connected: state.gateway.live_for(Some(self.guild_id())).is_some(), ..state.gateway.stats }
    }

    /// Waits until the gateway counters satisfy `check`, e.g. a second READY after a
    /// restart: `fake.wait_gateway(t, |g| g.connected && g.identifies >= 2)`.
    pub async fn wait_gateway(&self, timeout: Duration, mut check: impl FnMut(&GatewayStats) -> bool) -> GatewayStats {
        self.shared
            .wait_for("a gateway state", timeout, |s| {
                let connected = s.gateway.live_for(Some(self.shared.config.guild_id)).is_some();
                let stats = GatewayStats { connected, ..s.gateway.stats };
                check(&stats).then_some(stats)
            })
            .await
    }

    /// Forgets recorded requests, callbacks and posted messages (keeps sessions,
    /// registered commands and pending interactions), to bound memory in long runs.
    pub fn clear_records(&self) {
        self.shared.update(|s| {
            s.requests.clear();
            s.callbacks.clear();
            s.posted.clear();
            s.files.clear();
            s.pings.clear();
        });
    }

    // ----- alt text -----

    /// How many files were uploaded so far, in any request (kept by [`clear_records`](Self::clear_records)).
    pub fn uploaded_files(&self) -> u64 {
        self.shared.read().uploads.files
    }

    /// The files uploaded without a description (alt text), as
    /// `"METHOD /path: file name"`; kept by [`clear_records`](Self::clear_records).
    pub fn undescribed_uploads(&self) -> Vec<String> {
        self.shared.read().uploads.undescribed.clone()
    }

    /// Panics naming every file uploaded so far without a description.
    pub fn assert_every_upload_described(&self) {
        let missing = self.undescribed_uploads();
        assert!(
            missing.is_empty(),
            "fake Discord: {} of {} uploaded files had no description (alt text):\n  {}",
            missing.len(),
            self.uploaded_files(),
            missing.join("\n  ")
        );
    }

    /// Drops the check of [`assert_every_upload_described`](Self::assert_every_upload_described)
    /// when this fake is dropped: for a test that uploads a file without
    /// alt text on purpose.
    pub fn allow_undescribed_uploads(&self) {
        self.check_uploads.store(false, Ordering::Relaxed);
    }

    // ----- faults -----

    /// Refuses interaction responses that arrive later than `deadline` after the
    /// interaction was sent, with Discord's 404 "Unknown interaction" (Discord's
    /// deadline is 3 seconds). Off by default: slow debug builds would trip it.
    pub fn set_response_deadline(&self, deadline: Option<Duration>) {
        self.shared.update(|s| s.response_deadline = deadline);
    }

    /// Answers the next request matching `pattern` with `status` instead of
    /// handling it. A pattern is an optional method and a path relative to
    /// `/api/v10`, `*` matching one segment: `"POST /interactions/*/*/callback"`,
    /// `"/channels/*/messages"`. A 429 carries `Retry-After` and Discord's body
    /// (`{"message": "You are being rate limited.", "retry_after": secs, "global": false}`).
    pub fn fail_next(&self, pattern: &str, status: u16, retry_after: Duration) {
        self.add_fault(Fault::new(pattern, status, retry_after, false, Duration::ZERO));
    }

    /// Answers the next request matching `pattern` with a 429 of the bot's
    /// global limit (`"global": true`): nothing may be sent anywhere, but
    /// an interaction's answer, for `retry_after`.
    pub fn fail_next_global(&self, pattern: &str, retry_after: Duration) {
        let mut fault = Fault::new(pattern, 429, retry_after, false, Duration::ZERO);
        fault.global = true;
        self.add_fault(fault);
    }

    /// Carries out the next request matching `pattern`, then answers it with
    /// `status` (a 5xx whose work was done anyway: a blind retry repeats it).
    pub fn fail_next_after_landing(&self, pattern: &str, status: u16) {
        self.add_fault(Fault::new(pattern, status, Duration::ZERO, true, Duration::ZERO));
    }

    /// Holds back the answer to the next request matching `pattern` for
    /// `delay` (a timeout, for a client that waits less). With `lands`, the
    /// request is carried out at once and only its answer is late; without,
    /// nothing is done and a 500 comes after the delay.
    pub fn stall_next(&self, pattern: &str, delay: Duration, lands: bool) {
        self.add_fault(Fault::new(pattern, 0, Duration::ZERO, lands, delay));
    }

    fn add_fault(&self, fault: Fault) {
        self.shared.update(|s| s.faults.push(fault));
    }

    // ----- rate limits -----

    /// What Discord's rate limits saw: calls counted, 429s, invalid
    /// requests, and requests that came before a 429's `retry_after`.
    pub fn rate_limits(&self) -> rate_limits::RateStats {
        self.shared.read().limits.seen.clone()
    }

    /// Turns Discord's rate limits off (`false`) or on: for a test of
    /// something else that must not be paced (they are on by default). A
    /// request made before a 429's `retry_after` is still recorded.
    pub fn enforce_rate_limits(&self, on: bool) {
        self.shared.update(|s| s.limits.on = on);
    }

    /// Sets the global limit to `per_second` calls a second (Discord's is 50).
    pub fn set_global_limit(&self, per_second: usize) {
        self.shared.update(|s| s.limits.global_per_second = per_second);
    }

    /// Panics naming every request that came where a 429 said to wait,
    /// before its `retry_after` had passed.
    pub fn assert_rate_limits_honoured(&self) {
        let early = self.rate_limits().early;
        assert!(
            early.is_empty(),
            "fake Discord: {} requests came before a 429's retry_after had passed:\n  {}",
            early.len(),
            early.join("\n  ")
        );
    }

    /// Makes Discord refuse messages in `channel_id` from now on (403 for a
    /// missing permission, 404 for a deleted channel); `None` lifts it.
    pub fn set_channel_fault(&self, channel_id: u64, fault: Option<ChannelFault>) {
        self.shared.update(|s| match fault {
            Some(fault) => s.channel_faults.insert(channel_id, fault),
            None => s.channel_faults.remove(&channel_id),
        });
    }

    /// Closes the live gateway connection with code 4000, as Discord does
    /// before asking for a reconnect; the client should RESUME. Interactions
    /// sent meanwhile are replayed on RESUME. Returns whether one was live.
    pub fn drop_gateway(&self) -> bool {
        gateway::drop_live(&self.shared)
    }

    /// Closes the live gateway connection with a Close frame that has no
    /// status code: serenity reads it as the stream's end, keeps its shard
    /// runner going (until a heartbeat fails) and does not reconnect.
    /// Returns whether one was live.
    pub fn close_gateway_without_code(&self) -> bool {
        gateway::close_live(&self.shared, None)
    }

    /// Stops serving: closes the listeners and every connection.
    pub fn stop(&self) {
        gateway::drop_live(&self.shared);
        for task in self.tasks.lock().expect("tasks lock").drain(..) {
            task.abort();
        }
    }
}

impl Drop for FakeDiscord {
    /// Stops serving, then checks that every file the test's bot uploaded
    /// had alt text (unless the test failed already: one panic says enough).
    fn drop(&mut self) {
        self.stop();
        if std::thread::panicking() {
            return;
        }
        if self.check_uploads.load(Ordering::Relaxed) {
            self.assert_every_upload_described();
        }
        // Every test that runs the bot checks that it honours 429s.
        self.assert_rate_limits_honoured();
    }
}

fn count_commands(s: &state::State) -> usize {
    s.global_commands.len() + s.guild_commands.values().map(Vec::len).sum::<usize>()
}

fn all_commands(s: &state::State) -> Vec<Value> {
    let mut all = s.global_commands.clone();
    for list in s.guild_commands.values() {
        all.extend(list.iter().cloned());
    }
    all
}
