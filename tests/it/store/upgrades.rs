//! Upgrades: a database left at each earlier schema level, holding rows of
//! every kind that level knows (`tests/data/upgrades`), is opened by the
//! current binary, which migrates it and keeps every row, on both
//! backends; every game still replays its moves.

use std::collections::BTreeMap;

use crate::support::games::*;
use damas::game::GameService;
use damas::store::{ScratchDatabase, Store, migrate_to_level, schema_levels};

/// The rows of a level's file, with byte strings spelled for `backend`.
fn rows_for(level: i64, backend: Backend) -> Option<String> {
    let sql = std::fs::read_to_string(format!("tests/data/upgrades/{level}.sql")).ok()?;
    let mut out = String::with_capacity(sql.len());
    let mut rest = sql.as_str();
    while let Some(at) = rest.find("{blob:") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('}').expect("a closed {blob:...}") + at;
        let hex = &rest[at + 6..end];
        out.push_str(&match backend {
            Backend::Sqlite => format!("X'{hex}'"),
            Backend::Postgres => format!("'\\x{hex}'::bytea"),
        });
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// Every table's rows (the migrations' own table aside).
async fn counts(db: &ScratchDatabase) -> BTreeMap<String, i64> {
    let pool = sqlx::AnyPool::connect(db.url()).await.unwrap();
    let list = match db.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             AND name <> '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() \
             AND table_name <> '_sqlx_migrations'"
        }
    };
    let names: Vec<String> = sqlx::query_scalar(list).fetch_all(&pool).await.unwrap();
    let mut out = BTreeMap::new();
    for name in names {
        let sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {name}"));
        out.insert(name, sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap());
    }
    pool.close().await;
    out
}

/// The one table an upgrade empties on purpose: on SQLite, migration
/// 20261215000001 makes the fair-play keys' table again and lets every live
/// game's keys be computed anew (they are derived from the positions).
fn rebuilds_keys(backend: Backend, level: i64, table: &str) -> bool {
    backend == Backend::Sqlite && table == "live_positions" && level < 20261215000001
}

async fn every_earlier_schema_opens_and_keeps_its_rows(backend: Backend) {
    sqlx::any::install_default_drivers();
    let levels = schema_levels();
    let files = std::fs::read_dir("tests/data/upgrades").unwrap().count() - 1;
    let used = levels.iter().filter(|&&l| rows_for(l, backend).is_some()).count();
    assert_eq!(used, files, "every file of rows is for a level this binary knows");
    for (i, &level) in levels.iter().enumerate() {
        let db = database(backend).await;
        for &step in &levels[..=i] {
            migrate_to_level(db.url(), step).await.unwrap_or_else(|e| panic!("migrating to {step}: {e}"));
            if let Some(rows) = rows_for(step, backend) {
                raw_sql(&db, &rows).await;
            }
        }
        let before = counts(&db).await;
        assert!(before.values().sum::<i64>() > 0, "level {level} holds rows");

        let store = Store::open(db.url()).await.unwrap_or_else(|e| panic!("opening level {level}: {e}"));
        assert_eq!(store.applied_migrations().await.unwrap(), levels, "level {level} brought up to date");
        let after = counts(&db).await;
        for (table, rows) in &before {
            let kept = if rebuilds_keys(backend, level, table) { 0 } else { *rows };
            assert_eq!(after.get(table), Some(&kept), "level {level}: the rows of {table}");
        }
        let svc = GameService::with_store(store);
        for id in 1..=before["games"] {
            let game = svc.game_by_id(id).await.unwrap_or_else(|e| panic!("level {level}: game {id}: {e}"));
            assert_eq!(game.ply() as usize, game.game.notations().len());
        }
        if i + 1 == levels.len() {
            // The newest level's rows read as the bot reads them.
            let t = svc.tournaments().tournament(1).await.unwrap();
            assert_eq!((t.name.as_str(), t.entrants.len()), ("Copa de invierno", 4));
            assert_eq!(svc.games().premoves_of(101, 1002).await.unwrap().len(), 2);
            let open = svc.challenges().challenge_by_id(5).await.unwrap();
            assert_eq!((open.opponent, open.rating_range), (None, Some(200)));
        }
        svc.store().close().await;
    }
}

on_both_backends!(every_earlier_schema_opens_and_keeps_its_rows);
