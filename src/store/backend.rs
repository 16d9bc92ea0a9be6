//! Which database engine a store runs on, and the one thing the queries do
//! differently on each: the advisory lock that serialises a rule spanning
//! several rows on PostgreSQL.

use sqlx::AnyConnection;

use super::columns::db_id;
use super::error::StoreError;

/// The database engine behind a [`super::Store`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file: one machine, one process (the default).
    Sqlite,
    /// A PostgreSQL server, which several bot processes may share.
    Postgres,
}

/// Takes PostgreSQL's transaction-scoped advisory lock on `id` (a channel or
/// a user); nothing on SQLite, whose writers are serialized already.
pub(super) async fn lock_key(conn: &mut AnyConnection, backend: Backend, id: u64) -> Result<(), StoreError> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(db_id(id)?).execute(&mut *conn).await?;
    }
    Ok(())
}
