//! The calls the bot makes to Discord, one method each, built from
//! serenity's builders (serialised as Discord takes them) and sent through
//! [`Rest::send`]. Each takes the time it may take; retries are the
//! caller's (see `messages::deliver`).

use std::time::Duration;

use reqwest::Method;
use serde_json::Value;
use serenity::all::{
    Channel, CreateCommand, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateMessage, CreateThread,
    CurrentApplicationInfo, CurrentUser, EditInteractionResponse, EditMessage, EditThread, Member, PartialGuild,
};

use super::payload::{Body, Shape};
use super::{Call, Failure, Lane, Rest};
use crate::discord::messages::reply::Attachment;

/// A message as Discord describes it, read for what the bot needs of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    /// Its id.
    pub id: u64,
    /// Its text.
    pub content: String,
}

impl Posted {
    fn of(message: &Value) -> Result<Posted, Failure> {
        let id = message["id"].as_str().and_then(|id| id.parse().ok());
        let id = id.ok_or_else(|| Failure::Transport("a message without an id".to_string()))?;
        Ok(Posted { id, content: message["content"].as_str().unwrap_or_default().to_string() })
    }
}

impl Rest {
    /// Posts `message` with `files` in `channel`; the message's id.
    pub async fn create_message(
        &self,
        channel: u64,
        message: &CreateMessage,
        files: &[Attachment],
        lane: Lane,
        limit: Duration,
    ) -> Result<u64, Failure> {
        let body = Body::with_files(message, files, Shape::Message);
        let call = Call::new(Method::POST, format!("/channels/{channel}/messages"), lane).with_body(body);
        Ok(Posted::of(&self.send_for::<Value>(&call, limit).await?)?.id)
    }

    /// Edits the bot's message `message` in `channel` (its files stay).
    pub async fn edit_message(
        &self,
        channel: u64,
        message: u64,
        edit: &EditMessage,
        lane: Lane,
        limit: Duration,
    ) -> Result<(), Failure> {
        let call = Call::new(Method::PATCH, format!("/channels/{channel}/messages/{message}"), lane)
            .with_body(Body::json(edit));
        self.send(&call, limit).await.map(|_| ())
    }

    /// Answers interaction `id` (its first response) with `response` and
    /// `files`. With `message`, asks Discord for the message the answer
    /// made or updated (no second call) and returns its id.
    pub async fn respond(
        &self,
        id: u64,
        token: &str,
        response: &CreateInteractionResponse,
        files: &[Attachment],
        message: bool,
        limit: Duration,
    ) -> Result<Option<u64>, Failure> {
        let body = Body::with_files(response, files, Shape::Response);
        let mut call =
            Call::new(Method::POST, format!("/interactions/{id}/{token}/callback"), Lane::Answer).with_body(body);
        if message {
            call = call.with_query("with_response=true");
        }
        let answer = self.send(&call, limit).await?;
        if !message {
            return Ok(None);
        }
        let json: Value = answer.json()?;
        Ok(Posted::of(&json["resource"]["message"]).ok().map(|m| m.id))
    }

    /// A followup to the interaction of `token`; the message's id.
    pub async fn followup(
        &self,
        token: &str,
        followup: &CreateInteractionResponseFollowup,
        files: &[Attachment],
        limit: Duration,
    ) -> Result<u64, Failure> {
        let body = Body::with_files(followup, files, Shape::Message);
        let call = Call::new(Method::POST, self.webhook(token, ""), Lane::Answer).with_body(body);
        Ok(Posted::of(&self.send_for::<Value>(&call, limit).await?)?.id)
    }

    /// Replaces the original response of the interaction of `token` (its
    /// files too, when `files` has some).
    pub async fn edit_original(
        &self,
        token: &str,
        edit: &EditInteractionResponse,
        files: &[Attachment],
        limit: Duration,
    ) -> Result<(), Failure> {
        let body = Body::with_files(edit, files, Shape::Message);
        let call = Call::new(Method::PATCH, self.webhook(token, "/messages/@original"), Lane::Answer).with_body(body);
        self.send(&call, limit).await.map(|_| ())
    }

    /// The original response of the interaction of `token`.
    pub async fn original(&self, token: &str, limit: Duration) -> Result<Posted, Failure> {
        let call = Call::new(Method::GET, self.webhook(token, "/messages/@original"), Lane::Answer);
        Posted::of(&self.send_for::<Value>(&call, limit).await?)
    }

    /// Deletes the original response of the interaction of `token`.
    pub async fn delete_original(&self, token: &str, limit: Duration) -> Result<(), Failure> {
        let call = Call::new(Method::DELETE, self.webhook(token, "/messages/@original"), Lane::Answer);
        self.send(&call, limit).await.map(|_| ())
    }

    /// Answers an autocomplete interaction (its only response).
    pub async fn autocomplete(
        &self,
        id: u64,
        token: &str,
        response: &CreateInteractionResponse,
        limit: Duration,
    ) -> Result<(), Failure> {
        self.respond(id, token, response, &[], false, limit).await.map(|_| ())
    }

    /// The direct-message channel with `user`.
    pub async fn open_dm(&self, user: u64, lane: Lane, limit: Duration) -> Result<u64, Failure> {
        let body = Body::json(&serde_json::json!({"recipient_id": user.to_string()}));
        let call = Call::new(Method::POST, "/users/@me/channels".to_string(), lane).with_body(body);
        Ok(Posted::of(&self.send_for::<Value>(&call, limit).await?)?.id)
    }

    /// Opens `thread` from `message` in `channel` (or in the channel
    /// itself); the thread's id.
    pub async fn start_thread(
        &self,
        channel: u64,
        message: Option<u64>,
        thread: &CreateThread<'_>,
        lane: Lane,
        limit: Duration,
    ) -> Result<u64, Failure> {
        let path = match message {
            Some(message) => format!("/channels/{channel}/messages/{message}/threads"),
            None => format!("/channels/{channel}/threads"),
        };
        let call = Call::new(Method::POST, path, lane).with_body(Body::json(thread));
        Ok(Posted::of(&self.send_for::<Value>(&call, limit).await?)?.id)
    }

    /// Edits thread `thread` (its name, or archives it).
    pub async fn edit_thread(
        &self,
        thread: u64,
        edit: &EditThread<'_>,
        lane: Lane,
        limit: Duration,
    ) -> Result<(), Failure> {
        let call = Call::new(Method::PATCH, format!("/channels/{thread}"), lane).with_body(Body::json(edit));
        self.send(&call, limit).await.map(|_| ())
    }

    /// Deletes channel (or thread) `channel`.
    pub async fn delete_channel(&self, channel: u64, lane: Lane, limit: Duration) -> Result<(), Failure> {
        self.send(&Call::new(Method::DELETE, format!("/channels/{channel}"), lane), limit).await.map(|_| ())
    }

    /// Server `guild`.
    pub async fn guild(&self, guild: u64, lane: Lane, limit: Duration) -> Result<PartialGuild, Failure> {
        self.send_for(&Call::new(Method::GET, format!("/guilds/{guild}"), lane), limit).await
    }

    /// `user` as a member of server `guild`.
    pub async fn member(&self, guild: u64, user: u64, lane: Lane, limit: Duration) -> Result<Member, Failure> {
        let mut member: Value =
            self.send_for(&Call::new(Method::GET, format!("/guilds/{guild}/members/{user}"), lane), limit).await?;
        // Discord leaves out the server a member is of; serenity's type needs it.
        member["guild_id"] = Value::String(guild.to_string());
        serde_json::from_value(member).map_err(|e| Failure::Transport(format!("unreadable member: {e}")))
    }

    /// Channel `channel`.
    pub async fn channel(&self, channel: u64, lane: Lane, limit: Duration) -> Result<Channel, Failure> {
        self.send_for(&Call::new(Method::GET, format!("/channels/{channel}"), lane), limit).await
    }

    /// The bot's own user: who the token is.
    pub async fn current_user(&self, limit: Duration) -> Result<CurrentUser, Failure> {
        self.send_for(&Call::new(Method::GET, "/users/@me".to_string(), Lane::Prompt), limit).await
    }

    /// The bot's application.
    pub async fn application_info(&self, limit: Duration) -> Result<CurrentApplicationInfo, Failure> {
        self.send_for(&Call::new(Method::GET, "/oauth2/applications/@me".to_string(), Lane::Prompt), limit).await
    }

    /// Registers `commands` (replacing any others) in server `guild`, or
    /// globally; how many Discord registered.
    pub async fn set_commands(
        &self,
        guild: Option<u64>,
        commands: &[CreateCommand],
        limit: Duration,
    ) -> Result<usize, Failure> {
        let app = self.application();
        let path = match guild {
            Some(guild) => format!("/applications/{app}/guilds/{guild}/commands"),
            None => format!("/applications/{app}/commands"),
        };
        let call = Call::new(Method::PUT, path, Lane::Prompt).with_body(Body::json(&commands));
        Ok(self.send_for::<Vec<Value>>(&call, limit).await?.len())
    }

    /// The path of the interaction webhook of `token`, then `rest`.
    fn webhook(&self, token: &str, rest: &str) -> String {
        format!("/webhooks/{}/{token}{rest}", self.application())
    }
}
