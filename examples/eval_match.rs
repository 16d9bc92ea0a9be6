//! How the evaluation's weights were tuned: a match between the tuned
//! weights and a variation of them, at a fixed search depth, over the 49
//! two-ply openings with both colours. A variation that scores clearly
//! above 50% replaces the tuned value.
//!
//! `cargo run --release --example eval_match -- king=350 mobility=4 [depth=6]`
//! Weights: king, back_row, centre, long_diagonal, mobility, trade_down,
//! advance (scales the advancement table, in percent).

use damas::engine::{Limits, Root, Searcher, Style, Weights};
use damas::rules::{Color, DrawRules, Game, Outcome, Position, Variant};

const MAX_PLIES: usize = 160;

fn main() {
    let mut challenger = Weights::TUNED;
    let mut depth = 6;
    for arg in std::env::args().skip(1) {
        let (name, value) = arg.split_once('=').expect("name=value");
        let v: i32 = value.parse().expect("a whole number");
        match name {
            "king" => challenger.king = v,
            "back_row" => challenger.back_row = v,
            "centre" => challenger.centre = v,
            "long_diagonal" => challenger.long_diagonal = v,
            "mobility" => challenger.mobility = v,
            "trade_down" => challenger.trade_down = v,
            "advance" => challenger.advance = challenger.advance.map(|a| a * v / 100),
            "depth" => depth = v as u32,
            _ => panic!("unknown weight {name}"),
        }
    }
    let (mut points, mut games) = (0.0, 0);
    let start = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
    let openings: Vec<Game> = {
        let mut out = Vec::new();
        for first in Position::initial().legal_moves() {
            let mut g = start.clone();
            g.play(&first).unwrap();
            for reply in g.position().legal_moves() {
                let mut h = g.clone();
                h.play(&reply).unwrap();
                out.push(h);
            }
        }
        out
    };
    for opening in &openings {
        for colour in [Color::White, Color::Black] {
            let result = play(opening.clone(), colour, challenger, depth);
            points += result;
            games += 1;
        }
    }
    println!(
        "challenger {challenger:?}\nat depth {depth}: {points:.1}/{games} = {:.1}%",
        100.0 * points / games as f64
    );
}

/// The challenger's points (1, 1/2, 0) from one game.
fn play(mut game: Game, challenger_colour: Color, challenger: Weights, depth: u32) -> f64 {
    let mut searchers = [Searcher::new(8, None), Searcher::new(8, None)];
    while game.result().is_none() && game.ply() < MAX_PLIES {
        let ours = game.position().turn() == challenger_colour;
        let weights = if ours { challenger } else { Weights::TUNED };
        let style = Style { weights, ..Style::default() };
        let a = searchers[ours as usize].search(&Root::of_game(&game), &Limits::depth(depth), style);
        game.play(&a.best.unwrap()).unwrap();
    }
    match game.result().map(|r| r.outcome) {
        Some(Outcome::Win(c)) if c == challenger_colour => 1.0,
        Some(Outcome::Win(_)) => 0.0,
        _ => {
            // Unfinished: judged by material.
            let p = game.position();
            let m = |c: Color| p.count(c) as i32 + 2 * p.king_count(c) as i32;
            let lead = m(challenger_colour) - m(challenger_colour.opponent());
            if lead > 1 {
                1.0
            } else if lead < -1 {
                0.0
            } else {
                0.5
            }
        }
    }
}
