//! The balanced openings of match play (RULES 8.3c) kept in
//! `data/balanced_openings.txt`: 43 distinct two-ply openings, each a legal
//! White move and Black reply from the start, and exactly what
//! `damas openings` prints at its default depth (so the file can be
//! regenerated and checked).

use damas::cli::openings::{Args, DEFAULT_DEPTH, run};
use damas::rules::{DrawRules, Game, Position, Variant};

const FILE: &str = include_str!("../../data/balanced_openings.txt");

fn openings() -> Vec<(String, String)> {
    FILE.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut words = l.split_whitespace();
            let (first, reply) = (words.next().unwrap(), words.next().expect("a reply"));
            (first.to_string(), reply.to_string())
        })
        .collect()
}

#[test]
fn the_file_holds_43_distinct_legal_two_ply_openings() {
    let list = openings();
    assert_eq!(list.len(), 43, "RULES 8.3c: 43 of the 49");
    let mut distinct = list.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 43);
    for (first, reply) in &list {
        let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        game.play_notation(first).unwrap_or_else(|e| panic!("{first}: {e}"));
        game.play_notation(reply).unwrap_or_else(|e| panic!("{first} {reply}: {e}"));
        assert_eq!(game.notations(), [first.clone(), reply.clone()], "written canonically");
    }
}

#[test]
fn seven_first_moves_and_seven_replies_each() {
    // RULES 8.3c: the openings are drawn from 7 x 7.
    let start = Position::initial();
    let firsts = start.legal_moves();
    assert_eq!(firsts.len(), 7);
    for mv in firsts {
        assert_eq!(start.play(&mv).unwrap().legal_moves().len(), 7);
    }
}

#[test]
fn the_command_regenerates_the_file() {
    let mut out = Vec::new();
    run(&Args { depth: DEFAULT_DEPTH }, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), FILE, "run `damas openings > data/balanced_openings.txt`");
}
