//! Calendar days of unix times (proleptic Gregorian, UTC): the date of a
//! game record and the date axis of the rating chart. Discord does not tell
//! a user's time zone, so every date the bot computes itself is UTC.

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// Days from 0000-03-01 to 1970-01-01, counting from 1 March so that a
/// leap day falls at the end of its year.
const EPOCH_FROM_MARCH_ZERO: i64 = 719_468;
/// Days in 400 years: the calendar repeats after each such era.
const ERA_DAYS: i64 = 146_097;

/// A calendar day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year (1970, 2025, ...).
    pub year: i64,
    /// The month, 1 (January) to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl Date {
    /// The day of unix time `unix`, in UTC.
    pub fn of_unix(unix: i64) -> Date {
        Date::from_days(unix.div_euclid(DAY))
    }

    /// The day `days` days after 1970-01-01 (before it when negative).
    pub fn from_days(days: i64) -> Date {
        let z = days + EPOCH_FROM_MARCH_ZERO;
        let era = z.div_euclid(ERA_DAYS);
        let day_of_era = z.rem_euclid(ERA_DAYS);
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_index = (5 * day_of_year + 2) / 153; // 0 = March
        let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
        let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
        Date { year: year_of_era + era * 400 + i64::from(month <= 2), month, day }
    }

    /// Days from 1970-01-01 to this day: the inverse of [`Date::from_days`].
    pub fn days(self) -> i64 {
        // Years start on 1 March here, so January and February belong to the year before.
        let year = self.year - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year.rem_euclid(400);
        let month_index = i64::from((self.month + 9) % 12); // 0 = March
        let day_of_year = (153 * month_index + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = 365 * year_of_era + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * ERA_DAYS + day_of_era - EPOCH_FROM_MARCH_ZERO
    }

    /// The unix time of the day's start (midnight UTC).
    pub fn midnight(self) -> i64 {
        self.days() * DAY
    }

    /// The first day of the month `months` months after this day's month
    /// (before it when negative).
    pub fn first_of_month_after(self, months: i64) -> Date {
        let index = self.year * 12 + i64::from(self.month) - 1 + months;
        Date { year: index.div_euclid(12), month: index.rem_euclid(12) as u32 + 1, day: 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(year: i64, month: u32, day: u32) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn dates_of_known_days() {
        assert_eq!(Date::from_days(0), date(1970, 1, 1));
        assert_eq!(Date::from_days(59), date(1970, 3, 1));
        assert_eq!(Date::from_days(11_016), date(2000, 2, 29));
        assert_eq!(Date::from_days(20_422), date(2025, 11, 30));
        assert_eq!(Date::from_days(-1), date(1969, 12, 31));
        assert_eq!(Date::of_unix(1_700_000_000), date(2023, 11, 14));
        assert_eq!(Date::of_unix(-1), date(1969, 12, 31));
    }

    #[test]
    fn days_undo_from_days() {
        for days in (-800_000..800_000).step_by(97) {
            assert_eq!(Date::from_days(days).days(), days, "{:?}", Date::from_days(days));
        }
        assert_eq!(date(2024, 3, 1).midnight() - date(2024, 2, 28).midnight(), 2 * DAY, "a leap year");
    }

    #[test]
    fn months_step_across_years() {
        assert_eq!(date(2024, 11, 17).first_of_month_after(0), date(2024, 11, 1));
        assert_eq!(date(2024, 11, 17).first_of_month_after(3), date(2025, 2, 1));
        assert_eq!(date(2024, 1, 31).first_of_month_after(-1), date(2023, 12, 1));
        assert_eq!(date(2024, 6, 2).first_of_month_after(24), date(2026, 6, 1));
    }
}
