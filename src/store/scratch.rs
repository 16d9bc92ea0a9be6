//! Throwaway databases for tests and measurements: a SQLite file in a
//! temporary folder, or a fresh schema on a PostgreSQL server, each removed
//! when dropped. The same test or bench body then runs on either backend.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{Connection, Executor, PgConnection};

use super::{Backend, StoreError};

/// The variable naming the PostgreSQL server that tests and benches use,
/// e.g. `postgres://postgres@127.0.0.1:5432/test`.
pub const TEST_POSTGRES_URL_VAR: &str = "DAMAS_TEST_POSTGRES_URL";

/// An empty database that lives as long as this value.
#[derive(Debug)]
pub struct ScratchDatabase {
    url: String,
    backend: Backend,
    cleanup: Cleanup,
}

#[derive(Debug)]
enum Cleanup {
    /// The folder holding the SQLite file; removed on drop.
    Folder(#[allow(dead_code)] tempfile::TempDir),
    /// A schema to drop from the server.
    Schema { server: String, schema: String },
}

impl ScratchDatabase {
    /// A new SQLite file in a temporary folder.
    pub fn sqlite() -> std::io::Result<ScratchDatabase> {
        let dir = tempfile::tempdir()?;
        let url = format!("sqlite://{}", dir.path().join("damas.db").display());
        Ok(ScratchDatabase { url, backend: Backend::Sqlite, cleanup: Cleanup::Folder(dir) })
    }

    /// A new, empty schema on the PostgreSQL server at `server`; the URL of
    /// this database puts it first on the search path, so the migrations
    /// create their tables there and nothing is shared with other scratch
    /// databases on the same server.
    pub async fn postgres(server: &str) -> Result<ScratchDatabase, StoreError> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        let schema = format!("damas_scratch_{}_{}_{nanos}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let mut conn = PgConnection::connect(server).await?;
        conn.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await?;
        conn.close().await?;
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options[search_path]={schema}");
        Ok(ScratchDatabase {
            url,
            backend: Backend::Postgres,
            cleanup: Cleanup::Schema { server: server.to_string(), schema },
        })
    }

    /// A scratch database on `backend`: for PostgreSQL, on the server named
    /// by [`TEST_POSTGRES_URL_VAR`]. `Ok(None)` when that variable is unset
    /// (a plain `cargo test` on a machine without PostgreSQL); an error when
    /// it is set and the server cannot be used.
    pub async fn for_tests(backend: Backend) -> Result<Option<ScratchDatabase>, StoreError> {
        match backend {
            Backend::Sqlite => Ok(Some(ScratchDatabase::sqlite().map_err(|e| StoreError::Scratch(e.to_string()))?)),
            Backend::Postgres => match std::env::var(TEST_POSTGRES_URL_VAR) {
                Ok(server) if !server.trim().is_empty() => Ok(Some(ScratchDatabase::postgres(server.trim()).await?)),
                _ => Ok(None),
            },
        }
    }

    /// The URL to open it with ([`super::Store::open`]).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Its backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        let Cleanup::Schema { server, schema } = &self.cleanup else { return };
        let (server, schema) = (server.clone(), schema.clone());
        let name = schema.clone();
        // Drop may run inside an async runtime, which cannot be blocked on:
        // a thread of its own connects and drops the schema.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&server).await.ok()?;
                conn.execute("SET lock_timeout = '5s'").await.ok()?;
                conn.execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))).await.ok()?;
                conn.close().await.ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(()))) {
            tracing::warn!(schema = %name, "a scratch schema could not be dropped; remove it by hand");
        }
    }
}
