//! PNG encoding: deflate level 1 with the `Paeth` filter, one fixed filter
//! for every row (no per-row search). Measured on a middle game (see
//! `benches/render.rs`): the ultra-fast `CompressionType::Fast` setting only
//! codes runs of zeros and gave files of 110-180 KB, since it cannot reuse
//! the repeated pieces and digits; level 1 finds them (about 58 KB with
//! `Paeth`, 61 KB with `Up`, which is a little faster); level 2 and up cost
//! several times as long for a few KB less.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

use super::canvas::Canvas;

/// The canvas as PNG bytes (8-bit RGB, no alpha).
pub fn encode_png(canvas: &Canvas) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(1), FilterType::Paeth)
        .write_image(&canvas.pixels, canvas.width, canvas.height, ExtendedColorType::Rgb8)
        .expect("encoding a well-formed RGB buffer into memory cannot fail");
    bytes
}
