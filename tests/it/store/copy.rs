//! `damas copy` (src/store/copy): a club's whole history from one database
//! into an empty other, SQLite to PostgreSQL and back, checked table by
//! table (ratings with and without a best, over several batches); the
//! bot plays on from the copy; refusals (a target with rows, a
//! bot on the source) and a copy killed midway leave the target empty.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::service::tournaments::{ORGANISER, PLAYERS, signed_up, start_games};
use crate::support::games::*;
use damas::game::{DueEvent, GameService, TournamentFormat, TournamentStatus, TournamentTerms};
use damas::rules::Color;
use damas::store::GameCopies;
use damas::store::copy::{CopyError, copy};
use damas::store::lock_for_one_process;

/// What the history holds, to find again in the copy.
struct Club {
    tournament: i64,
    tournament_channel: u64,
}

/// Finished games (one played, the rest copies of it), a live game with a
/// premove line in channel 5, one whose premove reply is still to be
/// announced in channel 6, and a running round-robin of four.
async fn club(svc: &GameService) -> Club {
    start_classic(svc, T0, 1).await;
    let done = play_line(svc, T0, 1, &line_to_a_win(Color::White)).await;
    svc.store().copy_finished_game_for_load(done.id, 300, 20).await.unwrap();
    start_classic(svc, T0, 5).await;
    svc.games().add_premove(T0 + 10, 5, BLACK, "11-15 22-19").await.unwrap();
    start_classic(svc, T0, 6).await;
    svc.games().add_premove(T0 + 10, 6, BLACK, "11-15 22-19").await.unwrap();
    let report = svc.games().play(T0 + 20, 6, WHITE, "11-15", seen_at(svc, 6, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 1);
    let terms = TournamentTerms::new("Winter cup", TournamentFormat::RoundRobin);
    let t = signed_up(svc, terms, &PLAYERS[..4]).await;
    svc.tournaments().start_tournament(T0, Some(GUILD), t.id, ORGANISER, false).await.unwrap();
    let games = start_games(svc, T0).await;
    Club { tournament: t.id, tournament_channel: games[0].channel }
}

/// The bot carries on from a copy: the premove line answers, the pending
/// announcement is there to send, the tournament game takes its move.
async fn plays_on(svc: &GameService, club: &Club) {
    let report = svc.games().play(T0 + 100, 5, WHITE, "11-15", seen_at(svc, 5, 0).await).await.unwrap();
    assert_eq!(report.premove_replies, 1, "the premove line was copied");
    assert_eq!(svc.game_in_channel(5).await.unwrap().game.notations(), ["11-15", "22-19"]);
    let pending: Vec<_> = svc.deadlines().lease_announcements(T0 + 101).await.unwrap();
    let replies: Vec<(u64, u32)> = pending
        .iter()
        .filter_map(|a| match &a.due {
            Some(DueEvent::PremoveReply { game, ply }) => Some((game.channel, *ply)),
            _ => None,
        })
        .collect();
    assert!(replies.contains(&(6, 1)), "the queued announcement was copied: {replies:?}");
    let t = svc.tournaments().tournament(club.tournament).await.unwrap();
    assert_eq!(t.status, TournamentStatus::Running);
    let game = svc.game_in_channel(club.tournament_channel).await.unwrap();
    let legal = game.game.position().legal_moves_with_notation();
    svc.games().play(T0 + 200, game.channel, game.player_to_move(), &legal[0].1, None).await.unwrap();
    // New rows take new ids: the sequences were moved past the copied ones.
    start_classic(svc, T0 + 300, 7).await;
}

/// SQLite to `backend`, then back to a new SQLite file: each copy checks
/// every table, the bot plays on from the middle one, and the checksums of
/// every table are the same on all three.
async fn a_club_s_history_crosses_and_plays_on(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    let svc = GameService::open(&source).await.unwrap();
    let club = club(&svc).await;
    svc.store().close().await;

    let middle = database(backend).await;
    let mut seen = Vec::new();
    let there = copy(&source, middle.url(), &mut |p| seen.push((p.table.to_string(), p.done, p.total))).await.unwrap();
    assert!(there.tables.len() >= 20, "{:?}", there.tables);
    let total = seen.last().map(|s| s.2).unwrap();
    assert!(seen.iter().all(|s| s.1 <= total) && seen.last().unwrap().1 == total, "progress reaches the end");
    for t in &there.tables {
        assert_eq!((t.source_rows, t.source_sum), (t.target_rows, t.target_sum), "{t:?}");
    }
    let moves = there.tables.iter().find(|t| t.table == "moves").unwrap();
    assert!(moves.target_rows > 300 * 20, "{moves:?}");
    for table in ["premoves", "announcements", "tournaments", "tournament_pairings", "ratings", "games"] {
        assert!(there.tables.iter().any(|t| t.table == table && t.target_rows > 0), "{table} copied with rows");
    }
    if backend == Backend::Postgres {
        // The planner's statistics are taken (`reltuples` is -1 until a
        // table is analysed): it does not plan for empty tables until
        // autovacuum's next pass.
        let pool = sqlx::postgres::PgPool::connect(middle.url()).await.unwrap();
        let unknown: Vec<String> = sqlx::query_scalar(
            "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.reltuples < 0",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        let copied: Vec<&String> = unknown.iter().filter(|t| there.tables.iter().any(|c| &c.table == *t)).collect();
        assert!(copied.is_empty(), "tables copied and never analysed: {copied:?}");
        pool.close().await;
    }

    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let returned = copy(middle.url(), &back, &mut |_| {}).await.unwrap();
    assert_eq!(returned.tables, there.tables, "the same rows, by count and checksum, on all three");

    let svc = GameService::open(middle.url()).await.unwrap();
    plays_on(&svc, &club).await;
}

on_both_backends!(a_club_s_history_crosses_and_plays_on);

/// Ratings of more than two batches of the copy, provisional (no best)
/// and established mixed: a NULL where an earlier batch of the same shape
/// had a number, or the reverse, crosses like any value.
async fn ratings_of_several_batches_cross(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    let svc = GameService::open(&source).await.unwrap();
    start_classic(&svc, T0, 1).await;
    let done = play_line(&svc, T0, 1, &line_to_a_win(Color::White)).await;
    let copies = GameCopies { copies: 1_199, players: 1_200, guilds: 1, spread: 0 };
    svc.store().copy_game_for_load(done.id, copies).await.unwrap();
    let ratings = svc.store().ratings_for_load().await.unwrap();
    assert!(ratings > 1_000, "{ratings} ratings");
    svc.store().close().await;

    let target = database(backend).await;
    let there = copy(&source, target.url(), &mut |_| {}).await.unwrap_or_else(|e| panic!("{e}"));
    let copied = there.tables.iter().find(|t| t.table == "ratings").unwrap();
    assert_eq!((copied.target_rows, copied.target_sum), (copied.source_rows, copied.source_sum));
    assert!(copied.target_rows > 1_000, "{copied:?}");
}

on_both_backends!(ratings_of_several_batches_cross);

/// A target that holds rows is refused, and keeps them.
async fn a_target_with_rows_is_refused(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    start_classic(&GameService::open(&source).await.unwrap(), T0, 1).await;
    let (target, svc) = service(backend).await;
    start_classic(&svc, T0, 2).await;
    let err = copy(&source, target.url(), &mut |_| {}).await.unwrap_err();
    assert!(matches!(&err, CopyError::TargetNotEmpty { .. }), "{err}");
    assert!(err.to_string().contains("copy only into a new, empty database"), "{err}");
    assert_eq!(svc.store().game_count().await.unwrap(), 1);
    assert_eq!(svc.game_in_channel(2).await.unwrap().white, WHITE);
}

on_both_backends!(a_target_with_rows_is_refused);

/// The files in `dir`, by name, but for the process locks' `.lock` files:
/// those stay once made, as the bot's own do (they hold nothing, and
/// removing one that another process may be opening would race it).
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = dir
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".lock"))
        .collect();
    names.sort();
    names
}

/// A copy that does not happen leaves nothing beside the SQLite files it
/// opened: no `-wal` or `-shm` (every connection is closed), and no target
/// it had to create; one that happens leaves no journal either.
#[tokio::test]
async fn a_refused_copy_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let url = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
    let (source, full) = (url("club.db"), url("full.db"));
    let svc = GameService::open(&source).await.unwrap();
    start_classic(&svc, T0, 1).await;
    svc.store().close().await;
    let svc = GameService::open(&full).await.unwrap();
    start_classic(&svc, T0, 2).await;
    svc.store().close().await;
    let before = files_in(dir.path());

    // A target with rows, named with the agreement of its count.
    let err = copy(&source, &full, &mut |_| {}).await.unwrap_err();
    assert!(err.to_string().contains("holds 1 row)"), "{err}");
    assert_eq!(files_in(dir.path()), before, "after a refused copy into a full target");

    // A source newer than this damas: the new target is never made.
    let pool = sqlx::SqlitePool::connect(&source).await.unwrap();
    let future = damas::store::newest_schema_level() + 1;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ({future}, 'from a newer damas', TRUE, X'00', 1)"
    )))
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let err = copy(&source, &url("new.db"), &mut |_| {}).await.unwrap_err();
    assert!(matches!(err, CopyError::SourceNewer { .. }), "{err}");
    assert_eq!(files_in(dir.path()), before, "after a refused copy into a new file");
    let pool = sqlx::SqlitePool::connect(&source).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM _sqlx_migrations WHERE version = {future}")))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    // A copy that happens: the new file, no journal.
    copy(&source, &url("new.db"), &mut |_| {}).await.unwrap();
    let mut expected = before.clone();
    expected.push("new.db".to_string());
    expected.sort();
    assert_eq!(files_in(dir.path()), expected, "after a copy");
}

/// A bot on the SQLite source or target stops the copy before it starts.
#[tokio::test]
async fn a_copy_waits_for_the_bot_to_stop() {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    let target = format!("sqlite://{}", dir.path().join("new.db").display());
    start_classic(&GameService::open(&source).await.unwrap(), T0, 1).await;
    for held in [&source, &target] {
        let bot = lock_for_one_process(held).unwrap();
        let err = copy(&source, &target, &mut |_| {}).await.unwrap_err();
        assert!(err.to_string().contains("a bot is running on") && err.to_string().contains("stop it"), "{err}");
        drop(bot);
    }
    assert!(matches!(copy(&source, &source, &mut |_| {}).await, Err(CopyError::Same)));
    let missing = dir.path().join("missing.db");
    let err = copy(missing.to_str().unwrap(), &target, &mut |_| {}).await.unwrap_err();
    assert!(err.to_string().starts_with("there is no database at"), "{err}");
    assert!(!dir.path().join("missing.db.lock").exists(), "no lock file left beside nothing");
    copy(&source, &target, &mut |_| {}).await.unwrap();
}

/// `damas copy` killed with SIGKILL once it has written the games (its
/// stderr says so) leaves the target with no rows: a second copy, which
/// refuses any target with rows, then goes through.
async fn a_copy_killed_midway_leaves_the_target_empty(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    let svc = GameService::open(&source).await.unwrap();
    start_classic(&svc, T0, 1).await;
    let done = play_line(&svc, T0, 1, &line_to_a_win(Color::White)).await;
    svc.store().copy_finished_game_for_load(done.id, 20_000, 50).await.unwrap();
    svc.store().close().await;
    let target = database(backend).await;

    let mut child = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["copy", "--from", &source, "--to", target.url()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Killed once the games are written, while their moves are copied.
    let lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let said: Vec<String> = lines.map(Result::unwrap).take_while(|l| !l.starts_with("copied games ")).collect();
    assert!(said.iter().all(|l| l.starts_with("copied ")), "{said:?}");
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success());

    let again = copy(&source, target.url(), &mut |_| {}).await.expect("the target was left empty");
    let games = again.tables.iter().find(|t| t.table == "games").unwrap();
    assert_eq!(games.target_rows, 20_001);
}

on_both_backends!(a_copy_killed_midway_leaves_the_target_empty);

/// The command prints a line per table with both counts and checksums.
#[tokio::test]
async fn the_command_prints_what_it_checked() {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("sqlite://{}", dir.path().join("club.db").display());
    start_classic(&GameService::open(&source).await.unwrap(), T0, 1).await;
    let target = format!("sqlite://{}", dir.path().join("new.db").display());
    let out = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(["copy", "--to", &target])
        .env("DATABASE_URL", &source)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let games = text.lines().find(|l| l.starts_with("games ")).expect("a line for games");
    let words: Vec<&str> = games.split_whitespace().collect();
    assert_eq!((words[1], words[2], words[5]), ("1", "1", "same"), "{games}");
    assert_eq!(words[3], words[4], "{games}");
    assert!(text.contains("every table reads back the same"), "{text}");
}
