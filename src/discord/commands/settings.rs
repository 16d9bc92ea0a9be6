//! `/settings`: the bot's settings for a server, shown to anyone and
//! changed by those who manage it: a thread per game, and the role called
//! with each open challenge.

use crate::i18n::Lang;
use crate::t;

use super::super::errors::CommandError;
use super::super::reply::Reply;
use super::super::view::{self, user};
use super::{Invocation, Options};

/// `/settings [threads] [seek-role] [no-seek-role]`: shows the settings,
/// or changes those given (Manage Server).
pub async fn settings(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    // Offered in servers only; one forged from a direct message has no server to set.
    let Some(guild) = inv.guild else {
        return Err(CommandError::refused(t!(inv.lang, "err-server-only", command = "settings")));
    };
    let threads = match opts.string("threads") {
        None => None,
        Some("on") => Some(true),
        Some("off") => Some(false),
        Some(other) => {
            return Err(CommandError::refused(t!(inv.lang, "err-unknown-setting", value = other.to_string())));
        }
    };
    let seek_role = match (opts.role("seek-role"), opts.boolean("no-seek-role")) {
        (Some(role), _) => Some(Some(role)),
        (None, Some(true)) => Some(None),
        (None, _) => None,
    };
    if threads.is_none() && seek_role.is_none() {
        return Ok(Reply::ephemeral(inv.lang, shown(inv, guild, inv.lang).await?));
    }
    if let Some(on) = threads {
        inv.service.set_threads(inv.now, guild, on, inv.manages_server).await?;
    }
    if let Some(role) = seek_role {
        inv.service.set_seek_role(inv.now, guild, role, inv.manages_server).await?;
    }
    let lang = inv.server_lang;
    let text =
        format!("{}\n{}", t!(lang, "settings-changed-by", player = user(inv.user)), shown(inv, guild, lang).await?);
    // Showing the role must not call its members.
    Ok(Reply::public(lang, text).pinging(Vec::new()))
}

/// The server's settings, said in `lang`.
async fn shown(inv: &Invocation, guild: u64, lang: Lang) -> Result<String, CommandError> {
    let threads = inv.service.threads_on(Some(guild)).await?;
    let threads = if threads { t!(lang, "settings-threads-on") } else { t!(lang, "settings-threads-off") };
    let seek = match inv.service.seek_role(guild).await? {
        Some(role) => t!(lang, "settings-seek-role", role = view::role(role)),
        None => t!(lang, "settings-no-seek-role"),
    };
    Ok(format!("{threads}\n{seek}"))
}
