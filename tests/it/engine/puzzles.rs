//! Puzzles (issue "puzzles from the server's own games", items 1 and 2):
//! the composed shots are found as puzzles with their winning move; quiet
//! positions, captures already compulsory and single moves are not
//! puzzles; a proven endgame win is; and every puzzle shipped in
//! `data/puzzles.txt` is legal and unique at the verification depth.

use damas::engine::Searcher;
use damas::engine::puzzle_kin::{Solution, without_kin};
use damas::engine::puzzle_set::{read_puzzle_line, self_play_game};
use damas::engine::puzzles::{FIND_DEPTH, MARGIN, Theme, VERIFY_DEPTH, WINNING, puzzle_at, puzzles_in_game, verify};
use damas::engine::{DEFAULT_TABLE_MB, Root, Style};
use damas::rules::{DrawRules, Position, Variant};

use super::shots::SHOTS;
use crate::support::tables::tables;

fn root(fen: &str) -> Root {
    Root::new(fen.parse::<Position>().unwrap(), Variant::Classic, DrawRules::Classic)
}

fn searcher() -> Searcher {
    Searcher::new(4, Some(tables()))
}

/// The composed shots (`shots.rs`) where another move wins too, if less
/// quickly: the search sees more than the shot's material count, and by
/// the puzzles' rule (one winning move) they are not puzzles.
const SHOTS_WITH_ANOTHER_WIN: [&str; 3] =
    ["W:W1,2,3,4,5,7,16:B12,15,17,18,29,31,32", "B:W3,7,8,11,19:B14,18,29,31,32", "B:W1,6,10,18:B15,24,25,26"];

#[test]
fn composed_shots_are_puzzles_with_their_winning_move_unless_another_wins() {
    let mut found = 0;
    for &(fen, winning, _) in SHOTS {
        let root = root(fen);
        let puzzle = puzzle_at(&mut searcher(), &root, FIND_DEPTH);
        if SHOTS_WITH_ANOTHER_WIN.contains(&fen) {
            assert!(puzzle.is_none(), "{fen}: {puzzle:?}");
            let scored = searcher().score_moves(&root, FIND_DEPTH, Style::default());
            assert!(scored[1].1 >= WINNING, "{fen}: a second move wins: {scored:?}");
            continue;
        }
        let puzzle = puzzle.unwrap_or_else(|| panic!("{fen}: no puzzle"));
        let line = puzzle.line_notation();
        assert_eq!(line[0], winning, "{fen}: {line:?}");
        assert_eq!(line.len() % 2, 1, "{fen}: ends on the solver's move");
        assert!(puzzle.gain >= 1 && puzzle.theme != Theme::Endgame, "{fen}: {puzzle:?}");
        found += 1;
    }
    assert_eq!(found, SHOTS.len() - SHOTS_WITH_ANOTHER_WIN.len());
}

#[test]
fn quiet_positions_compulsory_captures_and_single_moves_are_not_puzzles() {
    let mut searcher = searcher();
    for quiet in ["W:W1-12:B21-32", "B:W1,2,3,4,5,6,7,9,10,11,12,15:B21,22,23,24,25,26,27,28,29,30,31,32"] {
        assert!(puzzle_at(&mut searcher, &root(quiet), FIND_DEPTH).is_none(), "{quiet}");
    }
    // A capture is compulsory, however many there are to choose from: a
    // recapture is not a gain to find. The first such position two plies
    // from the start.
    let start = Position::initial();
    let capture = start
        .legal_moves()
        .iter()
        .flat_map(|a| {
            let after = start.play(a).unwrap();
            after.legal_moves().into_iter().map(move |b| after.play(&b).unwrap())
        })
        .find(|p| p.legal_moves().first().is_some_and(|m| m.is_capture()))
        .expect("an exchange two plies in");
    let capture = Root::new(capture, Variant::Classic, DrawRules::Classic);
    assert!(puzzle_at(&mut searcher, &capture, FIND_DEPTH).is_none());
    // One legal move (the man on 9 has one square ahead), winning or not.
    let single = root("W:W9:B32");
    assert_eq!(single.position.legal_moves().len(), 1);
    assert!(puzzle_at(&mut searcher, &single, FIND_DEPTH).is_none());
}

#[test]
fn a_proven_endgame_win_with_one_winning_move_is_a_puzzle() {
    // Two kings against one: only 15-26, giving a king away, wins.
    let root = root("W:WK15,K17:BK30");
    let puzzle = puzzle_at(&mut searcher(), &root, VERIFY_DEPTH).expect("a puzzle");
    assert_eq!(puzzle.theme, Theme::Endgame);
    assert_eq!(puzzle.line_notation()[0], "15-26");
    let scored = searcher().score_moves(&root, VERIFY_DEPTH, Style::default());
    assert!(scored[0].1 - scored[1].1 >= MARGIN, "{scored:?}");
}

#[test]
fn a_games_puzzles_each_hold_at_the_verification_depth() {
    let mut searcher = searcher();
    let game = self_play_game(&mut searcher, 2026, 1);
    let found = puzzles_in_game(&mut searcher, &game, FIND_DEPTH, VERIFY_DEPTH);
    for (ply, puzzle) in &found {
        let mut replay = damas::rules::Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        for mv in &game.moves()[..*ply] {
            replay.play(mv).unwrap();
        }
        assert_eq!(*replay.position(), puzzle.position, "ply {ply}");
        assert!(replay.position().legal_moves().len() > 1, "ply {ply}: not forced");
    }
}

#[test]
fn the_shipped_puzzles_are_legal_distinct_and_unique_at_the_verification_depth() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt")).unwrap();
    let puzzles: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| read_puzzle_line(l).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(puzzles.len() >= 200, "a few hundred: {}", puzzles.len());
    let distinct: std::collections::HashSet<String> = puzzles.iter().map(|p| p.position.to_string()).collect();
    assert_eq!(distinct.len(), puzzles.len(), "each position once");
    for theme in Theme::ALL {
        assert!(puzzles.iter().any(|p| p.theme == theme), "some {theme:?}");
    }
    // The generator's own table size: a search's result at a fixed depth
    // depends on what its transposition table kept.
    let mut searcher = Searcher::new(DEFAULT_TABLE_MB, Some(tables()));
    for puzzle in &puzzles {
        let fen = puzzle.position.to_string();
        let again = verify(&mut searcher, puzzle, Variant::Classic, DrawRules::Classic, VERIFY_DEPTH);
        let again = again.unwrap_or_else(|| panic!("{fen}: no longer a puzzle at depth {VERIFY_DEPTH}"));
        assert_eq!(again, *puzzle, "{fen}: the same line and theme again");
    }
}

#[test]
fn no_two_shipped_puzzles_are_kin() {
    // Issue "puzzles that are true, varied and fair", point 4: no puzzle
    // is another's tail, and no two share a line (the first of each
    // family is kept, as `damas puzzles generate` keeps it).
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    let solution = |line: &&str| {
        let puzzle = read_puzzle_line(line).unwrap_or_else(|e| panic!("{e}"));
        Solution::new(puzzle.position, &puzzle.line)
    };
    let kept = without_kin(lines.iter().copied(), solution);
    let kin: Vec<&&str> = lines.iter().filter(|l| !kept.contains(l)).collect();
    assert!(
        kin.is_empty(),
        "{} puzzles kin to one before them:\n{}",
        kin.len(),
        kin.iter().map(|l| **l).collect::<Vec<_>>().join("\n")
    );
    assert!(kept.len() >= 400, "{} left", kept.len());
}

#[test]
fn the_generator_is_reproducible_and_the_shipped_file_is_its_output() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_damas"))
            .args(["puzzles", "generate", "--games", "8", "--tables"])
            .arg(crate::support::tables::table_file())
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run();
    assert_eq!(first, run(), "the same seed, the same puzzles");
    let lines = |text: &str| text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
    let made = lines(&first);
    assert!(!made.is_empty(), "eight games leave some puzzle: {first}");
    // Games are scanned in order and each position kept the first time,
    // so the default file (more games, same seed) starts with these.
    let shipped = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt")).unwrap();
    assert_eq!(lines(&shipped)[..made.len()], made[..]);
}
