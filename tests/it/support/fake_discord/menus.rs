//! The select menus of what the bot sent, as a test reads them: to choose
//! one of their options the way a player would.

use serde_json::Value;

use super::records::Callback;

/// A string select menu (component type 3) of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub custom_id: String,
    pub placeholder: Option<String>,
    /// Each option's `(label, value)`, in order.
    pub options: Vec<(String, String)>,
}

impl Menu {
    /// The values of its options, in order.
    pub fn values(&self) -> Vec<String> {
        self.options.iter().map(|(_, v)| v.clone()).collect()
    }
}

/// The select menus of a message payload, row by row.
pub fn menus_of(data: &Value) -> Vec<Menu> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let mut menus = Vec::new();
    for row in data.get("components").and_then(Value::as_array).into_iter().flatten() {
        for component in row.get("components").and_then(Value::as_array).into_iter().flatten() {
            if component.get("type").and_then(Value::as_u64) != Some(3) {
                continue;
            }
            let options = component.get("options").and_then(Value::as_array).into_iter().flatten();
            menus.push(Menu {
                custom_id: text(&component["custom_id"]),
                placeholder: component.get("placeholder").and_then(Value::as_str).map(str::to_string),
                options: options.map(|o| (text(&o["label"]), text(&o["value"]))).collect(),
            });
        }
    }
    menus
}

impl Callback {
    /// The select menus of this response's message.
    pub fn menus(&self) -> Vec<Menu> {
        menus_of(&self.data)
    }
}
