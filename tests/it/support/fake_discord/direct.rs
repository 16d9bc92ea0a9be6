//! Direct messages, as Discord's API documents them: `POST
//! /users/@me/channels` with `{"recipient_id": ...}` opens (or returns the
//! existing) DM channel with that user, a channel of type 1; a message
//! posted there to a user whose direct messages are closed to the bot is
//! refused with 403 and code 50007 ("Cannot send messages to this user").

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use super::http::HttpResponse;
use super::objects;
use super::rest::parse_id;
use super::state::{Shared, State};

/// The fake's direct message channels.
#[derive(Default)]
pub struct DirectMessages {
    /// User -> their DM channel with the bot.
    pub channels: HashMap<u64, u64>,
    /// Users whose direct messages refuse the bot.
    pub closed: HashSet<u64>,
    /// Direct messages posted, in all (kept when records are cleared).
    pub sent: u64,
}

impl DirectMessages {
    /// The user a DM channel is with, if it is one.
    pub fn recipient(&self, channel: u64) -> Option<u64> {
        self.channels.iter().find(|&(_, &c)| c == channel).map(|(&user, _)| user)
    }
}

/// `POST /users/@me/channels`: the DM channel with `recipient_id`.
pub fn open(shared: &Shared, state: &mut State, payload: &Value) -> HttpResponse {
    let Some(user) = payload.get("recipient_id").and_then(parse_id_value) else {
        return HttpResponse::json(400, &objects::error(50035, "Invalid Form Body"));
    };
    let Some(recipient) = state.users.get(&user).map(|u| u.user_json()) else {
        return HttpResponse::json(400, &objects::error(50035, "Invalid Form Body"));
    };
    let channel = *state.direct.channels.entry(user).or_insert_with(|| shared.fixtures.ids.next());
    HttpResponse::json(
        200,
        &json!({"id": channel.to_string(), "type": 1, "last_message_id": null, "recipients": [recipient]}),
    )
}

/// Counts a message posted in `channel` if it is a DM channel.
pub fn after_post(state: &mut State, channel: u64) {
    if state.direct.recipient(channel).is_some() {
        state.direct.sent += 1;
    }
}

/// A post in a DM channel whose user closed their direct messages: refused.
pub fn before_post(state: &State, channel: u64) -> Option<HttpResponse> {
    let user = state.direct.recipient(channel)?;
    state
        .direct
        .closed
        .contains(&user)
        .then(|| HttpResponse::json(403, &objects::error(50007, "Cannot send messages to this user")))
}

fn parse_id_value(value: &Value) -> Option<u64> {
    match value {
        Value::String(s) => parse_id(s),
        other => other.as_u64(),
    }
}
