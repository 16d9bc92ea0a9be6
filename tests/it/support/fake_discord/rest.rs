//! The REST side: routes serenity calls, records every request, answers
//! unknown routes with a 404 and prepared faults with their status.

use std::time::Duration;

use serde_json::{Value, json};

use super::direct;
use super::fixtures::{BOT_PERMISSIONS, CREATE_PUBLIC_THREADS};
use super::http::{HttpRequest, HttpResponse};
use super::limits;
use super::multipart;
use super::objects::{self, MessageOrigin};
use super::records::{Callback, FileUpload, MessageKind, PostedMessage, RecordedRequest, RequestBody};
use super::state::{ChannelFault, Ping, Shared, State};
use super::threads;

/// Answers one request and records it; the answer is to be sent after the
/// returned delay (zero unless a fault holds it back).
pub fn handle(shared: &Shared, request: HttpRequest) -> (HttpResponse, Duration) {
    let body = decode_body(&request);
    let route = request.path.strip_prefix("/api/v10").unwrap_or(&request.path).to_string();
    let segments: Vec<&str> = route.trim_matches('/').split('/').collect();

    let with_response = request.query.split('&').any(|p| p == "with_response=true");
    shared.update(|state| {
        let now = std::time::Instant::now();
        let limited = state.limits.arrive(&request.method, &segments, now);
        let call = Route { method: &request.method, segments: &segments, body: &body, with_response };
        let (mut response, delay) = match limited {
            Some(limited) => (limited, Duration::ZERO),
            None => match state.faults.iter().position(|f| f.matches(&request.method, &segments)) {
                Some(i) => {
                    let fault = state.faults.remove(i);
                    let handled = fault.lands.then(|| route_request(shared, state, &call));
                    let response = match handled {
                        // A landed request that is only late answers as it would have.
                        Some(handled) if fault.status == 0 => handled,
                        _ => fault_response(&fault),
                    };
                    (response, fault.delay)
                }
                None => (route_request(shared, state, &call), Duration::ZERO),
            },
        };
        state.limits.answered(&request.method, &segments, &mut response, now);
        state.uploads.note(&request.method, &request.path, body.files());
        state.requests.push(RecordedRequest {
            method: request.method,
            path: request.path,
            query: request.query,
            headers: request.headers,
            body,
            status: response.status,
            response_headers: response.headers.clone(),
            at: now,
        });
        (response, delay)
    })
}

fn decode_body(request: &HttpRequest) -> RequestBody {
    if request.body.is_empty() {
        return RequestBody::Empty;
    }
    let content_type = request.header("content-type").unwrap_or("");
    if let Some(boundary) = multipart::boundary(content_type) {
        match multipart::parse(&request.body, &boundary) {
            Ok(parts) => {
                let mut payload_json = None;
                let mut files = Vec::new();
                for part in parts {
                    if part.name == "payload_json" {
                        payload_json = serde_json::from_slice(&part.bytes).ok();
                    } else {
                        files.push(FileUpload {
                            filename: part.filename.unwrap_or_default(),
                            field: part.name,
                            content_type: part.content_type,
                            bytes: part.bytes.into(),
                            description: None,
                        });
                    }
                }
                for file in &mut files {
                    file.description = description_of(payload_json.as_ref(), file);
                }
                return RequestBody::Multipart { payload_json, files };
            }
            Err(e) => eprintln!("fake Discord: unreadable multipart body on {}: {e}", request.path),
        }
    }
    match serde_json::from_slice(&request.body) {
        Ok(value) => RequestBody::Json(value),
        Err(_) => RequestBody::Other(request.body.clone()),
    }
}

/// The alt text the payload gives an uploaded file: the `description` of
/// the `attachments` entry whose `id` is the file's index (`files[n]`), in
/// the message payload or in an interaction response's `data`.
fn description_of(payload: Option<&Value>, file: &FileUpload) -> Option<String> {
    let index = upload_index(file)?;
    let payload = payload?;
    let message = if payload.get("data").is_some_and(Value::is_object) { &payload["data"] } else { payload };
    let entries = message.get("attachments")?.as_array()?;
    let entry = entries.iter().find(|e| attachment_id(&e["id"]) == Some(index))?;
    entry.get("description")?.as_str().map(str::to_string)
}

/// The index `n` of a file uploaded as `files[n]`.
fn upload_index(file: &FileUpload) -> Option<u64> {
    file.field.strip_prefix("files[").and_then(|s| s.strip_suffix(']')).and_then(|s| s.parse().ok())
}

/// An `attachments` entry's id, sent as a number or a string.
fn attachment_id(id: &Value) -> Option<u64> {
    match id {
        Value::String(s) => s.parse().ok(),
        other => other.as_u64(),
    }
}

fn fault_response(fault: &super::state::Fault) -> HttpResponse {
    if fault.status == 429 {
        super::rate_limits::too_many(fault.retry_after, fault.global)
    } else {
        // Status 0 is a timeout that did not land: whatever comes after the delay is too late.
        let status = if fault.status == 0 { 500 } else { fault.status };
        let code = match status {
            403 => 50013,
            404 => 10003,
            _ => 0,
        };
        HttpResponse::json(status, &objects::error(code, "fake Discord: injected failure"))
    }
}

fn not_found(code: u64, message: &str) -> HttpResponse {
    HttpResponse::json(404, &objects::error(code, message))
}

/// Discord's answer to a payload outside its limits.
fn invalid_form(reason: &str) -> HttpResponse {
    HttpResponse::json(400, &objects::error(50035, &format!("Invalid Form Body: {reason}")))
}

pub fn parse_id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

/// A request as the routes read it.
struct Route<'a> {
    method: &'a str,
    segments: &'a [&'a str],
    body: &'a RequestBody,
    /// An interaction callback asked with `?with_response=true`.
    with_response: bool,
}

fn route_request(shared: &Shared, state: &mut State, call: &Route<'_>) -> HttpResponse {
    let (method, segments, body) = (call.method, call.segments, call.body);
    let config = &shared.config;
    let fixtures = &shared.fixtures;
    let app = fixtures.application_id.to_string();
    let payload = body.json().cloned().unwrap_or(Value::Null);
    match (method, segments) {
        ("GET", ["gateway"]) => HttpResponse::json(200, &json!({"url": config.gateway_url})),
        ("GET", ["gateway", "bot"]) => HttpResponse::json(
            200,
            &json!({
                "url": config.gateway_url,
                "shards": state.recommended_shards.max(1),
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            }),
        ),
        ("GET", ["users", "@me"]) => HttpResponse::json(200, &fixtures.bot.user_json()),
        ("GET", ["users", id]) => match parse_id(id).and_then(|id| state.users.get(&id)) {
            Some(user) => HttpResponse::json(200, &user.user_json()),
            None => not_found(10013, "Unknown User"),
        },
        ("GET", ["guilds", guild]) => match parse_id(guild) {
            Some(id) if id == config.guild_id => {
                let owner = config.owner["id"].as_str().and_then(|id| id.parse().ok()).unwrap_or(0);
                let mut guild = objects::guild(id, owner);
                guild["roles"].as_array_mut().expect("roles").push(objects::bot_role(id, BOT_PERMISSIONS));
                objects::validate::<serenity::model::guild::PartialGuild>("guild object", &guild);
                HttpResponse::json(200, &guild)
            }
            _ => not_found(10004, "Unknown Guild"),
        },
        ("GET", ["guilds", guild, "members", id])
            if parse_id(guild) == Some(config.guild_id) && parse_id(id) == Some(fixtures.bot.id) =>
        {
            // The bot holds its own role, which grants what it has everywhere.
            let mut member = fixtures.bot.member_json();
            member["roles"] = json!([objects::bot_role_id(config.guild_id).to_string()]);
            HttpResponse::json(200, &member)
        }
        ("GET", ["guilds", guild, "members", id]) if parse_id(guild) == Some(config.guild_id) => {
            match parse_id(id).and_then(|id| state.users.get(&id)) {
                Some(user) => HttpResponse::json(200, &user.member_json()),
                None => not_found(10007, "Unknown Member"),
            }
        }
        ("GET", ["oauth2", "applications", "@me"]) => HttpResponse::json(
            200,
            &objects::application_info(fixtures.application_id, &fixtures.bot.user_json(), &config.owner),
        ),
        (_, ["applications", a, rest @ ..]) if *a == app => commands(shared, state, method, rest, &payload),
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(shared, state, id, token, &payload, body, call.with_response)
        }
        (_, ["webhooks", a, token, rest @ ..]) if *a == app => {
            webhook(shared, state, method, token, rest, &payload, body)
        }
        ("POST", ["users", "@me", "channels"]) => direct::open(shared, state, &payload),
        ("POST", ["channels", channel, "messages", message, "threads"]) => match (parse_id(channel), parse_id(message))
        {
            (Some(channel), Some(message)) => threads::start(shared, state, channel, Some(message), &payload),
            _ => not_found(10003, "Unknown Channel"),
        },
        ("POST", ["channels", channel, "threads"]) => match parse_id(channel) {
            Some(channel) => threads::start(shared, state, channel, None, &payload),
            None => not_found(10003, "Unknown Channel"),
        },
        ("PATCH", ["channels", channel]) => match parse_id(channel) {
            Some(channel) => threads::edit(shared, state, channel, &payload),
            None => not_found(10003, "Unknown Channel"),
        },
        ("DELETE", ["channels", channel]) => match parse_id(channel) {
            Some(channel) => threads::delete(shared, state, channel),
            None => not_found(10003, "Unknown Channel"),
        },
        ("POST", ["channels", channel, "messages"]) => match parse_id(channel) {
            Some(channel_id) => channel_message(shared, state, channel_id, &payload, body),
            None => not_found(10003, "Unknown Channel"),
        },
        ("PATCH", ["channels", channel, "messages", id]) => match (parse_id(channel), parse_id(id)) {
            (Some(channel_id), Some(id)) if state.messages.contains_key(&id) => {
                post_message(shared, state, MessageKind::ChannelEdit, channel_id, Some(id), None, &payload, body)
            }
            _ => not_found(10008, "Unknown Message"),
        },
        ("GET", ["channels", channel]) if parse_id(channel).is_some_and(|id| state.threads.contains_key(&id)) => {
            let thread = &state.threads[&parse_id(channel).unwrap_or_default()];
            if thread.deleted {
                not_found(10003, "Unknown Channel")
            } else {
                HttpResponse::json(200, &thread.json(shared.fixtures.bot.id))
            }
        }
        ("GET", ["channels", channel]) => match parse_id(channel) {
            Some(id) if state.channel_faults.get(&id) == Some(&ChannelFault::Deleted) => {
                not_found(10003, "Unknown Channel")
            }
            Some(id) => {
                // The bot's overwrite says what tests changed in this channel.
                let (mut allow, mut deny) = (0u64, 0u64);
                if fixtures.bot_may_open_threads(id) {
                    allow |= CREATE_PUBLIC_THREADS;
                }
                match state.channel_faults.get(&id) {
                    Some(ChannelFault::NoSendMessages) => deny |= 1 << 11,
                    Some(ChannelFault::NoAttachFiles) => deny |= 1 << 15,
                    _ => {}
                }
                let mut channel = objects::guild_text_channel(id, config.guild_id);
                if allow | deny != 0 {
                    channel["permission_overwrites"] = json!([{
                        "id": fixtures.bot.id.to_string(), "type": 1,
                        "allow": allow.to_string(), "deny": deny.to_string(),
                    }]);
                }
                HttpResponse::json(200, &channel)
            }
            None => not_found(10003, "Unknown Channel"),
        },
        ("GET", ["attachments", id, _]) => match parse_id(id).and_then(|id| state.files.get(&id)) {
            Some((content_type, bytes)) => HttpResponse {
                status: 200,
                headers: vec![(
                    "content-type".into(),
                    content_type.clone().unwrap_or_else(|| "application/octet-stream".into()),
                )],
                body: bytes.to_vec(),
            },
            None => not_found(0, "404: Not Found"),
        },
        _ => not_found(0, "404: Not Found"),
    }
}

/// `/applications/{app}/commands...` and `/applications/{app}/guilds/{guild}/commands...`.
fn commands(shared: &Shared, state: &mut State, method: &str, rest: &[&str], payload: &Value) -> HttpResponse {
    let (guild_id, rest) = match rest {
        ["guilds", guild, rest @ ..] => match parse_id(guild) {
            Some(id) => (Some(id), rest),
            None => return not_found(10004, "Unknown Guild"),
        },
        _ => (None, rest),
    };
    let fixtures = &shared.fixtures;
    let echo = |body: &Value| {
        let name = body["name"].as_str().unwrap_or("").to_string();
        // Same name, same id: as Discord does when a command is overwritten.
        let id =
            *fixtures.command_ids.lock().expect("command ids lock").entry(name).or_insert_with(|| fixtures.ids.next());
        objects::command_echo(body, id, fixtures.application_id, guild_id, fixtures.ids.next())
    };
    let list = match guild_id {
        Some(guild) => state.guild_commands.entry(guild).or_default(),
        None => &mut state.global_commands,
    };
    match (method, rest) {
        ("GET", ["commands"]) => HttpResponse::json(200, &Value::Array(list.clone())),
        ("PUT", ["commands"]) => {
            let Some(bodies) = payload.as_array() else {
                return HttpResponse::json(400, &objects::error(50035, "Invalid Form Body"));
            };
            if let Some(reason) = bodies.iter().find_map(|b| limits::check_command(b).err()) {
                return invalid_form(&reason);
            }
            *list = bodies.iter().map(echo).collect();
            let list = Value::Array(list.clone());
            objects::validate::<Vec<serenity::model::application::Command>>("registered commands", &list);
            HttpResponse::json(200, &list)
        }
        ("POST", ["commands"]) => {
            if let Err(reason) = limits::check_command(payload) {
                return invalid_form(&reason);
            }
            let command = echo(payload);
            objects::validate::<serenity::model::application::Command>("registered command", &command);
            list.retain(|c| c["name"] != command["name"]);
            list.push(command.clone());
            HttpResponse::json(201, &command)
        }
        ("DELETE", ["commands", id]) => {
            let before = list.len();
            list.retain(|c| c["id"].as_str() != Some(id));
            if list.len() < before {
                HttpResponse::no_content()
            } else {
                not_found(10063, "Unknown application command")
            }
        }
        _ => not_found(0, "404: Not Found"),
    }
}

fn callback(
    shared: &Shared,
    state: &mut State,
    id: &str,
    token: &str,
    payload: &Value,
    body: &RequestBody,
    with_response: bool,
) -> HttpResponse {
    let Some(interaction_id) = parse_id(id) else { return not_found(10062, "Unknown interaction") };
    let Some(sent) = state.interactions.get(&interaction_id).filter(|s| s.token == token) else {
        return not_found(10062, "Unknown interaction");
    };
    if sent.answered {
        return HttpResponse::json(400, &objects::error(40060, "Interaction has already been acknowledged."));
    }
    let elapsed = sent.sent_at.elapsed();
    if state.response_deadline.is_some_and(|deadline| elapsed > deadline) {
        return not_found(10062, "Unknown interaction");
    }
    let kind = payload["type"].as_u64().unwrap_or(0) as u8;
    let data = payload.get("data").cloned().unwrap_or(Value::Null);
    if let Err(reason) = limits::check_callback_for(sent.kind, kind) {
        return invalid_form(&reason);
    }
    if let Err(reason) = limits::check_callback(kind, &data, !body.files().is_empty()) {
        return invalid_form(&reason);
    }
    let (channel_id, guild_id, button_message) = (sent.channel_id, sent.guild_id, sent.message.clone());
    let sent_kind = sent.kind;

    let message = match kind {
        // A new message: the original response.
        4 | 5 => {
            let id = shared.fixtures.ids.next();
            let origin = MessageOrigin {
                id,
                channel_id,
                guild_id,
                author: &shared.fixtures.bot.user_json(),
                application_id: Some(shared.fixtures.application_id),
            };
            let attachments = attachments(shared, state, &data, body.files(), None);
            let message = objects::message(&origin, &data, None, attachments);
            state.originals.insert(token.to_string(), id);
            state.messages.insert(id, message.clone());
            if kind == 5 {
                state.thinking.insert(id);
            } else {
                record_pings(state, &data, channel_id, id);
            }
            Some(message)
        }
        // An update of the message the button is on.
        7 => button_message.map(|old| {
            let id = old["id"].as_str().and_then(parse_id).unwrap_or(0);
            let old = state.messages.get(&id).cloned().unwrap_or(old);
            let origin =
                MessageOrigin { id, channel_id, guild_id, author: &old["author"].clone(), application_id: None };
            let attachments = attachments(shared, state, &data, body.files(), Some(&old));
            let message = objects::message(&origin, &data, Some(&old), attachments);
            state.messages.insert(id, message.clone());
            // As on Discord, the updated message is then the interaction's original response.
            state.originals.insert(token.to_string(), id);
            message
        }),
        // A deferred update: as on Discord, the button's message is the
        // original response that a later `PATCH .../messages/@original` edits.
        6 => {
            if let Some(old) = &button_message {
                let id = old["id"].as_str().and_then(parse_id).unwrap_or(0);
                state.messages.entry(id).or_insert_with(|| old.clone());
                state.originals.insert(token.to_string(), id);
            }
            None
        }
        _ => None,
    };
    if let Some(sent) = state.interactions.get_mut(&interaction_id) {
        sent.answered = true;
    }
    let answer = with_response.then(|| objects::callback_response(interaction_id, sent_kind, kind, message.as_ref()));
    state.callbacks.insert(
        interaction_id,
        Callback {
            interaction_id,
            token: token.to_string(),
            kind,
            data,
            files: body.files().to_vec(),
            message,
            elapsed,
        },
    );
    // Asked `?with_response=true`, Discord says what the answer made.
    match answer {
        Some(answer) => HttpResponse::json(200, &answer),
        None => HttpResponse::no_content(),
    }
}

fn webhook(
    shared: &Shared,
    state: &mut State,
    method: &str,
    token: &str,
    rest: &[&str],
    payload: &Value,
    body: &RequestBody,
) -> HttpResponse {
    let Some(sent) = state.tokens.get(token).and_then(|id| state.interactions.get(id)) else {
        return not_found(10015, "Unknown Webhook");
    };
    // Followups and edits need the interaction answered first.
    if !sent.answered {
        return not_found(10015, "Unknown Webhook");
    }
    let channel_id = sent.channel_id;
    let target = match rest {
        ["messages", "@original"] => state.originals.get(token).copied(),
        ["messages", id] => parse_id(id).filter(|id| state.messages.contains_key(id)),
        _ => None,
    };
    match (method, rest) {
        // As on Discord, the first followup after a deferral fills in the "thinking" message.
        ("POST", []) => match state.originals.get(token).copied().filter(|id| state.thinking.contains(id)) {
            Some(id) => {
                state.thinking.remove(&id);
                post_message(shared, state, MessageKind::Followup, channel_id, Some(id), Some(token), payload, body)
            }
            None => post_message(shared, state, MessageKind::Followup, channel_id, None, Some(token), payload, body),
        },
        ("GET", ["messages", _]) => match target.and_then(|id| state.messages.get(&id)) {
            Some(message) => HttpResponse::json(200, message),
            None => not_found(10008, "Unknown Message"),
        },
        ("PATCH", ["messages", which]) => match target {
            Some(id) => {
                state.thinking.remove(&id);
                let kind = if *which == "@original" { MessageKind::EditOriginal } else { MessageKind::EditFollowup };
                post_message(shared, state, kind, channel_id, Some(id), Some(token), payload, body)
            }
            None => not_found(10008, "Unknown Message"),
        },
        ("DELETE", ["messages", _]) => match target {
            Some(id) => {
                state.messages.remove(&id);
                state.thinking.remove(&id);
                HttpResponse::no_content()
            }
            None => not_found(10008, "Unknown Message"),
        },
        _ => not_found(0, "404: Not Found"),
    }
}

/// Creates (`editing` = None) or edits a message and records it; answers with
/// its object, or 400 if the payload is outside Discord's limits.
#[allow(clippy::too_many_arguments)]
fn post_message(
    shared: &Shared,
    state: &mut State,
    kind: MessageKind,
    channel_id: u64,
    editing: Option<u64>,
    token: Option<&str>,
    payload: &Value,
    body: &RequestBody,
) -> HttpResponse {
    if let Err(reason) = limits::check_message(payload, !body.files().is_empty(), editing.is_none()) {
        return invalid_form(&reason);
    }
    let previous = editing.and_then(|id| state.messages.get(&id).cloned());
    let id = editing.unwrap_or_else(|| shared.fixtures.ids.next());
    let guild_id =
        token.and_then(|t| state.tokens.get(t)).and_then(|i| state.interactions.get(i)).and_then(|sent| sent.guild_id);
    let origin = MessageOrigin {
        id,
        channel_id,
        guild_id,
        author: &shared.fixtures.bot.user_json(),
        application_id: token.map(|_| shared.fixtures.application_id),
    };
    let attachments = attachments(shared, state, payload, body.files(), previous.as_ref());
    let message = objects::message(&origin, payload, previous.as_ref(), attachments);
    state.messages.insert(id, message.clone());
    // Edits notify nobody on Discord; new messages notify who they may mention.
    if editing.is_none() {
        record_pings(state, payload, channel_id, id);
    }
    state.posted.push(PostedMessage {
        kind,
        channel_id,
        message_id: id,
        token: token.map(str::to_string),
        data: payload.clone(),
        files: body.files().to_vec(),
        message: message.clone(),
    });
    HttpResponse::json(200, &message)
}

/// The attachment list after a create or edit: entries of the payload's
/// `attachments` either keep an existing attachment (by id) or name an
/// uploaded file (by its index); without that list, uploads are added to
/// what the message already had.
fn attachments(
    shared: &Shared,
    state: &mut State,
    payload: &Value,
    files: &[FileUpload],
    previous: Option<&Value>,
) -> Vec<Value> {
    let old: Vec<Value> = previous.and_then(|m| m["attachments"].as_array().cloned()).unwrap_or_default();
    let mut used = vec![false; files.len()];
    let upload = |state: &mut State, i: usize, used: &mut Vec<bool>| {
        used[i] = true;
        let file = &files[i];
        let id = shared.fixtures.ids.next();
        state.files.insert(id, (file.content_type.clone(), file.bytes.clone()));
        objects::attachment(id, file, &shared.config.rest_url)
    };

    let mut result = Vec::new();
    match payload.get("attachments").and_then(Value::as_array) {
        Some(entries) => {
            for entry in entries {
                let Some(id) = attachment_id(&entry["id"]) else { continue };
                if let Some(kept) = old.iter().find(|a| a["id"].as_str() == Some(id.to_string().as_str())) {
                    result.push(kept.clone());
                } else if let Some(i) = files.iter().position(|f| upload_index(f) == Some(id)) {
                    result.push(upload(state, i, &mut used));
                }
            }
        }
        None => result = old,
    }
    for i in 0..files.len() {
        if !used[i] {
            result.push(upload(state, i, &mut used));
        }
    }
    result
}

/// `POST /channels/{id}/messages`: refused as the channel's fault says;
/// with `enforce_nonce`, a nonce already used in the channel returns that
/// message instead of posting another, as Discord does.
fn channel_message(
    shared: &Shared,
    state: &mut State,
    channel_id: u64,
    payload: &Value,
    body: &RequestBody,
) -> HttpResponse {
    if let Some(refused) = threads::before_post(state, channel_id).or_else(|| direct::before_post(state, channel_id)) {
        return refused;
    }
    match state.channel_faults.get(&channel_id) {
        Some(ChannelFault::Deleted) => return not_found(10003, "Unknown Channel"),
        Some(ChannelFault::NoSendMessages) => {
            return HttpResponse::json(403, &objects::error(50013, "Missing Permissions"));
        }
        Some(ChannelFault::NoAttachFiles) if !body.files().is_empty() => {
            return HttpResponse::json(403, &objects::error(50013, "Missing Permissions"));
        }
        _ => {}
    }
    let nonce = payload.get("nonce").and_then(|n| match n {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    let enforced = payload.get("enforce_nonce").and_then(Value::as_bool) == Some(true);
    if let Some(nonce) = nonce.filter(|_| enforced) {
        if let Some(message) = state.nonces.get(&(channel_id, nonce.clone())).and_then(|id| state.messages.get(id)) {
            return HttpResponse::json(200, &message.clone());
        }
        let response = post_message(shared, state, MessageKind::Channel, channel_id, None, None, payload, body);
        if let Some(id) = state.posted.last().filter(|_| response.status == 200).map(|m| m.message_id) {
            state.nonces.insert((channel_id, nonce), id);
            direct::after_post(state, channel_id);
        }
        return response;
    }
    let response = post_message(shared, state, MessageKind::Channel, channel_id, None, None, payload, body);
    if response.status == 200 {
        direct::after_post(state, channel_id);
    }
    response
}

/// Records who a new message notifies: each user mentioned in its content
/// once, unless `allowed_mentions` leaves them out; nobody for an ephemeral message.
fn record_pings(state: &mut State, payload: &Value, channel_id: u64, message_id: u64) {
    let ephemeral = payload.get("flags").and_then(Value::as_u64).is_some_and(|f| f & 64 != 0);
    if ephemeral {
        return;
    }
    let content = payload.get("content").and_then(Value::as_str).unwrap_or("");
    let allowed = payload.get("allowed_mentions").filter(|a| a.is_object());
    let allows = |user: u64| match allowed {
        None => true,
        Some(a) => {
            let parse_all = a["parse"].as_array().is_some_and(|p| p.iter().any(|x| x == "users"));
            let listed = a["users"].as_array().is_some_and(|list| {
                list.iter().any(|u| u.as_str().and_then(parse_id).or_else(|| u.as_u64()) == Some(user))
            });
            parse_all || listed
        }
    };
    let mut seen = Vec::new();
    for user in mentioned_users(content) {
        if !seen.contains(&user) && allows(user) {
            seen.push(user);
            state.pings.push(Ping { user, channel_id, message_id });
        }
    }
}

/// The ids in `<@id>` and `<@!id>` mentions, in order.
pub fn mentioned_users(content: &str) -> Vec<u64> {
    let mut users = Vec::new();
    for piece in content.split("<@").skip(1) {
        let piece = piece.strip_prefix('!').unwrap_or(piece);
        if let Some((digits, _)) = piece.split_once('>')
            && let Some(id) = parse_id(digits)
        {
            users.push(id);
        }
    }
    users
}
