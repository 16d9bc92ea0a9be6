//! What a search is asked and what it answers: a [`Root`] (a position with
//! the past the rules need) and its [`Analysis`].

use std::time::Duration;

use super::counters::Counters;
use super::score::{Proof, Score};
use super::zobrist::hash;
use crate::rules::{DrawRules, Game, Move, Position, Variant, notation_among};

/// A position to search with what the rules need to know of its past: the
/// draw-rule counters and the positions since the last irreversible move
/// (for repetitions).
#[derive(Clone, Debug)]
pub struct Root {
    /// The position searched.
    pub position: Position,
    /// The variant played.
    pub variant: Variant,
    /// The draw rules in force.
    pub rules: DrawRules,
    /// The counters of RULES 7.3c-d at this position.
    pub counters: Counters,
    /// Hashes of the positions since the last capture or man move, oldest
    /// first, not counting this one.
    pub history: Vec<u64>,
}

impl Root {
    /// A position on its own, with no history.
    pub fn new(position: Position, variant: Variant, rules: DrawRules) -> Root {
        Root { position, variant, rules, counters: Counters::fresh(&position), history: Vec::new() }
    }

    /// The current position of a game, with its counters and history.
    pub fn of_game(game: &Game) -> Root {
        let mut positions = vec![*game.start()];
        let mut since = 0;
        for mv in game.moves() {
            let before = *positions.last().expect("the start is there");
            if mv.is_capture() || before.moves_man(mv) {
                since = positions.len();
            }
            positions.push(before.play(mv).expect("a game's moves are legal"));
        }
        let history = positions[since..positions.len() - 1].iter().map(hash).collect();
        Root {
            position: *game.position(),
            variant: game.variant(),
            rules: game.draw_rules(),
            counters: Counters::of_game(game),
            history,
        }
    }
}

/// The engine's answer for one position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The best move; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// Centi-men for the side to move; beyond [`super::PROVEN`] a proven
    /// result.
    pub score: Score,
    /// A proven value for the side to move (from the endgame tables or a
    /// forced line found by the search), if any.
    pub proof: Option<Proof>,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Analysis {
    /// The principal variation in canonical notation, played out from `from`.
    pub fn pv_notation(&self, from: &Position) -> Vec<String> {
        let mut pos = *from;
        let mut out = Vec::with_capacity(self.pv.len());
        for mv in &self.pv {
            let legal = pos.legal_moves();
            if !legal.contains(mv) {
                break;
            }
            out.push(notation_among(&legal, mv));
            pos = pos.play_unchecked(mv);
        }
        out
    }
}
