//! The catalogs agree: every key in every language, with the same
//! placeholders; and lookups fill them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::*;

/// Each message of a catalog folder and the placeholders (`{ $name }`) it uses.
pub(super) fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang.folder());
    let mut out = BTreeMap::new();
    for file in std::fs::read_dir(&folder).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let mut current: Option<String> = None;
        for line in text.lines() {
            let is_message = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if is_message {
                let (key, _) = line.split_once('=').expect("a message line has `=`");
                let key = key.trim().to_string();
                assert!(!out.contains_key(&key), "{key} twice in {}", lang.folder());
                out.insert(key.clone(), BTreeSet::new());
                current = Some(key);
            } else if line.starts_with('#') || line.trim().is_empty() {
                if line.trim().is_empty() {
                    current = None;
                }
                continue;
            }
            let Some(key) = &current else { continue };
            let mut rest = line;
            while let Some(start) = rest.find("{ $") {
                let name: String =
                    rest[start + 3..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                out.get_mut(key).unwrap().insert(name);
                rest = &rest[start + 3..];
            }
        }
    }
    out
}

#[test]
fn every_language_has_every_key_with_the_same_placeholders() {
    let english = messages(Lang::En);
    assert!(english.len() > 50, "{} keys", english.len());
    // Latin American Spanish holds only what differs (see the next test).
    for lang in [Lang::En, Lang::Es] {
        let other = messages(lang);
        let missing: Vec<&String> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty() && extra.is_empty(), "{lang:?}: missing {missing:?}, extra {extra:?}");
        for (key, placeholders) in &english {
            assert_eq!(&other[key], placeholders, "{lang:?}: placeholders of {key}");
        }
    }
}

/// `es-419` overrides Spain's Spanish message by message: each of its keys
/// is one of Spain's with the same placeholders and different words, and
/// every other key falls back to Spain's text (not to English).
#[test]
fn latin_american_spanish_overrides_only_what_differs() {
    let spain = messages(Lang::Es);
    let latin = messages(Lang::Es419);
    assert!(latin.len() >= 10, "{} keys", latin.len());
    for (key, placeholders) in &latin {
        assert_eq!(spain.get(key), Some(placeholders), "es-419 {key}: not in es, or other placeholders");
        // Every placeholder filled (with 2: plurals take their "other" form).
        let args: Vec<(&'static str, FluentValue<'static>)> =
            placeholders.iter().map(|p| (&*String::leak(p.clone()), FluentValue::from(2))).collect();
        let (latin_text, spain_text) = (text_with(Lang::Es419, key, &args), text_with(Lang::Es, key, &args));
        assert!(!latin_text.starts_with("Unknown"), "es-419 {key}: {latin_text}");
        assert_ne!(latin_text, spain_text, "es-419 {key} says what es says");
    }
    assert_eq!(text(Lang::Es419, "button-join"), "Inscribirse");
    assert_eq!(text(Lang::Es, "button-join"), "Apuntarse");
    assert!(!latin.contains_key("cmd-challenge-name"));
    assert_eq!(text(Lang::Es419, "cmd-challenge-name"), "desafiar", "falls back to Spain's Spanish");
    assert_eq!(signed_decimal(Lang::Es419, 1.26), "+1,3");
}

/// No Spanish message assumes the reader's or a player's gender, or
/// speaks to several people as Spain's "vosotros".
#[test]
fn spanish_messages_assume_no_gender_and_no_vosotros() {
    let words =
        [" él ", " él.", "Ganador", "ganador:", "el organizador", "apuntado", "mismo;", "mirad", " pulsad", " os "];
    for lang in [Lang::Es, Lang::Es419] {
        for key in messages(lang).keys() {
            let said = text(lang, key);
            for word in words {
                assert!(!said.contains(word), "{lang:?} {key}: «{word}» in {said}");
            }
        }
    }
}

#[test]
fn points_and_players_are_counted_in_words() {
    let over = |lang, points: &str| {
        let count = points_count(points);
        crate::t!(
            lang,
            "tournament-over-winner",
            title = "T",
            player = "@a",
            points = points.to_string(),
            count = count
        )
    };
    assert_eq!(over(Lang::En, "1"), "T is over: @a wins with 1 point!");
    assert_eq!(over(Lang::En, "1½"), "T is over: @a wins with 1½ points!");
    assert_eq!(over(Lang::Es, "½"), "T ha terminado: ¡gana @a con ½ punto!");
    assert_eq!(over(Lang::Es, "3"), "T ha terminado: ¡gana @a con 3 puntos!");
    let few = |lang, players: usize| crate::t!(lang, "err-too-few-entrants", players = players, least = 3usize);
    assert!(few(Lang::En, 0).starts_with("Nobody has signed up yet:"), "{}", few(Lang::En, 0));
    assert!(few(Lang::En, 1).starts_with("Only 1 player has"), "{}", few(Lang::En, 1));
    assert!(few(Lang::Es419, 2).starts_with("Solo se inscribieron 2 jugadores"), "{}", few(Lang::Es419, 2));
    let history = |wins: u32| {
        crate::t!(Lang::Es, "history-title", player = "@a", total = wins + 1, wins = wins, draws = 0u32, losses = 1u32)
    };
    assert!(history(1).ends_with("1 ganada, 0 tablas, 1 perdida"), "{}", history(1));
    assert!(history(2).ends_with("2 ganadas, 0 tablas, 1 perdida"), "{}", history(2));
    let note = crate::t!(Lang::Es, "ping-note", players = "@a y @b");
    assert_eq!(note, "@a y @b: ver el mensaje de arriba.");
}

#[test]
fn every_key_resolves_in_every_language() {
    for lang in Lang::ALL {
        for key in messages(lang).keys() {
            let found = text(lang, key);
            assert!(!found.is_empty() && found != *key, "{lang:?} {key}");
        }
    }
}

#[test]
fn discord_locales_choose_the_language() {
    assert_eq!(Lang::from_discord("es-ES"), Lang::Es);
    assert_eq!(Lang::from_discord("es-419"), Lang::Es419);
    assert_eq!(Lang::from_discord("en-US"), Lang::En);
    assert_eq!(Lang::from_discord("pt-BR"), Lang::En, "English is the fallback");
    assert_eq!(text(Lang::Es, "cmd-challenge-name"), "desafiar");
    assert_eq!(text(Lang::En, "cmd-challenge-name"), "challenge");
}

/// Every `t!(lang, "key" ...)` in the sources, with the file it is in.
fn keys_used_in_sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                for (at, _) in source.match_indices("t!(") {
                    // Only calls: not in a comment, not the end of a longer name.
                    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
                    let before = source[..at].chars().last();
                    if source[line_start..at].trim_start().starts_with("//")
                        || before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    {
                        continue;
                    }
                    // `t!(lang, "key"`: a language expression, a comma, the key.
                    let rest = &source[at + 3..];
                    let Some(open) = rest.find('"') else { continue };
                    let head = &rest[..open];
                    let plain = head.chars().all(|c| c.is_alphanumeric() || "_.:, \n".contains(c));
                    if !plain || head.matches(',').count() != 1 {
                        continue;
                    }
                    let key: String = rest[open + 1..].chars().take_while(|&c| c != '"').collect();
                    out.push((key, path.display().to_string()));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

#[test]
fn every_key_the_code_uses_is_in_the_catalog() {
    let english = messages(Lang::En);
    let used = keys_used_in_sources();
    assert!(used.len() > 100, "found only {} uses of t!", used.len());
    let missing: Vec<&(String, String)> = used.iter().filter(|(key, _)| !english.contains_key(key)).collect();
    assert!(missing.is_empty(), "keys used but not in the catalog: {missing:?}");
}

#[test]
fn placeholders_are_filled() {
    let filled = crate::t!(Lang::Es, "played", player = "<@1>", notation = "11-15");
    assert_eq!(filled, "<@1> jugó **11-15**.");
    let plural = |days: u32| crate::t!(Lang::En, "challenge-days", days = days);
    assert_eq!((plural(1), plural(3)), ("1 day per move".to_string(), "3 days per move".to_string()));
    assert_eq!(crate::t!(Lang::Es, "challenge-days", days = 1u32), "1 día por jugada");
}

/// Every number a player reads agrees with its noun: "1 ply", "2 plies".
#[test]
fn counted_nouns_agree_with_their_number() {
    let wins = |lang, plies: u32| crate::t!(lang, "eval-wins-in", side = "White", plies = plies);
    assert_eq!(wins(Lang::En, 1), "White wins in 1 ply.");
    assert_eq!(wins(Lang::En, 25), "White wins in 25 plies.");
    assert_eq!(wins(Lang::Es, 1), "Las White ganan en 1 jugada.");
    let quiet = |count: usize| crate::t!(Lang::En, "moves-quiet", whose = "x", side = "White", count = count);
    assert_eq!(quiet(1), "In x, White is to move. 1 legal move:");
    assert_eq!(quiet(7), "In x, White is to move. 7 legal moves:");
    let captures = crate::t!(Lang::En, "moves-captures", whose = "x", side = "White", count = 1usize);
    assert_eq!(captures, "In x, White is to move. 1 legal capture (capturing is compulsory):");
    let limit = |lang, limit: u32| crate::t!(lang, "err-too-many-challenges", limit = limit);
    assert!(limit(Lang::En, 1).starts_with("You already have an open challenge in"));
    assert!(limit(Lang::Es, 3).starts_with("Ya tienes 3 desafíos abiertos en"));
    let wait = |lang, seconds: u32| crate::t!(lang, "err-cooling-down", seconds = seconds);
    assert!(wait(Lang::En, 1).ends_with("in 1 second."), "{}", wait(Lang::En, 1));
    assert!(wait(Lang::Es, 12).ends_with("dentro de 12 segundos."), "{}", wait(Lang::Es, 12));
    let replay = crate::t!(Lang::En, "replay-too-long", plies = 401u32, max = 400u32);
    assert!(replay.contains("(401 plies; at most 400)"), "{replay}");
}

#[test]
fn decimals_follow_the_language() {
    assert_eq!(signed_decimal(Lang::En, 1.26), "+1.3");
    assert_eq!(signed_decimal(Lang::Es, -0.3), "-0,3");
    assert_eq!(signed_decimal(Lang::Es, 0.0), "+0,0");
}
