//! Three kings against a lone king under the count (RULES 7.3d, 7.4): the
//! engine's proven value of every such position, for both presets with a
//! count and for counts partly used, against a plain exhaustive search that
//! counts the strong side's moves; and the position once reported as "won
//! in 25 plies" that the count draws.
//!
//! Release builds only: debug builds' tables hold 3 pieces, not 4.
#![cfg(not(debug_assertions))]

use std::time::Instant;

use damas::engine::tables::{Tables, Wdl};
use damas::engine::{Counters, Limits, Proof, Root, Searcher, Verdict, WIN, analyze, proof_by_tables};
use damas::rules::{Color, DrawRules, Game, Move, Outcome, Piece, Position, Role, Square, Variant};

use crate::support::tables::tables;

/// The value for the side to move: verdict and plies to the end.
type Value = (Verdict, u32);

/// Kings only: a bit per square (bit n - 1 for square n) for each side.
#[derive(Clone, Copy)]
struct Kings {
    white: u32,
    black: u32,
    turn: Color,
}

impl Kings {
    fn of(pos: &Position) -> Kings {
        let mut k = Kings { white: 0, black: 0, turn: pos.turn() };
        for (sq, piece) in pos.pieces() {
            assert_eq!(piece.role, Role::King);
            let bit = 1 << (sq.number() - 1);
            if piece.color == Color::White { k.white |= bit } else { k.black |= bit }
        }
        k
    }

    fn position(self) -> Position {
        let king = |color| Piece { color, role: Role::King };
        let on = |mask: u32, color| {
            (1..=32u8).filter(move |n| mask & 1 << (n - 1) != 0).map(move |n| (Square::new(n).unwrap(), king(color)))
        };
        Position::from_pieces(self.turn, on(self.white, Color::White).chain(on(self.black, Color::Black))).unwrap()
    }

    /// After a move: the king goes from its square to the last, the pieces
    /// it jumped leave the board (RULES 5.2); kings never promote.
    fn after(self, mv: &Move) -> Kings {
        let bit = |sq: Square| 1u32 << (sq.number() - 1);
        let taken = mv.captures().fold(0, |m, sq| m | bit(sq));
        let (mut mover, mut other) =
            if self.turn == Color::White { (self.white, self.black) } else { (self.black, self.white) };
        mover = mover & !bit(mv.from()) | bit(mv.to());
        other &= !taken;
        let (white, black) = if self.turn == Color::White { (mover, other) } else { (other, mover) };
        Kings { white, black, turn: self.turn.opponent() }
    }

    fn is_three_v_one(self) -> bool {
        self.white.count_ones() == 3 && self.black.count_ones() == 1
    }
}

/// A plain memoised minimax with the count written out: the value of a
/// position with three white kings against a black king when White has
/// `left` moves of the count left.
struct Reference<'t> {
    tables: &'t Tables,
    /// One entry per (white squares, black square, side to move, moves
    /// left); 0 while unknown, else the value's code + 1.
    memo: Vec<u16>,
}

/// Most moves of the count looked at (Ludoteka's 13, RULES 7.4).
const MOST_LEFT: u32 = 13;

impl Reference<'_> {
    fn new(tables: &Tables) -> Reference<'_> {
        Reference { tables, memo: vec![0; 4960 * 32 * 2 * (MOST_LEFT as usize + 1)] }
    }

    fn index(k: Kings, left: u32) -> usize {
        let mut w = k.white;
        let mut next = || {
            let n = w.trailing_zeros() as usize;
            w &= w - 1;
            n
        };
        let (a, b, c) = (next(), next(), next());
        // The rank of {a < b < c} among the 4960 sets of three squares.
        let set = c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a;
        let black = k.black.trailing_zeros() as usize;
        ((set * 32 + black) * 2 + (k.turn == Color::Black) as usize) * (MOST_LEFT as usize + 1) + left as usize
    }

    fn value(&mut self, k: Kings, left: u32) -> Value {
        let i = Self::index(k, left);
        if self.memo[i] != 0 {
            return decode(self.memo[i] - 1);
        }
        let moves = k.position().legal_moves();
        let best = if moves.is_empty() {
            // RULES 7.1 is judged first: no move, lost.
            (Verdict::Loss, 0)
        } else if left == 0 {
            // RULES 7.3d: White's moves are used up and the lone king can move.
            (Verdict::Draw, 0)
        } else {
            let mut best: Option<Value> = None;
            for mv in moves.iter() {
                let child = k.after(mv);
                let theirs = if child.is_three_v_one() {
                    // Only White's moves are counted.
                    self.value(child, if k.turn == Color::White { left - 1 } else { left })
                } else {
                    self.after_capture(&child.position())
                };
                let ours = match theirs {
                    (Verdict::Win, n) => (Verdict::Loss, n + 1),
                    (Verdict::Draw, _) => (Verdict::Draw, 0),
                    (Verdict::Loss, n) => (Verdict::Win, n + 1),
                };
                best = Some(best.map_or(ours, |b| better(b, ours)));
            }
            best.unwrap()
        };
        self.memo[i] = encode(best) + 1;
        best
    }

    /// A capture leaves three pieces or fewer, all kings, and restarts the
    /// king-move count (RULES 7.3c). The tables (checked against their own
    /// exhaustive search in `tables.rs`) give the value with no count; every
    /// such win takes at most 40 plies, so the count never cuts it.
    fn after_capture(&self, child: &Position) -> Value {
        let v = self.tables.probe(child).unwrap();
        let plies = v.plies as u32;
        assert!(v.wdl == Wdl::Draw || plies <= 40, "{child}: a win of {plies} plies would need the 40-ply count");
        match v.wdl {
            Wdl::Win => (Verdict::Win, plies),
            Wdl::Draw => (Verdict::Draw, 0),
            Wdl::Loss => (Verdict::Loss, plies),
        }
    }
}

/// The better of two values for the side to move: the quickest win, else a
/// draw, else the longest loss.
fn better(a: Value, b: Value) -> Value {
    let key = |(v, n): Value| match v {
        Verdict::Win => (2, -(n as i64)),
        Verdict::Draw => (1, 0),
        Verdict::Loss => (0, n as i64),
    };
    if key(b) > key(a) { b } else { a }
}

fn encode((v, n): Value) -> u16 {
    (n as u16) * 3 + v as u16
}

fn decode(code: u16) -> Value {
    let v = [Verdict::Win, Verdict::Draw, Verdict::Loss][(code % 3) as usize];
    (v, (code / 3) as u32)
}

/// Every position of three white kings against a black king, both sides to move.
fn white_three_kings_positions() -> Vec<Position> {
    let king = |color| Piece { color, role: Role::King };
    let sq = |n: u8| Square::new(n).unwrap();
    let mut out = Vec::new();
    for a in 1..=32u8 {
        for b in a + 1..=32 {
            for c in b + 1..=32 {
                for k in (1..=32).filter(|k| ![a, b, c].contains(k)) {
                    for turn in [Color::White, Color::Black] {
                        let pieces =
                            [(sq(a), king(Color::White)), (sq(b), king(Color::White)), (sq(c), king(Color::White))];
                        let pieces = pieces.into_iter().chain([(sq(k), king(Color::Black))]);
                        out.push(Position::from_pieces(turn, pieces).unwrap());
                    }
                }
            }
        }
    }
    out
}

/// The board turned half way round (square n becomes 33 - n), colours swapped.
fn mirror(pos: &Position) -> Position {
    let pieces = pos
        .pieces()
        .map(|(sq, p)| (Square::new(33 - sq.number()).unwrap(), Piece { color: p.color.opponent(), role: p.role }));
    Position::from_pieces(pos.turn().opponent(), pieces).unwrap()
}

fn proof(tables: &Tables, pos: Position, rules: DrawRules, counters: Counters) -> Option<Value> {
    let mut root = Root::new(pos, Variant::Classic, rules);
    root.counters = counters;
    proof_by_tables(tables, &root).map(|Proof { verdict, plies }| (verdict, plies))
}

#[test]
fn every_three_kings_ending_is_proven_under_the_count() {
    // RULES 7.3d with the presets of 7.4: `classic` gives 12 moves,
    // `ludoteka` 13, counted from this position (the first with the
    // material). Black's three kings are checked on the mirror image.
    let tables = tables();
    let started = Instant::now();
    let mut reference = Reference::new(&tables);
    let positions = white_three_kings_positions();
    assert_eq!(positions.len(), 4960 * 29 * 2);
    let (mut wins, mut draws, mut longer, mut cut) = (0, 0, 0, 0);
    for (i, &pos) in positions.iter().enumerate() {
        for (rules, moves) in [(DrawRules::Classic, 12), (DrawRules::Ludoteka, 13)] {
            let expected = reference.value(Kings::of(&pos), moves);
            let fresh = Counters::fresh(&pos);
            assert_eq!(proof(&tables, pos, rules, fresh), Some(expected), "{pos} under {}", rules.name());
            assert_eq!(proof(&tables, mirror(&pos), rules, Counters::fresh(&mirror(&pos))), Some(expected), "{pos}");
            if rules == DrawRules::Classic {
                match expected.0 {
                    Verdict::Win => wins += 1,
                    Verdict::Draw => draws += 1,
                    Verdict::Loss => {}
                }
                let table = tables.probe(&pos).unwrap();
                longer += (expected.0 == Verdict::Win && expected.1 > table.plies as u32) as u32;
            }
        }
        // Part of the count already used: `used` of White's 12 moves.
        let used = (i % 13) as u32;
        let counters = Counters { king_plies: 2 * used, three_kings: Some((Color::White, used)) };
        let expected = reference.value(Kings::of(&pos), 12 - used);
        assert_eq!(proof(&tables, pos, DrawRules::Classic, counters), Some(expected), "{pos}, {used} moves used");
        cut += (tables.probe(&pos).unwrap().wdl == Wdl::Win && expected.0 == Verdict::Draw) as u32;
    }
    // The count matters once part of it is used: table wins become draws.
    assert!(cut > 1000 && wins > 0 && draws > 0, "{wins} wins, {draws} draws, {cut} cut by a used count");
    eprintln!(
        "three kings v one under classic: {wins} wins ({longer} longer than the tables'), {draws} draws; \
         {cut} table wins drawn by a part-used count; {:?}",
        started.elapsed()
    );
}

#[test]
fn with_no_count_three_kings_keep_the_tables_value() {
    // RULES 7.4: `long` and `hundred` have no three-kings count; the 80 and
    // 100 king-only plies leave room for every table win from a fresh start.
    let tables = tables();
    for pos in white_three_kings_positions().into_iter().step_by(7) {
        let table = tables.probe(&pos).unwrap();
        let expected = match table.wdl {
            Wdl::Win => (Verdict::Win, table.plies as u32),
            Wdl::Draw => (Verdict::Draw, 0),
            Wdl::Loss => (Verdict::Loss, table.plies as u32),
        };
        for rules in [DrawRules::Long, DrawRules::Hundred] {
            assert_eq!(proof(&tables, pos, rules, Counters::fresh(&pos)), Some(expected), "{pos}");
        }
    }
}

#[test]
fn a_win_that_gives_a_king_back_fits_the_count() {
    // The reported position. The tables win it in 25 plies, 13 of White's
    // moves; but RULES 7.3d counts only while the material is three kings
    // against one, and the fastest win gives a king up after 11 of them:
    // the lone king must take it (5.1) and the two kings win what is left,
    // under the king-move count of 7.3c that the capture restarted. So it
    // is won under `classic` too, and the rules' own game agrees when the
    // engine's line is played out in it.
    let pos: Position = "W:WK2,K20,K24:BK26".parse().unwrap();
    let tables = tables();
    assert_eq!(tables.probe(&pos).map(|v| (v.wdl, v.plies)), Some((Wdl::Win, 25)));
    let root = Root::new(pos, Variant::Classic, DrawRules::Classic);
    let a = analyze(&mut Searcher::new(2, Some(tables.clone())), &root, &Limits::depth(6));
    assert_eq!(a.proof, Some(Proof { verdict: Verdict::Win, plies: 25 }));
    assert_eq!(a.score, WIN - 25, "the score agrees with the proof");
    let mut game = Game::new(pos, Variant::Classic, DrawRules::Classic);
    for mv in &a.pv {
        game.play(mv).expect("the line is legal and the game still on");
    }
    assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::Win(Color::White)), "{:?}", a.pv_notation(&pos));
    assert_eq!(game.ply(), 25);

    // With one move of the count already used, 11 are not enough: a proven
    // draw, and the engine keeps its kings in its move and its line.
    let mut later = root.clone();
    later.counters = Counters { king_plies: 2, three_kings: Some((Color::White, 1)) };
    let a = analyze(&mut Searcher::new(2, Some(tables)), &later, &Limits::depth(6));
    assert_eq!(a.proof, Some(Proof { verdict: Verdict::Draw, plies: 0 }));
    assert_eq!(a.score, 0);
    assert!(!a.pv.is_empty());
    let mut at = pos;
    for mv in &a.pv {
        at = at.play(mv).expect("the line is legal");
        assert_eq!(at.count(Color::White), 3, "a king given away: {:?}", a.pv_notation(&pos));
    }
}

#[test]
fn drawn_three_kings_keep_their_kings() {
    // RULES 7.3d: in a drawn position the strong side has nothing to gain by
    // giving a king away, and a watcher sees a blunder. Wherever some
    // drawing move leaves the lone king nothing to take, the engine's move
    // is one of those.
    let tables = tables();
    let root_of = |pos: Position, counters: Counters| {
        let mut root = Root::new(pos, Variant::Classic, DrawRules::Classic);
        root.counters = counters;
        root
    };
    let mut checked = 0;
    for pos in white_three_kings_positions().into_iter().filter(|p| p.turn() == Color::White).step_by(11) {
        let root = root_of(pos, Counters::fresh(&pos));
        if proof_by_tables(&tables, &root).map(|p| p.verdict) != Some(Verdict::Draw) {
            continue;
        }
        let safe_draw = pos.legal_moves().iter().any(|mv| {
            let child = pos.play(mv).unwrap();
            let after = root_of(child, Counters { king_plies: 1, three_kings: Some((Color::White, 1)) });
            let draws = proof_by_tables(&tables, &after).map(|p| p.verdict) == Some(Verdict::Draw);
            draws && !child.legal_moves().iter().any(|m| m.is_capture())
        });
        if !safe_draw {
            continue;
        }
        let a = analyze(&mut Searcher::new(1, Some(tables.clone())), &root, &Limits::depth(1));
        let child = pos.play(&a.best.unwrap()).unwrap();
        assert!(!child.legal_moves().iter().any(|m| m.is_capture()), "{pos}: {:?}", a.pv_notation(&pos));
        checked += 1;
    }
    assert!(checked > 100, "{checked} drawn positions checked");
}
