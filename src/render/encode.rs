//! PNG encoding: deflate level 2 with the `Up` filter, one fixed filter for
//! every row (no per-row search), deflated by zlib-rs (see Cargo.toml).
//! Measured on a middle game (see `benches/render.rs`): the ultra-fast
//! `CompressionType::Fast` setting only codes runs of zeros and gave files of
//! 100-140 KB, since it cannot reuse the repeated pieces and digits; level 1
//! finds them but leaves 64-65 KB; level 2 with `Up` gave 51.6 KB in about
//! 1.5 ms, faster than `Paeth` at any level for the same size.
//!
//! The file is written here rather than by the `png` crate so that the
//! deflate state (about 300 KB) and the row buffer are made once per thread
//! and reset for each picture, instead of allocated and freed every time.
//! The bytes are the same as the `png` crate writes with those settings
//! (signature, IHDR, one IDAT, IEND); a test compares them.

use flate2::{Compress, Compression, Crc, FlushCompress, Status};

use super::canvas::Canvas;

/// The deflate level (see above).
const LEVEL: u32 = 2;
/// PNG's filter type byte for `Up`.
const FILTER_UP: u8 = 2;
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// Room added to the deflate output whenever it runs low.
const OUTPUT_STEP: usize = 32 * 1024;

/// A PNG writer that keeps its buffers between pictures.
pub struct PngWriter {
    deflate: Compress,
    /// One filtered row.
    row: Vec<u8>,
    /// The zlib stream of the picture being written.
    zlib: Vec<u8>,
}

impl PngWriter {
    /// A writer; its buffers grow to the size of the first picture.
    pub fn new() -> PngWriter {
        PngWriter { deflate: Compress::new(Compression::new(LEVEL), true), row: Vec::new(), zlib: Vec::new() }
    }

    /// The canvas as PNG bytes (8-bit RGB, no alpha).
    pub fn encode(&mut self, canvas: &Canvas) -> Vec<u8> {
        self.deflate.reset();
        self.zlib.clear();
        let stride = canvas.width as usize * 3;
        self.row.resize(stride, 0);
        let mut previous: Option<&[u8]> = None;
        for line in canvas.pixels.chunks_exact(stride) {
            match previous {
                Some(up) => {
                    for ((out, &now), &above) in self.row.iter_mut().zip(line).zip(up) {
                        *out = now.wrapping_sub(above);
                    }
                }
                None => self.row.copy_from_slice(line),
            }
            deflate(&mut self.deflate, &mut self.zlib, &[FILTER_UP], FlushCompress::None);
            deflate(&mut self.deflate, &mut self.zlib, &self.row, FlushCompress::None);
            previous = Some(line);
        }
        deflate(&mut self.deflate, &mut self.zlib, &[], FlushCompress::Finish);

        let mut png = Vec::with_capacity(SIGNATURE.len() + 3 * 12 + 13 + self.zlib.len());
        png.extend_from_slice(&SIGNATURE);
        let mut header = [0u8; 13];
        header[..4].copy_from_slice(&canvas.width.to_be_bytes());
        header[4..8].copy_from_slice(&canvas.height.to_be_bytes());
        // 8 bits per sample, truecolour (RGB), deflate, adaptive filtering, no interlace.
        header[8..].copy_from_slice(&[8, 2, 0, 0, 0]);
        chunk(&mut png, b"IHDR", &header);
        chunk(&mut png, b"IDAT", &self.zlib);
        chunk(&mut png, b"IEND", &[]);
        png
    }
}

impl Default for PngWriter {
    fn default() -> PngWriter {
        PngWriter::new()
    }
}

/// Feeds `input` to the deflate stream, growing `out` as needed; with
/// `Finish`, until the stream is complete.
fn deflate(state: &mut Compress, out: &mut Vec<u8>, mut input: &[u8], flush: FlushCompress) {
    loop {
        if out.capacity() - out.len() < OUTPUT_STEP / 2 {
            out.reserve(OUTPUT_STEP);
        }
        let before = state.total_in();
        let status =
            state.compress_vec(input, out, flush).expect("deflating into memory with a valid state cannot fail");
        input = &input[(state.total_in() - before) as usize..];
        let done = match flush {
            FlushCompress::Finish => status == Status::StreamEnd,
            _ => input.is_empty(),
        };
        if done {
            return;
        }
    }
}

/// Appends one chunk: length, type, data, CRC of type and data.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let length = u32::try_from(data.len()).expect("a picture's chunk fits in 4 GB");
    png.extend_from_slice(&length.to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = Crc::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.sum().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::{ExtendedColorType, ImageEncoder};

    use super::*;
    use crate::render::draw::draw;
    use crate::render::{RenderOptions, canvas::Canvas};
    use crate::rules::{Color, Position};

    /// What the `png` crate writes with the same settings.
    fn reference(canvas: &Canvas) -> Vec<u8> {
        let mut bytes = Vec::new();
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(LEVEL as u8), FilterType::Up)
            .write_image(&canvas.pixels, canvas.width, canvas.height, ExtendedColorType::Rgb8)
            .unwrap();
        bytes
    }

    #[test]
    fn writes_the_same_bytes_as_the_png_crate_and_reuses_its_state() {
        let before: Position = "W:W1,2,3,5,6,7,9,10,12,13:B14,18,21,22,23,25,26,27,29,30,31,32".parse().unwrap();
        let mv = before.parse_move("10x28").unwrap();
        let after = before.play(&mv).unwrap();
        let pictures = [
            draw(&Position::initial(), &RenderOptions::default()),
            draw(
                &after,
                &RenderOptions { perspective: Color::Black, last_move: Some(mv), show_moves: true, before: None },
            ),
            draw(
                &after,
                &RenderOptions { perspective: Color::White, last_move: Some(mv), show_moves: false, before: None },
            ),
        ];
        let mut writer = PngWriter::new();
        // Twice over, so every picture after the first is written by a reused state.
        for _ in 0..2 {
            for canvas in &pictures {
                assert!(writer.encode(canvas) == reference(canvas), "the PNG bytes differ from the png crate's");
            }
        }
    }

    #[test]
    fn a_small_odd_canvas_round_trips() {
        let mut canvas = Canvas::new(7, 5, [10, 200, 30]);
        canvas.fill_rect(2, 1, 3, 3, [250, 0, 128]);
        let png = PngWriter::new().encode(&canvas);
        assert!(png == reference(&canvas));
        let decoded = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(decoded.as_raw(), &canvas.pixels);
    }
}
