//! `/settings`: the bot's settings for a server, shown to anyone and
//! changed by those who manage it.

use crate::t;

use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view::user;
use super::Invocation;

/// `/settings [threads]`: shows the settings, or turns the thread per game
/// on or off (Manage Server).
pub async fn settings(inv: &Invocation, threads: Option<&str>) -> Result<Reply, CommandError> {
    // Offered in servers only; one forged from a direct message has no server to set.
    let Some(guild) = inv.guild else {
        return Err(CommandError::refused(t!(inv.lang, "err-server-only", command = "settings")));
    };
    let on = match threads {
        None => None,
        Some("on") => Some(true),
        Some("off") => Some(false),
        Some(other) => {
            return Err(CommandError::refused(t!(inv.lang, "err-unknown-setting", value = other.to_string())));
        }
    };
    let Some(on) = on else {
        let on = inv.service.threads_on(Some(guild)).await?;
        return Ok(Reply::ephemeral(inv.lang, threads_text(inv.lang, on)));
    };
    inv.service.set_threads(inv.now, guild, on, inv.manages_server).await?;
    let lang = inv.server_lang;
    let text = format!("{}\n{}", t!(lang, "settings-changed-by", player = user(inv.user)), threads_text(lang, on));
    Ok(Reply::public(lang, text))
}

/// What the thread-per-game setting means, said in `lang`.
fn threads_text(lang: crate::i18n::Lang, on: bool) -> String {
    if on { t!(lang, "settings-threads-on") } else { t!(lang, "settings-threads-off") }
}
