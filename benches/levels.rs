//! Levels: level N+1 plays level N for N = 1..9 and the score of the
//! stronger level is reported. Each pair plays each of the 49 two-ply
//! openings with both colours (98 games); a game still going after 160
//! plies is scored as a deeper search judges it.
//!
//! `cargo bench --bench levels` (about ten minutes on two cores).
//! `LEVELS_MS` sets the time per move at level 10 (default 20 ms; lower
//! levels use a share of it), `LEVELS_PAIRS` a subset such as `1-3,9`.

use std::time::{Duration, Instant};

use damas::engine::{Level, Limits, Root, Searcher, analyze, choose_move};
use damas::rules::{Color, DrawRules, Game, Outcome, Position, Variant};

const MAX_PLIES: usize = 160;

fn main() {
    let ms: u64 = std::env::var("LEVELS_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let pairs = std::env::var("LEVELS_PAIRS").map(|s| parse_pairs(&s)).unwrap_or_else(|_| (1..=9).collect());
    let time = Duration::from_millis(ms);
    let openings = two_ply_openings();
    let games = 2 * openings.len();
    println!("level N+1 against level N, {ms} ms a move at level 10, {games} games a pair (49 openings x 2 colours)");
    for n in pairs {
        let (weak, strong) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
        let started = Instant::now();
        let (mut points, mut wins, mut draws, mut losses) = (0.0, 0, 0, 0);
        for opening in &openings {
            for strong_colour in [Color::White, Color::Black] {
                let game = opening.clone();
                let outcome = play_out(game, strong_colour, strong, weak, time);
                match outcome {
                    Some(c) if c == strong_colour => (points, wins) = (points + 1.0, wins + 1),
                    Some(_) => losses += 1,
                    None => (points, draws) = (points + 0.5, draws + 1),
                }
            }
        }
        println!(
            "level {:>2} vs {:>2}: {points:>5.1}/{games} ({:>3.0}%)  +{wins} ={draws} -{losses}  [{:.0} s]",
            n + 1,
            n,
            100.0 * points / games as f64,
            started.elapsed().as_secs_f64()
        );
    }
}

/// Every game after two plies from the start.
fn two_ply_openings() -> Vec<Game> {
    let mut out = Vec::new();
    for first in Position::initial().legal_moves() {
        let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        game.play(&first).unwrap();
        for reply in game.position().legal_moves() {
            let mut g = game.clone();
            g.play(&reply).unwrap();
            out.push(g);
        }
    }
    out
}

/// Plays to the end; the winner's colour, `None` for a draw.
fn play_out(mut game: Game, strong_colour: Color, strong: Level, weak: Level, time: Duration) -> Option<Color> {
    let mut searchers = [Searcher::new(8, None), Searcher::new(8, None)];
    while game.result().is_none() && game.ply() < MAX_PLIES {
        let turn = game.position().turn();
        let (level, i) = if turn == strong_colour { (strong, 0) } else { (weak, 1) };
        let analysis = choose_move(&mut searchers[i], &Root::of_game(&game), level, time);
        game.play(&analysis.best.expect("a game in progress has a move")).unwrap();
    }
    match game.result().map(|r| r.outcome) {
        Some(Outcome::Win(c)) => Some(c),
        Some(Outcome::Draw) => None,
        None => adjudicate(&game),
    }
}

/// A game cut short goes to the side a deeper search sees ahead by more
/// than a man and a half.
fn adjudicate(game: &Game) -> Option<Color> {
    let a = analyze(&mut Searcher::new(8, None), &Root::of_game(game), &Limits::depth(10));
    let turn = game.position().turn();
    match a.score {
        s if s > 150 => Some(turn),
        s if s < -150 => Some(turn.opponent()),
        _ => None,
    }
}

fn parse_pairs(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((a, b)) => out.extend(a.trim().parse::<u8>().unwrap()..=b.trim().parse::<u8>().unwrap()),
            None => out.push(part.trim().parse().unwrap()),
        }
    }
    out.retain(|n| (1..=9).contains(n));
    out
}
