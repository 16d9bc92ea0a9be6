//! Length-limited canonical Huffman codes for the deflate writer
//! ([`super::deflate`]): code lengths from symbol counts, then the codes
//! themselves, bit-reversed because deflate sends codes first bit first.

/// Sets `lengths[s]` to the code length of symbol `s` given its count
/// `freqs[s]`, at most `limit` bits; unused symbols get 0. Every tree made
/// here has at least two codes (deflate decoders reject a lone code in some
/// trees), so symbols 0 and 1 stand in when fewer are used.
pub fn code_lengths(freqs: &[u32], limit: u32, lengths: &mut [u8]) {
    debug_assert!(freqs.len() == lengths.len() && freqs.len() >= 2);
    let mut counts: Vec<u32> = freqs.to_vec();
    let used = counts.iter().filter(|&&f| f > 0).count();
    if used < 2 {
        for count in counts.iter_mut().take(2) {
            *count = (*count).max(1);
        }
    }
    // Halving the counts flattens the tree; a few rounds at most bring the
    // deepest code within the limit (a count of 1 stays 1).
    while !huffman_depths(&counts, limit, lengths) {
        for count in counts.iter_mut().filter(|c| **c > 0) {
            *count = (*count >> 1).max(1);
        }
    }
}

/// Huffman's construction over the non-zero counts; writes the depths into
/// `lengths` and says whether none exceeds `limit`.
fn huffman_depths(counts: &[u32], limit: u32, lengths: &mut [u8]) -> bool {
    lengths.fill(0);
    let mut leaves: Vec<(u32, usize)> =
        counts.iter().enumerate().filter(|(_, c)| **c > 0).map(|(s, c)| (*c, s)).collect();
    leaves.sort_unstable();
    let n = leaves.len();
    // Nodes 0..n are the leaves in order of count, n.. the merged ones, made in
    // order of count too: two queues give the two smallest at each step.
    let mut weight: Vec<u64> = leaves.iter().map(|&(c, _)| u64::from(c)).collect();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let (mut next_leaf, mut next_node) = (0, n);
    for merged in n..2 * n - 1 {
        let a = smallest(&weight, n, merged, &mut next_leaf, &mut next_node);
        let b = smallest(&weight, n, merged, &mut next_leaf, &mut next_node);
        weight.push(weight[a] + weight[b]);
        parent[a] = merged;
        parent[b] = merged;
    }
    // Depths from the root (the last node) down: a parent is always made after its children.
    let mut depth = vec![0u32; 2 * n - 1];
    for node in (0..2 * n - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    let mut fits = true;
    for (leaf, &(_, symbol)) in leaves.iter().enumerate() {
        fits &= depth[leaf] <= limit;
        lengths[symbol] = depth[leaf].min(255) as u8;
    }
    fits
}

/// Takes the lighter of the next leaf and the next merged node (below
/// `merged`), preferring the leaf on a tie, which keeps the tree shallow.
fn smallest(weight: &[u64], leaves: usize, merged: usize, next_leaf: &mut usize, next_node: &mut usize) -> usize {
    let leaf_first = *next_leaf < leaves && (*next_node >= merged || weight[*next_leaf] <= weight[*next_node]);
    let pick = if leaf_first { next_leaf } else { next_node };
    *pick += 1;
    *pick - 1
}

/// The canonical codes (RFC 1951, 3.2.2) of `lengths`, each bit-reversed
/// for sending least significant bit first.
pub fn codes(lengths: &[u8], out: &mut [u16]) {
    let mut per_length = [0u16; 16];
    for &l in lengths {
        per_length[usize::from(l)] += 1;
    }
    per_length[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (out, &l) in out.iter_mut().zip(lengths) {
        if l > 0 {
            let code = next[usize::from(l)];
            next[usize::from(l)] += 1;
            *out = code.reverse_bits() >> (16 - u32::from(l));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kraft's sum of the lengths, in units of 2^-15: 2^15 for a complete code.
    fn kraft(lengths: &[u8]) -> u32 {
        lengths.iter().filter(|&&l| l > 0).map(|&l| 1u32 << (15 - l)).sum()
    }

    #[test]
    fn lengths_make_a_complete_code_within_the_limit() {
        // Fibonacci counts give the deepest trees: 30 of them need 29 bits unlimited.
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for (freqs, limit) in [(fib.clone(), 15), (fib, 7), (vec![5, 0, 0, 9, 1, 0, 1], 15), ((1..300).collect(), 15)] {
            let mut lengths = vec![0u8; freqs.len()];
            code_lengths(&freqs, limit, &mut lengths);
            assert!(lengths.iter().all(|&l| u32::from(l) <= limit), "{lengths:?}");
            assert_eq!(kraft(&lengths), 1 << 15, "{lengths:?}");
            for (f, l) in freqs.iter().zip(&lengths) {
                assert_eq!(*f > 0, *l > 0);
            }
        }
    }

    #[test]
    fn fewer_than_two_symbols_still_give_two_codes() {
        for freqs in [vec![0u32; 30], {
            let mut one = vec![0u32; 30];
            one[17] = 4;
            one
        }] {
            let mut lengths = vec![0u8; 30];
            code_lengths(&freqs, 15, &mut lengths);
            assert_eq!(kraft(&lengths), 1 << 15, "{lengths:?}");
            assert!(lengths.iter().filter(|&&l| l > 0).count() >= 2);
        }
    }

    #[test]
    fn canonical_codes_follow_the_rfc_example() {
        // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give
        // 010, 011, 100, 101, 110, 00, 1110, 1111.
        let lengths = [3u8, 3, 3, 3, 3, 2, 4, 4];
        let mut out = [0u16; 8];
        codes(&lengths, &mut out);
        let expected = [0b010u16, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111];
        for ((code, want), l) in out.iter().zip(expected).zip(lengths) {
            assert_eq!(*code, want.reverse_bits() >> (16 - u32::from(l)));
        }
    }
}
