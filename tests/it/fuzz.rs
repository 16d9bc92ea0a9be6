//! Fuzzing without a nightly toolchain (cargo-fuzz needs one, and none can
//! be installed here): a seeded mutation fuzzer over two targets - the FEN
//! reader and the move notation reader. The slash commands themselves are
//! fuzzed end to end, through the running bot (`e2e/command_fuzz.rs`).
//!
//! Each input is a valid seed changed by one to four random edits (insert,
//! delete, replace, duplicate, cut, splice with another seed), or plain
//! random text. Each target checks more than "no panic": what is read back
//! must be consistent (a FEN read is written and read again to the same
//! position; a move read is legal and its canonical notation reads back to
//! it). A panic reports the input, to be kept below as a regression case.
//!
//! Each target runs 1,000,000 inputs (a few seconds for both in a release
//! build, so CI runs them all); `DAMAS_FUZZ_INPUTS` sets another count, and
//! `cargo test --release --test fuzz -- --nocapture` prints the counts.
#![cfg(not(debug_assertions))]

use std::panic::{AssertUnwindSafe, catch_unwind};

use damas::rules::{Position, parse_fen, to_fen};

use crate::support::rng::Rng;

fn inputs() -> usize {
    std::env::var("DAMAS_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000_000)
}

/// Characters the readers give meaning to, and a few they should refuse.
const ALPHABET: &[char] = &[
    'W', 'B', 'K', 'w', 'b', 'k', ':', ',', '-', 'x', 'X', '.', ' ', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
    '"', '[', ']', '?', '\n', '×', 'é', '\u{0}', '\u{202e}', '😀',
];

/// One input: a seed with random edits, or random text.
fn mutate(rng: &mut Rng, seeds: &[String]) -> String {
    let mut chars: Vec<char> = if rng.below(16) == 0 { Vec::new() } else { rng.pick(seeds).chars().collect() };
    for _ in 0..1 + rng.below(4) {
        let at = if chars.is_empty() { 0 } else { rng.below(chars.len() + 1) };
        match rng.below(7) {
            0 | 1 => chars.insert(at, *rng.pick(ALPHABET)),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 if at < chars.len() => chars[at] = *rng.pick(ALPHABET),
            4 => {
                let len = rng.below(8).min(chars.len() - at.min(chars.len()));
                let copy: Vec<char> = chars[at..at + len].to_vec();
                chars.splice(at..at, copy);
            }
            5 => chars.truncate(at),
            _ => {
                let other: Vec<char> = rng.pick(seeds).chars().collect();
                let from = rng.below(other.len() + 1);
                chars.splice(at..at, other[from..].iter().copied());
            }
        }
        chars.truncate(200);
    }
    chars.into_iter().collect()
}

/// Runs `check` on `input`; a panic fails the test and names the input.
fn guarded(target: &str, input: &str, check: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(check)).is_err() {
        panic!("{target}: the input {input:?} made the reader panic; keep it as a regression case");
    }
}

/// Positions to read moves in: the start, two middle games reached by
/// seeded play, kings with many captures.
fn positions() -> Vec<Position> {
    let mut out = vec![Position::initial()];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for plies in [10, 25] {
        let mut pos = Position::initial();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(rng.pick(&moves)).expect("a legal move plays");
        }
        out.push(pos);
    }
    out.extend(["W:WK1,K30:B10,18,19,27", "B:WK5:BK28,K32,14"].map(|fen| parse_fen(fen).unwrap()));
    out
}

fn fen_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = positions().iter().map(to_fen).collect();
    seeds.extend(["W:W1-12:B21-32", "B:WK1,K2:B3", "[FEN \"W:W10,11:BK25\"]", "W:W:B", "W:B1:W2"].map(String::from));
    seeds
}

#[test]
fn fen_reader() {
    let (seeds, mut rng, mut read) = (fen_seeds(), Rng(0x9E37_79B9_7F4A_7C15), 0);
    for _ in 0..inputs() {
        let text = mutate(&mut rng, &seeds);
        guarded("FEN", &text, || {
            if let Ok(pos) = parse_fen(&text) {
                read += 1;
                let written = to_fen(&pos);
                assert_eq!(parse_fen(&written), Ok(pos), "{text:?} was read, written as {written:?}");
            }
        });
    }
    println!("fuzz FEN: {} inputs, {read} read as a position, 0 panics", inputs());
}

#[test]
fn notation_reader() {
    let positions = positions();
    let mut seeds: Vec<String> = positions.iter().flat_map(|p| p.legal_moves_with_notation()).map(|(_, n)| n).collect();
    seeds.extend(["11-15", "22x13", "6x13x22", "1x23", "32-28"].map(String::from));
    let (mut rng, mut read) = (Rng(0xD1B5_4A32_D192_ED03), 0);
    for _ in 0..inputs() {
        let text = mutate(&mut rng, &seeds);
        let pos = *rng.pick(&positions);
        guarded("notation", &text, || {
            if let Ok(mv) = pos.parse_move(&text) {
                read += 1;
                assert!(pos.legal_moves().contains(&mv), "{text:?} was read as an illegal move");
                assert_eq!(pos.parse_move(&pos.notation(&mv)), Ok(mv), "{text:?}");
            }
        });
    }
    println!("fuzz notation: {} inputs, {read} read as a legal move, 0 panics", inputs());
}
