//! Sets of squares as numbers: the rules' padded bitboard squeezed to a
//! 32-bit mask (bit n-1 for square n), and the combinatorial number system
//! that numbers the k-square subsets of n squares 0..C(n, k) without gaps.

/// The most pieces of one group (colour and role) a table can hold.
pub(super) const MAX_GROUP: usize = 5;

/// `BINOMIAL[n][k]` = C(n, k) for n <= 32, k <= [`MAX_GROUP`].
pub(super) const BINOMIAL: [[u32; MAX_GROUP + 1]; 33] = {
    let mut t = [[0u32; MAX_GROUP + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
};

// The padded layout puts square n (0-based) at bit n + ceil(rank / 2): ranks
// come in pairs shifted by one more ghost bit each.
const SHIFTS: [(u32, u64); 5] = [(0, 0xF), (1, 0xFF << 4), (2, 0xFF << 12), (3, 0xFF << 20), (4, 0xF << 28)];

/// The 32-bit square mask of a padded bitboard.
#[inline(always)]
pub(super) const fn squeeze(bb: u64) -> u32 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < SHIFTS.len() {
        mask |= (bb >> SHIFTS[i].0) & SHIFTS[i].1;
        i += 1;
    }
    mask as u32
}

/// The padded bitboard of a 32-bit square mask.
#[inline(always)]
pub(super) const fn spread(mask: u32) -> u64 {
    let mask = mask as u64;
    let mut bb = 0u64;
    let mut i = 0;
    while i < SHIFTS.len() {
        bb |= (mask & SHIFTS[i].1) << SHIFTS[i].0;
        i += 1;
    }
    bb
}

/// The rank of a set among the sets of its size: the sum of C(s, i) over
/// its members s (0-based), the i-th smallest counted from 1.
#[inline(always)]
pub(super) fn rank(mut set: u32) -> u32 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        r += BINOMIAL[set.trailing_zeros() as usize][i];
        i += 1;
        set &= set - 1;
    }
    r
}

/// The set of `k` members with rank `r` (the inverse of [`rank`]).
pub(super) fn unrank(mut r: u32, k: usize) -> u32 {
    let mut set = 0;
    let mut s = 32;
    for i in (1..=k).rev() {
        // The largest s with C(s, i) <= r; members come out largest first.
        s -= 1;
        while BINOMIAL[s][i] > r {
            s -= 1;
        }
        r -= BINOMIAL[s][i];
        set |= 1 << s;
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn squeeze_and_spread_follow_the_rules_layout() {
        for sq in Square::ALL {
            let bit = 1u64 << sq.bit();
            assert_eq!(squeeze(bit), 1 << (sq.number() - 1), "square {sq}");
            assert_eq!(spread(1 << (sq.number() - 1)), bit, "square {sq}");
        }
        assert_eq!(squeeze(spread(u32::MAX)), u32::MAX);
    }

    #[test]
    fn ranks_number_the_subsets_without_gaps() {
        for (n, k) in [(28, 0), (28, 1), (32, 2), (28, 3), (32, 4), (32, 5)] {
            let count = BINOMIAL[n][k];
            let mut seen = vec![false; count as usize];
            for r in 0..count {
                let set = unrank(r, k);
                assert_eq!(set.count_ones() as usize, k);
                assert!(n == 32 || set >> n == 0, "{set:b} outside {n} squares");
                assert_eq!(rank(set), r);
                assert!(!std::mem::replace(&mut seen[r as usize], true));
            }
        }
    }
}
