//! Migrations: applied to an empty database at open, idempotent, and the
//! data survives reopening.

mod common;

use common::*;
use damas::game::GameService;
use damas::store::Store;

#[tokio::test]
async fn migrations_apply_to_an_empty_database_and_are_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(&dir);
    assert!(!path.exists());
    let store = Store::open(path.to_str().unwrap()).await.unwrap();
    assert!(path.exists(), "the database file is created on first run");
    let applied = store.applied_migrations().await.unwrap();
    assert_eq!(applied.len(), std::fs::read_dir("migrations").unwrap().count());
    assert_eq!(store.game_count().await.unwrap(), 0);
    store.close().await;

    // Open again, twice: nothing re-applied, nothing lost.
    let svc = GameService::open(path.to_str().unwrap()).await.unwrap();
    let view = start_classic(&svc, T0, 9).await;
    svc.play(T0 + 1, 9, WHITE, "11-15", None).await.unwrap();
    svc.store().close().await;
    let svc = GameService::open(path.to_str().unwrap()).await.unwrap();
    assert_eq!(svc.store().applied_migrations().await.unwrap(), applied);
    assert_eq!(svc.game_by_id(view.id).await.unwrap().game.notations(), ["11-15"]);
    assert!(svc.store().integrity_check().await.unwrap());
}

#[tokio::test]
async fn a_sqlite_url_works_as_well_as_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", db_path(&dir).display());
    let svc = GameService::open(&url).await.unwrap();
    start_classic(&svc, T0, 1).await;
    svc.store().close().await;
    let svc = GameService::open(&url).await.unwrap();
    assert_eq!(svc.game_in_channel(1).await.unwrap().white, WHITE);
}
