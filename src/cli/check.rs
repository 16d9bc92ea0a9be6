//! `damas check`: for an operator whose bot is silent, a short table of
//! what is wrong and what to do: the token, the database, the endgame
//! tables, and the bot's permissions in each channel where it has games.
//! Exits 0 only when nothing needs doing.

use std::io::Write;

use super::CliResult;
use super::backup::{runtime, write_err};
use crate::config::Config;
use crate::discord::check::{ChannelStanding, check_channels, check_token, invite_link, rest_for};
use crate::store::{Backend, CHANNELS_CHECKED, database_health};

/// One line of the report.
struct Line {
    ok: bool,
    what: String,
    said: String,
    /// What to do, when not ok.
    todo: Option<String>,
}

impl Line {
    fn ok(what: impl Into<String>, said: impl Into<String>) -> Line {
        Line { ok: true, what: what.into(), said: said.into(), todo: None }
    }

    fn fix(what: impl Into<String>, said: impl Into<String>, todo: impl Into<String>) -> Line {
        Line { ok: false, what: what.into(), said: said.into(), todo: Some(todo.into()) }
    }
}

/// Checks everything and prints the report; an error when something needs doing.
pub fn run(out: &mut impl Write) -> CliResult {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            let lines = [Line::fix("settings", e.to_string(), "fix the setting, then run damas check again")];
            print(out, &lines)?;
            return Err("1 problem found".into());
        }
    };
    let lines = runtime()?.block_on(check(&config));
    print(out, &lines)?;
    match lines.iter().filter(|l| !l.ok).count() {
        0 => Ok(()),
        1 => Err("1 problem found".into()),
        n => Err(format!("{n} problems found")),
    }
}

async fn check(config: &Config) -> Vec<Line> {
    let mut lines = Vec::new();
    let health = database_health(&config.database_url).await;
    match &health {
        Ok(h) if h.schema_level > h.known_level => lines.push(Line::fix(
            "database",
            format!("schema level {}, newer than this damas knows ({})", h.schema_level, h.known_level),
            "run the newer damas that upgraded it",
        )),
        Ok(h) => {
            let running = match h.bot_running {
                Some(true) => "; a bot is running on it",
                Some(false) => "; no bot is running on it",
                None => "",
            };
            let level = if h.schema_level == h.known_level {
                format!("schema level {}", h.schema_level)
            } else {
                format!("schema level {} (the bot upgrades it to {} at start)", h.schema_level, h.known_level)
            };
            let kind = if h.backend == Backend::Sqlite { "SQLite" } else { "PostgreSQL" };
            lines.push(Line::ok("database", format!("{kind}, {level}{running}")));
        }
        Err(e) => lines.push(Line::fix(
            "database",
            format!("{}: {e}", config.database_url),
            "check DATABASE_URL (and that PostgreSQL is running, for a postgres:// URL)",
        )),
    }
    lines.push(match &config.engine_tables {
        None => Line::ok("endgame tables", "off (ENGINE_TABLES=off): the engine plays endings by search alone"),
        Some(path) => match std::fs::metadata(path) {
            Ok(meta) => Line::ok("endgame tables", format!("{} ({} MB)", path.display(), meta.len() >> 20)),
            Err(_) => Line::ok(
                "endgame tables",
                format!("{} is not built yet: the bot builds it when it starts (seconds)", path.display()),
            ),
        },
    });
    let rest = rest_for(config);
    let token = match check_token(&rest).await {
        Ok(token) => token,
        Err(e) => {
            lines.push(Line::fix(
                "token",
                e,
                "check DISCORD_TOKEN (Developer Portal, your application, Bot, Reset Token)",
            ));
            return lines;
        }
    };
    lines.push(Line::ok(
        "token",
        format!("the bot {} ({}), application {}", token.bot_name, token.bot_id, token.application_id),
    ));
    let Ok(health) = health else { return lines };
    if health.channels.is_empty() {
        lines.push(Line::ok("channels", "no game or challenge yet: nothing to check"));
        return lines;
    }
    for ((guild, channel), standing) in check_channels(&rest, token.bot_id, &health.channels).await {
        let what = format!("server {guild}, channel {channel}");
        lines.push(match standing {
            ChannelStanding::Ready => Line::ok(what, "can see, post, attach pictures and open threads"),
            ChannelStanding::Missing(missing) => Line::fix(
                what,
                format!("missing: {}", missing.get_permission_names().join(", ").to_lowercase()),
                format!(
                    "allow them for the bot in the channel's permissions, or invite it again with them: {}",
                    invite_link(token.application_id, guild)
                ),
            ),
            ChannelStanding::NotInServer => Line::fix(
                what,
                "the bot is not in this server",
                format!("invite it again: {}", invite_link(token.application_id, guild)),
            ),
            ChannelStanding::Unknown => {
                Line::ok(what, "the channel is gone (or hidden from the bot); its games are over")
            }
            ChannelStanding::Failed(e) => {
                Line::fix(what, format!("Discord did not answer: {e}"), "run damas check again later")
            }
        });
    }
    if health.channels.len() as i64 == CHANNELS_CHECKED {
        lines.push(Line::ok("channels", format!("the {CHANNELS_CHECKED} used last were checked")));
    }
    lines
}

fn print(out: &mut impl Write, lines: &[Line]) -> CliResult {
    let width = lines.iter().map(|l| l.what.len()).max().unwrap_or(0);
    let mut text = String::new();
    for line in lines {
        let mark = if line.ok { "ok " } else { "FIX" };
        text.push_str(&format!("{mark}  {:<width$}  {}\n", line.what, line.said));
        if let Some(todo) = &line.todo {
            text.push_str(&format!("     {:<width$}  -> {todo}\n", ""));
        }
    }
    out.write_all(text.as_bytes()).map_err(write_err)
}
