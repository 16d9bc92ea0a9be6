//! Helpers shared by the service and store tests: a service over a fresh
//! database on either backend, games started in one call, and move lines
//! that reach each ending of the rules quickly.
//!
//! Every store and service test body takes a [`Backend`] and runs twice,
//! through [`on_both_backends!`]: on a SQLite file, and on a fresh schema of
//! the PostgreSQL server named by `DAMAS_TEST_POSTGRES_URL`. Without that
//! variable when the tests were built, the PostgreSQL runs are ignored and
//! say why (a plain `cargo test` needs no server); CI sets it, so there they
//! run and fail when the server is unreachable.

use std::collections::HashMap;

use damas::game::{ColorChoice, GameService, GameView, NewChallenge, Seen};
use damas::rules::{Color, DrawRules, EndReason, Game, Outcome, Position, Variant, parse_fen};
pub use damas::store::Backend;
use damas::store::{ScratchDatabase, TEST_POSTGRES_URL_VAR};

/// White in games started by [`start_game`].
pub const WHITE: u64 = 1001;
/// Black in games started by [`start_game`].
pub const BLACK: u64 = 1002;
/// Someone who plays in no game.
pub const STRANGER: u64 = 1003;
/// The server of test games.
pub const GUILD: u64 = 77;
/// A start time (2026-01-01 00:00 UTC).
pub const T0: i64 = 1_767_225_600;

/// Writes each test named, an `async fn(Backend)` of the file, as two
/// tests in a module of its name: `sqlite` and `postgres`, the latter
/// ignored unless the tests were built with `DAMAS_TEST_POSTGRES_URL` set
/// (`build.rs` turns it into the cfg `postgres_tests`). `multi_thread:`
/// first runs them on a runtime with 4 worker threads.
#[macro_export]
macro_rules! on_both_backends {
    (multi_thread: $($name:ident),* $(,)?) => {
        $(mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() { super::$name($crate::support::games::Backend::Sqlite).await }
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            #[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
            async fn postgres() { super::$name($crate::support::games::Backend::Postgres).await }
        })*
    };
    ($($name:ident),* $(,)?) => {
        $(mod $name {
            #[tokio::test]
            async fn sqlite() { super::$name($crate::support::games::Backend::Sqlite).await }
            #[tokio::test]
            #[cfg_attr(not(postgres_tests), ignore = "PostgreSQL: build the tests with DAMAS_TEST_POSTGRES_URL set")]
            async fn postgres() { super::$name($crate::support::games::Backend::Postgres).await }
        })*
    };
}

/// The name the test harness gives the run of test `test` (a function of
/// module `module`, as `module_path!()` says it) on `backend`, to start that
/// run alone in a child process of this test binary.
pub fn harness_name(module: &str, test: &str, backend: Backend) -> String {
    let within_crate = module.split_once("::").map_or("", |(_, path)| path);
    let run = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    format!("{within_crate}::{test}::{run}")
}

/// A new, empty database on `backend`, removed when dropped. Panics when
/// the PostgreSQL server cannot be used.
pub async fn database(backend: Backend) -> ScratchDatabase {
    ScratchDatabase::for_tests(backend)
        .await
        .unwrap_or_else(|e| panic!("a scratch database on {backend:?}: {e}"))
        .unwrap_or_else(|| panic!("{TEST_POSTGRES_URL_VAR} must be set for a PostgreSQL test"))
}

/// Runs `sql` on `db` outside the store: for tests that set up what the
/// program never writes (a conflicting row, to make a transaction fail).
pub async fn raw_sql(db: &ScratchDatabase, sql: &str) {
    use sqlx::Executor;
    let sql = sqlx::AssertSqlSafe(sql.to_string());
    match db.backend() {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(db.url()).await.expect("the SQLite file");
            pool.execute(sql).await.expect("the SQL runs");
            pool.close().await;
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(db.url()).await.expect("the PostgreSQL schema");
            pool.execute(sql).await.expect("the SQL runs");
            pool.close().await;
        }
    }
}

/// A service over a new database on `backend` (kept alive by the returned
/// guard).
pub async fn service(backend: Backend) -> (ScratchDatabase, GameService) {
    let db = database(backend).await;
    let svc = GameService::open(db.url()).await.expect("open database");
    (db, svc)
}

/// Starts a game in `channel` between [`WHITE`] and [`BLACK`] at `now`.
pub async fn start_game(
    svc: &GameService,
    now: i64,
    channel: u64,
    start: Option<&str>,
    variant: Variant,
    draw_rules: DrawRules,
) -> GameView {
    let req = NewChallenge {
        guild: Some(GUILD),
        color: ColorChoice::White,
        days_per_move: Some(3),
        variant,
        draw_rules,
        start: start.map(|fen| parse_fen(fen).expect("test FEN")),
        ..NewChallenge::new(channel, WHITE, BLACK)
    };
    svc.challenges().challenge(now, req).await.expect("challenge");
    svc.challenges().accept(now, channel, BLACK, None).await.expect("accept")
}

/// A classic game from the initial position.
pub async fn start_classic(svc: &GameService, now: i64, channel: u64) -> GameView {
    start_game(svc, now, channel, None, Variant::Classic, DrawRules::Classic).await
}

/// Whether game `id`'s stored fair-play keys are for its current ply (else
/// the next check computes them again).
pub async fn keys_current(svc: &GameService, id: i64) -> bool {
    svc.store().live_games_without_positions(1_000).await.unwrap().iter().all(|g| g.id != id)
}

/// Plays `moves` in turn through the service, one hour apart, starting at
/// `now`; returns the last report's game.
pub async fn play_line(svc: &GameService, mut now: i64, channel: u64, moves: &[String]) -> GameView {
    let mut last = svc.game_in_channel(channel).await.expect("a live game");
    for mv in moves {
        now += 3600;
        let user = last.player_to_move();
        last = svc
            .games()
            .play(now, channel, user, mv, Some(Seen::of(&last)))
            .await
            .unwrap_or_else(|e| panic!("{mv}: {e}"))
            .game;
    }
    last
}

/// A line of king moves from `start` that ends the game by `reason` under
/// `rules`. Repetition: two king moves and back, twice. The other rules:
/// found greedily - no captures for either side, never the same position a
/// third time, never a position whose side to move has no move.
pub fn line_to(start: &str, variant: Variant, rules: DrawRules, reason: EndReason) -> Vec<String> {
    let mut game = Game::new(parse_fen(start).unwrap(), variant, rules);
    let mut seen: HashMap<Position, u32> = HashMap::from([(*game.position(), 1)]);
    let mut line: Vec<String> = Vec::new();
    while game.result().is_none() {
        assert!(line.len() < 400, "no ending by {reason:?} within 400 plies");
        let text = if reason == EndReason::Repetition && line.len() >= 2 {
            // Undo the move made two plies ago: kings move back freely.
            let (from, to) = line[line.len() - 2].split_once('-').expect("a quiet king move");
            format!("{to}-{from}")
        } else {
            let pos = *game.position();
            pos.legal_moves_with_notation()
                .into_iter()
                .filter_map(|(mv, text)| {
                    let next = pos.play(&mv)?;
                    let replies = next.legal_moves();
                    let quiet = !mv.is_capture() && !replies.is_empty() && !replies.iter().any(|r| r.is_capture());
                    let visits = seen.get(&next).copied().unwrap_or(0);
                    (quiet && visits < 2).then_some((visits, text))
                })
                .min_by_key(|(visits, _)| *visits)
                .expect("a quiet move")
                .1
        };
        game.play_notation(&text).unwrap();
        *seen.entry(*game.position()).or_default() += 1;
        line.push(text);
    }
    let result = game.result().unwrap();
    assert_eq!(result.reason, reason, "the line ended by {:?} instead", result.reason);
    line
}

/// The first `plies` moves from `from`, the first legal move each time
/// (after each side's first two, a game may count for ratings).
pub fn first_moves(from: &Position, plies: usize) -> Vec<String> {
    let mut position = *from;
    (0..plies)
        .map(|_| {
            let (mv, text) = position.legal_moves_with_notation().remove(0);
            position = position.play(&mv).expect("a legal move plays");
            text
        })
        .collect()
}

/// A line from the initial position that `winner` wins on the board (the
/// other side left without a legal move, RULES 7.1): the loser always plays
/// the move that hands over the most pieces, the winner the one that
/// leaves the loser the fewest captures (the first of equals).
pub fn line_to_a_win(winner: Color) -> Vec<String> {
    let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
    let mut line = Vec::new();
    while game.result().is_none() {
        assert!(line.len() < 300, "no win within 300 plies");
        let pos = *game.position();
        let best_capture = |p: &Position| p.legal_moves().iter().map(|m| m.capture_count()).max().unwrap_or(0);
        let choices = pos.legal_moves_with_notation();
        let score = |mv: &damas::rules::Move| {
            let next = pos.play(mv).expect("a legal move plays");
            let given = best_capture(&next) as i64;
            if pos.turn() == winner { given } else { -given }
        };
        let (_, text) = choices.iter().min_by_key(|(mv, _)| score(mv)).expect("a move while the game goes on");
        game.play_notation(text).unwrap();
        line.push(text.clone());
    }
    let result = game.result().unwrap();
    assert_eq!((result.outcome, result.reason), (Outcome::Win(winner), EndReason::NoLegalMove), "{line:?}");
    line
}

/// A debug dump of everything the service shows about a channel, to compare
/// before and after a refused command.
pub async fn snapshot(svc: &GameService, channel: u64) -> String {
    let game = svc.game_in_channel(channel).await.map(|g| format!("{g:?}")).unwrap_or_else(|e| e.to_string());
    let challenge = format!("{:?}", svc.open_challenges_in_channel(channel).await.unwrap());
    let mine = svc.live_games_of_user(WHITE).await.unwrap().len();
    format!("{game}\n{challenge}\n{mine}")
}

/// The sentence the user reads for a refusal, in English.
pub fn said(err: &damas::game::GameError) -> String {
    damas::i18n::game_error(damas::i18n::Lang::En, err)
}

/// The position at `ply` of the game in `channel`, as a button or a menu
/// under it carries it.
pub async fn seen_at(svc: &GameService, channel: u64, ply: u32) -> Option<Seen> {
    Some(Seen { game: svc.game_in_channel(channel).await.expect("a game in the channel").id, ply })
}
