//! Shots: composed positions in which one move, and only one, wins material
//! by force (a sacrifice that opens a multiple capture). Each is proven in
//! the test by a plain exhaustive search that knows nothing of the engine;
//! the engine must find the winning move (RULES 5.1-5.3 make the captures
//! compulsory, which is what makes a shot work).

use damas::engine::{Limits, Root, Searcher, analyze};
use damas::rules::{Color, DrawRules, Position, Variant};

/// (position, the winning move, plies the proof needs). Material is level
/// in each; a 3-ply search sees no gain, a 7-ply one sees one move win.
pub(super) const SHOTS: &[(&str, &str, u32)] = &[
    ("W:W1,2,3,4,5,7,16:B12,15,17,18,29,31,32", "4-8", 7),
    ("W:W1,2,4,5,8,12,19:B14,20,24,25,29,30,31", "19-23", 7),
    ("B:W3,7,8,11,19:B14,18,29,31,32", "14-10", 7),
    ("W:W1,3,4,8,10,13,14,15:B20,21,24,25,27,29,30,32", "1-5", 7),
    ("B:W1,2,4,6,7,9,11,14,15:B13,23,24,25,27,28,29,30,32", "30-26", 7),
    ("B:W1,4,6,8,9,18:B17,20,25,26,30,32", "26-21", 7),
    ("B:W1,6,10,18:B15,24,25,26", "15-12", 7),
    ("B:W1,3,4,9,12,25:B11,14,24,26,29,31", "14-10", 7),
];

/// Material for `color`: a man 1, a king 3.
fn material(pos: &Position, color: Color) -> i32 {
    let side = |c: Color| (pos.count(c) - pos.king_count(c)) as i32 + 3 * pos.king_count(c) as i32;
    side(color) - side(color.opponent())
}

/// Plain minimax over every legal move to `depth` plies, then on through
/// pending captures; the value is the material balance for the side to
/// move (a side without moves has lost everything).
fn exhaustive(pos: &Position, depth: u32) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return -100;
    }
    if depth == 0 && !moves[0].is_capture() {
        return material(pos, pos.turn());
    }
    moves.iter().map(|mv| -exhaustive(&pos.play(mv).unwrap(), depth.saturating_sub(1))).max().unwrap()
}

#[test]
fn each_shot_is_a_forced_gain_by_one_move_only() {
    assert!(SHOTS.len() >= 5);
    for &(fen, winning, plies) in SHOTS {
        let pos: Position = fen.parse().unwrap();
        let now = material(&pos, pos.turn());
        assert_eq!(now, 0, "{fen}: material is level");
        let shallow = pos.legal_moves().iter().map(|mv| -exhaustive(&pos.play(mv).unwrap(), 2)).max().unwrap();
        assert!(shallow <= now, "{fen}: a 3-ply search already sees the gain");
        for mv in pos.legal_moves() {
            let value = -exhaustive(&pos.play(&mv).unwrap(), plies - 1);
            let name = pos.notation(&mv);
            if name == winning {
                assert!(value > now, "{fen}: {name} gains only {value} from {now}");
            } else {
                assert!(value <= now, "{fen}: {name} also gains ({value} from {now})");
            }
        }
    }
}

#[test]
fn the_engine_finds_every_shot() {
    for &(fen, winning, plies) in SHOTS {
        let root = Root::new(fen.parse().unwrap(), Variant::Classic, DrawRules::Classic);
        let analysis = analyze(&mut Searcher::new(4, None), &root, &Limits::depth(plies + 2));
        let found = root.position.notation(&analysis.best.unwrap());
        assert_eq!(found, winning, "{fen}");
    }
}
