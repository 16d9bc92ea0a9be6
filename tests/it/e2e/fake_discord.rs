//! Self-test of the fake Discord: the real serenity client runs against it.

use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use crate::support::fake_discord::{FakeDiscord, MessageKind, Place, RequestBody};
use serenity::all::ClientBuilder;
use serenity::all::{
    ChannelId, Command, CommandDataOptionValue, CommandOptionType, Context, CreateAttachment,
    CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse,
    EventHandler, GatewayIntents, Guild, HttpBuilder, Interaction, Ready, ShardManager,
};
use serenity::async_trait;
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(10);

/// A tiny valid PNG, made the way the bot makes its pictures.
fn png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(2, 2, image::Rgba([10, 120, 40, 255]));
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).expect("encode PNG");
    bytes
}

/// What the handler tells the test.
#[derive(Debug, PartialEq)]
enum Report {
    Registered(usize),
    /// A server as GUILD_CREATE gave it: how many channels and members.
    Guild {
        channels: usize,
        members: usize,
    },
    Failed {
        what: &'static str,
        status: Option<u16>,
    },
}

/// A small bot: registers commands on READY, answers each kind of interaction.
struct Handler {
    reports: mpsc::UnboundedSender<Report>,
}

impl Handler {
    fn failed(&self, what: &'static str, error: &serenity::Error) {
        let status = match error {
            serenity::Error::Http(e) => e.status_code().map(|s| s.as_u16()),
            _ => None,
        };
        let _ = self.reports.send(Report::Failed { what, status });
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let play = CreateCommand::new("play")
            .description("Play a move")
            .add_option(CreateCommandOption::new(CommandOptionType::String, "move", "The move").set_autocomplete(true))
            .add_option(CreateCommandOption::new(CommandOptionType::Integer, "days", "Days per move"))
            .add_option(CreateCommandOption::new(CommandOptionType::User, "opponent", "Who to play"));
        let slow = CreateCommand::new("slow").description("Defers, then edits and follows up");
        match Command::set_global_commands(&ctx.http, vec![play, slow]).await {
            Ok(commands) => {
                let _ = self.reports.send(Report::Registered(commands.len()));
            }
            Err(e) => self.failed("register", &e),
        }
    }

    async fn guild_create(&self, _ctx: Context, guild: Guild, _is_new: Option<bool>) {
        let _ = self.reports.send(Report::Guild { channels: guild.channels.len(), members: guild.members.len() });
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) if command.data.name == "play" => {
                let mut text = String::from("played");
                for option in &command.data.options {
                    match &option.value {
                        CommandDataOptionValue::String(s) => text += &format!(" {s}"),
                        CommandDataOptionValue::Integer(n) => text += &format!(" days={n}"),
                        CommandDataOptionValue::User(id) => {
                            let name = command.data.resolved.users.get(id).map_or("?", |u| u.name.as_str());
                            text += &format!(" vs {name}");
                        }
                        _ => {}
                    }
                }
                text += &format!(" by {}", command.user.name);
                let message = CreateInteractionResponseMessage::new()
                    .content(text)
                    .add_file(CreateAttachment::bytes(png(), "board.png").description("A green board"))
                    .button(CreateButton::new("press").label("Press"));
                if let Err(e) = command.create_response(&ctx.http, CreateInteractionResponse::Message(message)).await {
                    self.failed("play", &e);
                }
            }
            Interaction::Command(command) if command.data.name == "update" => {
                // An update answers a button; Discord refuses it for a slash command.
                let update = CreateInteractionResponseMessage::new().content("updated");
                let response = CreateInteractionResponse::UpdateMessage(update);
                if let Err(e) = command.create_response(&ctx.http, response).await {
                    self.failed("update", &e);
                }
            }
            Interaction::Command(command) => {
                let http = &ctx.http;
                if let Err(e) = command.defer(http).await {
                    return self.failed("defer", &e);
                }
                let edit = EditInteractionResponse::new()
                    .content("done")
                    .new_attachment(CreateAttachment::bytes(png(), "late.png").description("A late board"));
                if let Err(e) = command.edit_response(http, edit).await {
                    return self.failed("edit", &e);
                }
                let followup = CreateInteractionResponseFollowup::new().content("and one more thing");
                if let Err(e) = command.create_followup(http, followup).await {
                    return self.failed("followup", &e);
                }
                let picture = CreateAttachment::bytes(png(), "r.png").description("The board again");
                let post = CreateMessage::new().content("a reminder").add_file(picture);
                if let Err(e) = command.channel_id.send_message(http, post).await {
                    return self.failed("post", &e);
                }
                // Answering twice is a bug Discord refuses.
                let again = CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("x"));
                if let Err(e) = command.create_response(http, again).await {
                    self.failed("second answer", &e);
                }
            }
            Interaction::Autocomplete(autocomplete) => {
                let typed = autocomplete.data.autocomplete().map_or("", |a| a.value).to_string();
                let mut choices = CreateAutocompleteResponse::new();
                for candidate in ["11-15", "11-16", "12-16"].iter().filter(|c| c.starts_with(&typed)) {
                    choices = choices.add_string_choice(*candidate, *candidate);
                }
                // Over Discord's limit of 25, to see the fake refuse it.
                if typed == "all" {
                    for n in 0..30 {
                        choices = choices.add_string_choice(n.to_string(), n.to_string());
                    }
                }
                let response = CreateInteractionResponse::Autocomplete(choices);
                if let Err(e) = autocomplete.create_response(&ctx.http, response).await {
                    self.failed("autocomplete", &e);
                }
            }
            Interaction::Component(component) => {
                let update =
                    CreateInteractionResponseMessage::new().content(format!("pressed by {}", component.user.name));
                let response = CreateInteractionResponse::UpdateMessage(update);
                if let Err(e) = component.create_response(&ctx.http, response).await {
                    self.failed("button", &e);
                }
            }
            _ => {}
        }
    }
}

/// A fake, a serenity client connected to it, and the handler's reports.
struct Harness {
    fake: FakeDiscord,
    reports: mpsc::UnboundedReceiver<Report>,
    shards: Arc<ShardManager>,
}

impl Harness {
    async fn start() -> Harness {
        let fake = FakeDiscord::start().await;
        let http = HttpBuilder::new(fake.token()).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
        let (tx, reports) = mpsc::unbounded_channel();
        let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
            .event_handler(Handler { reports: tx })
            .await
            .expect("build the client");
        let shards = client.shard_manager.clone();
        tokio::spawn(async move { client.start().await });
        fake.wait_ready(WAIT).await;
        let mut harness = Harness { fake, reports, shards };
        assert_eq!(harness.report().await, Report::Registered(2));
        harness
    }

    async fn report(&mut self) -> Report {
        tokio::time::timeout(WAIT, self.reports.recv())
            .await
            .expect("a report from the handler")
            .expect("handler alive")
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        self.fake.stop();
    }
}

fn decode_png(bytes: &[u8]) -> image::DynamicImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).expect("a valid PNG")
}

#[tokio::test]
async fn ready_registration_command_autocomplete_and_button() {
    let mut h = Harness::start().await;
    let fake = &h.fake;

    assert_eq!(fake.wait_for_commands(2, WAIT).await.len(), 2);
    let commands = fake.registered_commands();
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["play", "slow"]);
    let app = fake.application_id().to_string();
    assert!(commands.iter().all(|c| c["application_id"].as_str() == Some(app.as_str())));

    // A command with typed options, answered with a picture and a button.
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let sent =
        fake.send(fake.command("play").string("move", "11-15").integer("days", 3).user("opponent", &bob).from(&alice));
    let callback = fake.wait_for_callback(sent.id, WAIT).await;
    assert_eq!(callback.kind, 4);
    assert_eq!(callback.content(), Some("played 11-15 days=3 vs bob by alice"));
    assert_eq!(callback.custom_ids(), ["press"]);
    assert_eq!(callback.files.len(), 1);
    assert_eq!(callback.files[0].filename, "board.png");
    assert_eq!(callback.files[0].description.as_deref(), Some("A green board"));
    assert_eq!(callback.message.as_ref().unwrap()["attachments"][0]["description"], "A green board");
    assert_eq!(decode_png(&callback.files[0].bytes).width(), 2);
    let request = fake.requests().into_iter().find(|r| r.path.ends_with("/callback")).expect("callback recorded");
    assert!(matches!(request.body, RequestBody::Multipart { payload_json: Some(_), .. }));
    assert_eq!(request.status, 204);

    // Autocomplete: the choices that match what was typed.
    let typed = fake.send(fake.autocomplete("play").focused("move", "11").from(&alice));
    let choices = fake.wait_for_callback(typed.id, WAIT).await;
    assert_eq!(choices.kind, 8);
    let names: Vec<String> = choices.choices().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["11-15", "11-16"]);

    // A press on the button of the message the command created.
    let board = callback.message.expect("the response created a message");
    let press = fake.send(fake.button("press").on_message(&board).from(&bob));
    let update = fake.wait_for_callback(press.id, WAIT).await;
    assert_eq!(update.kind, 7);
    assert_eq!(update.content(), Some("pressed by bob"));
    let board_id: u64 = board["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(fake.message(board_id).unwrap()["content"], "pressed by bob");

    // A direct message arrives with `user` rather than `member`.
    let dm = fake.send(fake.command("play").string("move", "9-13").in_dm(fake.new_id()).from(&bob));
    assert_eq!(fake.wait_for_callback(dm.id, WAIT).await.content(), Some("played 9-13 by bob"));

    assert!(fake.unrouted_requests().is_empty(), "unexpected calls: {:?}", fake.unrouted_requests());
    assert!(h.reports.try_recv().is_err(), "the handler reported a failure");
    h.shards.shutdown_all().await;
}

#[tokio::test]
async fn deferral_edit_followup_channel_message_and_double_answer() {
    let mut h = Harness::start().await;
    let fake = &h.fake;
    let carol = fake.user("carol");
    let channel = fake.new_id();
    let sent = fake.send(fake.command("slow").in_channel(channel).from(&carol));

    let deferral = fake.wait_for_callback(sent.id, WAIT).await;
    assert_eq!(deferral.kind, 5);
    assert!(!deferral.is_ephemeral());
    let edit = fake.wait_for_edit(&sent.token, WAIT).await;
    assert_eq!(edit.content(), "done");
    assert_eq!(edit.files[0].filename, "late.png");
    decode_png(&edit.files[0].bytes);
    assert!(deferral.file("late.png").is_none(), "the deferral carries no file");
    assert_eq!(edit.message["attachments"][0]["filename"], "late.png");
    assert_eq!(edit.files[0].description.as_deref(), Some("A late board"));
    let followup = fake.wait_for_followup(&sent.token, WAIT).await;
    assert_eq!(followup.content(), "and one more thing");
    let by_token: Vec<MessageKind> = fake.messages_for(&sent.token).iter().map(|m| m.kind).collect();
    assert_eq!(by_token, [MessageKind::EditOriginal, MessageKind::Followup]);
    let reminder = fake.wait_for_channel_message(channel, |m| m.content() == "a reminder", WAIT).await;
    assert_eq!(reminder.kind, MessageKind::Channel);
    decode_png(&reminder.files[0].bytes);
    assert_eq!(reminder.message["attachments"][0]["description"], "The board again");
    assert_eq!(fake.uploaded_files(), 2);
    assert!(fake.undescribed_uploads().is_empty());

    assert_eq!(h.report().await, Report::Failed { what: "second answer", status: Some(400) });
    h.shards.shutdown_all().await;
}

#[tokio::test]
async fn rate_limit_reaches_the_handler_then_the_client_resumes_after_a_drop() {
    let mut h = Harness::start().await;
    let alice = h.fake.user("alice");

    h.fake.fail_next("POST /interactions/*/*/callback", 429, Duration::from_millis(1500));
    let limited = h.fake.send(h.fake.command("play").string("move", "11-15").from(&alice));
    assert_eq!(h.report().await, Report::Failed { what: "play", status: Some(429) });
    let refused = h.fake.wait_for_request("the 429", WAIT, |r| r.status == 429).await;
    assert_eq!(refused.response_header("retry-after"), Some("2"));
    assert!(h.fake.callback(limited.id).is_none(), "a refused callback is not an answer");

    // Drop the websocket; an interaction sent while it is down is replayed on RESUME.
    assert!(h.fake.drop_gateway());
    let during = h.fake.send(h.fake.command("play").string("move", "9-14").from(&alice));
    h.fake.wait_connected(WAIT).await;
    assert_eq!(h.fake.wait_for_callback(during.id, WAIT).await.content(), Some("played 9-14 by alice"));
    let after = h.fake.send(h.fake.command("play").string("move", "10-14").from(&alice));
    assert_eq!(h.fake.wait_for_callback(after.id, WAIT).await.content(), Some("played 10-14 by alice"));
    let stats = h.fake.gateway_stats();
    assert_eq!((stats.identifies, stats.resumes, stats.connections), (1, 1, 2));
    h.shards.shutdown_all().await;
}

#[tokio::test]
async fn unknown_routes_are_recorded_as_404() {
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(fake.token()).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let error = ChannelId::new(5).delete(&http).await.expect_err("no such route in the fake");
    assert!(matches!(&error, serenity::Error::Http(e) if e.status_code().map(|s| s.as_u16()) == Some(404)));
    let alice = fake.user("alice");
    let user = http.get_user(alice.id.into()).await.expect("a known user");
    assert_eq!(user.name, "alice");
    let member = http.get_member(fake.guild_id().into(), alice.id.into()).await.expect("a known member");
    assert_eq!(member.user.id.get(), alice.id);
    let unrouted = fake.unrouted_requests();
    assert_eq!(unrouted.len(), 1);
    assert_eq!(unrouted[0].method, "DELETE");
    assert_eq!(unrouted[0].path, "/api/v10/channels/5");
}

#[test]
fn every_fixture_deserializes_as_a_serenity_interaction() {
    let fixtures = crate::support::fake_discord::FixtureContext::standalone();
    let alice = crate::support::fake_discord::FakeUser::new(fixtures.ids.next(), "alice");
    let bob = crate::support::fake_discord::FakeUser::new(fixtures.ids.next(), "bob");
    let dm = Place::Dm { channel_id: fixtures.ids.next() };

    let guild_command =
        fixtures.command("play").string("move", "11-15").integer("days", 3).user("opponent", &bob).from(&alice).build();
    let Interaction::Command(command) = guild_command.to_serenity() else { panic!("not a command") };
    assert_eq!(command.user.id.get(), alice.id);
    assert_eq!(command.member.as_ref().map(|m| m.user.id.get()), Some(alice.id));
    assert_eq!(command.data.options.len(), 3);
    assert_eq!(command.data.resolved.users.values().next().map(|u| u.name.as_str()), Some("bob"));
    assert!(command.guild_id.is_some());

    let dm_command = fixtures.command("play").boolean("public", true).at(dm).from(&bob).build();
    let Interaction::Command(command) = dm_command.to_serenity() else { panic!("not a command") };
    assert!(command.member.is_none() && command.guild_id.is_none());
    assert_eq!(command.user.id.get(), bob.id);

    let typed = fixtures.autocomplete("play").string("other", "x").focused("move", "11").from(&alice).build();
    let Interaction::Autocomplete(autocomplete) = typed.to_serenity() else { panic!("not autocomplete") };
    let focused = autocomplete.data.autocomplete().expect("a focused option");
    assert_eq!((focused.name, focused.value), ("move", "11"));

    let press = fixtures.button("accept:7").from(&bob).build();
    let Interaction::Component(component) = press.to_serenity() else { panic!("not a component") };
    assert_eq!(component.data.custom_id, "accept:7");
    let on_dm = fixtures.button("accept:7").at(dm).on_message(&press.payload["message"]).from(&bob).build();
    assert!(matches!(on_dm.to_serenity(), Interaction::Component(c) if c.message.id == component.message.id));

    let ids = [guild_command.id, dm_command.id, typed.id, press.id, on_dm.id];
    let tokens = [&guild_command.token, &dm_command.token, &typed.token, &press.token, &on_dm.token];
    assert!(ids.iter().enumerate().all(|(i, a)| ids[i + 1..].iter().all(|b| a != b)));
    assert!(tokens.iter().enumerate().all(|(i, a)| tokens[i + 1..].iter().all(|b| a != b)));
}

#[tokio::test]
async fn limits_deadline_attachment_download_and_a_second_client() {
    let mut h = Harness::start().await;
    let alice = h.fake.user("alice");

    // 30 autocomplete choices: refused as Discord would, and the bot hears of it.
    h.fake.send(h.fake.autocomplete("play").focused("move", "all").from(&alice));
    assert_eq!(h.report().await, Report::Failed { what: "autocomplete", status: Some(400) });

    // A message update answering a slash command: refused as Discord would.
    let update = h.fake.send(h.fake.command("update").from(&alice));
    assert_eq!(h.report().await, Report::Failed { what: "update", status: Some(400) });
    assert!(h.fake.callback(update.id).is_none());

    // The picture of a response can be downloaded from the URL in its message.
    let sent = h.fake.send(h.fake.command("play").string("move", "11-15").from(&alice));
    let callback = h.fake.wait_for_callback(sent.id, WAIT).await;
    assert!(callback.elapsed < WAIT);
    let message: serenity::all::Message = serde_json::from_value(callback.message.unwrap()).unwrap();
    let downloaded = message.attachments[0].download().await.expect("download the attachment");
    assert_eq!(downloaded, &*callback.files[0].bytes);

    // With a deadline already passed, the answer is refused as too late.
    h.fake.set_response_deadline(Some(Duration::ZERO));
    let late = h.fake.send(h.fake.command("play").string("move", "9-13").from(&alice));
    assert_eq!(h.report().await, Report::Failed { what: "play", status: Some(404) });
    assert!(h.fake.callback(late.id).is_none());
    h.fake.set_response_deadline(None);

    // GUILD_CREATE reaches the handler as the guild, its channel and members.
    let channel = h.fake.default_channel();
    h.fake.send_guild_create(&[channel], std::slice::from_ref(&alice));
    assert_eq!(h.report().await, Report::Guild { channels: 1, members: 2 });

    // The bot restarts: a new client identifies on the same fake and serves on.
    h.shards.shutdown_all().await;
    let http = HttpBuilder::new(h.fake.token()).proxy(h.fake.rest_url()).ratelimiter_disabled(true).build();
    let (tx, mut reports) = mpsc::unbounded_channel();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
        .event_handler(Handler { reports: tx })
        .await
        .expect("build the second client");
    let shards = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });
    h.fake.wait_gateway(WAIT, |g| g.connected && g.identifies == 2).await;
    assert_eq!(reports.recv().await, Some(Report::Registered(2)));
    let again = h.fake.send(h.fake.command("play").string("move", "10-14").from(&alice));
    assert_eq!(h.fake.wait_for_callback(again.id, WAIT).await.content(), Some("played 10-14 by alice"));
    shards.shutdown_all().await;
}

/// Alt text as Discord takes it: each file's description is kept with the
/// file and in the message; one over 1,024 characters is refused (400); a
/// file without one is taken, but named by the check the fake makes when
/// it is dropped.
#[tokio::test]
async fn attachment_descriptions_are_kept_and_their_limit_enforced() {
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(fake.token()).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let channel = ChannelId::new(fake.new_id());
    let post = |name: &str, description: Option<String>| {
        let mut file = CreateAttachment::bytes(png(), name);
        if let Some(text) = description {
            file = file.description(text);
        }
        channel.send_message(&http, CreateMessage::new().content(name).add_file(file))
    };

    let at_limit = "é".repeat(1024);
    let posted = post("long.png", Some(at_limit.clone())).await.expect("1,024 characters are allowed");
    assert_eq!(posted.attachments[0].description.as_deref(), Some(at_limit.as_str()));
    let refused = post("longer.png", Some("é".repeat(1025))).await.expect_err("1,025 characters are not");
    assert!(refused.to_string().contains("description"), "{refused}");
    assert!(fake.undescribed_uploads().is_empty());

    let bare = post("bare.png", None).await.expect("Discord takes a file without a description");
    assert_eq!(bare.attachments[0].description, None);
    assert_eq!(fake.uploaded_files(), 3);
    assert_eq!(fake.undescribed_uploads(), [format!("POST /api/v10/channels/{channel}/messages: bare.png")]);
    let check = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| fake.assert_every_upload_described()));
    let message = *check.expect_err("the check names it").downcast::<String>().unwrap();
    assert!(message.contains("1 of 3 uploaded files had no description") && message.contains("bare.png"), "{message}");
    // This test sent it on purpose.
    fake.allow_undescribed_uploads();
}

/// Reads one response (head and `content-length` body) from a raw connection.
async fn read_response(stream: &mut tokio::io::BufReader<tokio::net::TcpStream>) -> (u16, String) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt};
    let mut line = String::new();
    stream.read_line(&mut line).await.unwrap();
    let status = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut length = 0;
    loop {
        line.clear();
        stream.read_line(&mut line).await.unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await.unwrap();
    (status, String::from_utf8(body).unwrap())
}

#[tokio::test]
async fn chunked_bodies_and_keep_alive_on_one_connection() {
    use tokio::io::AsyncWriteExt;
    let fake = FakeDiscord::start().await;
    let address = fake.rest_url().trim_start_matches("http://").to_string();
    let mut stream = tokio::io::BufReader::new(tokio::net::TcpStream::connect(address).await.unwrap());

    let chunked = "POST /api/v10/channels/7/messages HTTP/1.1\r\nhost: fake\r\ncontent-type: application/json\r\n\
                   transfer-encoding: chunked\r\n\r\n6\r\n{\"cont\r\n10\r\nent\": \"chunked\"}\r\n0\r\n\r\n";
    stream.get_mut().write_all(chunked.as_bytes()).await.unwrap();
    let (status, body) = read_response(&mut stream).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"content\":\"chunked\""), "{body}");

    let plain = "GET /api/v10/gateway HTTP/1.1\r\nhost: fake\r\ncontent-length: 0\r\n\r\n";
    stream.get_mut().write_all(plain.as_bytes()).await.unwrap();
    let (status, body) = read_response(&mut stream).await;
    assert_eq!(status, 200);
    assert!(body.contains(fake.gateway_url()), "{body}");

    let posted = fake.wait_for_channel_message(7, |m| m.content() == "chunked", WAIT).await;
    assert_eq!(posted.data["content"], "chunked");
    assert_eq!(fake.requests().len(), 2);
}

#[test]
fn command_registrations_are_checked_as_discord_does() {
    use crate::support::fake_discord::limits::check_command;
    use serde_json::json;
    let good = json!({
        "name": "challenge", "description": "Challenge someone",
        "name_localizations": {"es-ES": "desafiar", "es-419": "desafiar"},
        "description_localizations": {"es-ES": "Desafía a alguien"},
        "options": [{"type": 3, "name": "color", "description": "Your side",
                     "choices": [{"name": "White", "value": "white", "name_localizations": {"es-ES": "Blancas"}}]}],
    });
    assert_eq!(check_command(&good), Ok(()));
    let with = |path: &[&str], value: serde_json::Value| {
        let mut c = good.clone();
        let mut at = &mut c;
        for key in &path[..path.len() - 1] {
            at = if let Ok(i) = key.parse::<usize>() { &mut at[i] } else { &mut at[*key] };
        }
        at[path[path.len() - 1]] = value;
        c
    };
    for (bad, why) in [
        (with(&["name"], json!("Challenge")), "upper case"),
        (with(&["name"], json!("a challenge")), "a space"),
        (with(&["name_localizations"], json!({"es": "desafiar"})), "`es` is not a Discord locale"),
        (with(&["name_localizations"], json!({"es-ES": "Desafiar"})), "a localized name in upper case"),
        (with(&["description_localizations"], json!({"es-ES": "x".repeat(101)})), "a long description"),
        (with(&["options", "0", "name"], json!("x".repeat(33))), "a long option name"),
        (with(&["description_localizations"], json!({"es-ES": ""})), "an empty description"),
        (with(&["name_localizations"], json!({"es-ES": "puntuacio\u{301}n"})), "a combining accent (not a letter)"),
        (with(&["name_localizations"], json!({"es-ES": "\u{1c5}ama"})), "a title-case letter, which has a lower case"),
        (with(&["name_localizations"], json!({"es-ES": "desafío's"})), "an apostrophe"),
    ] {
        assert!(check_command(&bad).is_err(), "{why}: {bad}");
    }
    // Discord's rule is Unicode's letters and digits: accents are letters.
    for name in ["puntuación", "número", "días-de-vacaciones", "máx_jugadores", "खेलें", "ตาราง"]
    {
        let accented = with(&["name_localizations"], json!({"es-ES": name}));
        assert_eq!(check_command(&accented), Ok(()), "{name}");
    }
}

#[test]
fn select_menus_are_checked_as_discord_does() {
    use crate::support::fake_discord::limits::check_message;
    use serde_json::{Value, json};
    let option = |v: &str| json!({"label": v, "value": v});
    let menu = |id: &str, options: Vec<Value>| json!({"type": 3, "custom_id": id, "options": options});
    let message = |rows: Vec<Value>| json!({"content": "choose", "components": rows});
    let row = |components: Vec<Value>| json!({"type": 1, "components": components});
    let button = |id: &str| json!({"type": 2, "style": 1, "label": "b", "custom_id": id});
    let good = message(vec![row(vec![menu("a", vec![option("1"), option("2")])]), row(vec![button("b")])]);
    assert_eq!(check_message(&good, false, true), Ok(()));
    let many: Vec<Value> = (0..26).map(|i| option(&i.to_string())).collect();
    for (bad, why) in [
        (message(vec![row(vec![menu("a", vec![])])]), "no option"),
        (message(vec![row(vec![menu("a", many)])]), "26 options"),
        (message(vec![row(vec![menu("a", vec![option("1"), option("1")])])]), "a value twice"),
        (message(vec![row(vec![menu("a", vec![option(&"x".repeat(101))])])]), "a long label"),
        (message(vec![row(vec![menu("a", vec![option("1")]), button("b")])]), "a menu sharing its row"),
        (message(vec![row(vec![menu("a", vec![option("1")])]), row(vec![button("a")])]), "one custom id twice"),
        (message(vec![row(vec![menu(&"x".repeat(101), vec![option("1")])])]), "a long custom id"),
        (message(vec![menu("a", vec![option("1")])]), "a menu outside an action row"),
    ] {
        assert!(check_message(&bad, false, true).is_err(), "{why}: {bad}");
    }
}
