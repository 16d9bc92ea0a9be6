//! The chart's time axis: the span of time it shows, and the dates marked
//! along it. Marks fall on calendar boundaries (hours, midnights, Mondays,
//! firsts of months, new years), as coarse as needed to keep at most
//! [`MAX_TICKS`] of them, so their labels never crowd. A history shorter
//! than a day is marked by the hour, so a new player's first evening is
//! spread out rather than drawn as a vertical line.

use super::ChartPoint;
use crate::calendar::{DAY, Date};

/// The most date marks on the axis.
pub const MAX_TICKS: usize = 7;

const HOUR: i64 = 3600;

/// The least span of time shown: a single game (or a burst of games within
/// minutes) sits in the middle of a few hours rather than on a zero-width axis.
const MIN_SPAN: i64 = 2 * HOUR;

/// Room left before the first game and after the last, as a share of the
/// span, so their dots do not sit on the chart's edges.
const MARGIN: f64 = 0.03;

/// How a date mark is labelled; the words come from the caller's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TickStyle {
    /// The hour ("14:00"): marks hours apart, within a day.
    Hour,
    /// Day, month and hour ("Mar 3, 14:00"): the first of the hourly marks,
    /// so the day is named even when no midnight is shown.
    DayHour,
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
    /// Its time (unix seconds): a midnight UTC, or an hour for hourly marks.
    pub at: i64,
    /// Where its label is centred: the mark itself, except for a day's
    /// mark, whose label sits in the middle of the part of that day shown
    /// (a game at 23:30 then reads as that day's, not the next one's).
    pub label_at: i64,
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

/// A mark on the horizontal axis, whatever it runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Where it is (a time, or a point's number).
    pub at: i64,
    /// Where its label is centred.
    pub label_at: i64,
}

impl DateTick {
    /// The mark it makes on the axis.
    pub fn mark(&self) -> Mark {
        Mark { at: self.at, label_at: self.label_at }
    }
}

/// The numbers at a count axis's edges: a point's room on either side of
/// the first and the last (a single point sits in the middle).
pub fn count_span(points: &[ChartPoint]) -> (i64, i64) {
    (0, points.len() as i64 + 1)
}

/// Steps between the marks of a count axis, the first that gives few
/// enough marks wins.
const COUNT_STEPS: [i64; 13] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/// The marks of a count axis of `points` (numbered from 1): round numbers,
/// at most [`MAX_TICKS`] of them, in order.
pub fn count_marks(points: &[ChartPoint]) -> Vec<Mark> {
    let n = points.len() as i64;
    let step = COUNT_STEPS.into_iter().find(|s| n / s <= MAX_TICKS as i64).unwrap_or(n.max(1));
    (1..=n / step).map(|i| Mark { at: i * step, label_at: i * step }).collect()
}

/// The date marks of the chart of `points`, oldest first.
pub fn date_ticks(points: &[ChartPoint]) -> Vec<DateTick> {
    let (start, end) = time_span(points);
    ticks_between(start, end)
}

/// The marks between `start` and `end` (unix seconds) at the finest step
/// that gives at most [`MAX_TICKS`] of them. Hourly marks only for less
/// than a day: beyond that, days read better than hours.
pub fn ticks_between(start: i64, end: i64) -> Vec<DateTick> {
    if end - start <= DAY
        && let Some(marks) = HOUR_STEPS.iter().map(|&n| hour_marks(n, start, end)).find(|m| m.len() <= MAX_TICKS)
    {
        return hourly(marks);
    }
    for step in STEPS {
        let marks = marks(step, start, end, MAX_TICKS + 1);
        if marks.len() <= MAX_TICKS {
            return label(step, marks, end);
        }
    }
    Vec::new()
}

/// Hours between hourly marks, from the finest step to the coarsest.
const HOUR_STEPS: [i64; 5] = [1, 2, 3, 6, 12];

/// The times of the whole hours, `n` apart, from `start` to `end` (at most
/// a day of them).
fn hour_marks(n: i64, start: i64, end: i64) -> Vec<i64> {
    let step = n * HOUR;
    let first = round_up(start, step, 0);
    (0..).map(|i| first + i * step).take_while(|&at| at <= end).collect()
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

/// The hourly marks at `times`: a midnight names its day, the first mark
/// its day and hour, the others their hour.
fn hourly(times: Vec<i64>) -> Vec<DateTick> {
    times
        .into_iter()
        .enumerate()
        .map(|(i, at)| {
            let date = Date::of_unix(at);
            let style = match (at == date.midnight(), i) {
                (true, _) => TickStyle::DayMonth,
                (false, 0) => TickStyle::DayHour,
                (false, _) => TickStyle::Hour,
            };
            DateTick { at, label_at: at, date, style }
        })
        .collect()
}

/// The marks on the days `marks`, each with its style and where its label
/// goes (`end`: the chart's right edge, where a day's label must stop).
fn label(step: Step, marks: Vec<Date>, end: i64) -> Vec<DateTick> {
    marks
        .into_iter()
        .enumerate()
        .map(|(i, date)| {
            let at = date.midnight();
            let style = match step {
                Step::Days(_) | Step::Weeks => TickStyle::DayMonth,
                Step::Months(_) if i == 0 || date.month == 1 => TickStyle::MonthYear,
                Step::Months(_) => TickStyle::Month,
                Step::Years(_) => TickStyle::Year,
            };
            let label_at = match step {
                Step::Days(_) => at + ((at + DAY).min(end) - at) / 2,
                _ => at,
            };
            DateTick { at, label_at, date, style }
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
    fn a_count_axis_is_marked_by_round_numbers() {
        let points = |n: usize| vec![ChartPoint { at: 0, rating: 1500.0, deviation: 50.0 }; n];
        let at = |n| count_marks(&points(n)).iter().map(|m| m.at).collect::<Vec<_>>();
        assert_eq!(at(0), Vec::<i64>::new());
        assert_eq!(at(1), [1]);
        assert_eq!(at(7), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(at(21), [5, 10, 15, 20]);
        assert_eq!(at(300), [50, 100, 150, 200, 250, 300]);
        assert_eq!(count_span(&points(21)), (0, 22), "a point's room at each end");
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
    fn a_single_game_is_centred_in_a_few_hours() {
        let at = date(2025, 6, 15).midnight() + HOUR * 15;
        let one = [ChartPoint { at, rating: 1500.0, deviation: 300.0 }];
        let (start, end) = time_span(&one);
        assert_eq!((start, end), (at - MIN_SPAN / 2, at + MIN_SPAN / 2));
        let ticks = date_ticks(&one);
        assert!(ticks.len() >= 2, "{ticks:?}");
        assert_eq!(ticks[0].style, TickStyle::DayHour, "the day is named: {ticks:?}");
        assert!(ticks[1..].iter().all(|t| t.style == TickStyle::Hour), "{ticks:?}");
        assert_eq!(time_span(&[]), (0, MIN_SPAN), "nothing to show still has a span");
    }

    #[test]
    fn a_first_evening_is_marked_by_the_hour_across_midnight() {
        // Four games from 22:10 to 23:50 on Dec 4 and one at 00:20 on Dec 5.
        let evening = date(2026, 12, 4).midnight() + 22 * HOUR;
        let points: Vec<ChartPoint> = [10, 40, 70, 100, 140]
            .map(|minutes| ChartPoint { at: evening + minutes * 60, rating: 1500.0, deviation: 300.0 })
            .to_vec();
        let ticks = date_ticks(&points);
        assert_chronological_hours(&ticks);
        let midnight = ticks.iter().find(|t| t.style == TickStyle::DayMonth).expect("midnight is marked");
        assert_eq!(midnight.date, date(2026, 12, 5));
        assert!(points[3].at < midnight.at && points[4].at > midnight.at, "23:50 falls before Dec 5's mark");
        let (start, end) = time_span(&points);
        assert!(end - start < DAY / 4, "the span is hours, not days: {}", end - start);
    }

    #[test]
    fn a_days_label_sits_inside_that_day() {
        // A game at 23:30 on Dec 4 and one two days later: the labels sit at
        // the middle of their days, so 23:30 lies under "Dec 4".
        let late = date(2026, 12, 4).midnight() + DAY - 30 * 60;
        let points = [late, late + 2 * DAY].map(|at| ChartPoint { at, rating: 1500.0, deviation: 100.0 });
        let ticks = date_ticks(&points);
        assert!(ticks.iter().all(|t| t.style == TickStyle::DayMonth), "{ticks:?}");
        for tick in &ticks {
            assert!(tick.at < tick.label_at && tick.label_at < tick.at + DAY, "{tick:?}");
        }
        let dec5 = ticks.iter().find(|t| t.date == date(2026, 12, 5)).expect("Dec 5 is marked");
        assert!(late < dec5.at, "the game is left of Dec 5's line, in Dec 4");
    }

    fn assert_chronological_hours(ticks: &[DateTick]) {
        assert!(ticks.windows(2).all(|w| w[0].at < w[1].at), "{ticks:?}");
        assert!(ticks.iter().all(|t| t.at % HOUR == 0 && t.label_at == t.at), "{ticks:?}");
    }
}
