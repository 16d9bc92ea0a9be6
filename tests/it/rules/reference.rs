//! A second, deliberately plain move generator written straight from
//! RULES 3-5 with (file, rank) coordinates, to check the bitboard engine on
//! random positions.

use std::collections::BTreeSet;

use damas::rules::{Color, Piece, Position, Role, Square};

/// A move as the rules identify it (RULES 5.4): start, end, captured squares.
pub type MoveId = (u8, u8, Vec<u8>);

const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn step(sq: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let s = Square::new(sq)?;
    let (f, r) = (s.file() as i8 + df, s.rank() as i8 + dr);
    if !(0..8).contains(&f) || !(0..8).contains(&r) {
        return None;
    }
    Square::from_coords(f as u8, r as u8).map(|s| s.number())
}

struct Board {
    cells: [Option<Piece>; 33],
    turn: Color,
}

impl Board {
    fn new(pos: &Position) -> Board {
        let mut cells = [None; 33];
        for (sq, p) in pos.pieces() {
            cells[sq.number() as usize] = Some(p);
        }
        Board { cells, turn: pos.turn() }
    }

    fn is_enemy(&self, sq: u8) -> bool {
        self.cells[sq as usize].is_some_and(|p| p.color != self.turn)
    }

    fn forward(&self) -> i8 {
        if self.turn == Color::White { 1 } else { -1 }
    }
}

/// Every legal move of the position, by the plain generator.
pub fn legal_moves(pos: &Position) -> BTreeSet<MoveId> {
    let mut board = Board::new(pos);
    let mut all: Vec<(MoveId, usize)> = Vec::new();
    for from in 1..=32u8 {
        let Some(piece) = board.cells[from as usize] else { continue };
        if piece.color != board.turn {
            continue;
        }
        board.cells[from as usize] = None; // RULES 5.2: the start square is empty
        let mut found = Vec::new();
        jumps(&board, piece.role, from, from, &mut Vec::new(), &mut found);
        board.cells[from as usize] = Some(piece);
        all.extend(found);
    }
    if let Some(best) = all.iter().map(|(id, kings)| (id.2.len(), *kings)).max() {
        return all.into_iter().filter(|(id, k)| (id.2.len(), *k) == best).map(|(id, _)| id).collect();
    }
    let mut quiet = BTreeSet::new();
    for from in 1..=32u8 {
        let Some(piece) = board.cells[from as usize] else { continue };
        if piece.color != board.turn {
            continue;
        }
        for d in DIRS {
            if piece.role == Role::Man && d.1 != board.forward() {
                continue;
            }
            let mut at = from;
            while let Some(next) = step(at, d) {
                if board.cells[next as usize].is_some() {
                    break;
                }
                quiet.insert((from, next, Vec::new()));
                if piece.role == Role::Man {
                    break;
                }
                at = next;
            }
        }
    }
    quiet
}

/// Extends a capture from `at`, having taken `taken`; records finished ones
/// with their number of captured kings.
fn jumps(board: &Board, role: Role, from: u8, at: u8, taken: &mut Vec<u8>, out: &mut Vec<(MoveId, usize)>) {
    let mut extended = false;
    for d in DIRS {
        if role == Role::Man && d.1 != board.forward() {
            continue;
        }
        // Find the piece to jump: adjacent for a man, the first one on the
        // line for a king.
        let mut over = step(at, d);
        if role == Role::King {
            while let Some(sq) = over {
                if board.cells[sq as usize].is_some() {
                    break;
                }
                over = step(sq, d);
            }
        }
        let Some(over) = over else { continue };
        if !board.is_enemy(over) || taken.contains(&over) {
            continue;
        }
        let mut land = step(over, d);
        while let Some(to) = land {
            if board.cells[to as usize].is_some() {
                break;
            }
            extended = true;
            taken.push(over);
            let crowned =
                role == Role::Man && Square::new(to).unwrap().rank() == if board.forward() == 1 { 7 } else { 0 };
            if crowned {
                finish(board, from, to, taken, out);
            } else {
                jumps(board, role, from, to, taken, out);
            }
            taken.pop();
            if role == Role::Man {
                break;
            }
            land = step(to, d);
        }
    }
    if !extended && !taken.is_empty() {
        finish(board, from, at, taken, out);
    }
}

fn finish(board: &Board, from: u8, to: u8, taken: &[u8], out: &mut Vec<(MoveId, usize)>) {
    let mut set = taken.to_vec();
    set.sort_unstable();
    let kings = set.iter().filter(|&&s| board.cells[s as usize].is_some_and(|p| p.role == Role::King)).count();
    out.push(((from, to, set), kings));
}

/// The engine's moves in the same form.
pub fn engine_moves(pos: &Position) -> BTreeSet<MoveId> {
    pos.legal_moves()
        .iter()
        .map(|m| (m.from().number(), m.to().number(), m.captures().map(|s| s.number()).collect()))
        .collect()
}
