//! `/vacation [action]`: the asker's vacation in this server - the days
//! left this year, or the start or end of a vacation, during which the
//! clocks of their games where they are to move stand still. Private; the
//! opponents are told in each game by the clock loop.

use crate::game::Vacation;
use crate::i18n::Lang;
use crate::t;

use super::Invocation;
use crate::discord::messages::errors::CommandError;
use crate::discord::messages::game_messages;
use crate::discord::messages::reply::Reply;

/// `/vacation`: shows the asker's days left (and their vacation under
/// way); `start` starts one, `end` ends it.
pub async fn vacation(inv: &Invocation, action: Option<&str>) -> Result<Reply, CommandError> {
    let lang = inv.lang;
    let Some(guild) = inv.guild else {
        return Err(CommandError::refused(t!(lang, "err-server-only", command = "vacation")));
    };
    match action {
        None => {
            let vacation = inv.service.deadlines().vacation(inv.now, guild, inv.user).await?;
            if vacation.allowance == 0 && vacation.away.is_none() {
                return Err(CommandError::refused(t!(lang, "err-vacation-off")));
            }
            Ok(Reply::ephemeral(lang, describe(lang, &vacation)))
        }
        Some("start") => {
            let vacation = inv.service.deadlines().start_vacation(inv.now, guild, inv.user).await?;
            let until = vacation.away.map_or(inv.now, |a| a.until);
            let text = t!(lang, "vacation-started", until = game_messages::date_time(until), days = vacation.days_left);
            // The opponents' notices wait in the outbox: post them now.
            let mut reply = Reply::ephemeral(lang, text);
            reply.after.outbox_follows = true;
            Ok(reply)
        }
        Some("end") => {
            let ended = inv.service.deadlines().end_vacation(inv.now, guild, inv.user).await?;
            Ok(Reply::ephemeral(
                lang,
                t!(lang, "vacation-ended", used = ended.days_used, days = ended.days_left, games = ended.games),
            ))
        }
        Some(other) => Err(CommandError::refused(t!(lang, "err-unknown-setting", value = other.to_string()))),
    }
}

/// The asker's vacation days and vacation under way, in `lang`.
fn describe(lang: Lang, vacation: &Vacation) -> String {
    match vacation.away {
        Some(away) => {
            t!(
                lang,
                "vacation-away",
                since = game_messages::date_time(away.since),
                until = game_messages::date_time(away.until)
            )
        }
        None => t!(lang, "vacation-days-left", days = vacation.days_left, allowance = vacation.allowance),
    }
}
