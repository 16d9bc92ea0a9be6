//! What the engine says about a position, and where a search starts from.

use std::time::{Duration, Instant};

use super::counters::Counters;
use super::limits::Limits;
use super::score::{Proof, Score, Verdict, loss_in, win_in};
use super::search::{Searcher, Style};
use super::tables::{TableValue, Wdl};
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

/// Full-strength analysis: the endgame tables' exact answer when they cover
/// the position (classic variant), otherwise a search within `limits`.
pub fn analyze(searcher: &mut Searcher, root: &Root, limits: &Limits) -> Analysis {
    if let Some(analysis) = from_tables(searcher, root) {
        return analysis;
    }
    searcher.search(root, limits, Style::default())
}

/// The tables' answer at the root: each move's exact value, the best one
/// chosen (the quickest win that the draw rules leave time for, else a
/// drawing move, else the longest defence), and its line played out.
fn from_tables(searcher: &Searcher, root: &Root) -> Option<Analysis> {
    if root.variant != Variant::Classic {
        return None;
    }
    let tables = searcher.tables()?.clone();
    let started = Instant::now();
    let value = tables.probe(&root.position)?;
    let proof = proof_of_value(value);
    let mut pv = Vec::new();
    let mut nodes = 1;
    let (mut pos, mut counters) = (root.position, root.counters);
    while pv.len() < 60 {
        let Some((mv, _)) = best_by_tables(&tables, &pos, counters, root.rules, &mut nodes) else { break };
        let next = pos.play_unchecked(&mv);
        counters = counters.after(&pos, &mv, &next);
        pv.push(mv);
        pos = next;
        if tables.probe(&pos).is_some_and(|v| v.wdl == Wdl::Draw) && pv.len() >= 8 {
            break;
        }
    }
    let us = root.position.turn();
    let plies = value.plies as u32;
    let score = match value.wdl {
        Wdl::Win if root.counters.leaves_room_for(root.rules, us, us, plies) => win_in(plies),
        Wdl::Loss if root.counters.leaves_room_for(root.rules, us, us.opponent(), plies) => loss_in(plies),
        _ => 0,
    };
    Some(Analysis {
        best: pv.first().copied(),
        score,
        proof: Some(proof),
        pv,
        depth: 1,
        nodes,
        elapsed: started.elapsed(),
    })
}

/// The best move by the tables, with its value for the side to move.
fn best_by_tables(
    tables: &super::tables::Tables,
    pos: &Position,
    counters: Counters,
    rules: DrawRules,
    nodes: &mut u64,
) -> Option<(Move, Proof)> {
    let us = pos.turn();
    let mut best: Option<(Move, Proof, (u8, i64))> = None;
    for mv in pos.legal_moves() {
        let child = pos.play_unchecked(&mv);
        *nodes += 1;
        let value = tables.probe(&child)?;
        let ours = proof_of_value(value);
        let ours = Proof {
            verdict: match ours.verdict {
                Verdict::Win => Verdict::Loss,
                Verdict::Loss => Verdict::Win,
                Verdict::Draw => Verdict::Draw,
            },
            plies: if ours.verdict == Verdict::Draw { 0 } else { ours.plies + 1 },
        };
        let after = counters.after(pos, &mv, &child);
        // Rank: a win the counts leave time for, then any drawing move (or
        // a win too slow for the counts), then losses; quick wins and slow
        // losses first within each.
        let rank = match ours.verdict {
            Verdict::Win if after.leaves_room_for(rules, us.opponent(), us, ours.plies - 1) => {
                (3, -(ours.plies as i64))
            }
            Verdict::Win => (2, -(ours.plies as i64)),
            Verdict::Draw => (2, 0),
            Verdict::Loss => (1, ours.plies as i64),
        };
        if best.as_ref().is_none_or(|b| rank > b.2) {
            best = Some((mv, ours, rank));
        }
    }
    best.map(|(mv, proof, _)| (mv, proof))
}

fn proof_of_value(value: TableValue) -> Proof {
    match value.wdl {
        Wdl::Win => Proof { verdict: Verdict::Win, plies: value.plies as u32 },
        Wdl::Draw => Proof { verdict: Verdict::Draw, plies: 0 },
        Wdl::Loss => Proof { verdict: Verdict::Loss, plies: value.plies as u32 },
    }
}
