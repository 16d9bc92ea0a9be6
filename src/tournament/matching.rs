//! A maximum-weight matching on a general graph: Edmonds' blossom algorithm
//! in its primal-dual form, O(n^3) on a dense graph (an adjacency matrix).
//!
//! The Swiss pairing ([`super::swiss`]) encodes its priorities in one integer
//! weight per pair, so the best pairing is the matching of greatest total
//! weight. Weights are `i128` so that the priorities can be strictly
//! lexicographic without a float tie.
//!
//! How it works, in brief. Every vertex has a dual variable (`dual`), every
//! blossom (an odd cycle shrunk to one vertex) one too; an edge is *tight*
//! when its vertices' duals add up to twice its weight (edges inside a
//! blossom are not looked at: the blossom's own dual pays for them).
//! Each stage grows alternating trees from the unmatched vertices along tight
//! edges, labelling vertices even (at an even distance from a root) or odd:
//! an edge between two even vertices of different trees is an augmenting
//! path; two even vertices of one tree close an odd cycle, shrunk into a
//! blossom. When no tight edge is left to use, the duals move by the largest
//! step that keeps every edge's slack non-negative (even vertices down, odd
//! ones up, blossoms twice as much), which makes a new edge tight, or lets an
//! odd blossom whose dual reached zero be expanded again, or brings an even
//! vertex's dual to zero, when no augmentation can add weight any more.
//!
//! Vertices are numbered from 1 inside (0 means "none"); blossoms take the
//! numbers `n + 1 ..= 2n`. Duals are kept doubled for vertices and blossoms
//! alike (the slack of an edge is `dual[u] + dual[v] - 2 w`), so with integer
//! weights every step is an integer.

use std::collections::VecDeque;

/// An edge as kept in the matrix: its original endpoints (`u` on the side of
/// the row, `v` on the side of the column) and its weight, 0 for no edge.
#[derive(Clone, Copy, Default)]
struct Edge {
    u: usize,
    v: usize,
    w: i128,
}

/// Where a top-level vertex or blossom stands in the alternating forest.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Not in the forest.
    Free,
    /// At an even distance from a root (roots are even).
    Even,
    /// At an odd distance: reached through its matched edge's other end.
    Odd,
}

struct Solver {
    /// Real vertices are `1..=n`.
    n: usize,
    /// The highest number in use (vertices, then blossoms).
    top: usize,
    /// `(2n + 1)` squared: the best edge between two top-level numbers.
    matrix: Vec<Edge>,
    /// Doubled dual variables.
    dual: Vec<i128>,
    /// The real vertex a top-level vertex or blossom is matched to, or 0.
    mate: Vec<usize>,
    /// For a top-level number: the even real vertex whose edge to it has the
    /// least slack, or 0.
    slack: Vec<usize>,
    /// The top-level blossom (or vertex) each number belongs to; 0 for a
    /// blossom number not in use.
    top_of: Vec<usize>,
    /// For an odd top-level blossom: the real vertex it was reached from.
    parent: Vec<usize>,
    /// `(2n + 1) x (n + 1)`: the child of a blossom that holds a real vertex.
    child_holding: Vec<usize>,
    label: Vec<Label>,
    /// Stamps to find the lowest common ancestor of two even blossoms.
    seen: Vec<u64>,
    stamp: u64,
    /// The children of a blossom around its cycle, its base first.
    children: Vec<Vec<usize>>,
    /// Even real vertices whose edges are still to scan.
    queue: VecDeque<usize>,
}

/// A matching of greatest total weight on vertices `0..n` with the given
/// edges (`(u, v, weight)`; an edge of weight 0 or less is never worth taking
/// and is left out; a repeated edge keeps its greatest weight). Returns each
/// vertex's mate. It is not necessarily of greatest cardinality: to prefer
/// more pairs, make every edge heavy enough (the Swiss pairing does).
///
/// Panics if a weight is 2^120 or more (the duals need the headroom) or an
/// edge names a vertex out of range or a loop.
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, i128)]) -> Vec<Option<usize>> {
    let mut solver = Solver::new(n);
    let mut heaviest = 0;
    for &(u, v, w) in edges {
        assert!(u < n && v < n && u != v, "edge ({u}, {v}) on {n} vertices");
        assert!(w < 1 << 120, "weight {w} too large");
        if w <= 0 {
            continue;
        }
        let (u, v) = (u + 1, v + 1);
        if w > solver.edge(u, v).w {
            solver.set_edge(u, v, Edge { u, v, w });
            solver.set_edge(v, u, Edge { u: v, v: u, w });
        }
        heaviest = heaviest.max(w);
    }
    for u in 1..=n {
        solver.dual[u] = heaviest;
    }
    while solver.stage() {}
    (1..=n).map(|u| solver.mate[u].checked_sub(1)).collect()
}

impl Solver {
    fn new(n: usize) -> Solver {
        let size = 2 * n + 1;
        let mut matrix = vec![Edge::default(); size * size];
        for u in 1..=n {
            for v in 1..=n {
                matrix[u * size + v] = Edge { u, v, w: 0 };
            }
        }
        let mut child_holding = vec![0; size * (n + 1)];
        for u in 1..=n {
            child_holding[u * (n + 1) + u] = u;
        }
        Solver {
            n,
            top: n,
            matrix,
            dual: vec![0; size],
            mate: vec![0; size],
            slack: vec![0; size],
            top_of: (0..size).map(|x| if x <= n { x } else { 0 }).collect(),
            parent: vec![0; size],
            child_holding,
            label: vec![Label::Free; size],
            seen: vec![0; size],
            stamp: 0,
            children: vec![Vec::new(); size],
            queue: VecDeque::new(),
        }
    }

    fn edge(&self, a: usize, b: usize) -> Edge {
        self.matrix[a * (2 * self.n + 1) + b]
    }

    fn set_edge(&mut self, a: usize, b: usize, e: Edge) {
        let size = 2 * self.n + 1;
        self.matrix[a * size + b] = e;
    }

    fn holding(&self, b: usize, x: usize) -> usize {
        self.child_holding[b * (self.n + 1) + x]
    }

    fn set_holding(&mut self, b: usize, x: usize, child: usize) {
        let width = self.n + 1;
        self.child_holding[b * width + x] = child;
    }

    /// The slack of an edge between two top-level numbers (doubled).
    fn slack_of(&self, e: Edge) -> i128 {
        self.dual[e.u] + self.dual[e.v] - 2 * e.w
    }

    /// Takes `u`'s edge to top-level `x` as `x`'s best if it has less slack.
    fn offer_slack(&mut self, u: usize, x: usize) {
        let best = self.slack[x];
        if best == 0 || self.slack_of(self.edge(u, x)) < self.slack_of(self.edge(best, x)) {
            self.slack[x] = u;
        }
    }

    /// Recomputes top-level `x`'s best edge from an even vertex outside it.
    fn reset_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.edge(u, x).w > 0 && self.top_of[u] != x && self.label[self.top_of[u]] == Label::Even {
                self.offer_slack(u, x);
            }
        }
    }

    /// Queues the real vertices of `x` for scanning.
    fn push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for i in 0..self.children[x].len() {
                let child = self.children[x][i];
                self.push(child);
            }
        }
    }

    /// Makes `b` the top-level blossom of everything inside `x`.
    fn set_top(&mut self, x: usize, b: usize) {
        self.top_of[x] = b;
        if x > self.n {
            for i in 0..self.children[x].len() {
                let child = self.children[x][i];
                self.set_top(child, b);
            }
        }
    }

    /// The position of child `xr` in blossom `b`'s cycle, reversing the cycle
    /// (base kept first) if needed so that the even-length way from the base
    /// to `xr` runs forwards.
    fn even_way_to(&mut self, b: usize, xr: usize) -> usize {
        let at = self.children[b].iter().position(|&c| c == xr).expect("a child of the blossom");
        if at % 2 == 1 {
            self.children[b][1..].reverse();
            self.children[b].len() - at
        } else {
            at
        }
    }

    /// Matches top-level `u` along its edge to `v`, rematching inside `u`
    /// (recursively) so that the vertex the edge leaves from becomes its base.
    fn match_along(&mut self, u: usize, v: usize) {
        let e = self.edge(u, v);
        self.mate[u] = e.v;
        if u > self.n {
            let xr = self.holding(u, e.u);
            let at = self.even_way_to(u, xr);
            for i in 0..at {
                let (a, b) = (self.children[u][i], self.children[u][i ^ 1]);
                self.match_along(a, b);
            }
            self.match_along(xr, v);
            self.children[u].rotate_left(at);
        }
    }

    /// Flips the matching along the tree path from even `u` to its root,
    /// `u` taking the edge to `v`.
    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let next = self.top_of[self.mate[u]];
            self.match_along(u, v);
            if next == 0 {
                return;
            }
            let up = self.top_of[self.parent[next]];
            self.match_along(next, up);
            u = up;
            v = next;
        }
    }

    /// The lowest common ancestor of two even top-level numbers, or 0 if
    /// they are in different trees.
    fn common_ancestor(&mut self, mut u: usize, mut v: usize) -> usize {
        self.stamp += 1;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.seen[u] == self.stamp {
                    return u;
                }
                self.seen[u] = self.stamp;
                u = self.top_of[self.mate[u]];
                if u != 0 {
                    u = self.top_of[self.parent[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    /// Shrinks the odd cycle through even `u` and `v` (joined by a tight
    /// edge) and their common ancestor `base` into a new even blossom.
    fn shrink(&mut self, u: usize, base: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.top && self.top_of[b] != 0 {
            b += 1;
        }
        if b > self.top {
            self.top += 1;
        }
        self.dual[b] = 0;
        self.label[b] = Label::Even;
        self.mate[b] = self.mate[base];
        self.children[b].clear();
        self.children[b].push(base);
        let mut x = u;
        while x != base {
            self.children[b].push(x);
            let y = self.top_of[self.mate[x]];
            self.children[b].push(y);
            self.push(y);
            x = self.top_of[self.parent[y]];
        }
        self.children[b][1..].reverse();
        let mut x = v;
        while x != base {
            self.children[b].push(x);
            let y = self.top_of[self.mate[x]];
            self.children[b].push(y);
            self.push(y);
            x = self.top_of[self.parent[y]];
        }
        self.set_top(b, b);
        for x in 1..=self.top {
            self.set_edge(b, x, Edge::default());
            self.set_edge(x, b, Edge::default());
        }
        for x in 1..=self.n {
            self.set_holding(b, x, 0);
        }
        for i in 0..self.children[b].len() {
            let child = self.children[b][i];
            for x in 1..=self.top {
                let candidate = self.edge(child, x);
                if candidate.w > 0 {
                    let current = self.edge(b, x);
                    if current.w == 0 || self.slack_of(candidate) < self.slack_of(current) {
                        self.set_edge(b, x, candidate);
                        let back = self.edge(x, child);
                        self.set_edge(x, b, back);
                    }
                }
            }
            for x in 1..=self.n {
                if self.holding(child, x) != 0 {
                    self.set_holding(b, x, child);
                }
            }
        }
        self.reset_slack(b);
    }

    /// Expands odd top-level blossom `b` (its dual reached zero): the even
    /// way around its cycle from where it was entered to its base stays in
    /// the tree, alternately odd and even; the rest leaves the tree.
    fn expand(&mut self, b: usize) {
        for i in 0..self.children[b].len() {
            let child = self.children[b][i];
            self.set_top(child, child);
        }
        let entered = self.edge(b, self.parent[b]).u;
        let xr = self.holding(b, entered);
        let at = self.even_way_to(b, xr);
        for i in (0..at).step_by(2) {
            let xs = self.children[b][i];
            let xns = self.children[b][i + 1];
            self.parent[xs] = self.edge(xns, xs).u;
            self.label[xs] = Label::Odd;
            self.label[xns] = Label::Even;
            self.slack[xs] = 0;
            self.reset_slack(xns);
            self.push(xns);
        }
        self.label[xr] = Label::Odd;
        self.parent[xr] = self.parent[b];
        for i in at + 1..self.children[b].len() {
            let xs = self.children[b][i];
            self.label[xs] = Label::Free;
            self.reset_slack(xs);
        }
        self.top_of[b] = 0;
    }

    /// Uses a tight edge from an even vertex; true if it augmented.
    fn use_edge(&mut self, e: Edge) -> bool {
        let u = self.top_of[e.u];
        let v = self.top_of[e.v];
        match self.label[v] {
            Label::Free => {
                // `v` is matched (every unmatched one is an even root): it
                // joins as odd, its mate as even.
                self.parent[v] = e.u;
                self.label[v] = Label::Odd;
                let next = self.top_of[self.mate[v]];
                self.slack[v] = 0;
                self.slack[next] = 0;
                self.label[next] = Label::Even;
                self.push(next);
            }
            Label::Even => {
                let base = self.common_ancestor(u, v);
                if base == 0 {
                    self.augment(u, v);
                    self.augment(v, u);
                    return true;
                }
                self.shrink(u, base, v);
            }
            Label::Odd => {}
        }
        false
    }

    /// One stage: grows the forest until an augmentation (true) or until no
    /// augmentation can add weight (false: the matching is the best).
    fn stage(&mut self) -> bool {
        for x in 1..=self.top {
            self.label[x] = Label::Free;
            self.slack[x] = 0;
        }
        self.queue.clear();
        for x in 1..=self.top {
            if self.top_of[x] == x && self.mate[x] == 0 {
                self.parent[x] = 0;
                self.label[x] = Label::Even;
                self.push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.top_of[u]] == Label::Odd {
                    continue;
                }
                for v in 1..=self.n {
                    let e = self.edge(u, v);
                    if e.w > 0 && self.top_of[u] != self.top_of[v] {
                        if self.slack_of(e) == 0 {
                            if self.use_edge(e) {
                                return true;
                            }
                        } else {
                            self.offer_slack(u, self.top_of[v]);
                        }
                    }
                }
            }
            // The dual step: the largest that keeps every slack >= 0.
            let mut step = i128::MAX;
            for b in self.n + 1..=self.top {
                if self.top_of[b] == b && self.label[b] == Label::Odd {
                    step = step.min(self.dual[b] / 2);
                }
            }
            for x in 1..=self.top {
                if self.top_of[x] == x && self.slack[x] != 0 {
                    let s = self.slack_of(self.edge(self.slack[x], x));
                    match self.label[x] {
                        Label::Free => step = step.min(s),
                        Label::Even => {
                            // Both ends even: their duals have the same
                            // parity, so the slack is even.
                            assert!(s % 2 == 0, "odd slack between even vertices");
                            step = step.min(s / 2);
                        }
                        Label::Odd => {}
                    }
                }
            }
            // An even vertex's dual would reach zero: no augmentation adds
            // weight any more. Decided before any dual moves, so an odd
            // vertex is never raised by an unbounded step.
            let stops = (1..=self.n).any(|u| self.label[self.top_of[u]] == Label::Even && self.dual[u] <= step);
            if stops {
                return false;
            }
            for u in 1..=self.n {
                match self.label[self.top_of[u]] {
                    Label::Even => self.dual[u] -= step,
                    Label::Odd => self.dual[u] += step,
                    Label::Free => {}
                }
            }
            for b in self.n + 1..=self.top {
                if self.top_of[b] == b {
                    match self.label[b] {
                        Label::Even => self.dual[b] += 2 * step,
                        Label::Odd => self.dual[b] -= 2 * step,
                        Label::Free => {}
                    }
                }
            }
            self.queue.clear();
            for x in 1..=self.top {
                let s = self.slack[x];
                if self.top_of[x] == x && s != 0 && self.top_of[s] != x && self.slack_of(self.edge(s, x)) == 0 {
                    let e = self.edge(s, x);
                    if self.use_edge(e) {
                        return true;
                    }
                }
            }
            for b in self.n + 1..=self.top {
                if self.top_of[b] == b && self.label[b] == Label::Odd && self.dual[b] == 0 {
                    self.expand(b);
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A small deterministic generator (splitmix64), for the tests here and
    /// the Swiss pairing's.
    pub(in crate::tournament) struct Rng(pub(in crate::tournament) u64);
    impl Rng {
        pub(in crate::tournament) fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        pub(in crate::tournament) fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// The best total weight by trying every matching (vertex 0 of what is
    /// left is either unmatched or matched to each neighbour in turn).
    fn brute_force(n: usize, w: &[Vec<i128>], left: u32, memo: &mut HashMap<u32, i128>) -> i128 {
        if left == 0 {
            return 0;
        }
        if let Some(&best) = memo.get(&left) {
            return best;
        }
        let u = left.trailing_zeros() as usize;
        let rest = left & !(1 << u);
        let mut best = brute_force(n, w, rest, memo);
        for v in 0..n {
            if rest & (1 << v) != 0 && w[u][v] > 0 {
                best = best.max(w[u][v] + brute_force(n, w, rest & !(1 << v), memo));
            }
        }
        memo.insert(left, best);
        best
    }

    /// Checks the matching is one (symmetric, along edges) and of the best
    /// weight.
    fn check(n: usize, edges: &[(usize, usize, i128)]) {
        let mut w = vec![vec![0i128; n]; n];
        for &(u, v, x) in edges {
            w[u][v] = w[u][v].max(x);
            w[v][u] = w[u][v];
        }
        let mates = max_weight_matching(n, edges);
        let mut total = 0;
        for (u, mate) in mates.iter().enumerate() {
            if let Some(v) = *mate {
                assert_eq!(mates[v], Some(u), "not symmetric: {edges:?}");
                assert!(w[u][v] > 0, "not an edge: {u}-{v} in {edges:?}");
                if u < v {
                    total += w[u][v];
                }
            }
        }
        let best = brute_force(n, &w, (1u32 << n) - 1, &mut HashMap::new());
        assert_eq!(total, best, "not the heaviest matching of {n} vertices: {edges:?} gave {mates:?}");
    }

    #[test]
    fn every_graph_up_to_six_vertices_matches_brute_force() {
        // Every edge set on 1..=6 vertices (2^15 for six), each with random
        // weights from a small range (ties, many blossoms) and a wide one.
        let mut rng = Rng(1);
        for n in 1..=6usize {
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
            for set in 0u32..1 << pairs.len() {
                for range in [3, 1000] {
                    let edges: Vec<(usize, usize, i128)> = pairs
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| set & (1 << i) != 0)
                        .map(|(_, &(u, v))| (u, v, rng.below(range) as i128 + 1))
                        .collect();
                    check(n, &edges);
                }
            }
        }
    }

    #[test]
    fn random_graphs_of_seven_to_ten_vertices_match_brute_force() {
        for seed in 0..4000u64 {
            let mut rng = Rng(seed);
            let n = 7 + (seed % 4) as usize;
            let density = 1 + rng.below(10);
            let range = [2, 5, 30, 1 << 20][rng.below(4) as usize];
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.below(10) < density {
                        edges.push((v, u, rng.below(range) as i128 + 1));
                    }
                }
            }
            check(n, &edges);
        }
    }

    #[test]
    fn huge_weights_and_lexicographic_levels_stay_exact() {
        // Weights near the 2^120 limit: the duals must not overflow.
        for seed in 0..300u64 {
            let mut rng = Rng(seed);
            let n = 4 + (seed % 7) as usize;
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.below(4) != 0 {
                        edges.push((
                            u,
                            v,
                            (1i128 << 110) + rng.below(1 << 40) as i128 * (1 << 60) + rng.below(50) as i128,
                        ));
                    }
                }
            }
            check(n, &edges);
        }
    }

    #[test]
    fn no_edges_and_non_positive_weights_match_nothing() {
        assert_eq!(max_weight_matching(0, &[]), Vec::<Option<usize>>::new());
        assert_eq!(max_weight_matching(3, &[]), vec![None; 3]);
        assert_eq!(max_weight_matching(2, &[(0, 1, 0)]), vec![None; 2]);
        assert_eq!(max_weight_matching(2, &[(0, 1, -5)]), vec![None; 2]);
        assert_eq!(max_weight_matching(2, &[(1, 0, 7)]), vec![Some(1), Some(0)]);
    }

    #[test]
    fn a_heavy_middle_edge_beats_two_light_ones_and_not_the_other_way() {
        // Path 0-1-2-3: the middle edge alone or the two ends.
        assert_eq!(max_weight_matching(4, &[(0, 1, 2), (1, 2, 5), (2, 3, 2)]), vec![None, Some(2), Some(1), None]);
        assert_eq!(
            max_weight_matching(4, &[(0, 1, 3), (1, 2, 5), (2, 3, 3)]),
            vec![Some(1), Some(0), Some(3), Some(2)]
        );
    }
}
