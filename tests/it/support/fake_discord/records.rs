//! What the fake saw: requests, interaction callbacks and messages, as tests read them.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

/// A file uploaded in a multipart request (`files[n]`).
#[derive(Clone, Debug)]
pub struct FileUpload {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    /// Shared, so records and the served attachment hold one copy.
    pub bytes: Arc<[u8]>,
    /// Its alt text: the `description` of its entry in the payload's
    /// `attachments` (the entry whose `id` is this file's index).
    pub description: Option<String>,
}

/// Every file the bot uploaded, counted as it arrived, whatever the fake
/// answered (kept when records are cleared): the alt text check.
#[derive(Clone, Debug, Default)]
pub struct Uploads {
    /// Files uploaded.
    pub files: u64,
    /// `"METHOD /path: file name"` of each one without a description.
    pub undescribed: Vec<String>,
}

impl Uploads {
    /// Counts the files of one request.
    pub fn note(&mut self, method: &str, path: &str, files: &[FileUpload]) {
        for file in files {
            self.files += 1;
            if file.description.as_deref().is_none_or(|d| d.trim().is_empty()) {
                self.undescribed.push(format!("{method} {path}: {}", file.filename));
            }
        }
    }
}

/// The body of a recorded request.
#[derive(Clone, Debug)]
pub enum RequestBody {
    Empty,
    Json(Value),
    /// `multipart/form-data`: the decoded `payload_json` part (if any) and the files.
    Multipart {
        payload_json: Option<Value>,
        files: Vec<FileUpload>,
    },
    /// Anything else, raw.
    Other(Vec<u8>),
}

impl RequestBody {
    /// The JSON payload: the body itself, or the multipart `payload_json`.
    pub fn json(&self) -> Option<&Value> {
        match self {
            RequestBody::Json(v) => Some(v),
            RequestBody::Multipart { payload_json, .. } => payload_json.as_ref(),
            _ => None,
        }
    }

    /// The uploaded files (empty unless multipart).
    pub fn files(&self) -> &[FileUpload] {
        match self {
            RequestBody::Multipart { files, .. } => files,
            _ => &[],
        }
    }
}

/// One REST request the fake received, with the status it answered.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// The full path, e.g. `/api/v10/channels/1/messages`, without the query.
    pub path: String,
    /// The query string without `?` (empty when absent).
    pub query: String,
    /// Header names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: RequestBody,
    /// The status the fake answered with.
    pub status: u16,
    /// The headers the fake answered with (e.g. `retry-after`).
    pub response_headers: Vec<(String, String)>,
    /// When it arrived.
    pub at: std::time::Instant,
}

impl RecordedRequest {
    /// The first header with this name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// The first header of the answer with this name (case-insensitive).
    pub fn response_header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.response_headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// `"METHOD /path"`, handy in assertion messages.
    pub fn line(&self) -> String {
        format!("{} {} -> {}", self.method, self.path, self.status)
    }
}

/// An interaction response (`POST /interactions/{id}/{token}/callback`).
#[derive(Clone, Debug)]
pub struct Callback {
    pub interaction_id: u64,
    pub token: String,
    /// The response type: 4 message, 5 deferred message, 6 deferred update,
    /// 7 update message, 8 autocomplete result, 9 modal.
    pub kind: u8,
    /// The `data` object (`Value::Null` when absent).
    pub data: Value,
    pub files: Vec<FileUpload>,
    /// The message this response created or updated (types 4, 5 and 7), as
    /// a serenity-valid message object; usable with `InteractionBuilder::on_message`.
    pub message: Option<Value>,
    /// Time from sending `INTERACTION_CREATE` to receiving this response.
    pub elapsed: Duration,
}

impl Callback {
    /// `data.content`, if any.
    pub fn content(&self) -> Option<&str> {
        self.data.get("content").and_then(Value::as_str)
    }

    /// Whether `data.flags` has the ephemeral bit (64).
    pub fn is_ephemeral(&self) -> bool {
        self.data.get("flags").and_then(Value::as_u64).is_some_and(|f| f & 64 != 0)
    }

    /// Autocomplete choices `(name, value)` of a type 8 response.
    pub fn choices(&self) -> Vec<(String, Value)> {
        choices_of(&self.data)
    }

    /// The `custom_id`s of every component in `data.components`, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids_of(&self.data)
    }

    /// The uploaded file with this name.
    pub fn file(&self, filename: &str) -> Option<&FileUpload> {
        self.files.iter().find(|f| f.filename == filename)
    }
}

/// A message posted or edited through REST (channel message, followup, edit of an original).
#[derive(Clone, Debug)]
pub struct PostedMessage {
    pub kind: MessageKind,
    pub channel_id: u64,
    pub message_id: u64,
    /// The interaction token, for webhook calls.
    pub token: Option<String>,
    /// The JSON payload as sent (`payload_json` for multipart).
    pub data: Value,
    pub files: Vec<FileUpload>,
    /// The message object the fake returned.
    pub message: Value,
}

impl PostedMessage {
    /// The message content after this call.
    pub fn content(&self) -> &str {
        self.message.get("content").and_then(Value::as_str).unwrap_or("")
    }

    /// The `custom_id`s of every component in the payload, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids_of(&self.data)
    }
}

/// How a [`PostedMessage`] arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// `POST /channels/{id}/messages`.
    Channel,
    /// `PATCH /channels/{id}/messages/{id}`.
    ChannelEdit,
    /// `POST /webhooks/{app}/{token}`.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    EditFollowup,
}

/// Counters of the gateway side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GatewayStats {
    /// Websocket connections accepted.
    pub connections: u64,
    /// IDENTIFY received (each answered by READY).
    pub identifies: u64,
    /// RESUME received and answered by RESUMED.
    pub resumes: u64,
    /// Heartbeats acknowledged.
    pub heartbeats: u64,
    /// Dispatches sent, replays included.
    pub dispatches: u64,
    /// Whether a connection is live now (identified or resumed, not dropped).
    pub connected: bool,
    /// IDENTIFY received from shards that do not hold the fake's server
    /// (a bot run as several shards); each got a READY with no servers.
    pub other_shards: u64,
}

pub(crate) fn choices_of(data: &Value) -> Vec<(String, Value)> {
    data.get("choices")
        .and_then(Value::as_array)
        .map(|choices| {
            choices.iter().map(|c| (c["name"].as_str().unwrap_or("").to_string(), c["value"].clone())).collect()
        })
        .unwrap_or_default()
}

pub(crate) fn custom_ids_of(data: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for row in data.get("components").and_then(Value::as_array).into_iter().flatten() {
        for component in row.get("components").and_then(Value::as_array).into_iter().flatten() {
            if let Some(id) = component.get("custom_id").and_then(Value::as_str) {
                ids.push(id.to_string());
            }
        }
    }
    ids
}
