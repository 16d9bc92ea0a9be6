//! The tables of a database as the copy sees them: their columns, what
//! kind of value each holds, and an order in which every table comes after
//! the tables its foreign keys point to. Read from the database's own
//! catalogue, so a table added by a later migration is copied with no
//! change here.

use std::collections::BTreeMap;

use sqlx::AnyConnection;

use super::error::CopyError;
use crate::store::Backend;

/// How a column's values are read, compared and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Integers (SQLite INTEGER, PostgreSQL smallint, integer, bigint).
    Int,
    /// Floating point (REAL, DOUBLE PRECISION).
    Real,
    /// Text.
    Text,
    /// Bytes (BLOB, bytea).
    Blob,
}

impl Kind {
    fn of_type(declared: &str) -> Kind {
        let t = declared.to_ascii_lowercase();
        if t.contains("int") {
            Kind::Int
        } else if t.contains("double") || t.contains("real") || t.contains("float") {
            Kind::Real
        } else if t.contains("blob") || t.contains("bytea") {
            Kind::Blob
        } else {
            Kind::Text
        }
    }
}

/// One table: its name and its columns, sorted by name (so both backends
/// list them alike, whatever order the migrations made them in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Table {
    pub name: String,
    pub columns: Vec<(String, Kind)>,
}

/// Every table but the migrations' own, parents before children.
pub(super) async fn tables(conn: &mut AnyConnection, backend: Backend) -> Result<Vec<Table>, CopyError> {
    let (list, columns, parents) = match backend {
        Backend::Sqlite => (
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             AND name <> '_sqlx_migrations' ORDER BY name",
            "SELECT name, type FROM pragma_table_info($1)",
            "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list($1)",
        ),
        Backend::Postgres => (
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() \
             AND table_type = 'BASE TABLE' AND table_name <> '_sqlx_migrations' ORDER BY table_name",
            "SELECT column_name::text, data_type::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1",
            "SELECT DISTINCT p.relname::text FROM pg_constraint c JOIN pg_class p ON p.oid = c.confrelid \
             WHERE c.contype = 'f' AND c.conrelid = to_regclass($1)",
        ),
    };
    let names: Vec<String> = sqlx::query_scalar(list).fetch_all(&mut *conn).await?;
    let mut found = BTreeMap::new();
    for name in names {
        let mut cols: Vec<(String, String)> = sqlx::query_as(columns).bind(&name).fetch_all(&mut *conn).await?;
        cols.sort();
        let parents: Vec<String> = sqlx::query_scalar(parents).bind(&name).fetch_all(&mut *conn).await?;
        let table =
            Table { name: name.clone(), columns: cols.iter().map(|(c, t)| (c.clone(), Kind::of_type(t))).collect() };
        found.insert(name, (table, parents));
    }
    parents_first(found)
}

/// Orders the tables so that each follows the tables it refers to (and
/// otherwise by name); a cycle of references is a schema this copy cannot
/// fill in one pass.
fn parents_first(mut found: BTreeMap<String, (Table, Vec<String>)>) -> Result<Vec<Table>, CopyError> {
    let mut ordered = Vec::with_capacity(found.len());
    while !found.is_empty() {
        let ready: Vec<String> = found
            .iter()
            .filter(|(name, (_, parents))| parents.iter().all(|p| p == *name || !found.contains_key(p)))
            .map(|(name, _)| name.clone())
            .collect();
        if ready.is_empty() {
            return Err(CopyError::ForeignKeyCycle);
        }
        for name in ready {
            ordered.push(found.remove(&name).expect("listed").0);
        }
    }
    Ok(ordered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_both_backends_types() {
        for (t, kind) in [
            ("BIGINT", Kind::Int),
            ("integer", Kind::Int),
            ("INTEGER", Kind::Int),
            ("double precision", Kind::Real),
            ("DOUBLE PRECISION", Kind::Real),
            ("REAL", Kind::Real),
            ("BLOB", Kind::Blob),
            ("bytea", Kind::Blob),
            ("TEXT", Kind::Text),
            ("text", Kind::Text),
        ] {
            assert_eq!(Kind::of_type(t), kind, "{t}");
        }
    }

    #[test]
    fn parents_come_first() {
        let table = |name: &str, parents: &[&str]| {
            let t = Table { name: name.into(), columns: Vec::new() };
            (name.to_string(), (t, parents.iter().map(|p| p.to_string()).collect::<Vec<_>>()))
        };
        let found = BTreeMap::from([
            table("announcements", &["games", "challenges"]),
            table("challenges", &[]),
            table("games", &["challenges", "matches", "games"]),
            table("matches", &[]),
        ]);
        let names: Vec<String> = parents_first(found).unwrap().into_iter().map(|t| t.name).collect();
        assert_eq!(names, ["challenges", "matches", "games", "announcements"]);
        let cycle = BTreeMap::from([table("a", &["b"]), table("b", &["a"])]);
        assert!(parents_first(cycle).is_err());
    }
}
