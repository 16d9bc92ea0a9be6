//! Discord's limits on what a bot sends, checked so the fake refuses what
//! Discord would refuse (400 "Invalid Form Body") instead of accepting it.

use serde_json::Value;

/// Most characters in a message's content.
const MAX_CONTENT: usize = 2000;
/// Most autocomplete choices.
const MAX_CHOICES: usize = 25;
/// Most action rows per message, and components per row.
const MAX_ROWS: usize = 5;
const MAX_PER_ROW: usize = 5;
/// Most characters in a custom id.
const MAX_CUSTOM_ID: usize = 100;
/// Most embeds per message.
const MAX_EMBEDS: usize = 10;

/// Checks a message payload (create or edit). `new` requires something to show.
pub fn check_message(data: &Value, has_files: bool, new: bool) -> Result<(), String> {
    let content = data.get("content").and_then(Value::as_str).unwrap_or("");
    if content.chars().count() > MAX_CONTENT {
        return Err(format!("content is {} characters, more than {MAX_CONTENT}", content.chars().count()));
    }
    let embeds = data.get("embeds").and_then(Value::as_array).map_or(0, Vec::len);
    if embeds > MAX_EMBEDS {
        return Err(format!("{embeds} embeds, more than {MAX_EMBEDS}"));
    }
    let rows = data.get("components").and_then(Value::as_array).cloned().unwrap_or_default();
    if rows.len() > MAX_ROWS {
        return Err(format!("{} action rows, more than {MAX_ROWS}", rows.len()));
    }
    for row in &rows {
        let components = row.get("components").and_then(Value::as_array).cloned().unwrap_or_default();
        if components.is_empty() || components.len() > MAX_PER_ROW {
            return Err(format!("an action row with {} components (1 to {MAX_PER_ROW})", components.len()));
        }
        for component in &components {
            // Link buttons (style 5) have a url instead of a custom id.
            if component.get("style").and_then(Value::as_u64) == Some(5) {
                continue;
            }
            let id = component.get("custom_id").and_then(Value::as_str).unwrap_or("");
            if id.is_empty() || id.chars().count() > MAX_CUSTOM_ID {
                return Err(format!("custom_id {id:?} is not 1 to {MAX_CUSTOM_ID} characters"));
            }
        }
    }
    let has_attachments = data.get("attachments").and_then(Value::as_array).is_some_and(|a| !a.is_empty());
    if new && content.is_empty() && embeds == 0 && rows.is_empty() && !has_files && !has_attachments {
        return Err("Cannot send an empty message".to_string());
    }
    Ok(())
}

/// Checks that response type `response` may answer an interaction of type
/// `interaction`, as Discord does: a slash command gets a message (4), a
/// deferral (5) or a modal (9); a button may also acknowledge silently (6)
/// or update its message (7); autocomplete gets only choices (8).
pub fn check_callback_for(interaction: u8, response: u8) -> Result<(), String> {
    let allowed: &[u8] = match interaction {
        2 => &[4, 5, 9],
        3 | 5 => &[4, 5, 6, 7, 9],
        4 => &[8],
        _ => &[],
    };
    if allowed.contains(&response) {
        Ok(())
    } else {
        Err(format!("Interaction response type {response} is not valid for an interaction of type {interaction}"))
    }
}

/// Checks an interaction response body (`{"type": n, "data": ...}`).
pub fn check_callback(kind: u8, data: &Value, has_files: bool) -> Result<(), String> {
    match kind {
        4 => check_message(data, has_files, true),
        7 => check_message(data, has_files, false),
        8 => {
            let choices = data.get("choices").and_then(Value::as_array).map_or(0, Vec::len);
            if choices > MAX_CHOICES {
                return Err(format!("{choices} autocomplete choices, more than {MAX_CHOICES}"));
            }
            Ok(())
        }
        5 | 6 | 9 => Ok(()),
        other => Err(format!("unknown interaction response type {other}")),
    }
}
