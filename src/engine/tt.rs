//! The transposition table: a fixed array of entries indexed by the low
//! bits of the position's hash, so its memory is set once and never grows.

use super::score::{Score, from_tt, to_tt};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// [`super::ordering::MoveKey`] of the best move found, 0 for none.
    best: u32,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found here before, as a move key (0 for none).
    pub best: u32,
    /// Score relative to the probing node.
    pub score: Score,
    /// Depth it was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// A fixed-size, always-replace-unless-deeper table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// Bytes per entry (for sizing from megabytes).
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `megabytes` MiB (a power of two of entries; at
    /// least one thousand entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / ENTRY_BYTES;
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let len = len.max(1024);
        Table { entries: vec![Entry::default(); len], mask: len - 1 }
    }

    /// Forgets everything (between unrelated searches).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The stored entry for this hash, if any.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        if e.bound == 0 || e.key != key {
            return None;
        }
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit { best: e.best, score: from_tt(e.score as Score, ply), depth: e.depth as i32, bound })
    }

    /// Stores a result, keeping a deeper result of the same position.
    pub fn store(&mut self, key: u64, ply: usize, depth: i32, score: Score, bound: Bound, best: u32) {
        let e = &mut self.entries[key as usize & self.mask];
        if e.bound != 0 && e.key == key && e.depth as i32 > depth {
            return;
        }
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = if best == 0 && e.key == key { e.best } else { best };
        *e = Entry { key, best, score: to_tt(score, ply) as i16, depth: depth.clamp(-1, 127) as i8, bound };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_stays_within_the_budget() {
        let bytes = Table::new(4).entries.len() * ENTRY_BYTES;
        assert!(bytes <= 4 << 20 && bytes > 1 << 20, "{bytes}");
    }

    #[test]
    fn a_deeper_entry_is_kept_and_a_shallower_one_does_not_replace_it() {
        let mut t = Table::new(1);
        t.store(42, 0, 6, 120, Bound::Exact, 7);
        t.store(42, 0, 3, -50, Bound::Upper, 9);
        let hit = t.probe(42, 0).unwrap();
        assert_eq!((hit.depth, hit.score, hit.best, hit.bound), (6, 120, 7, Bound::Exact));
        assert!(t.probe(43, 0).is_none());
    }
}
