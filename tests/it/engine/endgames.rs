//! The engine with its endgame tables: every small position proven, played
//! perfectly, and no "win" chased that a counting draw rule (RULES 7.3c-d)
//! would cut short.

use std::process::Command;

use damas::engine::tables::Wdl;
use damas::engine::{Counters, Limits, PROVEN, Root, Searcher, Verdict, WIN, analyze};
use damas::rules::{Color, DrawRules, Piece, Position, Role, Square, Variant};

use crate::support::tables::{PIECES, table_file, tables};

fn analysis(root: &Root) -> damas::engine::Analysis {
    analyze(&mut Searcher::new(2, Some(tables())), root, &Limits::depth(6))
}

#[test]
fn the_king_move_rule_cuts_a_slow_win_short() {
    // RULES 7.3c: two kings win this in 7 plies, 6 of them king moves. With
    // 33 king moves already played the win fits in the 40; with 34 the game
    // would be drawn first, so the engine counts it as a draw.
    let pos: Position = "W:WK3,K4:BK25".parse().unwrap();
    assert_eq!(tables().probe(&pos).map(|v| (v.wdl, v.plies)), Some((Wdl::Win, 7)));
    let mut root = Root::new(pos, Variant::Classic, DrawRules::Classic);
    root.counters = Counters { king_plies: 33, three_kings: None };
    let fits = analysis(&root);
    assert_eq!(fits.score, WIN - 7);
    root.counters.king_plies = 34;
    let cut = analysis(&root);
    assert_eq!(cut.score, 0, "a win the count cuts short is a draw in practice");
    // A result called proven holds under the rules: the tables' win is not.
    assert!(cut.proof.is_none_or(|p| p.verdict != Verdict::Win), "{:?}", cut.proof);
}

#[cfg(not(debug_assertions))]
#[test]
fn three_kings_do_not_chase_a_win_longer_than_the_count() {
    // RULES 7.3d: the tables win this in 25 plies, 13 of White's moves. The
    // count runs to the end of the game (a king given back buys no time),
    // so `classic`'s 12 moves draw it; Ludoteka's 13 leave room from a
    // fresh count, but not with one of them already used.
    let pos: Position = "W:WK1,K5,K10:BK2".parse().unwrap();
    assert_eq!(tables().probe(&pos).map(|v| (v.wdl, v.plies)), Some((Wdl::Win, 25)));
    let fresh = |rules| analysis(&Root::new(pos, Variant::Classic, rules));
    let classic = fresh(DrawRules::Classic);
    assert_eq!((classic.score, classic.proof.map(|p| p.verdict)), (0, Some(Verdict::Draw)));
    assert_eq!(fresh(DrawRules::Ludoteka).score, WIN - 25);
    let mut root = Root::new(pos, Variant::Classic, DrawRules::Ludoteka);
    root.counters = Counters { king_plies: 2, three_kings: Some((Color::White, 1)) };
    let one_used = analysis(&root);
    assert_eq!((one_used.score, one_used.proof.map(|p| p.verdict)), (0, Some(Verdict::Draw)));
}

/// Small positions from a fixed pseudo-random sequence: 2 to `PIECES`
/// pieces, each side at least one, men off their own far rank.
fn small_positions(count: usize) -> Vec<Position> {
    let mut seed = 0x5eed_u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut out = Vec::new();
    while out.len() < count {
        let n = 2 + next(PIECES as u64 - 1) as usize;
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        while pieces.len() < n {
            let sq = Square::new(1 + next(32) as u8).unwrap();
            if pieces.iter().any(|(s, _)| *s == sq) {
                continue;
            }
            // The first piece is White's, the second Black's, then either.
            let color = match pieces.len() {
                0 => Color::White,
                1 => Color::Black,
                _ if next(2) == 0 => Color::White,
                _ => Color::Black,
            };
            let far = if color == Color::White { sq.rank() == 7 } else { sq.rank() == 0 };
            let role = if far || next(2) == 0 { Role::King } else { Role::Man };
            pieces.push((sq, Piece { color, role }));
        }
        let turn = if next(2) == 0 { Color::White } else { Color::Black };
        out.push(Position::from_pieces(turn, pieces).expect("built within the rules"));
    }
    out
}

#[test]
fn small_endgames_are_proven_and_played_perfectly() {
    let tables = tables();
    for pos in small_positions(300) {
        let root = Root::new(pos, Variant::Classic, DrawRules::Hundred);
        let a = analysis(&root);
        let value = tables.probe(&pos).expect("within the tables");
        let proof = a.proof.expect("every small position is proven");
        let verdict = match value.wdl {
            Wdl::Win => Verdict::Win,
            Wdl::Draw => Verdict::Draw,
            Wdl::Loss => Verdict::Loss,
        };
        assert_eq!((proof.verdict, proof.plies), (verdict, value.plies as u32), "{pos}");
        let Some(best) = a.best else {
            assert!(pos.legal_moves().is_empty());
            continue;
        };
        // The move keeps the value: a win goes to a loss one ply shorter, a
        // draw to a draw, a loss to the longest defence.
        let child = tables.probe(&pos.play(&best).unwrap()).unwrap();
        match value.wdl {
            Wdl::Win => assert_eq!((child.wdl, child.plies + 1), (Wdl::Loss, value.plies), "{pos}"),
            Wdl::Draw => assert_eq!(child.wdl, Wdl::Draw, "{pos}"),
            Wdl::Loss => assert_eq!((child.wdl, child.plies + 1), (Wdl::Win, value.plies), "{pos}"),
        }
        if value.wdl != Wdl::Draw {
            assert!(a.score.abs() >= PROVEN, "{pos}: {}", a.score);
        }
    }
}

#[test]
fn the_command_line_proves_every_small_position() {
    let file = table_file();
    for fen in ["W:WK3,K4:BK25", "B:WK3,K4:BK25", "W:WK1:B20", "B:W9:BK25"] {
        let out = Command::new(env!("CARGO_BIN_EXE_damas"))
            .args(["analyze", "--json", "--table-pieces", &PIECES.to_string(), "--tables"])
            .arg(file)
            .arg(fen)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let pos: Position = fen.parse().unwrap();
        let value = tables().probe(&pos).unwrap();
        let result = match value.wdl {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        };
        assert_eq!(v["result"], result, "{fen}: {v}");
        assert_eq!(v["plies"].as_u64(), Some(value.plies as u64), "{fen}");
        let best = v["best"].as_str().unwrap();
        assert!(pos.parse_move(best).is_ok());
    }
}
