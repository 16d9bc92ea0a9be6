//! Threads as Discord's API documents them: a public thread started from a
//! message (`POST /channels/{id}/messages/{id}/threads`) or on its own
//! (`POST /channels/{id}/threads`), only where the bot has Create Public
//! Threads and never inside a thread; renamed, archived or locked with
//! `PATCH /channels/{id}`, deleted with `DELETE /channels/{id}`. A message
//! posted in an archived thread that is not locked unarchives it.

use serde_json::{Value, json};

use super::http::HttpResponse;
use super::objects;
use super::state::{ChannelFault, Shared, State};

/// The archive durations Discord accepts, in minutes.
const ARCHIVE_MINUTES: [u64; 4] = [60, 1440, 4320, 10080];

/// A thread the fake holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeThread {
    pub id: u64,
    pub parent_id: u64,
    pub guild_id: u64,
    pub name: String,
    /// The message it was started from, if any.
    pub message_id: Option<u64>,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_minutes: u64,
    pub deleted: bool,
}

impl FakeThread {
    /// The channel object (type 11, a public thread).
    pub fn json(&self, owner_id: u64) -> Value {
        let thread = json!({
            "id": self.id.to_string(),
            "type": 11,
            "guild_id": self.guild_id.to_string(),
            "name": self.name,
            "parent_id": self.parent_id.to_string(),
            "owner_id": owner_id.to_string(),
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_minutes,
                "archive_timestamp": objects::timestamp_now(),
                "locked": self.locked,
            },
        });
        objects::validate::<serenity::model::channel::GuildChannel>("thread object", &thread);
        thread
    }
}

fn error(status: u16, code: u64, message: &str) -> HttpResponse {
    HttpResponse::json(status, &objects::error(code, message))
}

fn invalid(reason: &str) -> HttpResponse {
    error(400, 50035, &format!("Invalid Form Body: {reason}"))
}

/// Starts a thread in `parent`, from `message` if given.
pub fn start(shared: &Shared, state: &mut State, parent: u64, message: Option<u64>, payload: &Value) -> HttpResponse {
    if state.channel_faults.get(&parent) == Some(&ChannelFault::Deleted) {
        return error(404, 10003, "Unknown Channel");
    }
    if state.threads.contains_key(&parent) {
        return error(400, 50024, "Cannot execute action on this channel type");
    }
    if !shared.fixtures.bot_may_open_threads(parent) {
        return error(403, 50013, "Missing Permissions");
    }
    let name = payload["name"].as_str().unwrap_or_default();
    if !(1..=100).contains(&name.chars().count()) {
        return invalid("name must be 1-100 characters");
    }
    let minutes = payload.get("auto_archive_duration").and_then(Value::as_u64).unwrap_or(4320);
    if !ARCHIVE_MINUTES.contains(&minutes) {
        return invalid("auto_archive_duration must be 60, 1440, 4320 or 10080");
    }
    match message {
        Some(message_id) => {
            let in_parent = state
                .messages
                .get(&message_id)
                .is_some_and(|m| m["channel_id"].as_str() == Some(parent.to_string().as_str()));
            if !in_parent {
                return error(404, 10008, "Unknown Message");
            }
            if state.threads.values().any(|t| t.message_id == Some(message_id)) {
                return error(400, 160004, "A thread has already been created for this message");
            }
        }
        // Without a message the type must be said: 11 public, 12 private.
        None if payload.get("type").and_then(Value::as_u64) != Some(11) => {
            return invalid("type must be 11 (a public thread) for this fake");
        }
        None => {}
    }
    let thread = FakeThread {
        // As Discord: a thread started from a message shares its id.
        id: message.unwrap_or_else(|| shared.fixtures.ids.next()),
        parent_id: parent,
        guild_id: shared.config.guild_id,
        name: name.to_string(),
        message_id: message,
        archived: false,
        locked: false,
        auto_archive_minutes: minutes,
        deleted: false,
    };
    let body = thread.json(shared.fixtures.bot.id);
    state.threads.insert(thread.id, thread);
    HttpResponse::json(201, &body)
}

/// `PATCH /channels/{id}` of a thread: its name, archived and locked.
pub fn edit(shared: &Shared, state: &mut State, id: u64, payload: &Value) -> HttpResponse {
    let Some(thread) = state.threads.get_mut(&id).filter(|t| !t.deleted) else {
        return error(404, 10003, "Unknown Channel");
    };
    if let Some(name) = payload.get("name").and_then(Value::as_str) {
        if !(1..=100).contains(&name.chars().count()) {
            return invalid("name must be 1-100 characters");
        }
        thread.name = name.to_string();
    }
    if let Some(archived) = payload.get("archived").and_then(Value::as_bool) {
        thread.archived = archived;
    }
    if let Some(locked) = payload.get("locked").and_then(Value::as_bool) {
        thread.locked = locked;
    }
    HttpResponse::json(200, &thread.json(shared.fixtures.bot.id))
}

/// `DELETE /channels/{id}` of a thread.
pub fn delete(shared: &Shared, state: &mut State, id: u64) -> HttpResponse {
    match state.threads.get_mut(&id).filter(|t| !t.deleted) {
        Some(thread) => {
            thread.deleted = true;
            HttpResponse::json(200, &thread.json(shared.fixtures.bot.id))
        }
        None => error(404, 10003, "Unknown Channel"),
    }
}

/// Before a message is posted in `channel`: refused if it is a deleted
/// thread or an archived and locked one; an archived thread that is not
/// locked is unarchived by the post.
pub fn before_post(state: &mut State, channel: u64) -> Option<HttpResponse> {
    let thread = state.threads.get_mut(&channel)?;
    if thread.deleted {
        return Some(error(404, 10003, "Unknown Channel"));
    }
    if thread.archived && thread.locked {
        return Some(error(400, 50083, "Thread is archived"));
    }
    thread.archived = false;
    None
}
