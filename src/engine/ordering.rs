//! Move ordering: the table's move first, then the two killer moves of the
//! ply, then by history (how often a move caused a cut-off elsewhere).
//! Alpha-beta prunes the most when the best move comes first.

use crate::rules::Move;

use super::MAX_PLY;

/// A move in 32 bits: start and end bits and a fold of the captured set,
/// enough to recognise a move among a position's legal moves. Never 0.
pub type MoveKey = u32;

/// The key of a move.
pub fn key(mv: &Move) -> MoveKey {
    let c = mv.captured;
    let fold = (c ^ (c >> 19)) as u32 & 0x7ffff;
    1 | (mv.from as u32) << 1 | (mv.to as u32) << 7 | fold << 13
}

/// Killer moves per ply and the history counters.
pub struct Ordering {
    killers: Vec<[MoveKey; 2]>,
    /// Indexed by start bit * 36 + end bit.
    history: Vec<u32>,
}

/// Priorities: the table's move, then killers, then history below them.
const TABLE_MOVE: u32 = u32::MAX;
const KILLER: [u32; 2] = [u32::MAX - 2, u32::MAX - 3];
const HISTORY_CAP: u32 = u32::MAX - 16;

impl Ordering {
    /// Empty killers and history.
    pub fn new() -> Ordering {
        Ordering { killers: vec![[0; 2]; MAX_PLY + 1], history: vec![0; 36 * 36] }
    }

    /// Forgets everything learnt.
    pub fn clear(&mut self) {
        self.killers.fill([0; 2]);
        self.history.fill(0);
    }

    /// The sort priority of a move at a ply; higher goes first.
    pub fn priority(&self, mv: &Move, ply: usize, table_move: MoveKey) -> u32 {
        let k = key(mv);
        if k == table_move {
            TABLE_MOVE
        } else if k == self.killers[ply][0] {
            KILLER[0]
        } else if k == self.killers[ply][1] {
            KILLER[1]
        } else {
            self.history[mv.from as usize * 36 + mv.to as usize].min(HISTORY_CAP)
        }
    }

    /// Records a quiet move that refuted a position `depth` plies deep.
    pub fn reward(&mut self, mv: &Move, ply: usize, depth: i32) {
        let k = key(mv);
        let slot = &mut self.killers[ply];
        if slot[0] != k {
            slot[1] = slot[0];
            slot[0] = k;
        }
        let h = &mut self.history[mv.from as usize * 36 + mv.to as usize];
        *h = h.saturating_add((depth.max(1) * depth.max(1)) as u32);
    }
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn keys_tell_the_moves_of_a_position_apart() {
        // A king with several capture routes: every legal move's key differs.
        let pos: Position = "W:WK30:B27,14,13,26,20".parse().unwrap();
        let moves = pos.legal_moves();
        let mut keys: Vec<MoveKey> = moves.iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), moves.len());
        assert!(keys.iter().all(|&k| k != 0));
    }

    #[test]
    fn the_table_move_then_killers_come_first() {
        let pos = Position::initial();
        let moves = pos.legal_moves();
        let mut o = Ordering::new();
        o.reward(&moves[2], 3, 4);
        assert!(o.priority(&moves[0], 3, key(&moves[0])) > o.priority(&moves[2], 3, 0));
        assert!(o.priority(&moves[2], 3, 0) > o.priority(&moves[1], 3, 0));
        assert_eq!(o.priority(&moves[2], 4, 0), 16, "history, not a killer, at another ply");
    }
}
