//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence over pending captures,
//! endgame tables at the leaves, and the draw rules along every line.

use std::ops::{ControlFlow, Range};
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
            let score = self.alpha_beta(Node::root(root), depth as i32, Window::FULL);
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
        let parent = Node::root(root);
        let mut scored = Vec::new();
        for mv in root.position.legal_moves() {
            let child_pos = root.position.play_unchecked(&mv);
            let child = self.enter(parent, &mv, &child_pos);
            let score = -self.alpha_beta(child, depth as i32 - 1, Window::FULL);
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

    /// The node `mv` leads to from `parent`, its hash pushed on the path
    /// (the caller pops it once the child is searched). Inlined: it runs once
    /// per node, and a call of its own cost the search half a percent.
    #[inline]
    fn enter<'c>(&mut self, parent: Node<'_>, mv: &Move, child: &'c Position) -> Node<'c> {
        self.path.push(hash(child));
        let irreversible = mv.is_capture() || parent.pos.moves_man(mv);
        Node {
            pos: child,
            counters: parent.counters.after(parent.pos, mv, child),
            ply: parent.ply + 1,
            since: if irreversible { self.path.len() - 1 } else { parent.since },
        }
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

    /// The score of `node` searched `depth` plies deep in `window` (a
    /// principal-variation search), its best line left in `pv[node.ply]`.
    fn alpha_beta(&mut self, node: Node<'_>, depth: i32, window: Window) -> Score {
        self.pv[node.ply].clear();
        self.nodes += 1;
        if node.ply > 0 {
            if self.stopped || (self.enforce_budget && self.budget.as_ref().is_some_and(|b| b.spent(self.nodes))) {
                self.stopped = true;
                return 0;
            }
            if self.repeats(node.since) {
                return 0;
            }
        }
        let first = self.moves.len();
        push_legal_moves(node.pos, &mut self.moves);
        let captures = self.moves.get(first).is_some_and(Move::is_capture);
        let moves = Span { first, count: self.moves.len() - first, captures };
        let result = self.expand(node, depth, window, moves);
        self.moves.truncate(first);
        result
    }

    /// [`Self::alpha_beta`] once the node's moves are on the move stack: a
    /// node without moves is lost, one the rules, the endgame tables or the
    /// transposition table settle returns at once, a quiet leaf is
    /// evaluated, and the rest have their moves searched and the result
    /// stored.
    fn expand(&mut self, node: Node<'_>, depth: i32, window: Window, moves: Span) -> Score {
        if moves.count == 0 {
            return self.terminal_score(node.ply);
        }
        if node.ply > 0
            && let Some(score) = self.settled(node)
        {
            return score;
        }
        if (depth <= 0 && !moves.captures) || node.ply >= MAX_PLY {
            return self.leaf(node.pos);
        }
        let hash = self.path[self.path.len() - 1];
        let table_move = match self.probe(hash, node.ply, depth, window) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(table_move) => table_move,
        };
        self.order(moves, node.ply, table_move);
        let (best, best_key) = self.search_moves(node, depth, window, moves, table_move);
        if self.stopped {
            return 0;
        }
        if depth > 0 {
            self.tt.store(hash, node.ply, depth, best, window.bound_of(best), best_key);
        }
        best
    }

    /// The score of a node below the root that needs no search: drawn by
    /// the counts, or proven by the endgame tables under them. A table
    /// value the counts leave unproven is searched on.
    fn settled(&self, node: Node<'_>) -> Option<Score> {
        if node.counters.is_draw(self.rules) {
            return Some(0);
        }
        if self.variant != Variant::Classic {
            return None;
        }
        let value = proven(self.tables.as_ref()?, node.pos, node.counters, self.rules)?;
        Some(Self::table_score(value, node.ply))
    }

    /// The transposition table's word on a node: `Break` with the stored
    /// score when it was searched deep enough and settles the window (never
    /// at the root, which must leave a line), else `Continue` with the best
    /// move stored there (0 for none) to try first. Captures searched past
    /// the depth (`depth <= 0`) do not look.
    fn probe(&self, hash: u64, ply: usize, depth: i32, window: Window) -> ControlFlow<Score, MoveKey> {
        if depth <= 0 {
            return ControlFlow::Continue(0);
        }
        let Some(hit) = self.tt.probe(hash, ply) else {
            return ControlFlow::Continue(0);
        };
        if ply > 0 && hit.depth >= depth && window.settled_by(hit.bound, hit.score) {
            return ControlFlow::Break(hit.score);
        }
        ControlFlow::Continue(hit.best)
    }

    /// Searches the node's ordered moves until one fails high, and returns
    /// the best score with its move's key. Leaves early when the budget
    /// runs out (`self.stopped`; the result is then meaningless).
    fn search_moves(
        &mut self,
        node: Node<'_>,
        depth: i32,
        mut window: Window,
        moves: Span,
        table_move: MoveKey,
    ) -> (Score, MoveKey) {
        let mut best = -INFINITE;
        let mut best_key = 0;
        // A forced reply costs no depth: forced lines are read to the end.
        let base = if moves.count == 1 && depth > 0 { depth } else { depth - 1 };
        for i in 0..moves.count {
            let mv = self.moves[moves.first + i];
            let child_pos = node.pos.play_unchecked(&mv);
            let child = self.enter(node, &mv, &child_pos);
            let score = if i == 0 {
                -self.alpha_beta(child, base, window.for_child())
            } else {
                // Late quiet moves, ordered low, are first searched shallower.
                let reduce = depth >= 3 && i >= 3 && !moves.captures && key(&mv) != table_move;
                self.scout(child, base, window, reduce)
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_key = key(&mv);
                if score > window.alpha {
                    window.alpha = score;
                    self.update_pv(node.ply, mv, score);
                }
            }
            if score >= window.beta {
                if !moves.captures {
                    self.ordering.reward(&mv, node.ply, depth);
                }
                break;
            }
        }
        (best, best_key)
    }

    /// The score of a move after the first: a null-window search (one ply
    /// shallower when `reduce`) only asks whether it beats `alpha`, which
    /// is cheap; the full search follows only when it does and the answer
    /// is not already final (a fail high of an unreduced search is).
    fn scout(&mut self, child: Node<'_>, depth: i32, window: Window, reduce: bool) -> Score {
        let score = -self.alpha_beta(child, depth - reduce as i32, window.null_for_child());
        if score > window.alpha && (reduce || score < window.beta) {
            -self.alpha_beta(child, depth, window.for_child())
        } else {
            score
        }
    }

    /// Makes `mv` followed by the child's line the principal variation at
    /// `ply`; at the root also keeps it as the iteration's best so far,
    /// which a stopped iteration can still use.
    fn update_pv(&mut self, ply: usize, mv: Move, score: Score) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
        if ply == 0 {
            self.root_best = Some((mv, score, line.clone()));
        }
    }

    /// Sorts this node's moves, highest priority first.
    fn order(&mut self, moves: Span, ply: usize, table_move: MoveKey) {
        let ordering = &self.ordering;
        // Unstable but deterministic, and it allocates nothing.
        self.moves[moves.range()].sort_unstable_by_key(|mv| std::cmp::Reverse(ordering.priority(mv, ply, table_move)));
    }
}

/// A node on the line being searched: its position and draw counters, how
/// far below the root it is, and where on the path its reversible stretch
/// begins (a repetition can only be found there).
#[derive(Clone, Copy)]
struct Node<'a> {
    pos: &'a Position,
    counters: Counters,
    ply: usize,
    since: usize,
}

impl<'a> Node<'a> {
    /// The root of a search, whose earlier positions are on the path from 0.
    fn root(root: &'a Root) -> Node<'a> {
        Node { pos: &root.position, counters: root.counters, ply: 0, since: 0 }
    }
}

/// Where a node's moves lie on the searcher's move stack, and whether they
/// are captures (capture is compulsory: then all of them are).
#[derive(Clone, Copy)]
struct Span {
    first: usize,
    count: usize,
    captures: bool,
}

impl Span {
    fn range(self) -> Range<usize> {
        self.first..self.first + self.count
    }
}

/// Appends the legal moves of `pos`; out of line so the search's own frames
/// stay small (a move list is several kilobytes).
#[inline(never)]
fn push_legal_moves(pos: &Position, out: &mut Vec<Move>) {
    out.extend_from_slice(&pos.legal_moves());
}
