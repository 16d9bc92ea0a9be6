//! A short review of a finished game: the moves where the evaluation swung
//! most against the player who made them, each with the better move.

use super::analysis::analyze;
use super::limits::Limits;
use super::root::Root;
use super::score::{PROVEN, Score};
use super::search::Searcher;
use crate::rules::{Game, Move, notation_among};

/// One costly move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swing {
    /// 0-based index of the move in the game.
    pub ply: usize,
    /// The move played, in canonical notation.
    pub played: String,
    /// The engine's move there, in canonical notation.
    pub better: String,
    /// The position's value before the move, for the player who moved.
    pub before: Score,
    /// Its value after the move played, for the same player.
    pub after: Score,
}

impl Swing {
    /// How much the move cost, in centi-men (proven results count as a
    /// large, fixed amount so that a thrown-away win still ranks first).
    pub fn cost(&self) -> Score {
        let clamp = |s: Score| s.clamp(-PROVEN / 10, PROVEN / 10);
        clamp(self.before) - clamp(self.after)
    }
}

/// Up to `most` moves of `game` that cost their player at least
/// `threshold` centi-men, biggest first, each analysed within `limits`.
pub fn review(searcher: &mut Searcher, game: &Game, limits: &Limits, most: usize, threshold: Score) -> Vec<Swing> {
    let mut replay = Game::new(*game.start(), game.variant(), game.draw_rules());
    let mut values = Vec::with_capacity(game.ply() + 1);
    let mut best_moves: Vec<Option<Move>> = Vec::with_capacity(game.ply() + 1);
    for i in 0..=game.ply() {
        let analysis = analyze(searcher, &Root::of_game(&replay), limits);
        values.push(analysis.score);
        best_moves.push(analysis.best);
        if let Some(mv) = game.moves().get(i) {
            replay.play(mv).expect("a game's moves replay");
        }
    }
    let mut positions = vec![*game.start()];
    for mv in game.moves() {
        let last = *positions.last().expect("the start");
        positions.push(last.play(mv).expect("legal"));
    }
    let mut swings: Vec<Swing> = Vec::new();
    for (ply, played) in game.moves().iter().enumerate() {
        let Some(better) = best_moves[ply] else { continue };
        if better == *played {
            continue;
        }
        let legal = positions[ply].legal_moves();
        let swing = Swing {
            ply,
            played: notation_among(&legal, played),
            better: notation_among(&legal, &better),
            before: values[ply],
            after: -values[ply + 1],
        };
        if swing.cost() >= threshold {
            swings.push(swing);
        }
    }
    swings.sort_by_key(|s| (std::cmp::Reverse(s.cost()), s.ply));
    swings.truncate(most);
    swings
}
