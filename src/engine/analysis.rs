//! What the engine says about a position, and where a search starts from.

use std::time::Instant;

use super::counters::Counters;
use super::eval::{Weights, evaluate};
use super::limits::Limits;
use super::proven::proven;
use super::root::{Analysis, Root};
use super::score::{Proof, Score, Verdict, loss_in, win_in};
use super::search::{Searcher, Style};
use super::tables::{TableValue, Tables, Wdl};
use crate::rules::{Color, DrawRules, Move, Position, Variant};

/// Full-strength analysis: the endgame tables' exact answer when they
/// prove the position under the game's draw rules (classic variant),
/// otherwise a search within `limits`.
pub fn analyze(searcher: &mut Searcher, root: &Root, limits: &Limits) -> Analysis {
    if let Some(analysis) = from_tables(searcher, root) {
        return analysis;
    }
    searcher.search(root, limits, Style::default())
}

/// The value of the root that the endgame tables prove under its draw
/// rules and counters (RULES 7.3c-d, 7.4), if they prove one: a win the
/// counts would cut short is no win, and a win within them has its length
/// under them. Classic variant only.
pub fn proof_by_tables(tables: &Tables, root: &Root) -> Option<Proof> {
    if root.variant != Variant::Classic {
        return None;
    }
    proven(tables, &root.position, root.counters, root.rules).map(proof_of_value)
}

/// The tables' answer at the root: the best move by the values proven
/// under the draw rules, and its line played out.
fn from_tables(searcher: &Searcher, root: &Root) -> Option<Analysis> {
    let tables = searcher.tables()?.clone();
    let started = Instant::now();
    let proof = proof_by_tables(&tables, root)?;
    let mut pv = Vec::new();
    let mut nodes = 1;
    let (mut pos, mut counters) = (root.position, root.counters);
    while pv.len() < 60 && !counters.is_draw(root.rules) {
        let Some(mv) = best_by_tables(&tables, &pos, counters, root.rules, &mut nodes) else { break };
        let next = pos.play_unchecked(&mv);
        counters = counters.after(&pos, &mv, &next);
        pv.push(mv);
        pos = next;
        if pv.len() >= 8 && proven(&tables, &pos, counters, root.rules).is_some_and(|v| v.wdl == Wdl::Draw) {
            break;
        }
    }
    let score = match proof.verdict {
        Verdict::Win => win_in(proof.plies),
        Verdict::Loss => loss_in(proof.plies),
        Verdict::Draw => 0,
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

/// How good a move looks at the root of the tables' line: a tier (win,
/// draw, unproven, loss), then what orders moves within it.
type Rank = (u8, (Score, Score));

/// The best move by the values proven under the draw rules: the quickest
/// win, else a drawing move that keeps the most material (a proven draw
/// is no reason to give a piece away), else a move the counts leave
/// unproven, else the longest defence.
fn best_by_tables(
    tables: &Tables,
    pos: &Position,
    counters: Counters,
    rules: DrawRules,
    nodes: &mut u64,
) -> Option<Move> {
    let us = pos.turn();
    let mut best: Option<(Move, Rank)> = None;
    for mv in pos.legal_moves() {
        let child = pos.play_unchecked(&mv);
        *nodes += 1;
        let after = counters.after(pos, &mv, &child);
        let keeps = || (settled_material(&child, us, 4), -evaluate(&child, Variant::Classic, &Weights::TUNED));
        // Values are for the side to move in the child: its loss is our win.
        let rank = match proven(tables, &child, after, rules) {
            Some(TableValue { wdl: Wdl::Loss, plies }) => (3, (-(plies as Score), 0)),
            Some(TableValue { wdl: Wdl::Win, plies }) => (0, (plies as Score, 0)),
            Some(TableValue { wdl: Wdl::Draw, .. }) => (2, keeps()),
            None => (1, keeps()),
        };
        if best.as_ref().is_none_or(|b| rank > b.1) {
            best = Some((mv, rank));
        }
    }
    best.map(|(mv, _)| mv)
}

/// `us`'s material lead (a man 100, a king as the evaluation weighs it)
/// once the captures pending in `pos` are played out, each side choosing
/// the capture best for it, at most `plies` deep: a piece left to be
/// taken is not counted as kept.
fn settled_material(pos: &Position, us: Color, plies: u32) -> Score {
    let moves = pos.legal_moves();
    if plies == 0 || moves.is_empty() || !moves[0].is_capture() {
        let side = |c: Color| {
            100 * (pos.count(c) - pos.king_count(c)) as Score + Weights::TUNED.king * pos.king_count(c) as Score
        };
        return side(us) - side(us.opponent());
    }
    let outcomes = moves.iter().map(|mv| settled_material(&pos.play_unchecked(mv), us, plies - 1));
    if pos.turn() == us { outcomes.max() } else { outcomes.min() }.expect("there are moves")
}

fn proof_of_value(value: TableValue) -> Proof {
    match value.wdl {
        Wdl::Win => Proof { verdict: Verdict::Win, plies: value.plies as u32 },
        Wdl::Draw => Proof { verdict: Verdict::Draw, plies: 0 },
        Wdl::Loss => Proof { verdict: Verdict::Loss, plies: value.plies as u32 },
    }
}
