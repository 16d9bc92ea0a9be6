//! The words of the clock: a time control as players read it ("3 days per
//! move", "5 days + 1 day per move, at most 10 days, weekends off in
//! Europe/Madrid"), durations, and the waiting player's bank shown under
//! each turn. The deadline itself is a Discord timestamp
//! (see [`super::game_messages::to_move`]), which every reader's app keeps
//! counting down.

use crate::game::{Allowance, DAY, GameView, HOUR, TimeControl};
use crate::i18n::Lang;
use crate::rules::Color;
use crate::t;

/// A time control as players read it.
pub fn time_control(lang: Lang, time: &TimeControl) -> String {
    let allowance = match time.allowance {
        Allowance::PerMove { days } => t!(lang, "challenge-days", days = days),
        Allowance::Fischer { start, increment, max } => t!(
            lang,
            "time-control-fischer",
            start = duration(lang, start),
            increment = duration(lang, increment),
            max = duration(lang, max)
        ),
    };
    match &time.weekends_zone {
        Some(zone) => t!(lang, "time-control-weekends-off", control = allowance, zone = zone.clone()),
        None => allowance,
    }
}

/// A duration in days and hours ("5 days", "1 day 12 hours", "3 hours"),
/// or "less than an hour".
pub fn duration(lang: Lang, seconds: i64) -> String {
    let (days, hours) = (seconds.max(0) / DAY, seconds.max(0) % DAY / HOUR);
    match (days, hours) {
        (0, 0) => t!(lang, "duration-under-an-hour"),
        (0, hours) => t!(lang, "duration-hours", hours = hours),
        (days, 0) => t!(lang, "duration-days", days = days),
        (days, hours) => {
            format!("{} {}", t!(lang, "duration-days", days = days), t!(lang, "duration-hours", hours = hours))
        }
    }
}

/// With a bank: the waiting side, and their bank in words (the time they
/// will have for their next move); `None` for days per move (everyone's
/// next move has the same days) and for the bot's side (it is never held
/// to a clock).
pub fn waiting_bank(lang: Lang, view: &GameView) -> Option<(Color, String)> {
    let waiting = view.turn().opponent();
    if view.waiting_bank.is_none() || view.is_engine(waiting) {
        return None;
    }
    Some((waiting, duration(lang, view.waiting_time())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_days_and_hours() {
        assert_eq!(duration(Lang::En, 5 * DAY), "5 days");
        assert_eq!(duration(Lang::En, DAY + 12 * HOUR + 59), "1 day 12 hours");
        assert_eq!(duration(Lang::En, HOUR), "1 hour");
        assert_eq!(duration(Lang::En, 59 * 60), "less than an hour");
        assert_eq!(duration(Lang::Es, 2 * DAY + HOUR), "2 días 1 hora");
    }

    #[test]
    fn controls_read_naturally_in_every_language() {
        let fischer = TimeControl {
            allowance: Allowance::Fischer { start: 5 * DAY, increment: DAY, max: 10 * DAY },
            weekends_zone: Some("Europe/Madrid".into()),
        };
        assert_eq!(
            time_control(Lang::En, &fischer),
            "5 days + 1 day per move (at most 10 days), weekends off (Europe/Madrid)"
        );
        assert_eq!(
            time_control(Lang::Es, &fischer),
            "5 días + 1 día por jugada (como máximo 10 días), sin contar los fines de semana (Europe/Madrid)"
        );
        assert_eq!(time_control(Lang::En, &TimeControl::per_move(3)), "3 days per move");
    }
}
