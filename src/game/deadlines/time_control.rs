//! Time controls as players write them: `3d/move` (days per move, the
//! default kind) or `5d+1d max 10d` (a Fischer bank of 5 days, a day added
//! after each move, never more than 10 days in the bank); their limits,
//! and the PDN `TimeControl` tag.

use crate::game::{DAY, GameError};
use crate::store::Allowance;

/// Seconds in an hour: the finest unit a time control is written in.
pub const HOUR: i64 = 3_600;
/// Days per move, as `/challenge days:` has always allowed.
pub const PER_MOVE_DAYS: std::ops::RangeInclusive<u32> = 1..=14;
/// The bank a Fischer control may start with (seconds).
pub const BANK_START: std::ops::RangeInclusive<i64> = DAY..=30 * DAY;
/// The increment a Fischer control may add after each move (seconds).
pub const BANK_INCREMENT: std::ops::RangeInclusive<i64> = HOUR..=7 * DAY;
/// The most a bank may be allowed to hold (seconds).
pub const BANK_MAX: i64 = 60 * DAY;

/// Reads a time control as written (`3d/move`, `3d`, `5d+1d max 10d`,
/// `5d + 12h`, in English or Spanish words); a bank without a maximum may
/// grow to twice its start (at least the start and one increment, at most
/// [`BANK_MAX`]). Refuses what it cannot read, and values past the limits.
pub fn parse_time_control(text: &str) -> Result<Allowance, GameError> {
    let unreadable = || GameError::TimeControlUnreadable(text.to_string());
    let out_of_range = || GameError::TimeControlOutOfRange(text.to_string());
    let squeezed = normalise(text);
    let Some((start, rest)) = squeezed.split_once('+') else {
        let per_move = ["/move", "permove", "/jugada", "porjugada", "/mov"]
            .iter()
            .find_map(|suffix| squeezed.strip_suffix(suffix))
            .unwrap_or(&squeezed);
        let seconds = duration(per_move).ok_or_else(unreadable)?;
        let days = u32::try_from(seconds / DAY).map_err(|_| out_of_range())?;
        if seconds % DAY != 0 || !PER_MOVE_DAYS.contains(&days) {
            return Err(out_of_range());
        }
        return Ok(Allowance::PerMove { days });
    };
    let (increment, max) = match rest.split_once("max") {
        Some((increment, max)) => (increment, Some(max)),
        None => (rest, None),
    };
    let start = duration(start).ok_or_else(unreadable)?;
    let increment = duration(increment.strip_suffix("/move").unwrap_or(increment)).ok_or_else(unreadable)?;
    let max = match max {
        Some(max) => duration(max).ok_or_else(unreadable)?,
        None => (2 * start).max(start + increment).min(BANK_MAX).max(start),
    };
    if !BANK_START.contains(&start) || !BANK_INCREMENT.contains(&increment) || max < start || max > BANK_MAX {
        return Err(out_of_range());
    }
    Ok(Allowance::Fischer { start, increment, max })
}

/// The control as it is written back: `3d/move`, `5d+1d max 10d`.
pub fn written(allowance: Allowance) -> String {
    match allowance {
        Allowance::PerMove { days } => format!("{days}d/move"),
        Allowance::Fischer { start, increment, max } => {
            format!("{}+{} max {}", short(start), short(increment), short(max))
        }
    }
}

/// The PDN `TimeControl` tag's value, in seconds as PGN writes a control:
/// `1/259200` (a move in 3 days), `432000+86400` (5 days, plus a day a
/// move). The bank's maximum has no place in the tag; a record says it in
/// a `TimeControlMax` tag of its own.
pub fn pdn_tag(allowance: Allowance) -> String {
    match allowance {
        Allowance::PerMove { days } => format!("1/{}", i64::from(days) * DAY),
        Allowance::Fischer { start, increment, .. } => format!("{start}+{increment}"),
    }
}

/// A duration in days and hours, shortest first: `5d`, `12h`, `1d12h`.
fn short(seconds: i64) -> String {
    match (seconds / DAY, seconds % DAY / HOUR) {
        (days, 0) => format!("{days}d"),
        (0, hours) => format!("{hours}h"),
        (days, hours) => format!("{days}d{hours}h"),
    }
}

/// Lower case, without spaces, units and words reduced to `d`, `h`, `max`.
fn normalise(text: &str) -> String {
    let mut s: String = text.to_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
    for (word, short) in [
        ("máximo", "max"),
        ("maximo", "max"),
        ("máx", "max"),
        ("max.", "max"),
        ("tope", "max"),
        ("cap", "max"),
        ("días", "d"),
        ("dias", "d"),
        ("día", "d"),
        ("dia", "d"),
        ("days", "d"),
        ("day", "d"),
        ("horas", "h"),
        ("hora", "h"),
        ("hours", "h"),
        ("hour", "h"),
        ("hrs", "h"),
        ("porjugada", "/move"),
        ("/jugada", "/move"),
        ("permove", "/move"),
        ("amove", "/move"),
        ("/mov", "/move"),
    ] {
        s = s.replace(word, short);
    }
    // "/movee" from "/move" read twice by the last rule.
    s.replace("/movee", "/move")
}

/// `5d`, `12h`, `1d12h`, or a bare number of days (`3`), in seconds.
fn duration(text: &str) -> Option<i64> {
    if let Ok(days) = text.parse::<i64>() {
        return days.checked_mul(DAY);
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut any = false;
    for c in text.chars() {
        match c {
            '0'..='9' => number.push(c),
            'd' | 'h' if !number.is_empty() => {
                let n: i64 = number.parse().ok()?;
                total = total.checked_add(n.checked_mul(if c == 'd' { DAY } else { HOUR })?)?;
                number.clear();
                any = true;
            }
            _ => return None,
        }
    }
    (any && number.is_empty()).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fischer(start: i64, increment: i64, max: i64) -> Allowance {
        Allowance::Fischer { start, increment, max }
    }

    #[test]
    fn days_per_move_read_every_way_they_are_written() {
        for text in ["3d/move", "3d", "3", "3 days per move", "3 días por jugada", " 3D / move "] {
            assert_eq!(parse_time_control(text).unwrap(), Allowance::PerMove { days: 3 }, "{text}");
        }
    }

    #[test]
    fn a_bank_with_an_increment_and_a_maximum() {
        assert_eq!(parse_time_control("5d+1d max 10d").unwrap(), fischer(5 * DAY, DAY, 10 * DAY));
        assert_eq!(parse_time_control("5 días + 1 día máx 10 días").unwrap(), fischer(5 * DAY, DAY, 10 * DAY));
        assert_eq!(parse_time_control("2d+12h").unwrap(), fischer(2 * DAY, 12 * HOUR, 4 * DAY), "twice the start");
        assert_eq!(parse_time_control("30d+7d").unwrap(), fischer(30 * DAY, 7 * DAY, 60 * DAY));
        assert_eq!(parse_time_control("1d12h+6h max 3d").unwrap(), fischer(36 * HOUR, 6 * HOUR, 3 * DAY));
    }

    #[test]
    fn what_cannot_be_read_or_is_past_the_limits_is_refused() {
        for text in ["", "fast", "3x", "5d+", "+1d", "5d+1d max", "d", "5d++1d", "3w"] {
            assert!(matches!(parse_time_control(text), Err(GameError::TimeControlUnreadable(_))), "{text}");
        }
        for text in ["0d", "15d/move", "12h/move", "31d+1d", "5d+0d", "5d+8d", "5d+1d max 4d", "5d+1d max 61d"] {
            assert!(matches!(parse_time_control(text), Err(GameError::TimeControlOutOfRange(_))), "{text}");
        }
    }

    #[test]
    fn controls_are_written_back_as_they_read() {
        for text in ["3d/move", "5d+1d max 10d", "1d12h+6h max 3d", "2d+12h max 4d"] {
            assert_eq!(written(parse_time_control(text).unwrap()), text);
        }
    }

    #[test]
    fn the_pdn_tag_gives_seconds() {
        assert_eq!(pdn_tag(Allowance::PerMove { days: 3 }), "1/259200");
        assert_eq!(pdn_tag(fischer(5 * DAY, DAY, 10 * DAY)), "432000+86400");
    }
}
