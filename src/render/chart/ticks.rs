//! The chart's time axis: the span of time it shows, and the dates marked
//! along it. Marks fall on calendar boundaries (midnights, Mondays, firsts
//! of months, new years), as coarse as needed to keep at most
//! [`MAX_TICKS`] of them, so their labels never crowd.

use super::ChartPoint;
use crate::calendar::{DAY, Date};

/// The most date marks on the axis.
pub const MAX_TICKS: usize = 7;

/// The least span of time shown: a single game (or a burst of games on one
/// day) sits in the middle of two days rather than on a zero-width axis.
const MIN_SPAN: i64 = 2 * DAY;

/// Room left before the first game and after the last, as a share of the
/// span, so their dots do not sit on the chart's edges.
const MARGIN: f64 = 0.03;

/// How a date mark is labelled; the words come from the caller's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TickStyle {
    /// Day and month ("Mar 3"): marks a day or a week apart.
    DayMonth,
    /// The month alone ("Mar"): marks a month or more apart.
    Month,
    /// Month and year ("Jan 2025"): a month mark in January, or the first one.
    MonthYear,
    /// The year alone ("2025"): marks a year or more apart.
    Year,
}

/// A mark on the time axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTick {
    /// Its time (unix seconds): a midnight, UTC.
    pub at: i64,
    /// Its day.
    pub date: Date,
    /// How to label it.
    pub style: TickStyle,
}

/// The time from one mark to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Days(i64),
    Weeks,
    Months(i64),
    Years(i64),
}

/// From the finest step to the coarsest; the first that gives few enough marks wins.
const STEPS: [Step; 15] = [
    Step::Days(1),
    Step::Days(2),
    Step::Weeks,
    Step::Months(1),
    Step::Months(2),
    Step::Months(3),
    Step::Months(6),
    Step::Years(1),
    Step::Years(2),
    Step::Years(5),
    Step::Years(10),
    Step::Years(20),
    Step::Years(50),
    Step::Years(100),
    Step::Years(1000),
];

/// The times at the chart's left and right edges: the first game to the
/// last, a little wider, and at least [`MIN_SPAN`] centred on them.
pub fn time_span(points: &[ChartPoint]) -> (i64, i64) {
    let (Some(first), Some(last)) = (points.first(), points.last()) else { return (0, MIN_SPAN) };
    let (first, last) = (first.at.min(last.at), first.at.max(last.at));
    let span = last - first;
    if span < MIN_SPAN {
        let middle = first + span / 2;
        return (middle - MIN_SPAN / 2, middle + MIN_SPAN / 2);
    }
    let margin = (span as f64 * MARGIN) as i64;
    (first - margin, last + margin)
}

/// The date marks of the chart of `points`, oldest first.
pub fn date_ticks(points: &[ChartPoint]) -> Vec<DateTick> {
    let (start, end) = time_span(points);
    ticks_between(start, end)
}

/// The marks between `start` and `end` (unix seconds) at the finest step
/// that gives at most [`MAX_TICKS`] of them.
pub fn ticks_between(start: i64, end: i64) -> Vec<DateTick> {
    for step in STEPS {
        let marks = marks(step, start, end, MAX_TICKS + 1);
        if marks.len() <= MAX_TICKS {
            return label(step, marks);
        }
    }
    Vec::new()
}

/// The days of `step`'s boundaries from `start` to `end`; no more than `most`.
fn marks(step: Step, start: i64, end: i64, most: usize) -> Vec<Date> {
    let first_day = Date::of_unix(start + DAY - 1);
    let mut marks = Vec::new();
    let mut day = match step {
        Step::Days(n) => Date::from_days(round_up(first_day.days(), n, 0)),
        // 1970-01-01 was a Thursday: Monday is 4 days on.
        Step::Weeks => Date::from_days(round_up(first_day.days(), 7, 4)),
        Step::Months(n) => {
            let month = first_day.first_of_month_after(i64::from(first_day.day > 1));
            let index = month.year * 12 + i64::from(month.month) - 1;
            month.first_of_month_after(round_up(index, n, 0) - index)
        }
        Step::Years(n) => {
            let year = first_day.year + i64::from((first_day.month, first_day.day) != (1, 1));
            Date { year: round_up(year, n, 0), month: 1, day: 1 }
        }
    };
    while day.midnight() <= end && marks.len() < most {
        marks.push(day);
        day = match step {
            Step::Days(n) => Date::from_days(day.days() + n),
            Step::Weeks => Date::from_days(day.days() + 7),
            Step::Months(n) => day.first_of_month_after(n),
            Step::Years(n) => Date { year: day.year + n, ..day },
        };
    }
    marks
}

/// The least number from `n` on that is `offset` more than a multiple of `step`.
fn round_up(n: i64, step: i64, offset: i64) -> i64 {
    n + (offset - n).rem_euclid(step)
}

fn label(step: Step, marks: Vec<Date>) -> Vec<DateTick> {
    marks
        .into_iter()
        .enumerate()
        .map(|(i, date)| {
            let style = match step {
                Step::Days(_) | Step::Weeks => TickStyle::DayMonth,
                Step::Months(_) if i == 0 || date.month == 1 => TickStyle::MonthYear,
                Step::Months(_) => TickStyle::Month,
                Step::Years(_) => TickStyle::Year,
            };
            DateTick { at: date.midnight(), date, style }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(year: i64, month: u32, day: u32) -> Date {
        Date { year, month, day }
    }

    /// The marks between noon of one day and noon of another.
    fn between(from: Date, to: Date) -> Vec<DateTick> {
        ticks_between(from.midnight() + DAY / 2, to.midnight() + DAY / 2)
    }

    fn dates(ticks: &[DateTick]) -> Vec<Date> {
        ticks.iter().map(|t| t.date).collect()
    }

    fn assert_chronological(ticks: &[DateTick]) {
        assert!(ticks.windows(2).all(|w| w[0].at < w[1].at), "{ticks:?}");
        assert!(ticks.iter().all(|t| t.at == t.date.midnight()), "{ticks:?}");
    }

    #[test]
    fn three_days_are_marked_day_by_day() {
        let ticks = between(date(2025, 2, 27), date(2025, 3, 2));
        assert_eq!(dates(&ticks), [date(2025, 2, 28), date(2025, 3, 1), date(2025, 3, 2)]);
        assert!(ticks.iter().all(|t| t.style == TickStyle::DayMonth));
        assert_chronological(&ticks);
    }

    #[test]
    fn three_weeks_are_marked_on_mondays() {
        let ticks = between(date(2025, 3, 1), date(2025, 3, 22));
        // 2025-03-03 was a Monday.
        assert_eq!(dates(&ticks), [date(2025, 3, 3), date(2025, 3, 10), date(2025, 3, 17)]);
        assert_chronological(&ticks);
    }

    #[test]
    fn three_months_are_marked_on_the_firsts() {
        let ticks = between(date(2024, 11, 10), date(2025, 2, 10));
        assert_eq!(dates(&ticks), [date(2024, 12, 1), date(2025, 1, 1), date(2025, 2, 1)]);
        let styles: Vec<TickStyle> = ticks.iter().map(|t| t.style).collect();
        assert_eq!(styles, [TickStyle::MonthYear, TickStyle::MonthYear, TickStyle::Month], "the year where it changes");
        assert_chronological(&ticks);
    }

    #[test]
    fn three_years_are_marked_by_quarter_or_year() {
        let ticks = between(date(2022, 5, 1), date(2025, 5, 1));
        assert!(ticks.len() <= MAX_TICKS && ticks.len() >= 3, "{ticks:?}");
        assert!(ticks.iter().all(|t| t.date.day == 1 && t.date.month % 6 == 1), "every half year: {ticks:?}");
        assert_chronological(&ticks);
        let decades = between(date(1990, 5, 1), date(2025, 5, 1));
        assert_eq!(dates(&decades), [1995, 2000, 2005, 2010, 2015, 2020, 2025].map(|y| date(y, 1, 1)));
        assert!(decades.iter().all(|t| t.style == TickStyle::Year));
    }

    #[test]
    fn any_span_gets_a_few_marks_in_order() {
        let start = date(2025, 1, 1).midnight();
        for span in [2 * DAY, 5 * DAY, 40 * DAY, 200 * DAY, 800 * DAY, 4000 * DAY, 40_000 * DAY] {
            let ticks = ticks_between(start, start + span);
            assert!((1..=MAX_TICKS).contains(&ticks.len()), "{span}: {ticks:?}");
            assert!(ticks.iter().all(|t| (start..=start + span).contains(&t.at)), "{span}: {ticks:?}");
            assert_chronological(&ticks);
        }
    }

    #[test]
    fn a_single_game_is_centred_in_two_days() {
        let at = date(2025, 6, 15).midnight() + 3600 * 15;
        let one = [ChartPoint { at, rating: 1500.0, deviation: 300.0 }];
        let (start, end) = time_span(&one);
        assert_eq!((start, end), (at - DAY, at + DAY));
        assert_eq!(dates(&date_ticks(&one)), [date(2025, 6, 15), date(2025, 6, 16)]);
        assert_eq!(time_span(&[]), (0, MIN_SPAN), "nothing to show still has a span");
    }
}
