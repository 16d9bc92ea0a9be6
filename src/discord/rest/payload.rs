//! What a call sends: nothing, JSON, or JSON with files (multipart, each
//! file with its alt text in the payload's `attachments`, as Discord
//! matches them: `files[n]` to the entry whose `id` is `n`).

use serde::Serialize;

use crate::discord::messages::reply::{Attachment, DESCRIPTION_LIMIT};

/// A call's body.
#[derive(Clone, Debug, Default)]
pub enum Body {
    /// No body.
    #[default]
    Empty,
    /// A JSON body.
    Json(Vec<u8>),
    /// A JSON payload and files, sent as `multipart/form-data`.
    Files {
        /// The `payload_json` part.
        payload: Vec<u8>,
        /// The files, `files[0]` first.
        files: Vec<Attachment>,
    },
}

/// Where in a payload its message's fields are: at the top (a message, an
/// edit, a followup) or under `data` (an interaction's response).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The payload is the message.
    Message,
    /// The payload is an interaction response; the message is its `data`.
    Response,
}

impl Body {
    /// `payload` (a serenity builder) as JSON.
    pub fn json(payload: &impl Serialize) -> Body {
        Body::Json(serde_json::to_vec(payload).unwrap_or_default())
    }

    /// `payload` with `files`: without files, plain JSON; with them, the
    /// payload's `attachments` lists each file (name and alt text) and the
    /// files go as parts of their own. An attachment list the payload had
    /// is replaced: a message's new files are all it shows. A response
    /// without files or content changes only what it sets (an update of a
    /// message's buttons): its empty attachment list, which serenity always
    /// writes and Discord reads as "no files", is left out, so the message
    /// keeps its pictures.
    pub fn with_files(payload: &impl Serialize, files: &[Attachment], shape: Shape) -> Body {
        if files.is_empty() && shape == Shape::Message {
            return Body::json(payload);
        }
        let mut json = serde_json::to_value(payload).unwrap_or_default();
        if files.is_empty() {
            if let Some(data) = json.get_mut("data").and_then(serde_json::Value::as_object_mut)
                && !data.contains_key("content")
            {
                data.remove("attachments");
            }
            return Body::json(&json);
        }
        let message = match shape {
            Shape::Message => &mut json,
            Shape::Response => &mut json["data"],
        };
        let entries: Vec<serde_json::Value> = files
            .iter()
            .enumerate()
            .map(|(id, file)| {
                let description: String = file.description.chars().take(DESCRIPTION_LIMIT).collect();
                serde_json::json!({"id": id, "filename": file.name, "description": description})
            })
            .collect();
        if let Some(object) = message.as_object_mut() {
            object.insert("attachments".to_string(), serde_json::Value::Array(entries));
        }
        Body::Files { payload: serde_json::to_vec(&json).unwrap_or_default(), files: files.to_vec() }
    }

    /// The multipart form of a body with files.
    pub(super) fn form(&self) -> Result<reqwest::multipart::Form, reqwest::Error> {
        let mut form = reqwest::multipart::Form::new();
        if let Body::Files { payload, files } = self {
            for (n, file) in files.iter().enumerate() {
                let part = reqwest::multipart::Part::bytes(file.bytes.clone())
                    .file_name(file.name.clone())
                    .mime_str(mime(&file.name))?;
                form = form.part(format!("files[{n}]"), part);
            }
            form = form.text("payload_json", String::from_utf8_lossy(payload).into_owned());
        }
        Ok(form)
    }
}

/// The media type of a file the bot sends, from its name.
fn mime(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase()) {
        Some(ext) if ext == "png" => "image/png",
        Some(ext) if ext == "gif" => "image/gif",
        Some(ext) if ext == "pdn" || ext == "txt" => "text/plain",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str) -> Attachment {
        Attachment { name: name.to_string(), bytes: vec![1, 2, 3], description: format!("a picture: {name}") }
    }

    #[test]
    fn each_file_is_named_in_the_payload_by_its_part() {
        let payload = serde_json::json!({"type": 4, "data": {"content": "hi"}});
        let body = Body::with_files(&payload, &[file("a.png"), file("b.gif")], Shape::Response);
        let Body::Files { payload, files } = body else { panic!("files go as multipart") };
        let json: serde_json::Value = serde_json::from_slice(&payload).unwrap();
        assert_eq!(json["data"]["content"], "hi");
        assert_eq!(json["data"]["attachments"][0]["id"], 0);
        assert_eq!(json["data"]["attachments"][1]["filename"], "b.gif");
        assert_eq!(json["data"]["attachments"][1]["description"], "a picture: b.gif");
        assert_eq!(files.len(), 2);
    }

    #[test]
    fn an_update_of_buttons_alone_keeps_the_message_s_files() {
        let buttons = serde_json::json!({"type": 7, "data": {"components": [], "attachments": []}});
        let Body::Json(sent) = Body::with_files(&buttons, &[], Shape::Response) else { panic!("plain JSON") };
        let json: serde_json::Value = serde_json::from_slice(&sent).unwrap();
        assert!(json["data"].get("attachments").is_none(), "{json}");
        assert!(json["data"].get("components").is_some());
        // With content, the message is replaced: no files means none.
        let text = serde_json::json!({"type": 7, "data": {"content": "x", "attachments": []}});
        let Body::Json(sent) = Body::with_files(&text, &[], Shape::Response) else { panic!("plain JSON") };
        let json: serde_json::Value = serde_json::from_slice(&sent).unwrap();
        assert_eq!(json["data"]["attachments"], serde_json::json!([]));
    }

    #[test]
    fn without_files_it_is_plain_json() {
        let payload = serde_json::json!({"content": "x"});
        assert!(matches!(Body::with_files(&payload, &[], Shape::Message), Body::Json(_)));
        assert_eq!(mime("board.PNG"), "image/png");
        assert_eq!(mime("game.pdn"), "text/plain");
    }
}
