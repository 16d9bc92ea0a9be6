//! A zlib stream (RFC 1950/1951) written for pictures: greedy LZ77 with one
//! candidate per hash, runs of a repeated byte found directly, and one block
//! with Huffman codes made for the picture. Filtered board rows are mostly
//! runs of zeros and rows of tiles seen a few hundred bytes before, which
//! this finds at a fraction of the cost of zlib's hash chains (see
//! `benches/render.rs`), for files of much the same size.

use super::huffman::{code_lengths, codes};

/// Longest distance back a match may reach (the 32 KB window).
const WINDOW: usize = 32 * 1024;
/// Shortest and longest match deflate can code.
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// Bits of the hash of 4 bytes that picks a slot of the table.
const HASH_BITS: u32 = 14;

/// Length codes: the first length of each, and its extra bits.
const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/// Distance codes: the first distance of each, and its extra bits.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/// The order in which the code-length code's lengths are sent.
const CODE_LENGTH_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// Literal/length symbols: 256 literals, end of block, 29 length codes.
const LITLEN_SYMBOLS: usize = 286;
const END_OF_BLOCK: usize = 256;
const DISTANCE_SYMBOLS: usize = 30;

/// The length code (0..29) of each match length from 3.
const LENGTH_CODE: [u8; MAX_MATCH - MIN_MATCH + 1] = {
    let mut table = [0u8; MAX_MATCH - MIN_MATCH + 1];
    let mut code = 0;
    let mut len = MIN_MATCH;
    while len <= MAX_MATCH {
        while code + 1 < LENGTH_BASE.len() && LENGTH_BASE[code + 1] as usize <= len {
            code += 1;
        }
        table[len - MIN_MATCH] = code as u8;
        len += 1;
    }
    table
};

/// The distance code (0..30) of a distance (1..=32768).
#[inline]
fn distance_code(distance: usize) -> usize {
    let d = (distance - 1) as u32;
    if d < 4 {
        d as usize
    } else {
        let top = 31 - d.leading_zeros();
        (2 * top + ((d >> (top - 1)) & 1)) as usize
    }
}

/// A match is kept as this bit, the length less 3 shifted by 15, and the distance less 1.
const MATCH: u32 = 1 << 31;

/// The compressor's buffers, kept from one picture to the next.
pub struct Deflater {
    /// Per hash of 4 bytes, the last position (plus one) that had it.
    head: Vec<u32>,
    /// The picture's literals and matches, in order.
    tokens: Vec<u32>,
    litlen_freq: [u32; LITLEN_SYMBOLS],
    distance_freq: [u32; DISTANCE_SYMBOLS],
}

impl Default for Deflater {
    fn default() -> Deflater {
        Deflater::new()
    }
}

impl Deflater {
    /// A compressor; its token buffer grows to the first picture's.
    pub fn new() -> Deflater {
        Deflater {
            head: vec![0; 1 << HASH_BITS],
            tokens: Vec::new(),
            litlen_freq: [0; LITLEN_SYMBOLS],
            distance_freq: [0; DISTANCE_SYMBOLS],
        }
    }

    /// Appends `data` to `out` as a complete zlib stream.
    pub fn zlib(&mut self, data: &[u8], out: &mut Vec<u8>) {
        // Deflate with a 32 KB window, the fastest level named.
        out.extend_from_slice(&[0x78, 0x01]);
        self.find_matches(data);
        self.write_block(out, true);
        out.extend_from_slice(&zlib_rs::adler32::adler32(1, data).to_be_bytes());
    }

    /// Appends `data` to `out` as a piece of a deflate stream that does not
    /// end it and ends on a byte boundary (an empty stored block, as zlib's
    /// sync flush does). It refers to nothing before it, so pieces made
    /// apart can be laid one after another, and [`LAST_EMPTY_BLOCK`] then
    /// ends the stream: a picture is put together from bands kept from
    /// earlier pictures (see [`super::bands`]).
    pub fn piece(&mut self, data: &[u8], out: &mut Vec<u8>) {
        self.find_matches(data);
        self.write_block(out, false);
    }

    fn literal(&mut self, byte: u8) {
        self.tokens.push(u32::from(byte));
        self.litlen_freq[usize::from(byte)] += 1;
    }

    fn matched(&mut self, len: usize, distance: usize) {
        self.tokens.push(MATCH | ((len - MIN_MATCH) as u32) << 15 | (distance - 1) as u32);
        self.litlen_freq[END_OF_BLOCK + 1 + usize::from(LENGTH_CODE[len - MIN_MATCH])] += 1;
        self.distance_freq[distance_code(distance)] += 1;
    }

    /// Greedy parse: at each position a run of the byte before, else the
    /// last position with the same 4 bytes if it matches, else a literal.
    fn find_matches(&mut self, data: &[u8]) {
        self.head.fill(0);
        self.tokens.clear();
        self.litlen_freq = [0; LITLEN_SYMBOLS];
        self.distance_freq = [0; DISTANCE_SYMBOLS];
        let n = data.len();
        let mut i = 0;
        while i + 4 <= n {
            let longest = (n - i).min(MAX_MATCH);
            if i > 0 && data[i] == data[i - 1] {
                let run = common_prefix(data, i - 1, i, longest);
                if run >= MIN_MATCH {
                    self.matched(run, 1);
                    i += run;
                    continue;
                }
            }
            let word = read32(data, i);
            let slot = (word.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
            let candidate = self.head[slot] as usize;
            self.head[slot] = i as u32 + 1;
            if candidate > 0 && i - (candidate - 1) <= WINDOW {
                let from = candidate - 1;
                let len =
                    if read32(data, from) == word { 4 + common_prefix(data, from + 4, i + 4, longest - 4) } else { 0 };
                if len >= 4 {
                    self.matched(len, i - from);
                    i += len;
                    continue;
                }
            }
            self.literal(data[i]);
            i += 1;
        }
        for &byte in &data[i..] {
            self.literal(byte);
        }
        self.litlen_freq[END_OF_BLOCK] += 1;
    }

    /// Writes the tokens as one block with dynamic Huffman codes: the
    /// stream's last if `last`, otherwise followed by an empty stored block
    /// that brings the stream to a byte boundary.
    fn write_block(&mut self, out: &mut Vec<u8>, last: bool) {
        let mut litlen_lengths = [0u8; LITLEN_SYMBOLS];
        let mut distance_lengths = [0u8; DISTANCE_SYMBOLS];
        code_lengths(&self.litlen_freq, 15, &mut litlen_lengths);
        code_lengths(&self.distance_freq, 15, &mut distance_lengths);
        let mut litlen_codes = [0u16; LITLEN_SYMBOLS];
        let mut distance_codes = [0u16; DISTANCE_SYMBOLS];
        codes(&litlen_lengths, &mut litlen_codes);
        codes(&distance_lengths, &mut distance_codes);

        let mut bits = BitWriter { out, acc: 0, count: 0 };
        // BFINAL, then BTYPE 2 (dynamic codes).
        bits.put(u32::from(last) | 0b100, 3);
        write_code_lengths(&mut bits, &litlen_lengths, &distance_lengths);
        // Each length's code and extra bits as one string of bits, sent at once.
        let mut lengths = [(0u32, 0u32); MAX_MATCH - MIN_MATCH + 1];
        for (i, entry) in lengths.iter_mut().enumerate() {
            let (len, code) = (i + MIN_MATCH, usize::from(LENGTH_CODE[i]));
            let symbol = END_OF_BLOCK + 1 + code;
            let bits = u32::from(litlen_lengths[symbol]);
            let extra = (len - usize::from(LENGTH_BASE[code])) as u32;
            *entry = (u32::from(litlen_codes[symbol]) | extra << bits, bits + u32::from(LENGTH_EXTRA[code]));
        }
        bits.out.reserve(self.tokens.len() * 2 + 64);
        for &token in &self.tokens {
            if token & MATCH == 0 {
                let symbol = token as usize;
                bits.put(u32::from(litlen_codes[symbol]), u32::from(litlen_lengths[symbol]));
                continue;
            }
            let (length_bits, count) = lengths[((token >> 15) & 0xff) as usize];
            bits.put(length_bits, count);
            let distance = (token & 0x7fff) as usize + 1;
            let code = distance_code(distance);
            let code_bits = u32::from(distance_lengths[code]);
            let extra = (distance - usize::from(DISTANCE_BASE[code])) as u32;
            bits.put(u32::from(distance_codes[code]) | extra << code_bits, code_bits + u32::from(DISTANCE_EXTRA[code]));
        }
        bits.put(u32::from(litlen_codes[END_OF_BLOCK]), u32::from(litlen_lengths[END_OF_BLOCK]));
        if last {
            bits.finish();
        } else {
            // Not final, BTYPE 0 (stored): padded to the byte, then its
            // length 0 and that length's complement.
            bits.put(0, 3);
            bits.finish();
            out.extend_from_slice(&[0x00, 0x00, 0xff, 0xff]);
        }
    }
}

/// A deflate block that ends a stream and holds nothing: BFINAL set, BTYPE
/// 1 (fixed codes), then the end-of-block code (seven 0 bits).
pub const LAST_EMPTY_BLOCK: [u8; 2] = [0x03, 0x00];

/// The Adler-32 of two pieces of data one after the other, from the
/// checksum of each and the length of the second (as zlib's
/// `adler32_combine`): a checksum's two sums, over the second piece
/// started from the first's, gain the first's sum once per byte.
pub fn adler32_combine(first: u32, second: u32, second_len: usize) -> u32 {
    const MOD: u64 = 65_521;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let n = second_len as u64 % MOD;
    let a = (a1 + a2 + MOD - 1) % MOD;
    let b = (b1 + b2 + n * a1 % MOD + MOD - n) % MOD;
    ((b << 16) | a) as u32
}

/// How many bytes from `a` and from `b` (`a < b`) agree, at most `max`
/// (`b + max` within `data`); 8 at a time.
#[inline]
fn common_prefix(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let (x, y) = (&data[a..a + max], &data[b..b + max]);
    // 32 bytes a step while they agree (most matches are long runs), then
    // the first differing word says where.
    let whole = x.chunks_exact(32).zip(y.chunks_exact(32)).take_while(|(p, q)| p == q).count() * 32;
    let mut k = whole;
    while k + 8 <= max {
        let d = word(x, k) ^ word(y, k);
        if d != 0 {
            return k + (d.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    while k < max && x[k] == y[k] {
        k += 1;
    }
    k
}

/// The 4 bytes at `at`, little-endian.
#[inline(always)]
fn read32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// The 8 bytes at `at`, little-endian.
#[inline(always)]
fn word(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Sends the code lengths of both trees (RFC 1951, 3.2.7): run-length coded
/// with symbols 16-18, themselves Huffman coded.
fn write_code_lengths(bits: &mut BitWriter<'_>, litlen: &[u8; LITLEN_SYMBOLS], distance: &[u8; DISTANCE_SYMBOLS]) {
    let hlit = LITLEN_SYMBOLS - litlen.iter().rev().take_while(|&&l| l == 0).count();
    let hdist = DISTANCE_SYMBOLS - distance.iter().rev().take_while(|&&l| l == 0).count();
    let all: Vec<u8> = litlen[..hlit].iter().chain(&distance[..hdist]).copied().collect();
    // (symbol, extra bits' value) pairs.
    let mut runs: Vec<(u8, u8)> = Vec::with_capacity(all.len());
    let mut i = 0;
    while i < all.len() {
        let length = all[i];
        let mut count = all[i..].iter().take_while(|&&l| l == length).count();
        i += count;
        if length == 0 {
            while count >= 11 {
                let take = count.min(138);
                runs.push((18, (take - 11) as u8));
                count -= take;
            }
            if count >= 3 {
                runs.push((17, (count - 3) as u8));
                count = 0;
            }
        } else {
            runs.push((length, 0));
            count -= 1;
            while count >= 3 {
                let take = count.min(6);
                runs.push((16, (take - 3) as u8));
                count -= take;
            }
        }
        runs.extend(std::iter::repeat_n((length, 0), count));
    }
    let mut freq = [0u32; 19];
    for &(symbol, _) in &runs {
        freq[usize::from(symbol)] += 1;
    }
    let mut lengths = [0u8; 19];
    code_lengths(&freq, 7, &mut lengths);
    let mut code = [0u16; 19];
    codes(&lengths, &mut code);
    let hclen = 19 - CODE_LENGTH_ORDER.iter().rev().take_while(|&&s| lengths[s] == 0).count();
    let hclen = hclen.max(4);
    bits.put((hlit - 257) as u32, 5);
    bits.put((hdist - 1) as u32, 5);
    bits.put((hclen - 4) as u32, 4);
    for &symbol in &CODE_LENGTH_ORDER[..hclen] {
        bits.put(u32::from(lengths[symbol]), 3);
    }
    for (symbol, extra) in runs {
        let s = usize::from(symbol);
        bits.put(u32::from(code[s]), u32::from(lengths[s]));
        match symbol {
            16 => bits.put(u32::from(extra), 2),
            17 => bits.put(u32::from(extra), 3),
            18 => bits.put(u32::from(extra), 7),
            _ => {}
        }
    }
}

/// Packs bits least significant first, as deflate wants.
struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    count: u32,
}

impl BitWriter<'_> {
    /// Appends the low `count` (at most 32) bits of `value` (no higher bits set).
    #[inline]
    fn put(&mut self, value: u32, count: u32) {
        self.acc |= u64::from(value) << self.count;
        self.count += count;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.count -= 32;
        }
    }

    /// Writes the last partial byte.
    fn finish(self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        Deflater::new().zlib(data, &mut out);
        out
    }

    fn inflate(stream: &[u8], size: usize) -> Vec<u8> {
        let mut out = vec![0u8; size + 16];
        let (bytes, code) = zlib_rs::decompress_slice(&mut out, stream, zlib_rs::InflateConfig::default());
        assert_eq!(code, zlib_rs::ReturnCode::Ok, "the stream inflates");
        bytes.to_vec()
    }

    /// Bytes from a fixed pseudo-random sequence.
    fn noise(len: usize, mut seed: u32) -> Vec<u8> {
        (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (seed >> 24) as u8
            })
            .collect()
    }

    #[test]
    fn lengths_and_distances_code_as_the_rfc_tables_say() {
        for (len, code) in [(3, 0), (10, 7), (11, 8), (12, 8), (13, 9), (227, 27), (257, 27), (258, 28)] {
            assert_eq!(LENGTH_CODE[len - MIN_MATCH], code, "length {len}");
        }
        for distance in 1..=WINDOW {
            let code = distance_code(distance);
            let base = usize::from(DISTANCE_BASE[code]);
            assert!(base <= distance && distance < base + (1 << DISTANCE_EXTRA[code]), "distance {distance}");
        }
    }

    #[test]
    fn streams_inflate_to_their_input() {
        let mut repeats = noise(3000, 7);
        // Repeats at every length up to past the longest match, at short and
        // long distances, and one just beyond the window that must not be used.
        for len in (1..300).step_by(7) {
            let from = repeats.len() - 2500 + len;
            repeats.extend_from_within(from..from + len);
            repeats.extend(noise(5, len as u32));
        }
        repeats.extend(vec![0u8; 70_000]);
        let far = noise(600, 99);
        repeats.extend_from_slice(&far);
        repeats.extend(noise(WINDOW, 5));
        repeats.extend_from_slice(&far);
        let inputs: Vec<Vec<u8>> = vec![
            Vec::new(),
            vec![42],
            vec![1, 2, 3],
            vec![0; 5],
            vec![9; 100_000],
            noise(200_000, 1),
            repeats,
            (0..100_000u32).map(|i| (i % 251) as u8).collect(),
        ];
        for data in &inputs {
            let stream = zlib(data);
            assert!(inflate(&stream, data.len()) == *data, "{} bytes", data.len());
        }
    }

    /// A zlib stream of `parts`, each deflated as a piece of its own.
    fn zlib_of_pieces(parts: &[&[u8]]) -> Vec<u8> {
        let mut deflater = Deflater::new();
        let mut out = vec![0x78, 0x01];
        let mut adler = 1;
        for part in parts {
            deflater.piece(part, &mut out);
            adler = adler32_combine(adler, zlib_rs::adler32::adler32(1, part), part.len());
        }
        out.extend_from_slice(&LAST_EMPTY_BLOCK);
        out.extend_from_slice(&adler.to_be_bytes());
        out
    }

    #[test]
    fn pieces_deflated_apart_inflate_as_one_stream() {
        let tile = noise(240, 3);
        let rows: Vec<u8> = (0..500).flat_map(|_| tile.iter().copied()).collect();
        let parts: Vec<Vec<u8>> = vec![noise(10_000, 4), vec![0; 70_000], rows, vec![5], noise(3, 8), tile];
        let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
        let whole: Vec<u8> = parts.concat();
        // Every split of the list into pieces, the checksum included (the
        // inflater checks it).
        for from in 0..refs.len() {
            let stream = zlib_of_pieces(&refs[from..]);
            let expected: Vec<u8> = parts[from..].concat();
            assert!(inflate(&stream, expected.len()) == expected, "pieces from {from}");
        }
        assert!(zlib_of_pieces(&refs).len() < zlib(&whole).len() + 1_000);
        assert_eq!(inflate(&zlib_of_pieces(&[]), 0), Vec::<u8>::new());
    }

    #[test]
    fn combined_checksums_are_the_checksum_of_the_whole() {
        let data = noise(300_000, 11);
        for split in [0, 1, 2, 5_551, 65_521, 65_522, 200_000, 300_000] {
            let (a, b) = data.split_at(split);
            let combined = adler32_combine(zlib_rs::adler32::adler32(1, a), zlib_rs::adler32::adler32(1, b), b.len());
            assert_eq!(combined, zlib_rs::adler32::adler32(1, &data), "split at {split}");
        }
    }

    #[test]
    fn repeated_data_gets_small_and_one_compressor_serves_many_streams() {
        assert!(zlib(&vec![0u8; 1 << 20]).len() < 5_000);
        let tile = noise(240, 3);
        let rows: Vec<u8> = (0..2000).flat_map(|_| tile.iter().copied()).collect();
        // 480 KB in matches of at most 258 bytes: about a byte each.
        assert!(zlib(&rows).len() < 4_000);
        let mut deflater = Deflater::new();
        for data in [noise(50_000, 2), rows, vec![7; 10]] {
            let mut out = Vec::new();
            deflater.zlib(&data, &mut out);
            assert!(inflate(&out, data.len()) == data);
        }
    }
}
