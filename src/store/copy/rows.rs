//! Rows as the copy moves them: read with each column cast to its kind
//! (so an `integer` of PostgreSQL and an INTEGER of SQLite read alike),
//! hashed for the checksum, and written back in batches.

use std::hash::{Hash, Hasher};

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::{Arguments, Row};

use super::catalog::{Kind, Table};
use crate::store::{Backend, StoreError};

/// One value of a row.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
    Blob(Option<Vec<u8>>),
}

impl Value {
    /// Bytes held, for bounding a batch's memory.
    pub fn size(&self) -> usize {
        match self {
            Value::Text(Some(t)) => t.len(),
            Value::Blob(Some(b)) => b.len(),
            _ => 8,
        }
    }

    fn hash_into(&self, h: &mut impl Hasher) {
        match self {
            Value::Int(v) => (0u8, v).hash(h),
            // By its bits: the copy must be exact, not merely close.
            Value::Real(v) => (1u8, v.map(f64::to_bits)).hash(h),
            Value::Text(v) => (2u8, v).hash(h),
            Value::Blob(v) => (3u8, v).hash(h),
        }
    }
}

/// `"name"`, quoted for both backends.
pub(super) fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The query reading every row of `table`, each column cast to its kind.
pub(super) fn select(table: &Table) -> String {
    let columns: Vec<String> = table
        .columns
        .iter()
        .map(|(name, kind)| match kind {
            Kind::Int => format!("CAST({} AS BIGINT)", quoted(name)),
            Kind::Real => format!("CAST({} AS DOUBLE PRECISION)", quoted(name)),
            Kind::Text | Kind::Blob => quoted(name),
        })
        .collect();
    format!("SELECT {} FROM {}", columns.join(", "), quoted(&table.name))
}

/// A row read by [`select`].
pub(super) fn read(table: &Table, row: &AnyRow) -> Result<Vec<Value>, StoreError> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| {
            Ok(match kind {
                Kind::Int => Value::Int(row.try_get(i)?),
                Kind::Real => Value::Real(row.try_get(i)?),
                Kind::Text => Value::Text(row.try_get(i)?),
                Kind::Blob => Value::Blob(row.try_get(i)?),
            })
        })
        .collect()
}

/// The hash of one row; a table's checksum adds them up, so it does not
/// depend on the order the rows are read in.
pub(super) fn row_hash(values: &[Value]) -> u64 {
    // SipHash with fixed keys: the same in both halves of one run, which
    // is all the comparison needs.
    let mut h = std::hash::DefaultHasher::new();
    for v in values {
        v.hash_into(&mut h);
    }
    h.finish()
}

/// The statement inserting `rows` rows into `table`, and its arguments:
/// with `$n` parameters for PostgreSQL, `?` for SQLite (which looks up
/// each numbered parameter by a scan of all of them: quadratic in a
/// statement of thousands).
pub(super) fn insert(
    table: &Table,
    rows: &[Vec<Value>],
    backend: Backend,
) -> Result<(String, AnyArguments), StoreError> {
    let names: Vec<String> = table.columns.iter().map(|(n, _)| quoted(n)).collect();
    let width = names.len();
    let mut sql = format!("INSERT INTO {} ({}) VALUES ", quoted(&table.name), names.join(", "));
    let mut args = AnyArguments::default();
    for (r, row) in rows.iter().enumerate() {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for (c, value) in row.iter().enumerate() {
            if c > 0 {
                sql.push_str(", ");
            }
            match backend {
                Backend::Postgres => sql.push_str(&format!("${}", r * width + c + 1)),
                Backend::Sqlite => sql.push('?'),
            }
            let bound = match value {
                Value::Int(v) => args.add(*v),
                Value::Real(v) => args.add(*v),
                Value::Text(v) => args.add(v.clone()),
                Value::Blob(v) => args.add(v.clone()),
            };
            bound.map_err(sqlx::Error::Encode)?;
        }
        sql.push(')');
    }
    Ok((sql, args))
}
