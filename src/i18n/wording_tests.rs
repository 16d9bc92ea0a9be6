//! The words of the catalogs, read as a player reads them: one word per
//! language for a ply, and every count read with 1 in the singular.

use super::tests::messages;
use super::*;

/// The placeholders that count something; a message is read with each of
/// them at 1 (the others hold a name).
const COUNTS: [&str; 21] = [
    "count", "days", "plies", "played", "solved", "games", "players", "wins", "draws", "losses", "rounds", "used",
    "seconds", "hours", "limit", "total", "done", "all", "asked", "most", "least",
];

/// Messages where a placeholder of [`COUNTS`] holds a name, not a number
/// (a list of players, a move).
const NOT_COUNTS: [(&str, &str); 5] = [
    ("tournament-over-shared", "players"),
    ("puzzle-right", "played"),
    ("puzzle-solved", "played"),
    ("puzzle-solved-alternative", "played"),
    ("puzzle-failed", "played"),
];

/// Counts that are never 1 in these messages (read with 2 here).
const NEVER_ONE: [(&str, &str); 11] = [
    // "Several" is two or more.
    ("err-several-challenges", "count"),
    // A tournament takes 3 players or more (a Swiss 4), and has 2 games or more.
    ("err-tournament-full", "players"),
    ("err-too-many-entrants", "players"),
    ("err-too-many-entrants", "most"),
    ("err-max-players-out-of-range", "least"),
    ("err-max-players-out-of-range", "most"),
    ("tournament-started", "players"),
    ("tournament-games-done", "all"),
    // More rounds asked than a Swiss of 4 players or more can have.
    ("tournament-rounds-cut", "asked"),
    ("tournament-rounds-cut", "players"),
    // More than the 12 pieces a side may have.
    ("fen-too-many-pieces", "count"),
];

/// `key` in `lang` with every count at 1 (but those [`NEVER_ONE`]) and
/// every other placeholder a name.
fn with_ones(lang: Lang, key: &str, placeholders: &std::collections::BTreeSet<String>) -> String {
    let args: Vec<(&'static str, FluentValue<'static>)> = placeholders
        .iter()
        .map(|p| {
            let name: &'static str = String::leak(p.clone());
            let value = if !COUNTS.contains(&name) || NOT_COUNTS.contains(&(key, name)) {
                FluentValue::from("Ana")
            } else if NEVER_ONE.contains(&(key, name)) {
                FluentValue::from(2)
            } else {
                FluentValue::from(1)
            };
            (name, value)
        })
        .collect();
    text_with(lang, key, &args)
}

/// The words of `text`, punctuation and Markdown stripped from their ends.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// What reads as a plural after "1" in `lang`: a noun or adjective in -s,
/// or (Spanish) a verb in -n after its pronoun ("1 lo resolvieron").
fn plural_after_one(lang: Lang, next: &[String]) -> bool {
    let Some(word) = next.first() else { return false };
    match lang {
        // Singular words in -s: "1 loss", "1 is", "round 2 of 1 begins".
        Lang::En => {
            word.ends_with('s') && !["is", "was", "has", "this", "its", "loss", "begins"].contains(&word.as_str())
        }
        Lang::Es | Lang::Es419 => {
            // "tablas" has no singular: "1 tablas" is one drawn game.
            let noun = word.ends_with('s') && !["tablas", "más"].contains(&word.as_str());
            let pronoun = ["lo", "la", "le", "se"].contains(&word.as_str());
            let verb = pronoun && next.get(1).is_some_and(|v| v.ends_with('n'));
            noun || verb
        }
    }
}

/// Every message with a count, read with 1, reads singular: "1 game",
/// "1 partida", "1 lo resolvió", never "1 games" or "1 lo resolvieron".
#[test]
fn every_count_of_one_reads_singular() {
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        for (key, placeholders) in messages(Lang::En) {
            if !placeholders.iter().any(|p| COUNTS.contains(&p.as_str())) {
                continue;
            }
            let said = with_ones(lang, &key, &placeholders);
            let words = words(&said);
            for (at, _) in words.iter().enumerate().filter(|(_, w)| *w == "1") {
                if plural_after_one(lang, &words[at + 1..]) {
                    wrong.push(format!("{lang:?} {key}: {said}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "plurals after 1:\n{}", wrong.join("\n"));
}

/// The word for a ply (one side's move, counted over both sides): "ply" in
/// English, "jugada" in Spanish, in every count of plies; no count of
/// "turnos", no "half-moves" or "medias jugadas" anywhere.
#[test]
fn a_ply_has_one_word_per_language() {
    for lang in Lang::ALL {
        let (one, seven, counted, phrases): (&str, &str, &[&str], &[&str]) = match lang {
            Lang::En => ("1 ply", "7 plies", &[], &["half-move", "half move", "halfmove"]),
            Lang::Es | Lang::Es419 => {
                ("1 jugada", "7 jugadas", &["turno", "turnos"], &["media jugada", "medias jugadas"])
            }
        };
        for (key, placeholders) in messages(Lang::En) {
            let said = with_ones(lang, &key, &placeholders);
            let lower = said.to_lowercase();
            for phrase in phrases {
                assert!(!lower.contains(phrase), "{lang:?} {key} says «{phrase}»: {said}");
            }
            let words = words(&said);
            for pair in words.windows(2) {
                let number = pair[0].chars().all(|c| c.is_ascii_digit());
                assert!(!(number && counted.contains(&pair[1].as_str())), "{lang:?} {key} counts {}: {said}", pair[1]);
            }
            if placeholders.contains("plies") {
                assert!(said.contains(one), "{lang:?} {key}: {said}");
                let args: Vec<(&'static str, FluentValue<'static>)> = placeholders
                    .iter()
                    .map(|p| (&*String::leak(p.clone()), FluentValue::from(if p == "plies" { 7 } else { 2 })))
                    .collect();
                let many = text_with(lang, &key, &args);
                assert!(many.contains(seven), "{lang:?} {key}: {many}");
            }
        }
    }
    // The king-move rule in /help counts both sides' moves, and says so.
    let rule = |lang| text(lang, "help-rule-end");
    assert!(rule(Lang::En).contains("40 plies") && rule(Lang::En).contains("(20 each)"), "{}", rule(Lang::En));
    assert!(rule(Lang::Es).contains("40 jugadas") && rule(Lang::Es).contains("(20 por bando)"), "{}", rule(Lang::Es));
}
