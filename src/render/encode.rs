//! PNG encoding: 8-bit RGB, every row `Up`-filtered (one fixed filter, no
//! per-row search), deflated by our own compressor ([`super::deflate`]).
//! After the `Up` filter a board is mostly runs of zeros and stretches of
//! tiles seen a few hundred bytes before; greedy matching with one
//! candidate finds those as well as zlib's level 2 did (files of 20-55 KB,
//! 40 KB on average over real games) in about half its time
//! (`benches/render.rs`).
//!
//! Why our own encoder rather than the `png` crate's fastest setting
//! (fdeflate, made for images like these): on the decoded pixels of the 80
//! boards of a real game (`cargo bench --bench render -- png_encoder`, a
//! 2-core machine, two runs), ours writes 42 KB a board in 0.52 ms; the
//! crate at `Fast` with the same `Up` filter writes 104 KB (2.5 times as
//! much to upload with every move) in 0.29 ms, and with its adaptive
//! filter 71 KB in about 0.65 ms. And only ours can deflate a band of rows
//! as a piece that stands on its own, which the kept ranks need: the
//! boards of that game, first time through, take 0.33 ms each, and a board
//! whose ranks are all kept 9 µs. In the burst bench (1,200 moves by 200
//! games, the bot as its own process), the bot spent 0.70-0.72 ms of CPU a
//! move with ours and 1.47-1.50 ms with the crate at `Fast` (adaptive
//! filter), and answered at p50 18 ms against 25 ms.
//!
//! The writer keeps its buffers (the filtered rows, the compressor's hash
//! table and tokens) between pictures: one per thread, see [`super::scratch`].
//!
//! A picture can also be written as bands of rows deflated apart
//! ([`PngWriter::encode_rows`]), each starting afresh (its first row
//! filtered `None`, its matches within itself), so a band kept from an
//! earlier picture serves again in the next one that has the same rows
//! ([`png_of_bands`]; see [`super::bands`]).

use super::canvas::Canvas;
use super::deflate::{Deflater, LAST_EMPTY_BLOCK, adler32_combine};

/// PNG's filter type bytes for `None` and `Up`.
const FILTER_NONE: u8 = 0;
const FILTER_UP: u8 = 2;
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A PNG writer that keeps its buffers between pictures.
#[derive(Default)]
pub struct PngWriter {
    deflater: Deflater,
    /// The filtered rows, each after its filter type byte: what is deflated.
    filtered: Vec<u8>,
}

impl PngWriter {
    /// A writer; its buffers grow to the size of the first picture.
    pub fn new() -> PngWriter {
        PngWriter::default()
    }

    /// The canvas as PNG bytes (8-bit RGB, no alpha).
    pub fn encode(&mut self, canvas: &Canvas) -> Vec<u8> {
        let stride = canvas.width as usize * 3;
        self.filtered.resize((stride + 1) * canvas.height as usize, 0);
        if stride > 0 {
            up_filter(&canvas.pixels, stride, &mut self.filtered);
        }
        png_with(canvas.width, canvas.height, |png| self.deflater.zlib(&self.filtered, png))
    }

    /// Rows `first..first + count` of the canvas as a band of the picture's
    /// compressed data that stands on its own: its first row filtered
    /// `None` (the rows above may differ from one picture to the next), the
    /// others `Up`, deflated as a piece that refers to nothing before it.
    pub fn encode_rows(&mut self, canvas: &Canvas, first: u32, count: u32) -> EncodedRows {
        let stride = canvas.width as usize * 3;
        let rows = &canvas.pixels[first as usize * stride..(first + count) as usize * stride];
        self.filtered.resize((stride + 1) * count as usize, 0);
        if stride > 0 && count > 0 {
            up_filter(rows, stride, &mut self.filtered);
            self.filtered[0] = FILTER_NONE;
        }
        let mut deflated = Vec::with_capacity(8 * 1024);
        self.deflater.piece(&self.filtered, &mut deflated);
        deflated.shrink_to_fit();
        EncodedRows { deflated, adler: zlib_rs::adler32::adler32(1, &self.filtered), len: self.filtered.len() }
    }
}

/// A band of a picture's rows, filtered and deflated on its own
/// ([`PngWriter::encode_rows`]).
#[derive(Debug)]
pub struct EncodedRows {
    /// The deflated piece.
    pub deflated: Vec<u8>,
    /// The Adler-32 of the filtered rows.
    adler: u32,
    /// How many bytes the filtered rows are.
    len: usize,
}

/// The PNG (8-bit RGB) of a `width` x `height` picture whose rows are
/// `bands`, top to bottom, together all of its rows.
pub fn png_of_bands<'a>(width: u32, height: u32, bands: impl IntoIterator<Item = &'a EncodedRows>) -> Vec<u8> {
    png_with(width, height, |png| {
        // zlib's header (32 KB window, the fastest level), the pieces, the
        // last block, the checksum of it all.
        png.extend_from_slice(&[0x78, 0x01]);
        let mut adler = 1;
        for band in bands {
            png.extend_from_slice(&band.deflated);
            adler = adler32_combine(adler, band.adler, band.len);
        }
        png.extend_from_slice(&LAST_EMPTY_BLOCK);
        png.extend_from_slice(&adler.to_be_bytes());
    })
}

/// A PNG (8-bit RGB) of `width` x `height` whose image data `idat` writes
/// (a zlib stream of the filtered rows).
fn png_with(width: u32, height: u32, idat: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut png = Vec::with_capacity(64 * 1024);
    png.extend_from_slice(&SIGNATURE);
    let mut header = [0u8; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    // 8 bits per sample, truecolour (RGB), deflate, adaptive filtering, no interlace.
    header[8..].copy_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut png, b"IHDR", |png| png.extend_from_slice(&header));
    chunk(&mut png, b"IDAT", idat);
    chunk(&mut png, b"IEND", |_| {});
    png
}

/// Writes each row of `pixels` (rows of `stride` bytes) into `out` as the
/// `Up` filter type byte and the row less the row above (the first row as it is).
fn up_filter(pixels: &[u8], stride: usize, out: &mut [u8]) {
    let mut rows = out.chunks_exact_mut(stride + 1);
    let mut above: Option<&[u8]> = None;
    for (line, row) in pixels.chunks_exact(stride).zip(&mut rows) {
        let (kind, data) = row.split_first_mut().expect("a row has its filter byte");
        *kind = FILTER_UP;
        match above {
            Some(up) => {
                for ((out, &now), &up) in data.iter_mut().zip(line).zip(up) {
                    *out = now.wrapping_sub(up);
                }
            }
            None => data.copy_from_slice(line),
        }
        above = Some(line);
    }
}

/// Appends one chunk: its length, its type, the data `write` appends, and
/// the CRC of type and data.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], write: impl FnOnce(&mut Vec<u8>)) {
    let start = png.len();
    png.extend_from_slice(&[0; 4]);
    png.extend_from_slice(kind);
    write(png);
    let length = u32::try_from(png.len() - start - 8).expect("a picture's chunk fits in 4 GB");
    png[start..start + 4].copy_from_slice(&length.to_be_bytes());
    let crc = zlib_rs::crc32::crc32(0, &png[start + 4..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::draw::draw;
    use crate::render::{RenderOptions, canvas::Canvas};
    use crate::rules::{Color, DrawRules, Game, Position, Variant};

    fn decoded(png: &[u8]) -> Vec<u8> {
        let image = image::load_from_memory(png).expect("the PNG decodes");
        assert_eq!(image.color(), image::ColorType::Rgb8);
        image.to_rgb8().into_raw()
    }

    /// The pictures of a game played by a fixed rule (varied choices, so
    /// captures, kings and ghosts all appear), from the side to move.
    fn pictures_of_a_game(choice: usize) -> Vec<Canvas> {
        let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        let mut pictures = Vec::new();
        for ply in 0..150 {
            if game.result().is_some() {
                break;
            }
            let legal = game.position().legal_moves_with_notation();
            game.play_notation(&legal[(choice + ply * 3 + ply / 5) % legal.len()].1).expect("a legal move");
            let pos = *game.position();
            let opts = RenderOptions {
                perspective: if ply % 2 == 0 { pos.turn() } else { pos.turn().opponent() },
                last_move: game.last_move().copied(),
                show_moves: ply % 9 == 0,
                before: game.previous_position().copied(),
                suggested: None,
                refuted: None,
            };
            pictures.push(draw(&pos, &opts));
        }
        pictures
    }

    #[test]
    fn real_positions_decode_to_the_canvas_pixels_and_stay_small() {
        let mut writer = PngWriter::new();
        let (mut count, mut total) = (0, 0);
        for choice in [0, 7, 19] {
            for canvas in pictures_of_a_game(choice) {
                let png = writer.encode(&canvas);
                assert!(decoded(&png) == canvas.pixels, "the decoded pixels differ from the canvas");
                assert!(png.len() < 80_000, "a board of {} bytes", png.len());
                (count, total) = (count + 1, total + png.len());
            }
        }
        assert!(count > 100);
        assert!(total / count < 55_000, "boards of {} bytes on average", total / count);
    }

    #[test]
    fn the_usual_post_move_picture_decodes_the_same_from_both_sides() {
        let before: Position = "W:W1,2,3,5,6,7,9,10,12,13:B14,18,21,22,23,25,26,27,29,30,31,32".parse().unwrap();
        let mv = before.parse_move("10x28").unwrap();
        let after = before.play(&mv).unwrap();
        let mut writer = PngWriter::new();
        for perspective in [Color::White, Color::Black] {
            let canvas = draw(
                &after,
                &RenderOptions {
                    perspective,
                    last_move: Some(mv),
                    show_moves: false,
                    before: Some(before),
                    suggested: None,
                    refuted: None,
                },
            );
            assert!(decoded(&writer.encode(&canvas)) == canvas.pixels);
        }
        let start = draw(&Position::initial(), &RenderOptions::default());
        assert!(decoded(&writer.encode(&start)) == start.pixels);
    }

    #[test]
    fn bands_encoded_apart_decode_to_the_canvas_pixels() {
        let mut writer = PngWriter::new();
        let canvases = pictures_of_a_game(3);
        for canvas in canvases.iter().step_by(10) {
            // Bands of the board's ranks, and uneven ones.
            for cuts in [vec![0, 80, 160, 240, 320, 400, 480, 560, 640], vec![0, 1, 2, 333, 639, 640]] {
                let bands: Vec<EncodedRows> =
                    cuts.windows(2).map(|w| writer.encode_rows(canvas, w[0], w[1] - w[0])).collect();
                let png = png_of_bands(canvas.width, canvas.height, &bands);
                assert!(decoded(&png) == canvas.pixels, "bands cut at {cuts:?}");
                assert!(png.len() < writer.encode(canvas).len() + 2_000, "bands cost little room");
            }
        }
        // A band kept from one picture serves in another with the same rows.
        let (a, b) = (&canvases[0], &canvases[1]);
        let mut mixed = Canvas::new(a.width, a.height, [0; 3]);
        let half = (a.height / 2) as usize * a.width as usize * 3;
        mixed.pixels[..half].copy_from_slice(&a.pixels[..half]);
        mixed.pixels[half..].copy_from_slice(&b.pixels[half..]);
        let top = writer.encode_rows(a, 0, a.height / 2);
        let bottom = writer.encode_rows(b, b.height / 2, b.height - b.height / 2);
        assert!(decoded(&png_of_bands(a.width, a.height, [&top, &bottom])) == mixed.pixels);
    }

    #[test]
    fn odd_small_and_noisy_canvases_round_trip() {
        let mut writer = PngWriter::new();
        let mut noisy = Canvas::new(301, 77, [0; 3]);
        let mut seed = 12345u32;
        for byte in noisy.pixels.iter_mut() {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            *byte = (seed >> 24) as u8;
        }
        let mut small = Canvas::new(7, 5, [10, 200, 30]);
        small.fill_rect(2, 1, 3, 3, [250, 0, 128]);
        for canvas in [small, noisy, Canvas::new(1, 1, [1, 2, 3]), Canvas::new(0, 0, [0; 3])] {
            let png = writer.encode(&canvas);
            if canvas.width == 0 {
                assert!(png.starts_with(&SIGNATURE));
                continue;
            }
            assert!(decoded(&png) == canvas.pixels, "{}x{}", canvas.width, canvas.height);
        }
    }
}
