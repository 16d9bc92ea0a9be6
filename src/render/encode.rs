//! PNG encoding: deflate level 2 with the `Up` filter, one fixed filter for
//! every row (no per-row search), deflated by zlib-rs (see Cargo.toml).
//! Measured on a middle game (see `benches/render.rs`): the ultra-fast
//! `CompressionType::Fast` setting only codes runs of zeros and gave files of
//! 100-140 KB, since it cannot reuse the repeated pieces and digits; level 1
//! finds them but leaves 64-65 KB; level 2 with `Up` gave 51.6 KB in about
//! 1.5 ms, faster than `Paeth` at any level for the same size.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

use super::canvas::Canvas;

/// The canvas as PNG bytes (8-bit RGB, no alpha).
pub fn encode_png(canvas: &Canvas) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(2), FilterType::Up)
        .write_image(&canvas.pixels, canvas.width, canvas.height, ExtendedColorType::Rgb8)
        .expect("encoding a well-formed RGB buffer into memory cannot fail");
    bytes
}
