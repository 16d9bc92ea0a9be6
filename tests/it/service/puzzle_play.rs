//! Solving puzzles, their ratings and the daily puzzle (issue "puzzles",
//! items 3-5), through the service on both backends: a right line solves
//! and rates both the player and the puzzle; a wrong move fails, shows
//! nothing more and ends the streak; a second winning move counts; a stale
//! answer, an answer to someone else's puzzle and two racing answers change
//! nothing; the daily puzzle is claimed once across two services and a
//! restart, taken up again when its post was never known, and revealed once
//! its day is over.

use crate::support::games::*;
use damas::game::{Answered, GameError, GameService, PuzzlePlay, STARTING_SET};
use damas::rules::{DrawRules, Variant, parse_fen};
use damas::store::{PuzzleRow, ScratchDatabase, SetSync};

/// White to move wins a man with 5-9 (from the shipped set).
const SHOT: &str = "W:W1,2,3,4,5,6,7,8,12,14:B13,23,24,25,27,28,29,30,31,32";
const SHOT_LINE: &str = "5-9 29-26 9x18";

/// White must capture two men, three ways (RULES 5: as many pieces each,
/// so any): 10x19x28 (the stored line) and 11x18x27 keep both; 10x19x26
/// lets 29 take one back.
const TWO_WAYS: &str = "W:W1,4,10,11:B14,22,23,29";

fn puzzle(fen: &str, line: &str) -> PuzzleRow {
    PuzzleRow { fen: fen.into(), line: line.into(), theme: "shot".into(), gain: 1, source: None }
}

/// The capture of `fen` that ends on `to`, as written.
fn capture_to(fen: &str, to: &str) -> String {
    let position = parse_fen(fen).unwrap();
    let found = position.legal_moves_with_notation().into_iter().map(|(_, n)| n).filter(|n| n.ends_with(to));
    let found: Vec<String> = found.collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

async fn service_with(backend: Backend, puzzles: &[PuzzleRow]) -> (ScratchDatabase, GameService) {
    let (db, svc) = service(backend).await;
    svc.store().insert_puzzles(puzzles, T0).await.unwrap();
    (db, svc)
}

/// Plays `play`'s solution to the end, the player's moves only.
async fn solve(svc: &GameService, mut play: PuzzlePlay, now: i64) -> Answered {
    loop {
        let mv = play.puzzle.notation[play.step as usize].clone();
        match svc.puzzles().answer(play.attempt, play.step, play.user, &mv, now).await.unwrap() {
            Answered::Continue { play: next, .. } => play = next,
            done => return done,
        }
    }
}

async fn the_right_line_solves_and_rates_player_and_puzzle(backend: Backend) {
    let (_db, svc) = service_with(backend, &[puzzle(SHOT, SHOT_LINE)]).await;
    let shown = svc.puzzles().next_puzzle(GUILD, WHITE, T0).await.unwrap();
    assert!(!shown.resumed);
    let play = shown.play;
    assert_eq!(play.puzzle.notation, ["5-9", "29-26", "9x18"]);
    // Shown again where it stands until it is answered: skipping is no way round it.
    let again = svc.puzzles().next_puzzle(GUILD, WHITE, T0 + 5).await.unwrap();
    assert!(again.resumed && again.play.attempt == play.attempt);
    let first = svc.puzzles().answer(play.attempt, 0, WHITE, "5-9", T0 + 10).await.unwrap();
    let Answered::Continue { play, played, reply } = first else { panic!("{first:?}") };
    assert_eq!((played.as_str(), reply.as_str(), play.step), ("5-9", "29-26", 2));
    // The board the player sees now: the reply played, their move to make.
    let start = parse_fen(SHOT).unwrap();
    let after = ["5-9", "29-26"].iter().fold(start, |p, m| p.play(&p.parse_move(m).unwrap()).unwrap());
    assert_eq!(play.position(), after);
    let done = svc.puzzles().answer(play.attempt, 2, WHITE, "9x18", T0 + 20).await.unwrap();
    let Answered::Solved { play, alternative, rating, .. } = done else { panic!("{done:?}") };
    assert!(!alternative && play.solved == Some(true));
    assert!(rating.after.rating.rating > 1500.0 && rating.before.rating == 1500.0, "{rating:?}");
    assert_eq!((rating.after.played, rating.after.solved, rating.after.streak, rating.after.best_streak), (1, 1, 1, 1));
    let record = svc.store().puzzle_record(play.puzzle.id).await.unwrap().unwrap();
    assert!(record.rating.rating < 1500.0, "the puzzle lost its game: {record:?}");
    let stats = svc.puzzles().stats(GUILD, WHITE).await.unwrap().unwrap();
    assert_eq!(stats.history.len(), 1);
    assert_eq!(stats.history[0].rating.rating, rating.after.rating.rating);
    // Shown once: nothing is left for this player, but another player gets it.
    assert!(matches!(svc.puzzles().next_puzzle(GUILD, WHITE, T0 + 30).await, Err(GameError::NoPuzzleLeft)));
    assert_eq!(svc.puzzles().next_puzzle(GUILD, BLACK, T0 + 30).await.unwrap().play.puzzle.id, play.puzzle.id);
}

async fn a_wrong_move_fails_and_ends_the_streak(backend: Backend) {
    let (_db, svc) =
        service_with(backend, &[puzzle(SHOT, SHOT_LINE), puzzle(TWO_WAYS, &capture_to(TWO_WAYS, "28"))]).await;
    let first = svc.puzzles().next_puzzle(GUILD, WHITE, T0).await.unwrap().play;
    let Answered::Solved { rating: won, .. } = solve(&svc, first, T0 + 10).await else { panic!() };
    let second = svc.puzzles().next_puzzle(GUILD, WHITE, T0 + 20).await.unwrap().play;
    let wrong = if second.puzzle.notation[0] == "5-9" { "6-10".to_string() } else { capture_to(TWO_WAYS, "26") };
    let done = svc.puzzles().answer(second.attempt, 0, WHITE, &wrong, T0 + 30).await.unwrap();
    let Answered::Failed { play, played, tried, rating } = done else { panic!("{wrong}: {done:?}") };
    assert_eq!(play.position().notation(&tried), wrong, "the move tried, where it was tried");
    assert_eq!((played, play.solved), (wrong, Some(false)));
    assert!(rating.after.rating.rating < won.after.rating.rating);
    assert_eq!((rating.after.played, rating.after.solved, rating.after.streak, rating.after.best_streak), (2, 1, 0, 1));
    let record = svc.store().puzzle_record(play.puzzle.id).await.unwrap().unwrap();
    assert!(record.rating.rating > 1500.0, "the puzzle won its game: {record:?}");
    assert!(matches!(
        svc.puzzles().answer(play.attempt, 0, WHITE, &play.puzzle.notation[0], T0 + 40).await,
        Err(GameError::PuzzleOver)
    ));
}

async fn a_second_winning_move_counts_as_solved(backend: Backend) {
    let line = capture_to(TWO_WAYS, "28");
    let (_db, svc) = service_with(backend, &[puzzle(TWO_WAYS, &line)]).await;
    let play = svc.puzzles().next_puzzle(GUILD, WHITE, T0).await.unwrap().play;
    let other = capture_to(TWO_WAYS, "27");
    let done = svc.puzzles().answer(play.attempt, 0, WHITE, &other, T0 + 10).await.unwrap();
    let Answered::Solved { alternative, played, .. } = done else { panic!("{done:?}") };
    assert!(alternative);
    assert_eq!(played, other);
}

async fn bad_stale_foreign_and_racing_answers_change_nothing(backend: Backend) {
    let (db, svc) = service_with(backend, &[puzzle(SHOT, SHOT_LINE)]).await;
    let play = svc.puzzles().next_puzzle(GUILD, WHITE, T0).await.unwrap().play;
    let a = play.attempt;
    for (user, step, text, refused) in [
        (WHITE, 0, "5-", "a malformed move"),
        (WHITE, 0, "9-13", "a move of an empty square"),
        (BLACK, 0, "5-9", "someone else's puzzle"),
        (WHITE, 2, "5-9", "a board it never reached"),
    ] {
        let answer = svc.puzzles().answer(a, step, user, text, T0 + 5).await;
        assert!(answer.is_err(), "{refused}: {answer:?}");
        assert_eq!(svc.puzzles().attempt(a).await.unwrap().step, 0, "{refused} changed nothing");
    }
    assert!(matches!(svc.puzzles().answer(a, 0, BLACK, "5-9", T0).await, Err(GameError::NotYourPuzzle)));
    // Two answers to one board, from two processes: one is played.
    let other = GameService::open(db.url()).await.unwrap();
    let (one, two) = tokio::join!(
        svc.puzzles().answer(a, 0, WHITE, "5-9", T0 + 10),
        other.puzzles().answer(a, 0, WHITE, "5-9", T0 + 10)
    );
    let played = [&one, &two].iter().filter(|r| matches!(r, Ok(Answered::Continue { .. }))).count();
    let moved_on = [&one, &two].iter().filter(|r| matches!(r, Err(GameError::PuzzleMovedOn))).count();
    assert_eq!((played, moved_on), (1, 1), "{one:?} {two:?}");
    assert_eq!(svc.puzzles().attempt(a).await.unwrap().step, 2);
    // The old board's menu, chosen again: refused.
    assert!(matches!(svc.puzzles().answer(a, 0, WHITE, "5-9", T0 + 20).await, Err(GameError::PuzzleMovedOn)));
    // Two finishing answers race: rated once.
    let (one, two) = tokio::join!(
        svc.puzzles().answer(a, 2, WHITE, "9x18", T0 + 30),
        other.puzzles().answer(a, 2, WHITE, "9x18", T0 + 30)
    );
    let solved = [&one, &two].iter().filter(|r| matches!(r, Ok(Answered::Solved { .. }))).count();
    assert_eq!(solved, 1, "{one:?} {two:?}");
    assert_eq!(svc.puzzles().stats(GUILD, WHITE).await.unwrap().unwrap().player.played, 1);
}

async fn the_starting_set_is_stored_once_and_rates_a_regular(backend: Backend) {
    let (_db, svc) = service(backend).await;
    let shipped = STARTING_SET.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    assert_eq!(svc.puzzles().load_starting_set(T0).await.unwrap().added, shipped as u64);
    assert_eq!(svc.puzzles().load_starting_set(T0).await.unwrap(), SetSync::default(), "stored once");
    assert!(svc.puzzles().leaderboard(GUILD).await.unwrap().is_empty(), "nobody has played yet");
    // A regular who solves twenty in a row: rated up, on the leaderboard.
    let mut seen = std::collections::HashSet::new();
    for i in 0..20 {
        if i == 19 {
            assert!(svc.puzzles().leaderboard(GUILD).await.unwrap().is_empty(), "not with 19 puzzles");
        }
        let play = svc.puzzles().next_puzzle(GUILD, WHITE, T0 + i * 100).await.unwrap().play;
        assert!(seen.insert(play.puzzle.id), "never the same puzzle twice");
        assert!(matches!(solve(&svc, play, T0 + i * 100 + 50).await, Answered::Solved { .. }));
    }
    let stats = svc.puzzles().stats(GUILD, WHITE).await.unwrap().unwrap();
    assert_eq!((stats.player.played, stats.player.solved, stats.player.streak), (20, 20, 20));
    assert!(stats.player.rating.rating > 1700.0, "{:?}", stats.player.rating);
    assert!(stats.history.windows(2).all(|w| w[1].rating.rating > w[0].rating.rating), "every solve raised it");
    let board = svc.puzzles().leaderboard(GUILD).await.unwrap();
    assert_eq!(board.iter().map(|p| p.user).collect::<Vec<_>>(), [WHITE]);
    assert!(svc.puzzles().leaderboard(GUILD + 1).await.unwrap().is_empty(), "per server");
}

/// 2026-01-01 09:00 UTC: the daily puzzle's default hour.
const NINE: i64 = T0 + 9 * 3600;

async fn the_daily_puzzle_is_posted_once_and_revealed_the_next_day(backend: Backend) {
    let (db, svc) = service(backend).await;
    // A puzzle of this server's own games comes first (found before the
    // starting set is stored, which holds the same position).
    let game = start_game(&svc, T0, 1, Some(SHOT), Variant::Classic, DrawRules::Classic).await;
    svc.games().resign(T0 + 60, 1, WHITE).await.unwrap();
    svc.puzzles().scan_finished_games(T0 + 120, 10).await.unwrap();
    svc.puzzles().load_starting_set(T0 + 120).await.unwrap();
    assert!(matches!(
        svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), Some(9), false).await,
        Err(GameError::NotServerManager)
    ));
    assert!(matches!(
        svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), Some(24), true).await,
        Err(GameError::PuzzleHourOutOfRange(24))
    ));
    assert_eq!(svc.puzzles().daily_setting(GUILD).await.unwrap(), (None, 9), "nothing was set");
    svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), None, true).await.unwrap();
    assert_eq!(svc.puzzles().daily_setting(GUILD).await.unwrap(), (Some(500), 9));
    assert!(svc.puzzles().daily_posts_due(NINE - 60).await.unwrap().is_empty(), "not before its hour");
    // Two processes at the hour: one claims it.
    let other = GameService::open(db.url()).await.unwrap();
    let (a, b) = tokio::join!(svc.puzzles().daily_posts_due(NINE + 5), other.puzzles().daily_posts_due(NINE + 5));
    let claimed: Vec<_> = a.unwrap().into_iter().chain(b.unwrap()).collect();
    assert_eq!(claimed.len(), 1, "{claimed:?}");
    let daily = &claimed[0];
    let today = daily.day;
    assert_eq!((daily.guild, daily.channel, daily.message), (GUILD, 500, None));
    let (_, chosen) = svc.puzzles().daily(GUILD, today).await.unwrap().unwrap();
    assert_eq!(chosen.source.as_ref().map(|s| s.game), Some(game.id), "the server's own game first");
    // The process that claimed it stopped before its post was known: after
    // the lease another takes it up (a restart is a new service).
    let restarted = GameService::open(db.url()).await.unwrap();
    assert!(restarted.puzzles().daily_posts_due(NINE + 60).await.unwrap().is_empty(), "leased");
    let again = restarted.puzzles().daily_posts_due(NINE + 5 + damas::game::DAILY_LEASE).await.unwrap();
    assert_eq!(again.iter().map(|d| (d.day, d.attempts)).collect::<Vec<_>>(), [(today, 2)]);
    restarted.puzzles().daily_posted(GUILD, today, 900).await.unwrap();
    assert!(restarted.puzzles().daily_posts_due(NINE + 3600).await.unwrap().is_empty(), "posted once");
    // Solved from its message: counted.
    let shown = svc.puzzles().daily_for(GUILD, today, BLACK, NINE + 100).await.unwrap();
    assert_eq!((shown.play.puzzle.id, shown.play.daily_day), (chosen.id, Some(today)));
    assert!(matches!(solve(&svc, shown.play, NINE + 200).await, Answered::Solved { .. }));
    assert_eq!(svc.puzzles().daily_counts(GUILD, today).await.unwrap(), (1, 1));
    let shown = svc.puzzles().daily_for(GUILD, today, BLACK, NINE + 300).await.unwrap();
    assert_eq!(shown.play.solved, Some(true), "finished once; shown as finished");
    assert!(svc.puzzles().daily_reveals_due(NINE + 3600).await.unwrap().is_empty(), "the day is not over");
    // The next day: yesterday's is revealed once, today's comes at nine.
    let next = NINE + 86_400;
    let reveal = svc.puzzles().daily_reveals_due(next - 3600).await.unwrap();
    assert_eq!(reveal.iter().map(|d| (d.day, d.message)).collect::<Vec<_>>(), [(today, Some(900))]);
    svc.puzzles().daily_revealed(GUILD, today, next - 3600).await.unwrap();
    assert!(other.puzzles().daily_reveals_due(next).await.unwrap().is_empty(), "revealed once");
    assert!(matches!(svc.puzzles().daily_for(GUILD, today, STRANGER, next).await, Err(GameError::DailyPuzzleRevealed)));
    let tomorrow = other.puzzles().daily_posts_due(next).await.unwrap();
    assert_eq!(tomorrow.iter().map(|d| d.day).collect::<Vec<_>>(), [today + 1]);
    let (_, second) = svc.puzzles().daily(GUILD, today + 1).await.unwrap().unwrap();
    assert_ne!(second.id, chosen.id, "a server never gets a puzzle twice");
    // Turned off: nothing more, not even the post claimed and never known posted.
    svc.puzzles().set_daily(next, GUILD, Some(None), None, true).await.unwrap();
    assert!(svc.puzzles().daily_posts_due(next + 86_400).await.unwrap().is_empty());
    svc.puzzles().set_daily(next, GUILD, Some(Some(500)), Some(23), true).await.unwrap();
    let later = svc.puzzles().daily_posts_due(next + 86_400 + 14 * 3600).await.unwrap();
    assert_eq!(later.iter().map(|d| d.day).collect::<Vec<_>>(), [today + 2], "a day late is too late: the new day's");
}

/// A daily puzzle opened before its solution is out and answered after
/// earns nothing: the answer is refused and the attempt closes unrated (no
/// rating, no streak, not counted); at the reveal, the attempts still open
/// close the same way, so `/puzzle play` does not bring it back.
async fn a_daily_answer_after_its_day_earns_nothing(backend: Backend) {
    let (_db, svc) = service_with(backend, &[puzzle(SHOT, SHOT_LINE)]).await;
    svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), None, true).await.unwrap();
    let today = svc.puzzles().daily_posts_due(NINE + 5).await.unwrap()[0].day;
    svc.puzzles().daily_posted(GUILD, today, 900).await.unwrap();
    // Three open it during its day; one answers in time.
    let in_time = svc.puzzles().daily_for(GUILD, today, WHITE, NINE + 100).await.unwrap().play;
    let late = svc.puzzles().daily_for(GUILD, today, BLACK, NINE + 100).await.unwrap().play;
    let never = svc.puzzles().daily_for(GUILD, today, STRANGER, NINE + 100).await.unwrap().play;
    assert!(matches!(solve(&svc, in_time, NINE + 200).await, Answered::Solved { .. }));

    // Past the server's midnight (UTC here), before the reveal is posted:
    // the right move is refused, and the attempt is over, unrated.
    let next_day = T0 + 86_400 + 60;
    let answered = svc.puzzles().answer(late.attempt, late.step, BLACK, &late.puzzle.notation[0], next_day).await;
    assert!(matches!(answered, Err(GameError::DailyPuzzleRevealed)), "{answered:?}");
    assert_eq!(svc.store().puzzle_rating(GUILD, BLACK).await.unwrap(), None, "no rating, no streak");
    assert_eq!(svc.puzzles().attempt(late.attempt).await.unwrap().solved, Some(false));
    assert!(svc.puzzles().open_puzzle(GUILD, BLACK).await.unwrap().is_none());
    let again = svc.puzzles().answer(late.attempt, late.step, BLACK, &late.puzzle.notation[0], next_day).await;
    assert!(matches!(again, Err(GameError::DailyPuzzleRevealed | GameError::PuzzleOver)), "{again:?}");

    // The reveal closes the attempt nobody answered: /puzzle play does
    // not bring it back, and only the answer in time is counted.
    assert_eq!(svc.puzzles().open_puzzle(GUILD, STRANGER).await.unwrap().map(|p| p.attempt), Some(never.attempt));
    svc.puzzles().daily_revealed(GUILD, today, next_day).await.unwrap();
    assert!(svc.puzzles().open_puzzle(GUILD, STRANGER).await.unwrap().is_none());
    assert_eq!(svc.store().puzzle_rating(GUILD, STRANGER).await.unwrap(), None);
    assert_eq!(svc.puzzles().daily_counts(GUILD, today).await.unwrap(), (1, 1));
    let white = svc.store().puzzle_rating(GUILD, WHITE).await.unwrap().expect("rated in time");
    assert_eq!((white.played, white.solved, white.streak), (1, 1, 1));
}

/// Two servers with no games of their own go through the shared starting
/// set in orders of their own: not the same sequence, not the order it was
/// stored in, and never a puzzle twice.
async fn each_server_has_its_own_sequence_of_daily_puzzles(backend: Backend) {
    let (_db, svc) = service(backend).await;
    svc.puzzles().load_starting_set(T0).await.unwrap();
    let other_guild = GUILD + 1;
    svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), None, true).await.unwrap();
    svc.puzzles().set_daily(T0, other_guild, Some(Some(501)), None, true).await.unwrap();
    let mut sequences: std::collections::BTreeMap<u64, Vec<i64>> = Default::default();
    for day in 0..6 {
        for daily in svc.puzzles().daily_posts_due(NINE + 5 + day * 86_400).await.unwrap() {
            svc.puzzles().daily_posted(daily.guild, daily.day, 900 + day as u64).await.unwrap();
            let (_, chosen) = svc.puzzles().daily(daily.guild, daily.day).await.unwrap().unwrap();
            sequences.entry(daily.guild).or_default().push(chosen.id);
        }
    }
    let (ours, theirs) = (&sequences[&GUILD], &sequences[&other_guild]);
    assert_eq!((ours.len(), theirs.len()), (6, 6), "{sequences:?}");
    assert_ne!(ours, theirs, "the same sequence");
    for sequence in [ours, theirs] {
        assert!(!sequence.is_sorted(), "in the stored order: {sequence:?}");
        let mut once = sequence.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), sequence.len(), "a puzzle twice: {sequence:?}");
    }
}

/// A breakthrough and its own tail (both were in the shipped set once),
/// and a shot of another line: a server that had one of the first two as
/// its daily puzzle does not get the other within 30 days.
async fn a_daily_puzzle_is_never_kin_to_one_of_the_last_thirty_days(backend: Backend) {
    let whole = puzzle("B:W1,2,4,8,13,22,23:B10,11,16,24,29,30,32", "10-6 22-27 6-3");
    let tail = puzzle("B:W1,2,4,8,13,23,27:B6,11,16,24,29,30,32", "6-3");
    let (_db, svc) = service_with(backend, &[whole.clone(), tail.clone(), puzzle(SHOT, SHOT_LINE)]).await;
    svc.puzzles().set_daily(T0, GUILD, Some(Some(500)), None, true).await.unwrap();
    let mut shown = Vec::new();
    for day in [0, 1, 2, 29, 40] {
        for daily in svc.puzzles().daily_posts_due(NINE + 5 + day * 86_400).await.unwrap() {
            svc.puzzles().daily_posted(daily.guild, daily.day, 900 + day as u64).await.unwrap();
            let (_, chosen) = svc.puzzles().daily(daily.guild, daily.day).await.unwrap().unwrap();
            shown.push((day, chosen.notation.join(" ")));
        }
    }
    let days: Vec<i64> = shown.iter().map(|(day, _)| *day).collect();
    // The shot and one of the pair on two of the first three days; none
    // on the third nor 30 days after, while the pair's other is kin to a
    // puzzle shown within 30 days; on day 40 it is not any more.
    assert_eq!(days[..2], [0, 1], "{shown:?}");
    assert_eq!(days[2..], [40], "{shown:?}");
    let lines: Vec<&str> = shown.iter().map(|(_, line)| line.as_str()).collect();
    assert!(lines.contains(&SHOT_LINE), "{shown:?}");
    let (first_of_pair, last) = (lines[..2].iter().find(|l| **l != SHOT_LINE).unwrap(), lines[2]);
    assert_ne!(first_of_pair, &last, "{shown:?}");
    assert!([whole.line.as_str(), tail.line.as_str()].contains(&last), "{shown:?}");
}

crate::on_both_backends!(
    multi_thread: the_right_line_solves_and_rates_player_and_puzzle,
    each_server_has_its_own_sequence_of_daily_puzzles,
    a_daily_puzzle_is_never_kin_to_one_of_the_last_thirty_days,
    a_daily_answer_after_its_day_earns_nothing,
    a_wrong_move_fails_and_ends_the_streak,
    a_second_winning_move_counts_as_solved,
    bad_stale_foreign_and_racing_answers_change_nothing,
    the_starting_set_is_stored_once_and_rates_a_regular,
    the_daily_puzzle_is_posted_once_and_revealed_the_next_day,
);
