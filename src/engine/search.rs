//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence over pending captures,
//! endgame tables at the leaves, and the draw rules along every line.

use std::sync::Arc;
use std::time::Duration;

use super::counters::Counters;
use super::eval::{Weights, evaluate};
use super::limits::{Budget, Limits};
use super::ordering::{MoveKey, Ordering, key};
use super::proven::proven;
use super::score::{INFINITE, Score, loss_in, proof_of, win_in};
use super::tables::{TableValue, Tables, Wdl};
use super::tt::Table;
use super::window::Window;
use super::zobrist::{hash, scramble};
use super::{Analysis, MAX_DEPTH, MAX_PLY, Root};
use crate::rules::{Move, Position, Variant};

/// Transposition table size when none is given: small, since the bot runs
/// one search per core and idles at a few tens of megabytes.
pub const DEFAULT_TABLE_MB: usize = 16;

/// How the leaves are judged: the evaluation's weights and, for the weaker
/// levels, a deterministic noise of up to `noise` centi-men.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// The evaluation's weights.
    pub weights: Weights,
    /// Largest noise added to a leaf's evaluation (0: none).
    pub noise: Score,
    /// Seed of the noise, so that a level plays the same way every time.
    pub seed: u64,
}

impl Default for Style {
    fn default() -> Self {
        Style { weights: Weights::TUNED, noise: 0, seed: 0 }
    }
}

/// A reusable searcher: its transposition table and ordering memory survive
/// between searches of the same game.
pub struct Searcher {
    tt: Table,
    tables: Option<Arc<Tables>>,
    ordering: Ordering,
    /// Every node's moves, one stretch per ply on a single stack.
    moves: Vec<Move>,
    /// Hashes from the last irreversible position of the game to this node.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    stopped: bool,
    budget: Option<Budget>,
    /// Off during the first iteration, which always completes.
    enforce_budget: bool,
    variant: Variant,
    rules: crate::rules::DrawRules,
    style: Style,
    /// The best root move of the iteration under way, once one is known.
    root_best: Option<(Move, Score, Vec<Move>)>,
}

impl Searcher {
    /// A searcher with a transposition table of `table_mb` MiB and, if
    /// given, endgame tables to consult at the leaves.
    pub fn new(table_mb: usize, tables: Option<Arc<Tables>>) -> Searcher {
        Searcher {
            tt: Table::new(table_mb),
            tables,
            ordering: Ordering::new(),
            moves: Vec::with_capacity(MAX_PLY * 32),
            path: Vec::with_capacity(256),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            nodes: 0,
            stopped: false,
            budget: None,
            enforce_budget: false,
            variant: Variant::Classic,
            rules: crate::rules::DrawRules::Classic,
            style: Style::default(),
            root_best: None,
        }
    }

    /// Forgets what earlier searches learnt (for repeatable results).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// The endgame tables this searcher consults, if any.
    pub fn tables(&self) -> Option<&Arc<Tables>> {
        self.tables.as_ref()
    }

    /// Searches the root within the limits and returns the best move, its
    /// score and principal variation. Always returns a legal move when one
    /// exists (the first iteration is always completed).
    pub fn search(&mut self, root: &Root, limits: &Limits, style: Style) -> Analysis {
        self.prepare(root, limits, style);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut best: Option<(Move, Score, Vec<Move>)> = None;
        let mut depth_done = 0;
        for depth in 1..=max_depth {
            self.root_best = None;
            self.enforce_budget = depth > 1;
            let score = self.node(&root.position, root.counters, depth as i32, Window::FULL, 0, 0);
            if self.stopped {
                // A partial iteration still improves on the last one when its
                // first move (the last best) was searched to the end.
                if let Some(found) = self.root_best.take() {
                    best = Some(found);
                }
                break;
            }
            best = self.pv[0].first().map(|&mv| (mv, score, self.pv[0].clone()));
            depth_done = depth;
            let proven = proof_of(score).is_some_and(|p| p.plies <= depth);
            let budget = self.budget.as_ref().expect("prepared");
            if best.is_none() || proven || !budget.room_for_next_iteration() {
                break;
            }
        }
        let elapsed = self.budget.as_ref().map_or(Duration::ZERO, |b| b.started.elapsed());
        let (best, score, pv) = match best {
            Some((mv, score, pv)) => (Some(mv), score, pv),
            None => (None, self.terminal_score(0), Vec::new()),
        };
        Analysis { best, score, proof: proof_of(score), pv, depth: depth_done, nodes: self.nodes, elapsed }
    }

    /// Exact scores of every root move at `depth` (for the weaker levels and
    /// for reviews), best first, ties in move order.
    pub fn score_moves(&mut self, root: &Root, depth: u32, style: Style) -> Vec<(Move, Score)> {
        self.prepare(root, &Limits::depth(depth), style);
        self.enforce_budget = false;
        let pos = root.position;
        let mut scored = Vec::new();
        for mv in pos.legal_moves() {
            let child = pos.play_unchecked(&mv);
            let counters = root.counters.after(&pos, &mv, &child);
            let since = self.enter(&child, pos.moves_man(&mv) || mv.is_capture(), 0);
            let score = -self.node(&child, counters, depth as i32 - 1, Window::FULL, 1, since);
            self.path.pop();
            scored.push((mv, score));
        }
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        scored
    }

    fn prepare(&mut self, root: &Root, limits: &Limits, style: Style) {
        self.nodes = 0;
        self.stopped = false;
        self.budget = Some(Budget::start(limits));
        self.variant = root.variant;
        self.rules = root.rules;
        self.style = style;
        self.moves.clear();
        self.path.clear();
        self.path.extend_from_slice(&root.history);
        self.path.push(hash(&root.position));
    }

    /// Pushes a child's hash; returns where its reversible stretch begins.
    fn enter(&mut self, child: &Position, irreversible: bool, since: usize) -> usize {
        self.path.push(hash(child));
        if irreversible { self.path.len() - 1 } else { since }
    }

    fn terminal_score(&self, ply: usize) -> Score {
        match self.variant {
            Variant::Classic => loss_in(ply as u32),
            Variant::Giveaway => win_in(ply as u32),
        }
    }

    /// Whether this node's position occurred before on the line, with the
    /// same side to move, since the last irreversible move (at `since`).
    fn repeats(&self, since: usize) -> bool {
        let now = self.path.len() - 1;
        let current = self.path[now];
        (since..now).rev().skip(1).step_by(2).any(|i| self.path[i] == current)
    }

    fn leaf(&self, pos: &Position) -> Score {
        let score = evaluate(pos, self.variant, &self.style.weights);
        if self.style.noise == 0 {
            return score;
        }
        let span = 2 * self.style.noise as u64 + 1;
        let noise = (scramble(self.path[self.path.len() - 1] ^ self.style.seed) % span) as Score - self.style.noise;
        score + noise
    }

    /// The score of a value proven under the draw rules, `ply` plies down.
    fn table_score(value: TableValue, ply: usize) -> Score {
        match value.wdl {
            Wdl::Win => win_in(ply as u32 + value.plies as u32),
            Wdl::Loss => loss_in(ply as u32 + value.plies as u32),
            Wdl::Draw => 0,
        }
    }

    /// The score of `pos`, `ply` plies below the root, searched `depth`
    /// plies deep in `window`; `since` is where the line's reversible
    /// stretch begins on the path (for repetitions).
    fn node(
        &mut self,
        pos: &Position,
        counters: Counters,
        depth: i32,
        window: Window,
        ply: usize,
        since: usize,
    ) -> Score {
        self.pv[ply].clear();
        self.nodes += 1;
        if ply > 0 {
            if self.stopped || (self.enforce_budget && self.budget.as_ref().is_some_and(|b| b.spent(self.nodes))) {
                self.stopped = true;
                return 0;
            }
            if self.repeats(since) {
                return 0;
            }
        }
        let first = self.moves.len();
        push_legal_moves(pos, &mut self.moves);
        let count = self.moves.len() - first;
        let result = self.node_with_moves(pos, counters, depth, window, ply, since, first, count);
        self.moves.truncate(first);
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn node_with_moves(
        &mut self,
        pos: &Position,
        counters: Counters,
        depth: i32,
        mut window: Window,
        ply: usize,
        since: usize,
        first: usize,
        count: usize,
    ) -> Score {
        if count == 0 {
            return self.terminal_score(ply);
        }
        if ply > 0 {
            if counters.is_draw(self.rules) {
                return 0;
            }
            // A table value the counts leave unproven is searched on.
            if self.variant == Variant::Classic
                && let Some(tables) = &self.tables
                && let Some(value) = proven(tables, pos, counters, self.rules)
            {
                return Self::table_score(value, ply);
            }
        }
        let capture = self.moves[first].is_capture();
        if (depth <= 0 && !capture) || ply >= MAX_PLY {
            return self.leaf(pos);
        }
        let hash = self.path[self.path.len() - 1];
        let mut table_move: MoveKey = 0;
        if depth > 0
            && let Some(hit) = self.tt.probe(hash, ply)
        {
            table_move = hit.best;
            if ply > 0 && hit.depth >= depth && window.settled_by(hit.bound, hit.score) {
                return hit.score;
            }
        }
        self.order(first, count, ply, table_move);

        let window_in = window;
        let mut best = -INFINITE;
        let mut best_key = 0;
        // A forced reply costs no depth: forced lines are read to the end.
        let base = if count == 1 && depth > 0 { depth } else { depth - 1 };
        for i in 0..count {
            let mv = self.moves[first + i];
            let child = pos.play_unchecked(&mv);
            let child_counters = counters.after(pos, &mv, &child);
            let child_since = self.enter(&child, mv.is_capture() || pos.moves_man(&mv), since);
            let score = if i == 0 {
                -self.node(&child, child_counters, base, window.for_child(), ply + 1, child_since)
            } else {
                let reduce = depth >= 3 && i >= 3 && !capture && key(&mv) != table_move;
                let mut s = -self.node(
                    &child,
                    child_counters,
                    base - reduce as i32,
                    window.null_for_child(),
                    ply + 1,
                    child_since,
                );
                if s > window.alpha && (reduce || s < window.beta) {
                    s = -self.node(&child, child_counters, base, window.for_child(), ply + 1, child_since);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_key = key(&mv);
                if score > window.alpha {
                    window.alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.root_best = Some((mv, score, self.pv[0].clone()));
                    }
                }
            }
            if score >= window.beta {
                if !capture {
                    self.ordering.reward(&mv, ply, depth);
                }
                break;
            }
        }
        if depth > 0 {
            self.tt.store(hash, ply, depth, best, window_in.bound_of(best), best_key);
        }
        best
    }

    /// Sorts this node's moves, highest priority first.
    fn order(&mut self, first: usize, count: usize, ply: usize, table_move: MoveKey) {
        let ordering = &self.ordering;
        // Unstable but deterministic, and it allocates nothing.
        self.moves[first..first + count]
            .sort_unstable_by_key(|mv| std::cmp::Reverse(ordering.priority(mv, ply, table_move)));
    }
}

/// Appends the legal moves of `pos`; out of line so the search's own frames
/// stay small (a move list is several kilobytes).
#[inline(never)]
fn push_legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.extend_from_slice(&pos.legal_moves());
}
