//! Men's captures with bitboard steps instead of a search (RULES 3.2, 5).
//!
//! A man jumps only forward, two ranks at a time, so a capture has at most
//! three jumps and never comes back near a piece it jumped or its start
//! square: plain board masks decide every jump. All men advance together,
//! one jump per round: after `n` jumps there is one board per sequence of
//! turns (which forward direction each jump took), `2^n` boards. A square
//! on such a board ends exactly one sequence, because walking the turns
//! backwards from it retraces the whole path. The law of quantity (RULES
//! 5.3) keeps only the last round that has any square; the law of quality
//! then keeps the sequences that took the most kings.

use std::marker::PhantomData;

use super::Position;
use super::bitboard::{Bits, VALID};
use super::moves::Move;
use super::side::Side;

/// The most jumps a man can make: each climbs two of the eight ranks.
const MAX_JUMPS: usize = 3;

/// The board as the men of side `S` see it when they capture.
pub(crate) struct ManJumps<S> {
    them: u64,
    them_kings: u64,
    empty: u64,
    side: PhantomData<S>,
}

/// The longest capture sequences of a set of men.
pub(crate) struct Longest {
    /// How many pieces each sequence captures.
    pub jumps: u32,
    /// Board `t` holds the end squares of the sequences whose jump `i` went
    /// in `S::FORWARD[t >> i & 1]`; only the first `2^jumps` are used.
    ends: [u64; 1 << MAX_JUMPS],
}

impl<S: Side> ManJumps<S> {
    #[inline(always)]
    pub fn new(pos: &Position) -> ManJumps<S> {
        let us = S::own(pos);
        let them = S::Other::own(pos);
        ManJumps { them, them_kings: them & pos.kings, empty: VALID & !(us | them), side: PhantomData }
    }

    /// The squares of `from` whose man has a jump.
    #[inline(always)]
    pub fn jumpers(&self, from: u64) -> u64 {
        let [l, r] = S::FORWARD;
        let (bl, br) = (l.back(), r.back());
        from & (bl.shift(bl.shift(self.empty) & self.them) | br.shift(br.shift(self.empty) & self.them))
    }

    /// The sequences of the most jumps by the men on `men` (all of which
    /// must have a jump).
    #[inline(always)]
    pub fn longest(&self, men: u64) -> Longest {
        let mut longest = Longest { jumps: 0, ends: [0; 1 << MAX_JUMPS] };
        longest.ends[0] = men;
        while (longest.jumps as usize) < MAX_JUMPS {
            let classes = 1 << longest.jumps;
            let mut next = [0u64; 1 << MAX_JUMPS];
            let mut any = 0;
            for (t, &at) in longest.ends[..classes].iter().enumerate() {
                for (i, d) in S::FORWARD.into_iter().enumerate() {
                    let land = d.shift(d.shift(at) & self.them) & self.empty;
                    next[t | i << longest.jumps] = land;
                    any |= land;
                }
            }
            if any == 0 {
                break;
            }
            longest.ends = next;
            longest.jumps += 1;
        }
        longest
    }

    /// The number of legal captures when only the men `men` (all of which
    /// can jump) capture.
    #[inline(always)]
    pub fn count(&self, men: u64) -> u32 {
        let longest = self.longest(men);
        let classes = &longest.ends[..1 << longest.jumps];
        if self.them_kings == 0 {
            return classes.iter().map(|b| b.count_ones()).sum();
        }
        self.count_with_kings(&longest)
    }

    /// Counts the longest sequences that take the most kings (RULES 5.3).
    #[inline(never)]
    fn count_with_kings(&self, longest: &Longest) -> u32 {
        let (mut best, mut count) = (0, 0);
        self.for_each(longest, |captured| {
            let kings = (captured & self.them_kings).count_ones();
            if kings > best {
                (best, count) = (kings, 1);
            } else if kings == best {
                count += 1;
            }
        });
        count
    }

    /// Calls `f(captured)` for each of the longest sequences.
    #[inline(always)]
    fn for_each(&self, longest: &Longest, mut f: impl FnMut(u64)) {
        for (turns, &ends) in longest.ends[..1 << longest.jumps].iter().enumerate() {
            for to in Bits(ends) {
                let mut at = 1u64 << to;
                let mut captured = 0;
                for i in (0..longest.jumps).rev() {
                    let b = S::FORWARD[turns >> i & 1].back();
                    captured |= b.shift(at);
                    at = b.shift(b.shift(at));
                }
                f(captured);
            }
        }
    }

    /// Calls `keep` with each of the longest sequences as a [`Move`], with
    /// its (pieces, kings) score; the caller applies the law of quality.
    #[inline(always)]
    pub fn moves(&self, longest: &Longest, mut keep: impl FnMut((u32, u32), Move)) {
        let jumps = longest.jumps as usize;
        for (turns, &ends) in longest.ends[..1 << jumps].iter().enumerate() {
            for to in Bits(ends) {
                let mut landings = [0u32; MAX_JUMPS];
                let mut at = 1u64 << to;
                let mut captured = 0;
                for i in (0..jumps).rev() {
                    landings[i] = at.trailing_zeros();
                    let b = S::FORWARD[turns >> i & 1].back();
                    captured |= b.shift(at);
                    at = b.shift(b.shift(at));
                }
                let kings = (captured & self.them_kings).count_ones();
                let mv = Move::capture(at.trailing_zeros(), &landings[..jumps], captured, kings as u8);
                keep((longest.jumps, kings), mv);
            }
        }
    }
}
