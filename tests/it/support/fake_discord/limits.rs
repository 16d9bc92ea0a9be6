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
/// Most options in a select menu, and characters in an option's label,
/// value or description.
const MAX_OPTIONS: usize = 25;
const MAX_OPTION_TEXT: usize = 100;
/// Most characters in a select menu's placeholder.
const MAX_PLACEHOLDER: usize = 150;
/// Most characters in an attachment's description (alt text).
pub const MAX_DESCRIPTION: usize = 1024;

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
    check_rows(&rows)?;
    let attachments = data.get("attachments").and_then(Value::as_array).cloned().unwrap_or_default();
    for attachment in &attachments {
        let description = attachment.get("description").and_then(Value::as_str).unwrap_or("");
        if description.chars().count() > MAX_DESCRIPTION {
            return Err(format!(
                "the description of attachment {} is {} characters, more than {MAX_DESCRIPTION}",
                attachment["filename"],
                description.chars().count()
            ));
        }
    }
    let has_attachments = !attachments.is_empty();
    if new && content.is_empty() && embeds == 0 && rows.is_empty() && !has_files && !has_attachments {
        return Err("Cannot send an empty message".to_string());
    }
    Ok(())
}

/// Checks a message's components: at most 5 action rows of 1 to 5
/// components, a select menu alone in its row, custom ids of 1 to 100
/// characters and unique within the message.
fn check_rows(rows: &[Value]) -> Result<(), String> {
    if rows.len() > MAX_ROWS {
        return Err(format!("{} action rows, more than {MAX_ROWS}", rows.len()));
    }
    let mut ids = std::collections::HashSet::new();
    for row in rows {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            return Err(format!("a top-level component of type {} (only action rows, type 1)", row["type"]));
        }
        let components = row.get("components").and_then(Value::as_array).cloned().unwrap_or_default();
        if components.is_empty() || components.len() > MAX_PER_ROW {
            return Err(format!("an action row with {} components (1 to {MAX_PER_ROW})", components.len()));
        }
        for component in &components {
            let kind = component.get("type").and_then(Value::as_u64).unwrap_or(0);
            if kind == 3 {
                if components.len() > 1 {
                    return Err("a select menu shares its action row".to_string());
                }
                check_select(component)?;
            }
            // Link buttons (style 5) have a url instead of a custom id.
            if component.get("style").and_then(Value::as_u64) == Some(5) {
                continue;
            }
            let id = component.get("custom_id").and_then(Value::as_str).unwrap_or("");
            if id.is_empty() || id.chars().count() > MAX_CUSTOM_ID {
                return Err(format!("custom_id {id:?} is not 1 to {MAX_CUSTOM_ID} characters"));
            }
            if !ids.insert(id.to_string()) {
                return Err(format!("custom_id {id:?} twice in one message"));
            }
        }
    }
    Ok(())
}

/// Checks a string select menu (component type 3): 1 to 25 options, each
/// label and value 1 to 100 characters, values unique, a description of
/// at most 100 and a placeholder of at most 150 characters, and
/// `min_values` / `max_values` (0 to 25, 1 to 25) within the options.
pub fn check_select(menu: &Value) -> Result<(), String> {
    let options = menu.get("options").and_then(Value::as_array).cloned().unwrap_or_default();
    if options.is_empty() || options.len() > MAX_OPTIONS {
        return Err(format!("a select menu with {} options (1 to {MAX_OPTIONS})", options.len()));
    }
    let chars = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(|t| t.chars().count());
    let mut values = std::collections::HashSet::new();
    for option in &options {
        for key in ["label", "value"] {
            let n = chars(option, key).unwrap_or(0);
            if !(1..=MAX_OPTION_TEXT).contains(&n) {
                return Err(format!("a select option's {key} of {n} characters (1 to {MAX_OPTION_TEXT})"));
            }
        }
        if chars(option, "description").is_some_and(|n| n > MAX_OPTION_TEXT) {
            return Err(format!("a select option's description over {MAX_OPTION_TEXT} characters"));
        }
        if !values.insert(option["value"].as_str().unwrap_or_default().to_string()) {
            return Err(format!("select option value {} twice in one menu", option["value"]));
        }
    }
    if chars(menu, "placeholder").is_some_and(|n| n > MAX_PLACEHOLDER) {
        return Err(format!("a select menu placeholder over {MAX_PLACEHOLDER} characters"));
    }
    let min = menu.get("min_values").and_then(Value::as_u64).unwrap_or(1);
    let max = menu.get("max_values").and_then(Value::as_u64).unwrap_or(1);
    if min > MAX_OPTIONS as u64 || !(1..=MAX_OPTIONS as u64).contains(&max) || min > max || max > options.len() as u64 {
        return Err(format!("a select menu choosing {min} to {max} of {} options", options.len()));
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

/// Most options (or subcommands) at one level of a command.
const MAX_COMMAND_OPTIONS: usize = 25;
/// Most characters of a command's names, descriptions and choices, each
/// language's localizations counted apart.
const MAX_COMMAND_TEXT: usize = 4000;
/// The locale codes Discord accepts in localizations (those the bot may use).
const LOCALES: [&str; 5] = ["en-US", "en-GB", "es-ES", "es-419", "pt-BR"];

/// Discord's rule for command, option and localized names, as its
/// documentation writes it: 1-32 letters or digits of any script, `-`
/// or `_`.
static NAME_RULE: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").unwrap());

/// A command, option or localized name: [`NAME_RULE`], and lower case
/// wherever a letter has a lower case.
fn check_name(name: &str) -> Result<(), String> {
    let ok = NAME_RULE.is_match(name) && name.to_lowercase() == name;
    if ok { Ok(()) } else { Err(format!("invalid name {name:?}")) }
}

fn check_choice_name(name: &str) -> Result<(), String> {
    if (1..=100).contains(&name.chars().count()) { Ok(()) } else { Err(format!("choice name {name:?} is not 1-100")) }
}

fn check_description(text: &str) -> Result<(), String> {
    if (1..=100).contains(&text.chars().count()) { Ok(()) } else { Err(format!("description {text:?} is not 1-100")) }
}

/// The `name_localizations` or `description_localizations` of an object:
/// known locale codes only, each text checked by `check`; returns the
/// characters by locale.
fn check_localizations(
    object: &Value,
    field: &str,
    check: fn(&str) -> Result<(), String>,
) -> Result<Vec<(String, usize)>, String> {
    let Some(map) = object.get(field).and_then(Value::as_object) else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for (locale, text) in map {
        if !LOCALES.contains(&locale.as_str()) {
            return Err(format!("unknown locale {locale:?} in {field}"));
        }
        let text = text.as_str().ok_or_else(|| format!("{field}.{locale} is not a string"))?;
        check(text)?;
        out.push((locale.clone(), text.chars().count()));
    }
    Ok(out)
}

/// Checks a command to register as Discord does: names, descriptions,
/// localizations, options and choices, and the 4,000 characters a
/// command's texts may hold in each language.
pub fn check_command(command: &Value) -> Result<(), String> {
    let mut by_locale: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut base = 0;
    // Command and option names follow the name rules; choice names are free text.
    let mut count = |object: &Value, name_check: fn(&str) -> Result<(), String>| -> Result<(), String> {
        let name = object.get("name").and_then(Value::as_str).unwrap_or("");
        base += name.chars().count();
        for (locale, n) in check_localizations(object, "name_localizations", name_check)? {
            *by_locale.entry(locale).or_default() += n;
        }
        if let Some(description) = object.get("description").and_then(Value::as_str) {
            check_description(description)?;
            base += description.chars().count();
            for (locale, n) in check_localizations(object, "description_localizations", check_description)? {
                *by_locale.entry(locale).or_default() += n;
            }
        }
        Ok(())
    };
    check_name(command["name"].as_str().unwrap_or(""))?;
    count(command, check_name)?;
    // A command's options are its subcommands (type 1), each with options
    // of its own, or plain options: not both. Within one level required
    // options come first and names are unique.
    let mut levels = vec![command.get("options").and_then(Value::as_array).cloned().unwrap_or_default()];
    while let Some(options) = levels.pop() {
        let subcommands = options.iter().filter(|o| o["type"] == 1).count();
        if subcommands != 0 && subcommands != options.len() {
            return Err("subcommands mixed with other options".to_string());
        }
        if options.len() > MAX_COMMAND_OPTIONS {
            return Err(format!("{} options, more than {MAX_COMMAND_OPTIONS}", options.len()));
        }
        let required: Vec<bool> = options.iter().map(|o| o["required"] == true).collect();
        if required.windows(2).any(|w| !w[0] && w[1]) {
            return Err("a required option after an optional one".to_string());
        }
        let mut names: Vec<&str> = options.iter().filter_map(|o| o["name"].as_str()).collect();
        names.sort_unstable();
        if names.windows(2).any(|w| w[0] == w[1]) {
            return Err("two options with one name".to_string());
        }
        for option in &options {
            check_name(option["name"].as_str().unwrap_or(""))?;
            count(option, check_name)?;
            if option["type"] == 1 {
                if option["required"] == true {
                    return Err("a required subcommand".to_string());
                }
                levels.push(option.get("options").and_then(Value::as_array).cloned().unwrap_or_default());
            }
            let choices = option.get("choices").and_then(Value::as_array).cloned().unwrap_or_default();
            if choices.len() > MAX_CHOICES {
                return Err(format!("{} choices, more than {MAX_CHOICES}", choices.len()));
            }
            for choice in &choices {
                check_choice_name(choice["name"].as_str().unwrap_or(""))?;
                count(choice, check_choice_name)?;
            }
        }
    }
    for (locale, n) in &by_locale {
        if base + n > MAX_COMMAND_TEXT {
            return Err(format!("{} characters in {locale}, more than {MAX_COMMAND_TEXT}", base + n));
        }
    }
    if base > MAX_COMMAND_TEXT {
        return Err(format!("{base} characters, more than {MAX_COMMAND_TEXT}"));
    }
    Ok(())
}
