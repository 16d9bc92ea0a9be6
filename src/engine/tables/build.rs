//! Retrograde analysis, one material signature at a time.
//!
//! Within a signature the only moves are quiet king moves and man steps that
//! do not promote; captures and promotions lead to tables built before (see
//! [`super::layout::Layout`]) and are read from them. Every position first
//! counts its moves inside the signature and folds the values of the moves
//! that leave it. Then positions are settled in order of distance: a
//! position settled as lost at distance d makes each predecessor won at
//! d + 1 (the first win found is the shortest); one settled as won at d
//! takes one from each predecessor's count of open moves, and a predecessor
//! whose moves are all won for the opponent is lost at the longest of them
//! plus one. What is never settled can go on forever: a draw.

use std::thread;

use super::layout::{Layout, Material, Table};
use super::unmove::for_each_unmove;
use super::value::{DRAW, MAX_PLIES, NOT_A_POSITION, TableValue, Wdl, decode, encode_plies};
use crate::rules::MoveList;

/// The values of every position of at most `layout.max_pieces()` pieces.
pub(super) fn build_all(layout: &Layout) -> Vec<u8> {
    let mut data = vec![NOT_A_POSITION; layout.total()];
    for table in layout.tables() {
        let values = solve(layout, &data, table);
        data[table.offset..table.offset + values.len()].copy_from_slice(&values);
    }
    data
}

/// The slot is a position.
const VALID: u8 = 1;
/// Its value is final.
const SETTLED: u8 = 2;
/// A win is on its way (a move out of the signature wins, or a move inside
/// reaches a lost position): it will never be a loss.
const WIN_COMING: u8 = 4;
/// A move out of the signature draws: it will never be a loss.
const DRAW_OUT: u8 = 8;
/// Queued to be settled as won at the next distance (queued once only).
const WIN_NEXT: u8 = 16;

/// What the forward pass finds for one slot.
struct Forward {
    flags: Vec<u8>,
    /// Moves inside the signature not yet known to win for the opponent.
    open: Vec<u8>,
    /// The longest the side to move can last so far, if it loses.
    longest: Vec<u16>,
    /// (slot, plies) of values known from the forward pass alone.
    seeds: Vec<(u32, u16)>,
}

/// The values of one table (both halves), reading the tables it leads to from `data`.
fn solve(layout: &Layout, data: &[u8], table: &Table) -> Vec<u8> {
    let Forward { mut flags, mut open, mut longest, seeds } = forward_all(layout, data, table);
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, plies: u16, slot: u32| {
        let plies = plies as usize;
        if buckets.len() <= plies {
            buckets.resize_with(plies + 1, Vec::new);
        }
        buckets[plies].push(slot);
    };
    for (slot, plies) in seeds {
        push(&mut buckets, plies, slot);
    }
    let mut values = vec![NOT_A_POSITION; 2 * table.size];
    let mut plies = 0usize;
    while plies < buckets.len() {
        let bucket = std::mem::take(&mut buckets[plies]);
        let d = plies as u16;
        for slot in bucket {
            let slot = slot as usize;
            if flags[slot] & SETTLED != 0 {
                continue;
            }
            flags[slot] |= SETTLED;
            values[slot] = encode_plies(d);
            let pos = table.position(slot).expect("only positions are queued");
            for_each_unmove(&pos, |pred| {
                let p = table.local(&pred);
                if flags[p] & SETTLED != 0 {
                    return;
                }
                if d.is_multiple_of(2) {
                    // `pos` is lost: moving there wins, and nothing wins sooner.
                    if flags[p] & WIN_NEXT == 0 {
                        flags[p] |= WIN_COMING | WIN_NEXT;
                        push(&mut buckets, d + 1, p as u32);
                    }
                } else {
                    open[p] -= 1;
                    longest[p] = longest[p].max(d + 1);
                    if open[p] == 0 && flags[p] & (WIN_COMING | DRAW_OUT) == 0 {
                        push(&mut buckets, longest[p], p as u32);
                    }
                }
            });
        }
        plies += 1;
    }
    for (value, flag) in values.iter_mut().zip(&flags) {
        if flag & (VALID | SETTLED) == VALID {
            *value = DRAW;
        }
    }
    values
}

/// The forward pass over every slot of a table, split between threads.
fn forward_all(layout: &Layout, data: &[u8], table: &Table) -> Forward {
    let slots = 2 * table.size;
    let threads = thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    // Small tables are not worth a thread.
    let threads = if slots < 1 << 14 { 1 } else { threads };
    let chunk = slots.div_ceil(threads).max(1);
    let mut flags = vec![0u8; slots];
    let mut open = vec![0u8; slots];
    let mut longest = vec![0u16; slots];
    let seeds = thread::scope(|scope| {
        let workers: Vec<_> = flags
            .chunks_mut(chunk)
            .zip(open.chunks_mut(chunk))
            .zip(longest.chunks_mut(chunk))
            .enumerate()
            .map(|(i, ((flags, open), longest))| {
                scope.spawn(move || {
                    let first = i * chunk;
                    let mut seeds = Vec::new();
                    let mut moves = MoveList::new();
                    for (j, ((flag, open), longest)) in flags.iter_mut().zip(open).zip(longest).enumerate() {
                        let slot = first + j;
                        let Some(start) = forward(layout, data, table, slot, &mut moves) else { continue };
                        *flag = VALID | start.flags;
                        *open = start.open;
                        *longest = start.longest;
                        if let Some(plies) = start.seed {
                            seeds.push((slot as u32, plies));
                        }
                    }
                    seeds
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a table worker panicked")).collect()
    });
    Forward { flags, open, longest, seeds }
}

/// One position's forward facts.
struct Start {
    flags: u8,
    open: u8,
    longest: u16,
    /// Its value in plies if the moves out of the signature already decide it.
    seed: Option<u16>,
}

/// Counts the moves of the position at `slot` that stay in the table and
/// folds the values of those that leave it; `None` if the slot is no position.
fn forward(layout: &Layout, data: &[u8], table: &Table, slot: usize, moves: &mut MoveList) -> Option<Start> {
    let pos = table.position(slot)?;
    moves.clear();
    pos.generate(moves);
    let mut open = 0u8;
    let mut win: Option<u16> = None;
    let mut longest = 0u16;
    let mut draw = false;
    for mv in moves.iter() {
        let child = pos.play_unchecked(mv);
        if Material::of(&child) == table.material {
            open += 1;
            continue;
        }
        match decode(data[layout.slot(&child)]).expect("captures and promotions lead to tables built before") {
            TableValue { wdl: Wdl::Loss, plies } => win = Some(win.map_or(plies + 1, |w| w.min(plies + 1))),
            TableValue { wdl: Wdl::Win, plies } => longest = longest.max(plies + 1),
            TableValue { wdl: Wdl::Draw, .. } => draw = true,
        }
    }
    debug_assert!(win.is_none_or(|w| w <= MAX_PLIES));
    Some(if let Some(plies) = win {
        Start { flags: WIN_COMING, open, longest, seed: Some(plies) }
    } else if draw {
        Start { flags: DRAW_OUT, open, longest, seed: None }
    } else if open == 0 {
        // Every move leaves and wins for the opponent, or there is no move
        // at all (RULES 7.1): lost, as late as possible.
        Start { flags: 0, open, longest, seed: Some(longest) }
    } else {
        Start { flags: 0, open, longest, seed: None }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveList;

    /// A well-mixed 64-bit hash of a slot (splitmix64's finaliser).
    fn mix(slot: usize) -> u64 {
        let mut z = (slot as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The predecessors are exactly the forward moves read backwards: for
    /// every position, the moves of the rules that stay in its table and
    /// the times it is produced as a predecessor are the same multiset of
    /// edges (compared by count and by a sum of hashes of their ends).
    #[test]
    fn unmoves_match_the_rules_moves_edge_for_edge() {
        let max = if cfg!(debug_assertions) { 3 } else { 4 };
        let layout = Layout::new(max);
        let mut moves = MoveList::new();
        let mut edges = 0u64;
        for table in layout.tables() {
            let slots = 2 * table.size;
            // Per position: (moves that stay, sum of the hashes of where they go).
            let mut forward = vec![(0u32, 0u64); slots];
            let mut backward = vec![(0u32, 0u64); slots];
            for (slot, ahead) in forward.iter_mut().enumerate() {
                let Some(pos) = table.position(slot) else { continue };
                moves.clear();
                pos.generate(&mut moves);
                for mv in moves.iter() {
                    let child = pos.play_unchecked(mv);
                    if Material::of(&child) == table.material {
                        *ahead = (ahead.0 + 1, ahead.1.wrapping_add(mix(table.local(&child))));
                    }
                }
                for_each_unmove(&pos, |pred| {
                    assert_eq!(Material::of(&pred), table.material);
                    let entry = &mut backward[table.local(&pred)];
                    *entry = (entry.0 + 1, entry.1.wrapping_add(mix(slot)));
                });
            }
            for (slot, (ahead, behind)) in forward.iter().zip(&backward).enumerate() {
                assert_eq!(ahead, behind, "{:?}", table.position(slot));
            }
            edges += forward.iter().map(|&(n, _)| n as u64).sum::<u64>();
        }
        assert!(edges > 100_000, "{edges} edges");
    }
}
