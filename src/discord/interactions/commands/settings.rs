//! `/settings`: the bot's settings for a server, shown to anyone and
//! changed by those who manage it (a thread per game, the role called with
//! each open challenge, vacation days, the time zone and weekends off, the
//! daily puzzle's channel and hour), and
//! each player's own choice of confirming their moves.

use crate::i18n::Lang;
use crate::t;

use super::{Invocation, Options};
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;

/// `/settings [threads] [confirm-moves] [seek-role] [no-seek-role]
/// [vacation-days] [timezone] [weekends-off] [puzzle-channel] [puzzle-hour]
/// [no-daily-puzzle]`: shows
/// the settings (the server's and the asker's own); changes the server's
/// (Manage Server), or the confirmation of the asker's moves, one kind at a
/// time.
pub async fn settings(inv: &Invocation, opts: &Options<'_>) -> Result<Reply, CommandError> {
    // Offered in servers only; one forged from a direct message has no server to set.
    let Some(guild) = inv.guild else {
        return Err(CommandError::refused(t!(inv.lang, "err-server-only", command = "settings")));
    };
    let threads = on_off(inv, opts.string("threads"))?;
    let confirm_moves = on_off(inv, opts.string("confirm-moves"))?;
    let seek_role = match (opts.role("seek-role"), opts.boolean("no-seek-role")) {
        (Some(role), _) => Some(Some(role)),
        (None, Some(true)) => Some(None),
        (None, _) => None,
    };
    let vacation_days = opts.integer("vacation-days");
    let time_zone = opts.string("timezone");
    let weekends_off = on_off(inv, opts.string("weekends-off"))?;
    let puzzle_channel = match (opts.channel("puzzle-channel"), opts.boolean("no-daily-puzzle")) {
        (Some(channel), _) => Some(Some(channel)),
        (None, Some(true)) => Some(None),
        (None, _) => None,
    };
    let puzzle_hour = opts.integer("puzzle-hour");
    let server_change = puzzle_channel.is_some()
        || puzzle_hour.is_some()
        || threads.is_some()
        || seek_role.is_some()
        || vacation_days.is_some()
        || time_zone.is_some()
        || weekends_off.is_some();
    match (server_change, confirm_moves) {
        (false, None) => {
            let confirms = inv.service.notifications().confirms_moves(Some(guild), inv.user).await?;
            let text = format!("{}\n{}", shown(inv, guild, inv.lang).await?, confirm_text(inv.lang, confirms));
            Ok(Reply::ephemeral(inv.lang, text))
        }
        // One is public (the server's), the other private (the asker's).
        (true, Some(_)) => Err(CommandError::refused(t!(inv.lang, "settings-one-at-a-time"))),
        (false, Some(on)) => {
            inv.service.notifications().set_confirm_moves(inv.now, guild, inv.user, on, inv.lang.locale_code()).await?;
            Ok(Reply::ephemeral(inv.lang, confirm_text(inv.lang, on)))
        }
        (true, None) => {
            if let Some(on) = threads {
                inv.service.notifications().set_threads(inv.now, guild, on, inv.manages_server).await?;
            }
            if let Some(role) = seek_role {
                inv.service.notifications().set_seek_role(inv.now, guild, role, inv.manages_server).await?;
            }
            if let Some(days) = vacation_days {
                inv.service.deadlines().set_vacation_days(inv.now, guild, days, inv.manages_server).await?;
            }
            if puzzle_channel.is_some() || puzzle_hour.is_some() {
                inv.service
                    .puzzles()
                    .set_daily(inv.now, guild, puzzle_channel, puzzle_hour, inv.manages_server)
                    .await?;
            }
            if time_zone.is_some() || weekends_off.is_some() {
                let zone = time_zone.map(Some);
                inv.service
                    .deadlines()
                    .set_server_clock(inv.now, guild, zone, weekends_off, inv.manages_server)
                    .await?;
            }
            let lang = inv.server_lang;
            let changed = t!(lang, "settings-changed-by", player = user(inv.user));
            // Showing the role must not call its members.
            Ok(Reply::public(lang, format!("{changed}\n{}", shown(inv, guild, lang).await?)).pinging(Vec::new()))
        }
    }
}

/// An on/off option as given, refused when it is neither.
fn on_off(inv: &Invocation, value: Option<&str>) -> Result<Option<bool>, CommandError> {
    match value {
        None => Ok(None),
        Some("on") => Ok(Some(true)),
        Some("off") => Ok(Some(false)),
        Some(other) => Err(CommandError::refused(t!(inv.lang, "err-unknown-setting", value = other.to_string()))),
    }
}

/// The server's settings, said in `lang`.
async fn shown(inv: &Invocation, guild: u64, lang: Lang) -> Result<String, CommandError> {
    let threads = inv.service.notifications().threads_on(Some(guild)).await?;
    let threads = if threads { t!(lang, "settings-threads-on") } else { t!(lang, "settings-threads-off") };
    let seek = match inv.service.notifications().seek_role(guild).await? {
        Some(role) => t!(lang, "settings-seek-role", role = game_messages::role(role)),
        None => t!(lang, "settings-no-seek-role"),
    };
    let vacation = match inv.service.deadlines().vacation_days(guild).await? {
        0 => t!(lang, "settings-vacation-off"),
        days => t!(lang, "settings-vacation-days", days = days),
    };
    let clock = inv.service.deadlines().server_clock(guild).await?;
    let zone = clock.time_zone.unwrap_or_else(|| "UTC".to_string());
    let weekends = if clock.weekends_off {
        t!(lang, "settings-weekends-off", zone = zone.clone())
    } else {
        t!(lang, "settings-weekends-count", zone = zone.clone())
    };
    let daily = match inv.service.puzzles().daily_setting(guild).await? {
        (Some(channel), hour) => {
            t!(
                lang,
                "settings-daily-puzzle",
                channel = format!("<#{channel}>"),
                hour = format!("{hour:02}:00"),
                zone = zone
            )
        }
        (None, _) => t!(lang, "settings-no-daily-puzzle"),
    };
    Ok(format!("{threads}\n{seek}\n{vacation}\n{weekends}\n{daily}"))
}

/// What the asker's confirm-moves choice means, said in `lang`.
fn confirm_text(lang: Lang, on: bool) -> String {
    if on { t!(lang, "settings-confirm-moves-on") } else { t!(lang, "settings-confirm-moves-off") }
}
