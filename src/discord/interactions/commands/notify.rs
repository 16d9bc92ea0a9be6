//! `/notify [mode] [hour]`: how the bot reaches the asker in this server
//! beyond the ping in the game's channel - a direct message with each move
//! that makes it their turn, a daily digest, or nothing more. Private.

use crate::game::{NotifyMode, PlayerSettings};
use crate::i18n::Lang;
use crate::t;

use super::Invocation;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/notify`: shows the asker's choice; with `mode`, sets it (`hour`, UTC,
/// for the digest only).
pub async fn notify(inv: &Invocation, mode: Option<&str>, hour: Option<i64>) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let Some(guild) = inv.guild else {
        return Err(CommandError::refused(t!(lang, "err-server-only", command = "notify")));
    };
    let Some(mode) = mode else {
        let settings = inv.service.notifications().player_settings(guild, inv.user).await?;
        return Ok(Reply::ephemeral(lang, describe(lang, &settings)));
    };
    let mode: NotifyMode =
        mode.parse().map_err(|_| CommandError::refused(t!(lang, "err-unknown-setting", value = mode.to_string())))?;
    let hour = match hour {
        None => None,
        Some(_) if mode != NotifyMode::Digest => {
            return Err(CommandError::refused(t!(lang, "notify-hour-digest-only")));
        }
        Some(h) => match u32::try_from(h) {
            Ok(h) if h < 24 => Some(h),
            _ => return Err(CommandError::refused(t!(lang, "notify-bad-hour"))),
        },
    };
    inv.service.notifications().set_notify(inv.now, guild, inv.user, mode, hour, lang.locale_code()).await?;
    let settings = inv.service.notifications().player_settings(guild, inv.user).await?;
    Ok(Reply::ephemeral(lang, format!("{}\n{}", t!(lang, "notify-set"), describe(lang, &settings))))
}

/// What the player's choice means, in `lang`.
fn describe(lang: Lang, settings: &PlayerSettings) -> String {
    match settings.notify {
        NotifyMode::Ping => t!(lang, "notify-ping"),
        NotifyMode::Dm => t!(lang, "notify-dm"),
        NotifyMode::Off => t!(lang, "notify-off"),
        NotifyMode::Digest => t!(
            lang,
            "notify-digest",
            hour = format!("{:02}:00", settings.digest_hour.unwrap_or_default()),
            next = settings.next_digest_at.map(game_messages::date_time).unwrap_or_default()
        ),
    }
}
