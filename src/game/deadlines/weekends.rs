//! Weekends off: Saturday and Sunday in a time zone do not count against
//! anyone's clock. A weekend runs from Saturday's local midnight to
//! Monday's, so it is 48 hours long except across a daylight-saving change
//! (47 or 49); the zone's rules come from the IANA database built into the
//! bot, so every process and machine counts the same seconds.
//!
//! Every clock computes with two functions: [`Weekends::counted`], the time
//! that counts between two instants, and [`Weekends::after`], the instant
//! when a given time will have counted. Without weekends off both are plain
//! arithmetic.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

/// Which time counts on a clock: all of it, or all but a zone's weekends.
#[derive(Clone, Debug)]
pub struct Weekends {
    /// The zone whose weekends stand still; `None`: every day counts.
    zone: Option<TimeZone>,
}

impl Weekends {
    /// Every day counts.
    pub fn none() -> Weekends {
        Weekends { zone: None }
    }

    /// The weekends of zone `name` (an IANA name); every day counts when
    /// `name` is `None`. A name the database no longer knows (zones are
    /// checked when they are set) counts UTC's weekends, and says so.
    pub fn of(name: Option<&str>) -> Weekends {
        let zone = name.map(|name| {
            TimeZone::get(name).unwrap_or_else(|e| {
                tracing::warn!(zone = name, error = %e, "unknown time zone; its weekends are counted in UTC");
                TimeZone::UTC
            })
        });
        Weekends { zone }
    }

    /// The seconds that count from `from` to `to` (negative when `to` is
    /// before `from`).
    pub fn counted(&self, from: i64, to: i64) -> i64 {
        let Some(zone) = &self.zone else { return to - from };
        if to < from {
            return -self.counted(to, from);
        }
        let mut total = 0;
        let mut cursor = from;
        while cursor < to {
            let (start, end) = weekend_from(zone, cursor);
            if end <= cursor {
                // Past the calendar's range: no weekend found ahead.
                return total + (to - cursor);
            }
            total += start.min(to) - cursor.min(start);
            cursor = end;
        }
        total
    }

    /// The instant when `seconds` (at least 0) will have counted since
    /// `from`: `from` itself for none, or the end of the weekend `from`
    /// falls in.
    pub fn after(&self, from: i64, seconds: i64) -> i64 {
        let Some(zone) = &self.zone else { return from + seconds };
        let mut left = seconds.max(0);
        let mut cursor = from;
        loop {
            let (start, end) = weekend_from(zone, cursor);
            if end <= cursor {
                // Past the calendar's range: no weekend found ahead.
                return cursor.saturating_add(left);
            }
            if cursor < start {
                if cursor + left <= start {
                    return cursor + left;
                }
                left -= start - cursor;
            }
            cursor = end;
        }
    }
}

/// The time zone named `name` in the IANA database, by its own spelling
/// ("europe/madrid" is "Europe/Madrid"); `None` if the database has no
/// such zone.
pub fn known_zone(name: &str) -> Option<String> {
    let zone = TimeZone::get(name.trim()).ok()?;
    zone.iana_name().map(str::to_string)
}

/// The names of the zones whose name contains `typed` (any case), at most
/// `limit`, in the database's order: what the time-zone option offers.
pub fn zones_matching(typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    jiff::tz::db()
        .available()
        .map(|name| name.to_string())
        .filter(|name| name.to_lowercase().contains(&typed))
        .take(limit)
        .collect()
}

/// The weekend that holds `at`, or the next one: its start and end (unix
/// seconds).
fn weekend_from(zone: &TimeZone, at: i64) -> (i64, i64) {
    let date = Timestamp::from_second(at).map_or(Timestamp::UNIX_EPOCH, |t| t).to_zoned_datetime(zone.clone()).date();
    // Monday is 1, Saturday 6, Sunday 7.
    let weekday = i64::from(date.weekday().to_monday_one_offset());
    let saturday = date_after(date, 6 - weekday);
    let start = midnight(zone, saturday);
    let end = midnight(zone, date_after(saturday, 2));
    // On Saturday or Sunday `saturday` is this weekend's (the offset is
    // negative); `at` is then inside it.
    (start, end)
}

/// The day `days` days after `date` (before it when negative).
fn date_after(date: Date, days: i64) -> Date {
    date.checked_add(jiff::Span::new().days(days)).unwrap_or(date)
}

/// The start of `date` in `zone` (unix seconds): its midnight, or the first
/// instant of the day where a change skips midnight.
fn midnight(zone: &TimeZone, date: Date) -> i64 {
    date.to_zoned_datetime(zone.clone()).map_or(0, |z| z.timestamp().as_second())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::DAY;

    /// Friday 2027-03-26 12:00 in Madrid (CET, UTC+1).
    const FRIDAY_NOON_MADRID: i64 = 1_806_058_800;
    const HOUR: i64 = 3_600;

    #[test]
    fn without_weekends_off_every_second_counts() {
        let every_day = Weekends::none();
        assert_eq!(every_day.counted(100, 100 + 5 * DAY), 5 * DAY);
        assert_eq!(every_day.after(100, 3 * DAY), 100 + 3 * DAY);
    }

    #[test]
    fn a_madrid_weekend_across_the_spring_change_lasts_47_hours() {
        let madrid = Weekends::of(Some("Europe/Madrid"));
        // Friday noon to Monday noon: Friday's 12 hours and Monday's 12.
        let monday_noon = FRIDAY_NOON_MADRID + 3 * DAY - HOUR;
        assert_eq!(madrid.counted(FRIDAY_NOON_MADRID, monday_noon), 24 * HOUR);
        // A day from Friday noon: 12 hours on Friday, then Monday from
        // 00:00 CEST (Sunday 22:00 UTC), 47 hours after Friday's midnight.
        let saturday_midnight = FRIDAY_NOON_MADRID + 12 * HOUR;
        let monday_midnight = saturday_midnight + 47 * HOUR;
        assert_eq!(madrid.after(FRIDAY_NOON_MADRID, DAY), monday_midnight + 12 * HOUR);
        assert_eq!(madrid.after(FRIDAY_NOON_MADRID, 12 * HOUR), saturday_midnight, "ends as the weekend begins");
        assert_eq!(madrid.counted(saturday_midnight, monday_midnight), 0);
    }

    #[test]
    fn the_autumn_change_makes_a_weekend_of_49_hours() {
        let madrid = Weekends::of(Some("Europe/Madrid"));
        // Saturday 2027-10-30 00:00 CEST is Friday 22:00 UTC.
        let saturday_midnight = 1_824_847_200;
        let monday_midnight = saturday_midnight + 49 * HOUR;
        assert_eq!(madrid.counted(saturday_midnight - HOUR, monday_midnight + HOUR), 2 * HOUR);
        assert_eq!(madrid.after(saturday_midnight + 5 * HOUR, 0), monday_midnight, "inside a weekend: its end");
    }

    #[test]
    fn counting_is_the_inverse_of_after_across_weeks() {
        let zones = [Some("Europe/Madrid"), Some("America/Argentina/Buenos_Aires"), Some("Pacific/Auckland"), None];
        for zone in zones {
            let weekends = Weekends::of(zone);
            for start in (0..14).map(|i| FRIDAY_NOON_MADRID + i * 9 * HOUR + 17) {
                for seconds in [0, 1, HOUR, DAY, 5 * DAY + 7, 30 * DAY] {
                    let end = weekends.after(start, seconds);
                    assert_eq!(weekends.counted(start, end), seconds, "{zone:?} from {start} for {seconds}");
                    assert!(end >= start + seconds, "time off only ever adds");
                }
            }
        }
    }

    #[test]
    fn instants_past_the_calendar_still_count_and_end() {
        let madrid = Weekends::of(Some("Europe/Madrid"));
        let far = i64::MAX / 2;
        assert_eq!(madrid.counted(far, far + DAY), DAY);
        assert_eq!(madrid.after(far, DAY), far + DAY);
    }

    #[test]
    fn zones_are_named_as_the_database_spells_them() {
        assert_eq!(known_zone("europe/madrid").as_deref(), Some("Europe/Madrid"));
        assert_eq!(known_zone("Mars/Olympus"), None);
        assert!(zones_matching("buenos", 5).contains(&"America/Argentina/Buenos_Aires".to_string()));
    }
}
