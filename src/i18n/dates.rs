//! Dates in words, for what the bot draws or describes itself (a chart's
//! axis, its alt text), where Discord's own `<t:...>` timestamps cannot
//! go: "Mar 3, 2025" in English, "3 mar 2025" in Spanish. The days are UTC
//! (see [`crate::calendar`]).

use crate::calendar::Date;
use crate::render::chart::{DateTick, TickStyle};
use crate::t;

use super::Lang;

/// The month's short name: "Mar", "mar".
pub fn month_short(lang: Lang, month: u32) -> String {
    t!(lang, "date-month-short", month = month)
}

/// A day in full: "Mar 3, 2025", "3 mar 2025".
pub fn day(lang: Lang, date: Date) -> String {
    t!(
        lang,
        "date-day-month-year",
        day = date.day.to_string(),
        month = month_short(lang, date.month),
        year = date.year.to_string()
    )
}

/// The label of a chart's date mark, as its style asks: "14:00",
/// "Mar 3, 14:00", "Mar 3", "Mar", "Jan 2025", "2025".
pub fn tick_label(lang: Lang, tick: &DateTick) -> String {
    let date = tick.date;
    let month = month_short(lang, date.month);
    let hour = format!("{:02}:00", (tick.at - date.midnight()) / 3600);
    let day_month = || t!(lang, "date-day-month", day = date.day.to_string(), month = month.clone());
    match tick.style {
        TickStyle::Hour => hour,
        TickStyle::DayHour => format!("{}, {hour}", day_month()),
        TickStyle::DayMonth => day_month(),
        TickStyle::Month => month,
        TickStyle::MonthYear => t!(lang, "date-month-year", month = month, year = date.year.to_string()),
        TickStyle::Year => date.year.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tick(year: i64, month: u32, day: u32, style: TickStyle) -> DateTick {
        let date = Date { year, month, day };
        DateTick { at: date.midnight(), label_at: date.midnight(), date, style }
    }

    fn at_hour(year: i64, month: u32, day: u32, hour: i64, style: TickStyle) -> DateTick {
        let date = Date { year, month, day };
        let at = date.midnight() + hour * 3600;
        DateTick { at, label_at: at, date, style }
    }

    #[test]
    fn days_and_months_in_each_language() {
        let date = Date { year: 2025, month: 3, day: 3 };
        assert_eq!(day(Lang::En, date), "Mar 3, 2025");
        assert_eq!(day(Lang::Es, date), "3 mar 2025");
        let names: Vec<String> = (1..=12).map(|m| month_short(Lang::Es, m)).collect();
        assert_eq!(names, ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]);
        assert_eq!(month_short(Lang::En, 9), "Sep");
    }

    #[test]
    fn tick_labels_follow_their_style() {
        let cases = [
            (tick(2025, 3, 3, TickStyle::DayMonth), "Mar 3", "3 mar"),
            (tick(2025, 8, 1, TickStyle::Month), "Aug", "ago"),
            (tick(2025, 1, 1, TickStyle::MonthYear), "Jan 2025", "ene 2025"),
            (tick(2030, 1, 1, TickStyle::Year), "2030", "2030"),
            (at_hour(2026, 12, 4, 22, TickStyle::DayHour), "Dec 4, 22:00", "4 dic, 22:00"),
            (at_hour(2026, 12, 4, 9, TickStyle::Hour), "09:00", "09:00"),
        ];
        for (tick, en, es) in cases {
            assert_eq!((tick_label(Lang::En, &tick).as_str(), tick_label(Lang::Es, &tick).as_str()), (en, es));
        }
    }
}
