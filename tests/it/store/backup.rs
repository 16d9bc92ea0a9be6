//! Backups of a SQLite database (src/store/backup): taken while moves are
//! written, checked, atomic, never overwriting by accident; damaged and
//! newer backups refused; restored only with no bot running. On
//! PostgreSQL the commands point to pg_dump.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::support::games::*;
use damas::game::{GameService, Seen};
use damas::store::backup::{BackupError, inspect, restore, write_backup};
use damas::store::{Store, lock_for_one_process};

/// `damas ARGS` with the database `url` and no `.env` settings.
fn damas(dir: &Path, url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(args)
        .current_dir(dir)
        .env("DATABASE_URL", url)
        .output()
        .expect("run damas")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A finished game copied `copies` times, and one live game in channel 5.
async fn history(svc: &GameService, copies: u32) -> i64 {
    start_classic(svc, T0, 1).await;
    let done = play_line(svc, T0, 1, &line_to_a_win(damas::rules::Color::White)).await;
    svc.store().copy_finished_game_for_load(done.id, copies, 50).await.unwrap();
    start_classic(svc, T0, 5).await;
    svc.games().play(T0 + 10, 5, WHITE, "11-15", None).await.unwrap();
    done.id
}

/// A SQLite file in a folder of its own holding [`history`] with `copies`
/// copies of the finished game.
async fn club_file(copies: u32) -> (tempfile::TempDir, String, GameService) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let svc = GameService::open(&url).await.unwrap();
    history(&svc, copies).await;
    (dir, url, svc)
}

/// Moves acknowledged before a backup began are all in it, though moves
/// go on being committed while it is written; the copy is sound, whole
/// (every game has exactly its moves) and opens with the service.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_moves_are_written_holds_every_move_acknowledged_before() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let svc = GameService::open(&url).await.unwrap();
    history(&svc, 20_000).await;
    for channel in 10..18 {
        start_classic(&svc, T0, channel).await;
    }
    let acks = Arc::new(std::sync::Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let player = {
        let (svc, acks, stop) = (svc.clone(), acks.clone(), stop.clone());
        tokio::spawn(async move {
            let mut round = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let channel = 10 + round % 8;
                round += 1;
                let now = T0 + 60 + round as i64;
                // A game that ended, or ran long, makes way for a new one.
                let view = match svc.game_in_channel(channel).await {
                    Ok(view) if view.ply() < 40 => view,
                    Ok(view) => {
                        svc.games().resign(now, channel, view.player_to_move()).await.unwrap();
                        continue;
                    }
                    Err(_) => start_classic(&svc, now, channel).await,
                };
                let legal = view.game.position().legal_moves_with_notation();
                let (_, text) = &legal[round as usize % legal.len()];
                let report =
                    svc.games().play(now, channel, view.player_to_move(), text, Some(Seen::of(&view))).await.unwrap();
                acks.lock().unwrap().push((view.id, view.ply(), report.notation));
            }
        })
    };
    while acks.lock().unwrap().len() < 20 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before: Vec<_> = acks.lock().unwrap().clone();
    let dest = dir.path().join("backup.db");
    let written = write_backup(&url, &dest, false).await.unwrap();
    let during = acks.lock().unwrap().len() - before.len();
    stop.store(true, Ordering::Relaxed);
    player.await.unwrap();
    assert!(during > 0, "no move was committed while the backup was written; the test shows nothing");
    assert!(written.facts.tables.iter().any(|t| t.table == "moves" && t.rows > 20_000));
    assert!(!dir.path().read_dir().unwrap().any(|e| e.unwrap().file_name().to_string_lossy().contains("partial")));

    // The copy, opened as a database of its own.
    let copy_dir = tempfile::tempdir().unwrap();
    let copy = copy_dir.path().join("restored.db");
    std::fs::copy(&dest, &copy).unwrap();
    let restored = GameService::open(copy.to_str().unwrap()).await.unwrap();
    assert!(restored.store().integrity_check().await.unwrap());
    for (game, ply, notation) in &before {
        let stored = restored.game_by_id(*game).await.unwrap();
        assert_eq!(stored.game.notations().get(*ply as usize), Some(notation), "lost move {ply} of game {game}");
    }
    let pool = sqlx::SqlitePool::connect(copy.to_str().unwrap()).await.unwrap();
    let torn: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM games g WHERE g.ply <> (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(torn, 0, "every game in the copy has exactly its moves");
    eprintln!("{} moves before the backup, {during} during it; {:?}", before.len(), written.took);
}

/// The command writes a checked copy, prints each table's rows, refuses to
/// replace a file without --force, and replaces it with.
#[tokio::test]
async fn the_command_checks_what_it_wrote_and_replaces_only_with_force() {
    let (dir, url, svc) = club_file(3).await;

    let first = damas(dir.path(), &url, &["backup", "copy.db"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    assert!(text.contains("Backed up to copy.db") && text.contains("and checked"), "{text}");
    let games = text.lines().find(|l| l.starts_with("games ")).expect("a line for games");
    assert_eq!(games.split_whitespace().last(), Some("5"), "{text}");
    assert!(text.contains(&format!("Schema level {}", damas::store::newest_schema_level())), "{text}");

    let again = damas(dir.path(), &url, &["backup", "copy.db"]);
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("copy.db already exists") && stderr(&again).contains("--force"),
        "{}",
        stderr(&again)
    );

    svc.games().play(T0 + 20, 5, BLACK, "22-18", None).await.unwrap();
    let forced = damas(dir.path(), &url, &["backup", "copy.db", "--force"]);
    assert!(forced.status.success(), "{}", stderr(&forced));
    let facts = inspect(&dir.path().join("copy.db")).await.unwrap();
    let moves = facts.tables.iter().find(|t| t.table == "moves").unwrap().rows;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let all_moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves").fetch_one(&pool).await.unwrap();
    pool.close().await;
    assert_eq!(moves, all_moves, "the replaced copy has the last move");

    let checked = damas(dir.path(), &url, &["backup", "--check", "copy.db"]);
    assert!(checked.status.success() && stdout(&checked).contains("copy.db is sound"), "{}", stderr(&checked));
}

/// Overwrites a page in the middle of `path`.
fn damage(path: &Path) {
    use std::io::{Seek, SeekFrom, Write};
    let len = std::fs::metadata(path).unwrap().len();
    let mut file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(len / 2 / 4096 * 4096)).unwrap();
    file.write_all(&[0x5a; 4096]).unwrap();
}

/// A backup damaged on disk is found out by --check and refused by restore,
/// which then changes nothing.
#[tokio::test]
async fn a_damaged_backup_is_found_out_and_not_restored() {
    let (dir, url, svc) = club_file(200).await;
    svc.store().close().await;
    let backup = dir.path().join("copy.db");
    write_backup(&url, &backup, false).await.unwrap();
    damage(&backup);

    // One sentence with the count of SQLite's findings; --details lists them.
    let checked = damas(dir.path(), &url, &["backup", "--check", "copy.db"]);
    assert!(!checked.status.success());
    let said = stderr(&checked);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("copy.db is damaged: SQLite's integrity check found "), "{said}");
    assert!(said.trim_end().ends_with("(add --details to see them)"), "{said}");
    let found: usize = said.split("found ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!(found > 1, "{said}");
    let detailed = damas(dir.path(), &url, &["backup", "--check", "copy.db", "--details"]);
    let listed = stderr(&detailed);
    assert_eq!(listed.lines().count(), found + 1, "the sentence, then each problem: {listed}");
    assert!(listed.lines().next().unwrap().ends_with("problems:"), "{listed}");
    let refused = damas(dir.path(), &url, &["restore", "copy.db", "--force"]);
    assert_eq!(stderr(&refused).lines().count(), 1, "{}", stderr(&refused));
    let before = std::fs::read(dir.path().join("damas.db")).unwrap();
    let err = restore(&backup, &url, true).await.unwrap_err();
    assert!(matches!(err, BackupError::Damaged { .. }), "{err}");
    assert_eq!(std::fs::read(dir.path().join("damas.db")).unwrap(), before, "nothing changed");
}

/// Restore refuses while a bot holds the lock, and without --force over a
/// database; with it, the old database is moved aside (its journal folded
/// in) and the backup's games are back.
#[tokio::test]
async fn restore_waits_for_the_bot_and_keeps_the_database_it_replaces() {
    let (dir, url, svc) = club_file(3).await;
    let backup = dir.path().join("copy.db");
    write_backup(&url, &backup, false).await.unwrap();
    // Played after the backup: gone once it is restored.
    svc.games().play(T0 + 20, 5, BLACK, "22-18", None).await.unwrap();

    let bot = lock_for_one_process(&url).unwrap();
    let busy = damas(dir.path(), &url, &["restore", "copy.db", "--force"]);
    assert!(!busy.status.success());
    assert!(stderr(&busy).contains("a bot is running on") && stderr(&busy).contains("stop it"), "{}", stderr(&busy));
    drop(bot);
    svc.store().close().await;

    let refused = damas(dir.path(), &url, &["restore", "copy.db"]);
    let said = stderr(&refused);
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("there is already a database at ") && said.contains("add --force to replace it"), "{said}");
    assert!(said.contains("or choose another name with --database"), "{said}");
    let done = damas(dir.path(), &url, &["restore", "copy.db", "--force"]);
    assert!(done.status.success(), "{}", stderr(&done));
    let text = stdout(&done);
    assert!(text.contains("is kept as") && text.contains("start the bot again"), "{text}");
    assert!(!dir.path().join("damas.db-wal").exists(), "no journal of the old database beside the new one");

    let svc = GameService::open(&url).await.unwrap();
    assert_eq!(svc.game_in_channel(5).await.unwrap().game.notations(), ["11-15"], "the backup's state");
    assert_eq!(svc.store().game_count().await.unwrap(), 5);
    let aside = dir
        .path()
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("damas.db.replaced-"));
    let old = GameService::open(aside.expect("the old database kept").to_str().unwrap()).await.unwrap();
    assert_eq!(old.game_in_channel(5).await.unwrap().game.notations(), ["11-15", "22-18"], "the old one whole");
}

/// On PostgreSQL both commands say to use pg_dump and pg_restore.
#[test]
fn on_postgres_the_commands_point_to_pg_dump() {
    let dir = tempfile::tempdir().unwrap();
    for args in [&["backup", "x.db"][..], &["restore", "x.db"]] {
        let out = damas(dir.path(), "postgres://localhost/damas", args);
        assert!(!out.status.success());
        let said = stderr(&out);
        assert!(said.contains("pg_dump --format=custom") && said.contains("pg_restore"), "{said}");
    }
}

/// A database a newer damas migrated is refused at open with one sentence
/// naming both versions, and left as it was.
async fn a_newer_database_is_refused_and_left_alone(backend: Backend) {
    let db = database(backend).await;
    let svc = GameService::open(db.url()).await.unwrap();
    start_classic(&svc, T0, 1).await;
    svc.store().close().await;
    let future = damas::store::newest_schema_level() + 1;
    raw_sql(
        &db,
        &format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES ({future}, 'from a newer damas', TRUE, X'00', 1)"
        )
        .replace("X'00'", if backend == Backend::Postgres { "'\\x00'::bytea" } else { "X'00'" }),
    )
    .await;
    let err = Store::open(db.url()).await.unwrap_err().to_string();
    assert!(err.contains(&format!("schema level {future}")), "{err}");
    assert!(err.contains(env!("CARGO_PKG_VERSION")) && err.contains("newer"), "{err}");
    assert_eq!(err.matches(". ").count(), 0, "one sentence: {err}");
    // Nothing was changed: the game and the migrations are as they were.
    let pool = sqlx::AnyPool::connect(db.url()).await.unwrap();
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games").fetch_one(&pool).await.unwrap();
    let levels: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&pool).await.unwrap();
    assert_eq!((games, levels), (1, std::fs::read_dir("migrations/sqlite").unwrap().count() as i64 + 1));
    pool.close().await;
}

on_both_backends!(a_newer_database_is_refused_and_left_alone);

/// A backup from a newer damas is named as such by --check.
#[tokio::test]
async fn a_newer_backup_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    Store::open(&url).await.unwrap().close().await;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99991231000001, 'future', TRUE, X'00', 1)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let out = damas(dir.path(), &url, &["backup", "--check", "damas.db"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("written by a newer damas (schema 99991231000001"), "{}", stderr(&out));
}

/// Scheduled backups: one when none is there, none again before the
/// interval, and the oldest removed beyond the count kept; files of other
/// names in the folder are left alone.
#[tokio::test]
async fn scheduled_backups_come_at_their_interval_and_the_oldest_go() {
    use damas::store::backup::{Schedule, file_name, scheduled_backups, take_if_due};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let svc = GameService::open(&url).await.unwrap();
    start_classic(&svc, T0, 1).await;
    let folder = dir.path().join("backups");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("README.txt"), "kept").unwrap();
    let schedule = Schedule { folder: folder.clone(), every: std::time::Duration::from_secs(6 * 3600), keep: 3 };
    let hour = 3600;
    let mut taken = Vec::new();
    for step in 0..40 {
        let now = T0 + step * hour;
        if let Some(done) = take_if_due(&url, &schedule, now).await.unwrap() {
            assert_eq!(done.written.path, folder.join(file_name(now)));
            taken.push(step);
        }
    }
    assert_eq!(taken, [0, 6, 12, 18, 24, 30, 36], "one every 6 hours from the first");
    let kept: Vec<_> = scheduled_backups(&folder);
    let expected: Vec<_> = [24, 30, 36].iter().map(|h| folder.join(file_name(T0 + h * hour))).collect();
    assert_eq!(kept, expected, "the last 3");
    assert!(folder.join("README.txt").exists());
    assert_eq!(inspect(&kept[2]).await.unwrap().tables.iter().find(|t| t.table == "games").unwrap().rows, 1);
}
