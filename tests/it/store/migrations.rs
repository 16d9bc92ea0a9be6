//! Migrations: applied to an empty database at open, idempotent, and the
//! data survives reopening; on each backend, from its own migrations folder.

use crate::support::games::*;
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
    svc.games().play(T0 + 1, 9, WHITE, "11-15", None).await.unwrap();
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

/// A SQLite database (in a folder kept while the first value lives, at
/// the returned URL) migrated up to the migration whose name contains
/// `migration`, not that one: the schema as it was before it.
async fn sqlite_before(migration: &str) -> (tempfile::TempDir, String, sqlx::SqlitePool) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options: sqlx::sqlite::SqliteConnectOptions = url.parse().unwrap();
    let pool = sqlx::SqlitePool::connect_with(options.create_if_missing(true).foreign_keys(true)).await.unwrap();
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    let mut before = sqlx::migrate::Migrator::new(folder).await.unwrap();
    let at = before.iter().position(|m| m.description.contains(migration)).expect("the migration named");
    before.migrations = before.migrations[..at].to_vec().into();
    before.run(&pool).await.unwrap();
    (dir, url, pool)
}

/// Stores `notations` as game `game`'s moves, straight into an old schema.
async fn insert_moves(pool: &sqlx::SqlitePool, game: i64, notations: &[&str]) {
    for (ply, notation) in notations.iter().enumerate() {
        sqlx::query("INSERT INTO moves (game_id, ply, notation, played_at) VALUES ($1, $2, $3, 10)")
            .bind(game)
            .bind(ply as i64)
            .bind(notation)
            .execute(pool)
            .await
            .unwrap();
    }
}

/// The migration that rebuilds the games table on SQLite (to allow aborted
/// games) keeps every game, its moves and the foreign keys.
#[tokio::test]
async fn games_stored_before_the_games_table_was_rebuilt_survive_it() {
    // The database as it was before the rebuild.
    let (_dir, url, pool) = sqlite_before("aborted").await;
    sqlx::query(
        "INSERT INTO challenges (id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, draw_rules, \
         start_fen, created_at, expires_at, state) VALUES (7, 5, 1001, 1002, 'white', 3, 'classic', 'classic', \
         'W:W1-12:B21-32', 0, 100, 'accepted')",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO games (id, challenge_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, \
         start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at, engine_level, engine_color) \
         VALUES (3, 7, 5, 1001, 1002, 3, 'classic', 'classic', 'W:W1-12:B21-32', 2, 'white', 'live', 0, 10, 500, \
         400, NULL, NULL)",
    )
    .execute(&pool)
    .await
    .unwrap();
    insert_moves(&pool, 3, &["11-15", "22-18"]).await;
    pool.close().await;

    let svc = GameService::open(&url).await.unwrap();
    let game = svc.game_in_channel(5).await.unwrap();
    assert_eq!((game.id, game.white), (3, WHITE));
    assert_eq!(game.game.notations(), ["11-15", "22-18"]);
    assert_eq!(game.aborted_by, None);
    assert!(svc.store().integrity_check().await.unwrap());
    // The unique live game per channel and the foreign keys hold again.
    let err = svc.challenges().challenge(T0, damas::game::NewChallenge::new(5, STRANGER, BLACK)).await.unwrap_err();
    assert!(matches!(err, damas::game::GameError::ChannelHasGame), "{err:?}");
    svc.store().close().await;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let dangling: Vec<sqlx::sqlite::SqliteRow> =
        sqlx::query("PRAGMA foreign_key_check").fetch_all(&pool).await.unwrap();
    assert!(dangling.is_empty(), "moves still point at their games");
    let sql: String =
        sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE name = 'moves'").fetch_one(&pool).await.unwrap();
    assert!(sql.contains("REFERENCES games"), "{sql}");
}

/// The migration that rebuilds the direct messages outbox on SQLite (so
/// the program alone lists its kinds, as for announcements) keeps every
/// message waiting and the shape checks.
#[tokio::test]
async fn direct_messages_waiting_before_the_vacations_migration_survive_it() {
    let (_dir, url, pool) = sqlite_before("vacations").await;
    sqlx::query(
        "INSERT INTO games (id, guild_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, \
         start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at) \
         VALUES (3, 77, 5, 1001, 1002, 3, 'classic', 'classic', 'W:W1-12:B21-32', 0, 'white', 'live', 0, 0, 500, 400)",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO direct_messages (id, kind, user_id, guild_id, game_id, ply, created_at) \
         VALUES (9, 'reminder', 1001, 77, 3, 0, 400), (10, 'digest', 1002, 77, NULL, NULL, 400)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let svc = GameService::open(&url).await.unwrap();
    let waiting = svc.store().direct_messages_of(WHITE).await.unwrap();
    assert_eq!(waiting, [(damas::store::DirectKind::Reminder { game: 3, ply: 0 }, None)]);
    assert_eq!(svc.store().direct_messages_of(BLACK).await.unwrap().len(), 1);
    assert!(svc.store().integrity_check().await.unwrap());
    svc.store().close().await;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let insert = |kind: &str, game: &str, ply: &str| {
        format!(
            "INSERT INTO direct_messages (kind, user_id, guild_id, game_id, ply, created_at) \
             VALUES ('{kind}', 1001, 77, {game}, {ply}, 500)"
        )
    };
    let accepts = |sql: String| {
        let pool = pool.clone();
        async move { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&pool).await.is_ok() }
    };
    assert!(accepts(insert("vacation_over", "NULL", "NULL")).await, "a kind added later");
    assert!(!accepts(insert("digest", "3", "NULL")).await, "a digest names no game");
    assert!(!accepts(insert("reminder", "3", "NULL")).await, "a reminder names its ply");
    assert!(!accepts(insert("loss_on_time", "NULL", "NULL")).await, "a loss on time names its game");
    assert!(!accepts(insert("", "NULL", "NULL")).await, "a name");
}

/// Moves stored before moves kept the clock before them (the takebacks
/// migration) can still be taken back: the clock comes back as the clock
/// rules make it from the time of the move before (issue item 4).
#[tokio::test]
async fn a_move_stored_before_moves_kept_their_clock_is_taken_back_with_the_clock_worked_out() {
    let (_dir, url, pool) = sqlite_before("takebacks").await;
    // White moved at T0 + 100, Black at T0 + 200: White to move, Black's
    // 22-18 the last move.
    let day = damas::game::DAY;
    sqlx::query(
        "INSERT INTO games (id, guild_id, channel_id, white_id, black_id, days_per_move, variant, draw_rules, \
         start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at) \
         VALUES (3, 77, 5, 1001, 1002, 2, 'classic', 'classic', 'W:W1-12:B21-32', 2, 'white', 'live', $1, $2, $3, $4)",
    )
    .bind(T0)
    .bind(T0 + 200)
    .bind(T0 + 200 + 2 * day)
    .bind(T0 + 200 + 2 * day * 8 / 10)
    .execute(&pool)
    .await
    .unwrap();
    for (ply, (notation, at)) in [("11-15", T0 + 100), ("22-18", T0 + 200)].into_iter().enumerate() {
        sqlx::query("INSERT INTO moves (game_id, ply, notation, played_at) VALUES (3, $1, $2, $3)")
            .bind(ply as i64)
            .bind(notation)
            .bind(at)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;

    let svc = GameService::open(&url).await.unwrap();
    let last = svc.store().last_move(3).await.unwrap().unwrap();
    assert_eq!((last.ply, last.clock_before, last.previous_played_at), (1, None, Some(T0 + 100)));
    svc.games().takeback(T0 + 300, 5, BLACK).await.unwrap();
    let done = svc.games().takeback(T0 + 400, 5, WHITE).await.unwrap();
    assert!(matches!(done, damas::game::TakebackDone::TakenBack { requester: BLACK, .. }), "{done:?}");
    let game = svc.game_in_channel(5).await.unwrap();
    assert_eq!(game.game.notations(), ["11-15"]);
    assert_eq!((game.last_move_at, game.deadline), (T0 + 100, T0 + 100 + 2 * day));
    let row = svc.store().game(3).await.unwrap().unwrap();
    assert_eq!(row.setup.remind_at, T0 + 100 + 2 * day * 8 / 10);
    // A move stored now keeps its clock: taking it back needs no working out.
    svc.games().play(T0 + 500, 5, BLACK, "21-17", seen_at(&svc, 5, 1).await).await.unwrap();
    let kept = svc.store().last_move(3).await.unwrap().unwrap().clock_before.expect("kept with the move");
    assert_eq!((kept.last_move_at, kept.deadline), (T0 + 100, T0 + 100 + 2 * day));
}

/// The migration that rebuilds the fair-play keys' table WITHOUT ROWID on
/// SQLite empties it and marks every live game's keys as lagging: the keys
/// written before it are gone, and the next check computes them again, so
/// a live game's position is still refused (`/analyze position:`).
#[tokio::test]
async fn keys_written_before_the_live_positions_rebuild_are_computed_again() {
    let (_dir, url, pool) = sqlite_before("live positions without rowid").await;
    sqlx::query(
        "INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, color, days_per_move, variant, \
         draw_rules, start_fen, created_at, expires_at, state) VALUES (7, $1, 5, 1001, 1002, 'white', 3, 'classic', \
         'classic', 'W:W1-12:B21-32', 0, 100, 'accepted')",
    )
    .bind(GUILD as i64)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO games (id, challenge_id, guild_id, channel_id, white_id, black_id, days_per_move, variant, \
         draw_rules, start_fen, ply, turn, status, started_at, last_move_at, deadline, remind_at, positions_ply) \
         VALUES (3, 7, $1, 5, 1001, 1002, 3, 'classic', 'classic', 'W:W1-12:B21-32', 2, 'white', 'live', 0, 10, \
         500, 400, 2)",
    )
    .bind(GUILD as i64)
    .execute(&pool)
    .await
    .unwrap();
    insert_moves(&pool, 3, &["11-15", "22-18"]).await;
    // Keys said to be current, but not the position's.
    sqlx::query("INSERT INTO live_positions (game_id, position_key) VALUES (3, 42)").execute(&pool).await.unwrap();
    pool.close().await;

    let svc = GameService::open(&url).await.unwrap();
    assert_eq!(svc.store().live_position_count(3).await.unwrap(), 0, "the old keys are gone");
    let game = svc.game_in_channel(5).await.unwrap();
    let refused =
        svc.analyses().analyze_fen(&damas::rules::to_fen(game.game.position()), Some(GUILD), STRANGER, Some(1)).await;
    assert!(matches!(refused, Err(damas::game::GameError::AnalysisOfLivePosition)), "{:?}", refused.map(|_| ()));
    let keys = damas::game::live_position_keys(game.game.position());
    assert_eq!(svc.store().live_position_count(3).await.unwrap(), keys.len() as i64, "computed again by the check");
    assert!(svc.store().integrity_check().await.unwrap());
    svc.store().close().await;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let sql: String = sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE name = 'live_positions'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(sql.contains("WITHOUT ROWID"), "{sql}");
}
