//! Fuzzing without a nightly toolchain (cargo-fuzz needs one, and none can
//! be installed here): a seeded mutation fuzzer over three targets - the
//! FEN reader, the move notation reader, and the reading of slash command
//! options (serenity's decoding of the interaction's `data`, then the
//! bot's option readers and the parsers its commands apply to them).
//!
//! Each input is a valid seed changed by one to four random edits (insert,
//! delete, replace, duplicate, cut, splice with another seed), or plain
//! random text. Each target checks more than "no panic": what is read back
//! must be consistent (a FEN read is written and read again to the same
//! position; a move read is legal and its canonical notation reads back to
//! it). A panic reports the input, to be kept below as a regression case.
//!
//! Each target runs 1,000,000 inputs (about 5 s for the three in a release
//! build, so CI runs them all); `DAMAS_FUZZ_INPUTS` sets another count, and
//! `cargo test --release --test fuzz -- --nocapture` prints the counts.
#![cfg(not(debug_assertions))]

use std::panic::{AssertUnwindSafe, catch_unwind};

use damas::discord::interactions::commands::Options;
use damas::game::{ColorChoice, DEFAULT_BOT_LEVEL, level};
use damas::rules::{DrawRules, Position, Variant, parse_fen, to_fen};
use serde_json::{Value, json};
use serenity::all::CommandData;

/// A small, fast, seeded generator (xorshift64*): the same inputs each run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

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

/// Option names the commands read, and the names of the commands.
const OPTION_NAMES: [&str; 9] =
    ["opponent", "level", "color", "days", "variant", "draw_rules", "position", "move", "perspective"];

/// A random option as Discord would send it (sometimes of the wrong type
/// for its name, sometimes malformed).
fn option(rng: &mut Rng, texts: &[String]) -> Value {
    let name = if rng.below(10) == 0 { mutate(rng, texts) } else { rng.pick(&OPTION_NAMES).to_string() };
    let integers = [0, 1, 3, 5, 10, 11, 14, 15, -1, i64::MAX, i64::MIN, 1 << 53];
    let (kind, value) = match rng.below(6) {
        0 | 1 => (3, json!(mutate(rng, texts))),
        2 => (4, json!(*rng.pick(&integers))),
        3 => (6, json!(rng.pick(&["1001", "1002", "0", "18446744073709551615", "x"]).to_string())),
        4 => (5, json!(rng.below(2) == 0)),
        _ => (rng.below(12) as u64, json!(mutate(rng, texts))),
    };
    json!({"name": name, "type": kind, "value": value})
}

#[test]
fn slash_command_options() {
    let mut texts = fen_seeds();
    texts.extend(
        ["white", "black", "random", "classic", "giveaway", "ludoteka", "long", "hundred", "11-15", "22x13"]
            .map(String::from),
    );
    let names = damas::discord::interactions::slash::COMMANDS.each_ref().map(|c| c.name);
    let (mut rng, mut decoded) = (Rng(0x94D0_49BB_1331_11EB), 0);
    for _ in 0..inputs() {
        let options: Vec<Value> = (0..rng.below(5)).map(|_| option(&mut rng, &texts)).collect();
        let mut data = json!({"id": "41", "name": rng.pick(&names), "type": 1, "options": options});
        if rng.below(3) == 0 {
            let bot = rng.below(2) == 0;
            data["resolved"] =
                json!({"users": {"1001": {"id": "1001", "username": "ana", "bot": bot, "global_name": null}}});
        }
        let shown = data.to_string();
        // serenity's decoding refuses what Discord never sends; the bot
        // reads whatever it accepts.
        let Ok(data) = serde_json::from_value::<CommandData>(data) else { continue };
        decoded += 1;
        guarded("options", &shown, || read_like_the_commands(&Options::new(&data)));
    }
    println!("fuzz options: {} inputs, {decoded} decoded by serenity and read, 0 panics", inputs());
}

/// Every reader of [`Options`] on every name, and the parsers the commands
/// apply to what they read.
fn read_like_the_commands(opts: &Options<'_>) {
    for name in OPTION_NAMES {
        let _ = (opts.user(name), opts.user_is_bot(name), opts.user_name(name), opts.integer(name));
        if let Some(text) = opts.string(name) {
            let _ = (ColorChoice::from_name(text), text.parse::<Variant>(), text.parse::<DrawRules>());
            if let Ok(pos) = parse_fen(text) {
                let _ = pos.legal_moves_with_notation();
            }
            let _ = Position::initial().parse_move(text);
        }
    }
    let _ = level(opts.integer("level"), DEFAULT_BOT_LEVEL);
    if let Some(days) = opts.integer("days") {
        let _ = u32::try_from(days);
    }
}
