//! A time control as the store keeps it with a challenge, a game or a
//! tournament: days per move or a Fischer bank, and the time zone whose
//! weekends do not count. What the terms mean for a clock is decided in
//! `game` (its `deadlines`); here they are read and written.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{StoreError, u32_column};

/// How much time each player has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// A fixed number of days for every move (1-14).
    PerMove {
        /// Days for each move.
        days: u32,
    },
    /// A Fischer bank: `start` seconds at the start, `increment` seconds
    /// added after each move, never more than `max` in the bank.
    Fischer {
        /// The bank each player starts with (seconds).
        start: i64,
        /// What each move adds to the mover's bank (seconds).
        increment: i64,
        /// The most a bank can hold (seconds).
        max: i64,
    },
}

/// The clock's terms of a challenge, a game or a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// How much time each player has.
    pub allowance: Allowance,
    /// The time zone (an IANA name) whose Saturdays and Sundays do not
    /// count against anyone's clock; `None`: every day counts.
    pub weekends_zone: Option<String>,
}

impl TimeControl {
    /// `days` days per move, every day counting.
    pub fn per_move(days: u32) -> TimeControl {
        TimeControl { allowance: Allowance::PerMove { days }, weekends_zone: None }
    }

    /// The `days_per_move` column: the days per move, or a bank's start in
    /// whole days within the column's range (the clock does not read it).
    pub(super) fn days_column(&self) -> i64 {
        match self.allowance {
            Allowance::PerMove { days } => i64::from(days),
            Allowance::Fischer { start, .. } => (start / 86_400).clamp(1, 14),
        }
    }

    /// The `bank_start`, `bank_increment` and `bank_max` columns.
    pub(super) fn bank_columns(&self) -> [Option<i64>; 3] {
        match self.allowance {
            Allowance::PerMove { .. } => [None; 3],
            Allowance::Fischer { start, increment, max } => [Some(start), Some(increment), Some(max)],
        }
    }

    /// The terms from a row's `days_per_move`, `bank_start`,
    /// `bank_increment`, `bank_max` and `weekends_zone` columns.
    pub(super) fn from_row(row: &AnyRow) -> Result<TimeControl, StoreError> {
        let start: Option<i64> = row.try_get("bank_start")?;
        let increment: Option<i64> = row.try_get("bank_increment")?;
        let max: Option<i64> = row.try_get("bank_max")?;
        let allowance = match (start, increment, max) {
            (None, None, None) => {
                Allowance::PerMove { days: u32_column(row.try_get("days_per_move")?, "days_per_move")? }
            }
            (Some(start), Some(increment), Some(max)) if start > 0 && increment >= 0 && max >= start => {
                Allowance::Fischer { start, increment, max }
            }
            _ => return Err(StoreError::Corrupt("bank_start")),
        };
        Ok(TimeControl { allowance, weekends_zone: row.try_get("weekends_zone")? })
    }
}
