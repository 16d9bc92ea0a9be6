//! The endgame tables (src/engine/tables): known endings of RULES 7.1, a
//! sample of 3-piece values against a plain exhaustive search, the
//! consistency of every value with its moves, the colour mirror, and the
//! cache file (valid, damaged, truncated, for other tables).
//!
//! Debug builds check 3 pieces (and samples); release builds, as in CI, 4.

use std::collections::HashMap;
use std::path::Path;

use damas::engine::tables::{TableValue, Tables, Wdl};
use damas::rules::{Color, Piece, Position, Role, Square};

use crate::support::tables::{PIECES, tables};

const RELEASE: bool = cfg!(not(debug_assertions));

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("test FEN {fen}: {e}"))
}

fn value(wdl: Wdl, plies: u16) -> TableValue {
    TableValue { wdl, plies }
}

/// Every position reachable in one legal move.
fn children(pos: &Position) -> Vec<Position> {
    pos.legal_moves().iter().map(|mv| pos.play(mv).expect("a legal move plays")).collect()
}

/// Every position with exactly `pieces` pieces, both sides to move.
fn all_positions(pieces: usize) -> Vec<Position> {
    let kinds = [
        Piece { color: Color::White, role: Role::Man },
        Piece { color: Color::White, role: Role::King },
        Piece { color: Color::Black, role: Role::Man },
        Piece { color: Color::Black, role: Role::King },
    ];
    let mut out = Vec::new();
    let mut squares = Vec::with_capacity(pieces);
    fn place(start: u8, left: usize, squares: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left == 0 {
            out.push(squares.clone());
            return;
        }
        for sq in start..=32 {
            squares.push(sq);
            place(sq + 1, left - 1, squares, out);
            squares.pop();
        }
    }
    let mut sets = Vec::new();
    place(1, pieces, &mut squares, &mut sets);
    for set in sets {
        for code in 0..4usize.pow(pieces as u32) {
            let placed = set
                .iter()
                .enumerate()
                .map(|(i, &sq)| (Square::new(sq).unwrap(), kinds[code / 4usize.pow(i as u32) % 4]));
            for turn in [Color::White, Color::Black] {
                // Men on their far rank are refused: those are no positions.
                if let Ok(p) = Position::from_pieces(turn, placed.clone()) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// A deterministic pseudo-random sequence (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// `count` random positions of exactly `pieces` pieces.
fn random_positions(pieces: usize, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Lcg(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut placed = Vec::new();
        for _ in 0..pieces {
            let sq = Square::new(rng.below(32) as u8 + 1).unwrap();
            let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
            let role = if rng.below(2) == 0 { Role::Man } else { Role::King };
            placed.push((sq, Piece { color, role }));
        }
        let turn = if rng.below(2) == 0 { Color::White } else { Color::Black };
        if let Ok(p) = Position::from_pieces(turn, placed)
            && p.count(Color::White) + p.count(Color::Black) == pieces as u32
        {
            out.push(p);
        }
    }
    out
}

/// The same position seen from the other side: the board turned half way
/// round (square n becomes 33 - n) and the colours swapped.
fn mirror(pos: &Position) -> Position {
    let swap = |c: Color| c.opponent();
    let pieces = pos
        .pieces()
        .map(|(sq, p)| (Square::new(33 - sq.number()).unwrap(), Piece { color: swap(p.color), role: p.role }));
    Position::from_pieces(swap(pos.turn()), pieces).expect("the mirror of a position is one")
}

// RULES 7.1: the side to move with no legal move - no pieces, or blocked - loses.
#[test]
fn no_pieces_or_no_move_loses_at_once() {
    let t = tables();
    let empty = Position::from_pieces(Color::White, []).unwrap();
    assert_eq!(t.probe(&empty), Some(value(Wdl::Loss, 0)));
    assert_eq!(t.probe(&pos("W:W:BK10")), Some(value(Wdl::Loss, 0)));
    assert_eq!(t.probe(&pos("B:W1,2,K20:B")), Some(value(Wdl::Loss, 0)));
    // The white man on 4 is blocked by 8 (board edge behind it) and 7 (11 behind it).
    let blocked = pos("W:W4:B7,8,11");
    assert!(blocked.legal_moves().is_empty());
    if PIECES >= 4 {
        assert_eq!(t.probe(&blocked), Some(value(Wdl::Loss, 0)));
    }
    // The man on 25 (h7) can only go to 29, and 29 is on the edge: nothing to jump to.
    assert!(pos("W:W25:B29").legal_moves().is_empty());
    assert_eq!(t.probe(&pos("W:W25:B29")), Some(value(Wdl::Loss, 0)));
}

// RULES 7.1: moving when the opponent has no pieces leaves them without a move.
#[test]
fn a_side_alone_with_a_move_wins_in_one() {
    let t = tables();
    assert_eq!(t.probe(&pos("W:WK10:B")), Some(value(Wdl::Win, 1)));
    assert_eq!(t.probe(&pos("B:W:B25,K3")), Some(value(Wdl::Win, 1)));
    // RULES 3.2 / 5.1: capturing the last piece wins at once, either way round.
    assert_eq!(t.probe(&pos("W:W10:B14")), Some(value(Wdl::Win, 1)));
    assert_eq!(t.probe(&pos("B:W10:B14")), Some(value(Wdl::Win, 1)));
}

#[test]
fn only_positions_within_the_tables_have_values() {
    let t = tables();
    assert_eq!(t.max_pieces(), PIECES);
    assert_eq!(t.probe(&Position::initial()), None);
    for p in random_positions(PIECES as usize + 1, 50, 7) {
        assert_eq!(t.probe(&p), None, "{p:?}");
    }
    for pieces in 0..=PIECES as usize {
        for p in random_positions(pieces, 200, 11 + pieces as u64) {
            assert!(t.probe(&p).is_some(), "{p:?}");
        }
    }
}

/// A plain exhaustive search: whether the side to move can force the end
/// within n plies, by minimax over the legal moves with a memo of the
/// depths already decided.
#[derive(Default)]
struct Search {
    /// Per position: (smallest n known won within, largest n known not won within).
    won: HashMap<Position, (u16, i32)>,
    lost: HashMap<Position, (u16, i32)>,
}

impl Search {
    fn won_within(&mut self, pos: &Position, n: u16) -> bool {
        if let Some(&(yes, no)) = self.won.get(pos) {
            if n >= yes {
                return true;
            }
            if n as i32 <= no {
                return false;
            }
        }
        let result = n >= 1 && children(pos).iter().any(|c| self.lost_within(c, n - 1));
        let entry = self.won.entry(*pos).or_insert((u16::MAX, -1));
        if result {
            entry.0 = entry.0.min(n)
        } else {
            entry.1 = entry.1.max(n as i32)
        }
        result
    }

    fn lost_within(&mut self, pos: &Position, n: u16) -> bool {
        if let Some(&(yes, no)) = self.lost.get(pos) {
            if n >= yes {
                return true;
            }
            if n as i32 <= no {
                return false;
            }
        }
        let kids = children(pos);
        let result = kids.is_empty() || (n >= 1 && kids.iter().all(|c| self.won_within(c, n - 1)));
        let entry = self.lost.entry(*pos).or_insert((u16::MAX, -1));
        if result {
            entry.0 = entry.0.min(n)
        } else {
            entry.1 = entry.1.max(n as i32)
        }
        result
    }

    /// The value found within `horizon` plies; a draw if neither side can
    /// force the end that soon.
    fn value(&mut self, pos: &Position, horizon: u16) -> TableValue {
        for n in 0..=horizon {
            if self.lost_within(pos, n) {
                return value(Wdl::Loss, n);
            }
            if self.won_within(pos, n) {
                return value(Wdl::Win, n);
            }
        }
        TableValue::DRAW
    }
}

#[test]
fn three_piece_values_match_an_exhaustive_search() {
    let t = tables();
    let mut all = all_positions(3);
    let longest = all.iter().map(|p| t.probe(p).unwrap().plies).max().unwrap();
    // Draws are confirmed beyond the longest decisive game of the tables.
    let horizon = longest + 6;
    // Random positions, and the longest games of each kind, where an
    // off-by-one in the distances would show.
    let mut rng = Lcg(2024);
    let count = if RELEASE { 400 } else { 60 };
    let mut sample: Vec<Position> = (0..count).map(|_| all[rng.below(all.len())]).collect();
    all.sort_by_key(|p| std::cmp::Reverse(t.probe(p).unwrap().plies));
    sample.extend(all.iter().filter(|p| t.probe(p).unwrap().wdl == Wdl::Win).take(10));
    sample.extend(all.iter().filter(|p| t.probe(p).unwrap().wdl == Wdl::Loss).take(10));
    let mut search = Search::default();
    let mut kinds = HashMap::new();
    for p in &sample {
        let expected = search.value(p, horizon);
        assert_eq!(t.probe(p), Some(expected), "{p:?}");
        *kinds.entry(expected.wdl).or_insert(0) += 1;
    }
    // The sample covers every kind of result.
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

/// Checks one position's value against its children's values and the
/// best move (a won position's best move leads to a lost position one ply
/// shorter; a drawn position has no winning move).
fn check_consistent(t: &Tables, p: &Position) {
    let v = t.probe(p).unwrap_or_else(|| panic!("no value for {p:?}"));
    let kids: Vec<TableValue> = children(p).iter().map(|c| t.probe(c).expect("moves never add pieces")).collect();
    let shortest_loss = kids.iter().filter(|k| k.wdl == Wdl::Loss).map(|k| k.plies).min();
    match v.wdl {
        Wdl::Win => {
            assert_eq!(v.plies % 2, 1, "{p:?}");
            assert_eq!(shortest_loss.map(|s| s + 1), Some(v.plies), "{p:?}");
        }
        Wdl::Loss => {
            assert_eq!(v.plies % 2, 0, "{p:?}");
            assert!(kids.iter().all(|k| k.wdl == Wdl::Win), "{p:?}");
            let longest = kids.iter().map(|k| k.plies + 1).max().unwrap_or(0);
            assert_eq!(longest, v.plies, "{p:?}");
        }
        Wdl::Draw => {
            assert_eq!(v.plies, 0);
            assert_eq!(shortest_loss, None, "a drawn position has no winning move: {p:?}");
            assert!(kids.iter().any(|k| k.wdl == Wdl::Draw), "{p:?}");
        }
    }
    match t.best_move(p) {
        None => assert!(kids.is_empty(), "{p:?}"),
        Some((mv, best)) => {
            assert_eq!(best, v);
            let after = t.probe(&p.play(&mv).unwrap()).unwrap();
            let expected = match v.wdl {
                Wdl::Win => value(Wdl::Loss, v.plies - 1),
                Wdl::Draw => TableValue::DRAW,
                Wdl::Loss => value(Wdl::Win, v.plies - 1),
            };
            assert_eq!(after, expected, "{p:?}");
        }
    }
}

#[test]
fn every_value_agrees_with_its_moves() {
    let t = tables();
    for pieces in 0..=2 {
        for p in all_positions(pieces) {
            check_consistent(&t, &p);
        }
    }
    let three = all_positions(3);
    let step = if RELEASE { 1 } else { 20 };
    for p in three.iter().step_by(step) {
        check_consistent(&t, p);
    }
    if PIECES >= 4 {
        for p in random_positions(4, 200_000, 99) {
            check_consistent(&t, &p);
        }
    }
}

// The build never uses the symmetry between the colours, so it checks it.
#[test]
fn a_position_and_its_colour_mirror_have_the_same_value() {
    let t = tables();
    let step = if RELEASE { 1 } else { 10 };
    for p in all_positions(3).iter().step_by(step) {
        assert_eq!(t.probe(p), t.probe(&mirror(p)), "{p:?}");
    }
    if PIECES >= 4 {
        for p in random_positions(4, 200_000, 5) {
            assert_eq!(t.probe(&p), t.probe(&mirror(&p)), "{p:?}");
        }
    }
}

#[test]
fn smaller_tables_hold_the_same_values() {
    let small = Tables::build(2);
    for pieces in 0..=2 {
        for p in all_positions(pieces) {
            assert_eq!(small.probe(&p), tables().probe(&p), "{p:?}");
        }
    }
    assert_eq!(small.probe(&pos("W:W10:B14,15")), None);
}

#[test]
fn the_summary_counts_every_position() {
    let t = tables();
    let summary = t.summary();
    assert_eq!(summary.len(), PIECES as usize + 1);
    for row in &summary[..=2] {
        let positions = all_positions(row.pieces as usize);
        let count = |wdl| positions.iter().filter(|p| t.probe(p).unwrap().wdl == wdl).count() as u64;
        assert_eq!((row.wins, row.draws, row.losses), (count(Wdl::Win), count(Wdl::Draw), count(Wdl::Loss)));
    }
    // An empty board: the side to move, either side, has no move and loses.
    assert_eq!((summary[0].wins, summary[0].draws, summary[0].losses), (0, 0, 2));
}

fn file_bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// Only the table file is left in the folder: no temporary file.
fn only_file(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

#[test]
fn the_cache_file_is_written_once_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damas-tables-2.bin");
    let built = Tables::load_or_build(&path, 2).unwrap();
    assert_eq!(only_file(dir.path()), ["damas-tables-2.bin"]);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), built.file_len());
    let loaded = Tables::load(&path, 2).unwrap();
    let again = Tables::load_or_build(&path, 2).unwrap();
    for p in all_positions(2) {
        assert_eq!(loaded.probe(&p), built.probe(&p));
        assert_eq!(again.probe(&p), built.probe(&p));
    }
}

#[test]
fn a_damaged_file_is_never_trusted_but_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.bin");
    Tables::build(2).save(&path).unwrap();
    let good = file_bytes(&path);
    let header = 32;
    let damages: Vec<(&str, Vec<u8>)> = vec![
        ("one value changed", {
            let mut b = good.clone();
            let at = b.len() / 2;
            b[at] ^= 0x04;
            b
        }),
        ("truncated", good[..good.len() - 1].to_vec()),
        ("header only", good[..header].to_vec()),
        ("empty", Vec::new()),
        ("longer", [good.clone(), vec![0]].concat()),
        ("other magic", [b"NOTTABLE".to_vec(), good[8..].to_vec()].concat()),
        ("other version", {
            let mut b = good.clone();
            b[8] ^= 0xFF;
            b
        }),
        ("checksum changed", {
            let mut b = good.clone();
            b[24] ^= 1;
            b
        }),
    ];
    for (what, bytes) in damages {
        std::fs::write(&path, &bytes).unwrap();
        let err = Tables::load(&path, 2).err().unwrap_or_else(|| panic!("{what}: accepted"));
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData, "{what}: {err}");
        let rebuilt = Tables::load_or_build(&path, 2).unwrap();
        assert_eq!(rebuilt.probe(&pos("W:W10:B14")), Some(value(Wdl::Win, 1)), "{what}");
        assert_eq!(file_bytes(&path), good, "{what}: the file is rewritten whole");
    }
    assert_eq!(only_file(dir.path()), ["tables.bin"]);
}

#[test]
fn a_file_for_other_tables_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.bin");
    Tables::build(1).save(&path).unwrap();
    assert_eq!(Tables::load(&path, 2).err().map(|e| e.kind()), Some(std::io::ErrorKind::InvalidData));
    let tables = Tables::load_or_build(&path, 2).unwrap();
    assert_eq!(tables.max_pieces(), 2);
    assert_eq!(Tables::load(&path, 2).unwrap().probe(&pos("B:WK1:BK32")), tables.probe(&pos("B:WK1:BK32")));
}

#[test]
fn bad_requests_fail_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.bin");
    let err = Tables::load_or_build(&path, 6).err().unwrap();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("at most 5"), "{err}");
    assert!(!path.exists());
    // A folder that does not exist cannot hold the file: an error, no panic.
    let missing = dir.path().join("no such folder").join("tables.bin");
    assert!(Tables::load_or_build(&missing, 1).is_err());
    assert_eq!(only_file(dir.path()).len(), 0);
}

#[test]
fn the_default_file_lives_beside_the_database() {
    use damas::engine::tables::{default_path, file_name};
    assert_eq!(file_name(4), "damas-tables-4.bin");
    assert_eq!(default_path(Path::new("damas.db"), 4), Path::new("damas-tables-4.bin"));
    assert_eq!(default_path(Path::new("/var/lib/damas/games.db"), 3), Path::new("/var/lib/damas/damas-tables-3.bin"));
}

#[test]
fn tables_are_shared_between_threads() {
    fn shareable<T: Send + Sync>(_: &T) {}
    let t = tables();
    shareable(&t);
    let p = pos("W:WK1:B20");
    let here = t.probe(&p);
    let there = std::thread::scope(|s| s.spawn(|| t.probe(&p)).join().unwrap());
    assert_eq!(here, there);
}

#[test]
fn the_tables_command_builds_loads_and_probes() {
    use damas::cli::tables::{Args, run};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.bin");
    let args = |probe: &[&str]| Args {
        pieces: 2,
        file: Some(path.clone()),
        rebuild: false,
        probe: probe.iter().map(|s| s.to_string()).collect(),
    };
    // A bad FEN is refused before anything is built or written.
    let mut out = Vec::new();
    let err = run(&args(&["W:W10:B14", "W:W10:B99"]), &mut out).unwrap_err();
    assert!(err.starts_with("--probe W:W10:B99: "), "{err}");
    assert!(out.is_empty() && !path.exists());

    let mut out = Vec::new();
    run(&args(&["W:W10:B14", "W:WK1:BK32", "W:W1,2,3:B32"]), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("2 pieces: built and saved "), "{text}");
    for row in Tables::load(&path, 2).unwrap().summary() {
        let positions = row.wins + row.draws + row.losses;
        let line = format!("\n{} {positions} {} {} {} {}\n", row.pieces, row.wins, row.draws, row.losses, row.longest);
        assert!(text.contains(&line), "{line} in {text}");
    }
    assert!(text.contains("W:W10:B14: White wins in 1 ply, best move 10x19\n"), "{text}");
    // The king on 1 must step onto the diagonal the king on 32 commands.
    assert!(text.contains("W:WK1:BK32: White loses in 2 plies, best move 1-"), "{text}");
    assert!(text.contains("W:W1,2,3:B32: not in the tables (4 pieces; they hold at most 2)"), "{text}");

    let mut out = Vec::new();
    run(&args(&[]), &mut out).unwrap();
    assert!(String::from_utf8(out).unwrap().starts_with("2 pieces: loaded "));
}
