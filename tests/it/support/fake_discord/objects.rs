//! JSON objects the fake sends, shaped as serenity 0.12.5 expects them, and the
//! checks that each one deserializes with serenity's own types.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::records::FileUpload;

/// Deserializes `value` as `T`, or panics naming what was being checked: a
/// payload serenity cannot read would otherwise be dropped without a trace.
pub fn validate<T: DeserializeOwned>(what: &str, value: &Value) -> T {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(v) => v,
        Err(e) => panic!(
            "fake Discord: {what} does not deserialize as {}: {e}\npayload: {value:#}",
            std::any::type_name::<T>()
        ),
    }
}

/// Whether `value` deserializes as `T`.
pub fn is_valid<T: DeserializeOwned>(value: &Value) -> bool {
    serde_json::from_value::<T>(value.clone()).is_ok()
}

/// Checks a whole gateway dispatch frame the way the shard reads it, and that
/// it does not fall back to `Event::Unknown`.
pub fn validate_dispatch(frame: &Value) {
    use serenity::model::event::{Event, GatewayEvent};
    let event: GatewayEvent = validate("gateway frame", frame);
    match event {
        GatewayEvent::Dispatch(_, Event::Unknown(_)) => {
            panic!("fake Discord: dispatch {} is read by serenity as an unknown event\nframe: {frame:#}", frame["t"])
        }
        GatewayEvent::Dispatch(..) => {}
        other => panic!("fake Discord: frame is not a dispatch: {other:?}"),
    }
}

/// The current time as RFC 3339, as Discord writes timestamps.
pub fn timestamp_now() -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock after 1970");
    let secs = now.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        now.subsec_micros()
    )
}

/// A user object.
pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "avatar": null,
        "bot": bot,
        "flags": 0,
        "public_flags": 0,
    })
}

/// The READY dispatch body.
pub fn ready(bot: &Value, app_id: u64, guild_ids: &[u64], session_id: &str, resume_url: &str) -> Value {
    let guilds: Vec<Value> = guild_ids.iter().map(|id| json!({"id": id.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10,
        "user": bot,
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": [0, 1],
        "application": {"id": app_id.to_string(), "flags": 0},
    })
}

/// `GET /oauth2/applications/@me`.
pub fn application_info(app_id: u64, bot: &Value, owner: &Value) -> Value {
    json!({
        "id": app_id.to_string(),
        "name": bot["username"],
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0".repeat(64),
        "owner": owner,
        "team": null,
        "flags": 0,
        "bot": bot,
    })
}

/// A registered command: the submitted body with the fields Discord adds.
pub fn command_echo(body: &Value, id: u64, app_id: u64, guild_id: Option<u64>, version: u64) -> Value {
    let mut command = body.clone();
    let Some(map) = command.as_object_mut() else { return command };
    map.insert("id".into(), json!(id.to_string()));
    map.insert("application_id".into(), json!(app_id.to_string()));
    map.insert("version".into(), json!(version.to_string()));
    map.entry("type").or_insert(json!(1));
    map.entry("description").or_insert(json!(""));
    if let Some(guild) = guild_id {
        map.insert("guild_id".into(), json!(guild.to_string()));
    }
    if let Some(options) = map.get_mut("options") {
        fill_option_descriptions(options);
    }
    command
}

fn fill_option_descriptions(options: &mut Value) {
    for option in options.as_array_mut().into_iter().flatten() {
        if let Some(map) = option.as_object_mut() {
            map.entry("description").or_insert(json!(""));
            if let Some(sub) = map.get_mut("options") {
                fill_option_descriptions(sub);
            }
        }
    }
}

/// A guild text channel (`GET /channels/{id}`).
pub fn guild_text_channel(id: u64, guild_id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild_id.to_string(),
        "name": format!("channel-{id}"),
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "parent_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

/// An attachment object for an uploaded file, with its description (alt
/// text) when it has one.
pub fn attachment(id: u64, file: &FileUpload, base_url: &str) -> Value {
    let url = format!("{base_url}/attachments/{id}/{}", file.filename);
    let mut attachment = json!({
        "id": id.to_string(),
        "filename": file.filename,
        "size": file.bytes.len(),
        "url": url,
        "proxy_url": url,
        "content_type": file.content_type,
    });
    if let Some(description) = &file.description {
        attachment["description"] = json!(description);
    }
    attachment
}

/// Who a message is from and where it lives.
pub struct MessageOrigin<'a> {
    pub id: u64,
    pub channel_id: u64,
    pub guild_id: Option<u64>,
    pub author: &'a Value,
    /// Set for messages made through an interaction webhook.
    pub application_id: Option<u64>,
}

/// A message object from a create/edit payload. `previous` is the message being
/// edited: fields the payload omits keep their old value. `attachments` is the
/// final attachment list.
pub fn message(
    origin: &MessageOrigin<'_>,
    payload: &Value,
    previous: Option<&Value>,
    attachments: Vec<Value>,
) -> Value {
    let mut message = match previous {
        Some(prev) => prev.clone(),
        None => json!({
            "id": origin.id.to_string(),
            "channel_id": origin.channel_id.to_string(),
            "author": origin.author,
            "content": "",
            "timestamp": timestamp_now(),
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": false,
            "type": if origin.application_id.is_some() { 20 } else { 0 },
            "flags": 0,
        }),
    };
    let map = message.as_object_mut().expect("message is an object");
    if let Some(guild) = origin.guild_id {
        map.insert("guild_id".into(), json!(guild.to_string()));
    }
    if let Some(app) = origin.application_id {
        map.insert("application_id".into(), json!(app.to_string()));
        map.insert("webhook_id".into(), json!(app.to_string()));
    }
    if previous.is_some() {
        map.insert("edited_timestamp".into(), json!(timestamp_now()));
    }
    for key in ["content", "embeds", "components", "flags", "tts"] {
        if let Some(v) = payload.get(key).filter(|v| !v.is_null()) {
            map.insert(key.into(), v.clone());
        }
    }
    map.insert("attachments".into(), Value::Array(attachments));

    if !is_valid::<serenity::model::channel::Message>(&message) {
        // Keep the fake usable if serenity cannot read an echoed embed or
        // component: the request is recorded as sent either way.
        let map = message.as_object_mut().expect("message is an object");
        map.insert("embeds".into(), json!([]));
        map.insert("components".into(), json!([]));
    }
    validate::<serenity::model::channel::Message>("message object", &message);
    message
}

/// What Discord answers an interaction callback asked `?with_response=true`:
/// the interaction, and the message the answer made or updated (none for a
/// silent acknowledgement or autocomplete choices).
pub fn callback_response(interaction: u64, interaction_kind: u8, response_kind: u8, message: Option<&Value>) -> Value {
    let mut answer = json!({
        "interaction": {
            "id": interaction.to_string(),
            "type": interaction_kind,
            "response_message_id": message.map(|m| m["id"].clone()),
            "response_message_loading": response_kind == 5,
            "response_message_ephemeral": message.is_some_and(|m| m["flags"].as_u64().is_some_and(|f| f & 64 != 0)),
        },
    });
    if let Some(message) = message {
        answer["resource"] = json!({"type": response_kind, "message": message});
    }
    answer
}

/// Discord's JSON error body.
pub fn error(code: u64, message: &str) -> Value {
    json!({"message": message, "code": code})
}

/// The name of the fake's server.
pub const GUILD_NAME: &str = "Fake Guild";

/// The id of the bot's own role in `guild_id` (apart from every snowflake
/// the fake hands out).
pub fn bot_role_id(guild_id: u64) -> u64 {
    guild_id ^ (1 << 62)
}

/// The bot's own role, as Discord makes one for a bot invited with
/// permissions: it grants them everywhere in the server.
pub fn bot_role(guild_id: u64, permissions: u64) -> Value {
    json!({
        "id": bot_role_id(guild_id).to_string(),
        "name": "damas",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "managed": true,
        "mentionable": false,
        "permissions": permissions.to_string(),
        "position": 1,
        "icon": null,
        "unicode_emoji": null,
    })
}

/// The guild as `GET /guilds/{id}` returns it: its @everyone role, no
/// emojis or stickers.
pub fn guild(guild_id: u64, owner_id: u64) -> Value {
    let everyone = json!({
        "id": guild_id.to_string(),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "managed": false,
        "mentionable": false,
        // View channel, send messages, attach files, use application commands.
        "permissions": ((1u64 << 10) | (1 << 11) | (1 << 15) | (1 << 31)).to_string(),
        "position": 0,
        "icon": null,
        "unicode_emoji": null,
    });
    json!({
        "id": guild_id.to_string(),
        "name": GUILD_NAME,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": owner_id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [everyone],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
    })
}

/// A GUILD_CREATE body: the guild with its @everyone role, text channels and members.
pub fn guild_create(guild_id: u64, owner_id: u64, channel_ids: &[u64], members: &[Value]) -> Value {
    let channels: Vec<Value> = channel_ids.iter().map(|id| guild_text_channel(*id, guild_id)).collect();
    let mut guild = guild(guild_id, owner_id);
    let gateway_only = json!({
        "joined_at": timestamp_now(),
        "unavailable": false,
        "member_count": members.len(),
        "large": false,
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    let (Value::Object(all), Value::Object(more)) = (&mut guild, gateway_only) else { unreachable!("objects") };
    all.extend(more);
    guild
}
