//! `/help`: the commands (named as Discord shows them in that language)
//! and a summary of the rules, built from the catalog.

use crate::t;

use super::{Lang, text};

/// The square numbers from White's side: numbers only, the same in every
/// language (RULES 2).
const SQUARES: &str = "\
```
    a  b  c  d  e  f  g  h
8  32 .. 31 .. 30 .. 29 ..
7  .. 28 .. 27 .. 26 .. 25
6  24 .. 23 .. 22 .. 21 ..
5  .. 20 .. 19 .. 18 .. 17
4  16 .. 15 .. 14 .. 13 ..
3  .. 12 .. 11 .. 10 ..  9
2   8 ..  7 ..  6 ..  5 ..
1  ..  4 ..  3 ..  2 ..  1
```";

/// The help text in `lang`: the commands (one message's text; the rules
/// come with it, see [`help_rules`]).
pub fn help(lang: Lang) -> String {
    // "/desafiar" for a Spanish reader: the name Discord shows them.
    let cmd = |name: &str| format!("/{}", text(lang, &format!("cmd-{name}-name")));
    let lines = [
        t!(lang, "help-title"),
        t!(lang, "help-challenge", challenge = cmd("challenge"), challenges = cmd("challenges")),
        t!(lang, "help-answer", accept = cmd("accept"), decline = cmd("decline"), cancel = cmd("cancel")),
        t!(lang, "help-abort", abort = cmd("abort")),
        t!(lang, "help-move", play = cmd("move")),
        t!(lang, "help-moves", moves = cmd("moves")),
        t!(
            lang,
            "help-board",
            board = cmd("board"),
            pdn = cmd("pdn"),
            replay = cmd("replay"),
            game = cmd("game"),
            history = cmd("history"),
            games = cmd("games")
        ),
        t!(lang, "help-draw", draw = cmd("draw"), resign = cmd("resign")),
        t!(lang, "help-mine", mygames = cmd("mygames"), notify = cmd("notify")),
        t!(
            lang,
            "help-comfort",
            premove = cmd("premove"),
            takeback = cmd("takeback"),
            moretime = cmd("moretime"),
            vacation = cmd("vacation")
        ),
        t!(lang, "help-ratings", rating = cmd("rating"), leaderboard = cmd("leaderboard")),
        t!(lang, "help-analyze", analyze = cmd("analyze")),
        t!(
            lang,
            "help-puzzles",
            puzzle = cmd("puzzle"),
            play = text(lang, "sub-puzzle-play-name"),
            stats = text(lang, "sub-puzzle-stats-name"),
            leaderboard = text(lang, "sub-puzzle-leaderboard-name")
        ),
        t!(lang, "help-tournaments", tournament = cmd("tournament"), tournaments = cmd("tournaments")),
        t!(lang, "help-settings", settings = cmd("settings")),
    ];
    lines.join("\n")
}

/// The rules in short and the square numbers, in `lang`: the title and the
/// text of the embed `/help` carries beside its commands.
pub fn help_rules(lang: Lang) -> (String, String) {
    let lines = [
        t!(lang, "help-rule-board"),
        t!(lang, "help-rule-men"),
        t!(lang, "help-rule-kings"),
        t!(lang, "help-rule-capture"),
        t!(lang, "help-rule-end"),
        t!(lang, "help-rule-clock"),
        String::new(),
        t!(lang, "help-squares-title"),
        SQUARES.to_string(),
    ];
    (t!(lang, "help-rules-title"), lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_fits_in_one_message_in_every_language() {
        for lang in Lang::ALL {
            let help = help(lang);
            assert!(help.chars().count() <= 2000, "{lang:?}: {} characters", help.chars().count());
            assert!(!help.contains("{ $"), "{lang:?}: a placeholder left unfilled");
            // The rules' embed: a title of at most 256, a text of at most 4,096.
            let (title, rules) = help_rules(lang);
            assert!(title.chars().count() <= 256 && rules.chars().count() <= 4096, "{lang:?}");
            assert!(rules.contains("32 .. 31") && !rules.contains("{ $"), "{lang:?}: {rules}");
        }
    }

    #[test]
    fn help_names_the_commands_as_discord_shows_them() {
        let english = help(Lang::En);
        for name in ["/challenge", "/move 11-15", "/analyze", "/abort", "/resign"] {
            assert!(english.contains(name), "English help lacks {name}");
        }
        let spanish = help(Lang::Es);
        for name in ["/desafiar", "/mover 11-15", "/analizar", "/anular", "/abandonar"] {
            assert!(spanish.contains(name), "Spanish help lacks {name}");
        }
    }

    #[test]
    fn the_spanish_rules_use_the_game_s_own_terms() {
        let spanish = format!("{}\n{}", help(Lang::Es), help_rules(Lang::Es).1).to_lowercase();
        for term in
            ["damas españolas", "peón", "dama", "captura obligatoria", "ley de la cantidad", "calidad", "tablas"]
        {
            assert!(spanish.contains(term), "Spanish help lacks «{term}»");
        }
    }
}
