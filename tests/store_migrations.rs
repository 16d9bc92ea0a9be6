//! Migrations: applied to an empty database at open, idempotent, and the
//! data survives reopening; on each backend, from its own migrations folder.

mod common;

use common::*;
use damas::game::GameService;
use damas::store::Store;

async fn migrations_apply_to_an_empty_database_and_are_idempotent(backend: Backend) {
    let db = database(backend).await;
    let store = Store::open(db.url()).await.unwrap();
    assert_eq!(store.backend(), backend);
    let folder = match backend {
        Backend::Sqlite => "migrations/sqlite",
        Backend::Postgres => "migrations/postgres",
    };
    let applied = store.applied_migrations().await.unwrap();
    assert_eq!(applied.len(), std::fs::read_dir(folder).unwrap().count());
    assert_eq!(store.game_count().await.unwrap(), 0);
    store.close().await;

    // Open again, twice: nothing re-applied, nothing lost.
    let svc = GameService::open(db.url()).await.unwrap();
    let view = start_classic(&svc, T0, 9).await;
    svc.play(T0 + 1, 9, WHITE, "11-15", None).await.unwrap();
    svc.store().close().await;
    let svc = GameService::open(db.url()).await.unwrap();
    assert_eq!(svc.store().applied_migrations().await.unwrap(), applied);
    assert_eq!(svc.game_by_id(view.id).await.unwrap().game.notations(), ["11-15"]);
    assert!(svc.store().integrity_check().await.unwrap());
}

on_both_backends!(migrations_apply_to_an_empty_database_and_are_idempotent);

#[test]
fn both_backends_have_the_same_migrations() {
    let versions = |folder: &str| {
        let mut names: Vec<String> =
            std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    };
    assert_eq!(versions("migrations/sqlite"), versions("migrations/postgres"));
}

#[tokio::test]
async fn a_sqlite_file_is_created_and_a_path_works_as_well_as_a_url() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damas.db");
    assert!(!path.exists());
    let svc = GameService::open(path.to_str().unwrap()).await.unwrap();
    assert!(path.exists(), "the database file is created on first run");
    start_classic(&svc, T0, 1).await;
    svc.store().close().await;
    let svc = GameService::open(&format!("sqlite://{}", path.display())).await.unwrap();
    assert_eq!(svc.game_in_channel(1).await.unwrap().white, WHITE);
}

#[tokio::test]
async fn a_sqlite_path_may_hold_spaces_and_signs() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("games of 2026 #1 (50% done?)");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("my damas.db");
    let svc = GameService::open(path.to_str().unwrap()).await.unwrap();
    start_classic(&svc, T0, 1).await;
    svc.store().close().await;
    assert!(path.exists(), "the file is created where the path says");
    // The same file through a URL, its signs percent-encoded as a URL wants.
    let encoded = path.display().to_string().replace('%', "%25").replace('#', "%23").replace('?', "%3F");
    let svc = GameService::open(&format!("sqlite://{encoded}")).await.unwrap();
    assert_eq!(svc.game_in_channel(1).await.unwrap().white, WHITE);
}

#[tokio::test]
async fn an_unknown_database_url_is_refused() {
    let err = GameService::open("mysql://localhost/damas").await.unwrap_err();
    assert!(err.to_string().contains("postgres://"), "{err}");
}
