//! Values in and out of columns, as every table reads and binds them:
//! Discord ids (`u64` outside, `i64` stored), counts, flags and enum names,
//! each refused as [`StoreError::Corrupt`] when out of range.

use std::str::FromStr;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::error::StoreError;

/// A stored 0/1 flag (`rated`, `is_match`) as a bool; any other value is
/// [`StoreError::Corrupt`] naming `column`.
pub(super) fn bool_column(value: i64, column: &'static str) -> Result<bool, StoreError> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(StoreError::Corrupt(column)),
    }
}

/// A Discord id as stored.
pub(super) fn db_id(id: u64) -> Result<i64, StoreError> {
    i64::try_from(id).map_err(|_| StoreError::IdOutOfRange(id))
}

/// A stored Discord id (a user, a channel or a server) back as `u64`; a
/// negative one is [`StoreError::Corrupt`] naming `column`.
pub(super) fn discord_id(id: i64, column: &'static str) -> Result<u64, StoreError> {
    u64::try_from(id).map_err(|_| StoreError::Corrupt(column))
}

/// A stored count (ply, days per move, attempts) back as `u32`; one out of
/// range is [`StoreError::Corrupt`] naming `column`.
pub(super) fn u32_column(n: i64, column: &'static str) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|_| StoreError::Corrupt(column))
}

/// A stored name (of a status, a side, a result ...) back as its enum;
/// a name the enum does not know is [`StoreError::Corrupt`] naming `column`.
pub(super) fn enum_column<T: FromStr>(row: &AnyRow, column: &'static str) -> Result<T, StoreError> {
    let name: String = row.try_get(column)?;
    name.parse().map_err(|_| StoreError::Corrupt(column))
}

/// [`enum_column`] of a column that may be NULL.
pub(super) fn optional_enum_column<T: FromStr>(row: &AnyRow, column: &'static str) -> Result<Option<T>, StoreError> {
    let name: Option<String> = row.try_get(column)?;
    name.map(|name| name.parse().map_err(|_| StoreError::Corrupt(column))).transpose()
}

/// Whether an error is a unique-index violation.
pub(super) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}
