//! The players' guides' examples, run (docs/players.md, docs/jugadores.md):
//! every premove line they show is accepted from the start position, where
//! a reader first meets it, and every board picture they show is the one
//! the bot draws of that position, from the side a game would show it (the
//! side to move), pixel for pixel. `DAMAS_DRAW_GUIDE_PICTURES=1` draws
//! them again into docs/img (after a change to the pictures), and the test
//! then checks them.

use crate::support::games::*;
use damas::render::{RenderOptions, render_png};
use damas::rules::Position;

/// The guides, English and Spanish.
const GUIDES: [&str; 2] = ["docs/players.md", "docs/jugadores.md"];

/// The pictures the guides show: the file, the position before the move
/// it marks (a PDN FEN), and that move (`None`: the position as it is).
const PICTURES: [(&str, &str, Option<&str>); 2] = [
    ("img/players-start.png", "W:W1-12:B21-32", None),
    ("img/players-capture.png", "W:W1,2,3,5,6,7,9,10,12,13:B14,18,21,22,23,25,26,27,29,30,31,32", Some("10x28")),
];

fn guide(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of a guide's premove examples: what follows `line:` (or the
/// Spanish `línea:`) on a line that starts with the command.
fn premove_examples(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("/premove ") || l.starts_with("/premover "))
        .filter_map(|l| l.split_once("line:").or_else(|| l.split_once("línea:")).map(|(_, line)| line.to_string()))
        .collect()
}

/// The pictures a guide shows (`![...](img/...)`), by file.
fn pictures_shown(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(file, _)| file.to_string()))
        .filter(|file| file.ends_with(".png"))
        .collect()
}

#[tokio::test]
async fn the_guides_premove_examples_are_accepted_from_the_start() {
    let (_db, svc) = service(Backend::Sqlite).await;
    for (i, path) in GUIDES.iter().enumerate() {
        let examples = premove_examples(&guide(path));
        assert!(!examples.is_empty(), "{path} shows a premove");
        for (j, line) in examples.iter().enumerate() {
            // White is to move at the start: Black answers in advance.
            let channel = (10 * i + j + 1) as u64;
            start_classic(&svc, T0, channel).await;
            let stored = svc.games().add_premove(T0, channel, BLACK, line).await;
            assert!(stored.is_ok(), "{path}: `{line}`: {stored:?}");
        }
    }
}

#[test]
fn the_guides_pictures_are_the_bots_from_the_side_to_move() {
    for path in GUIDES {
        for shown in pictures_shown(&guide(path)) {
            let known = PICTURES.iter().find(|(file, _, _)| *file == shown);
            let (file, fen, last) = known.unwrap_or_else(|| panic!("{path} shows {shown}: say here what it shows"));
            let before: Position = fen.parse().expect("a valid FEN");
            let mv = last.map(|text| before.parse_move(text).expect("a legal move"));
            let after = mv.map_or(before, |mv| before.play(&mv).expect("legal"));
            let options = RenderOptions {
                perspective: after.turn(),
                last_move: mv,
                before: mv.map(|_| before),
                ..RenderOptions::default()
            };
            let png = render_png(&after, &options);
            let drawn = image::load_from_memory(&png).unwrap().to_rgb8();
            let file = format!("docs/{file}");
            if std::env::var_os("DAMAS_DRAW_GUIDE_PICTURES").is_some() {
                std::fs::write(&file, &png).unwrap_or_else(|e| panic!("{file}: {e}"));
            }
            let kept = image::open(&file).unwrap_or_else(|e| panic!("{file}: {e}")).to_rgb8();
            assert!(kept == drawn, "{file} is not the bot's picture from {:?}'s side (the side to move)", after.turn());
        }
    }
}
