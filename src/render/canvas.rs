//! A plain RGB pixel buffer and the few operations the picture needs:
//! fill, and blend an alpha mask or an RGBA sprite at a position.

use super::theme::Rgb;

/// An opaque RGB image, row-major, 3 bytes per pixel.
#[derive(Clone)]
pub struct Canvas {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels, `width * height * 3` bytes.
    pub pixels: Vec<u8>,
}

/// Coverage values (0 = transparent, 255 = opaque), row-major.
pub struct Mask {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// One byte per pixel.
    pub alpha: Vec<u8>,
}

/// A straight-alpha RGBA image, with each row's non-transparent span so that
/// blending skips the empty corners.
pub struct Sprite {
    /// Width in pixels.
    pub width: u32,
    /// Four bytes per pixel.
    pub rgba: Vec<u8>,
    /// Per row, the columns `start..end` that have any alpha.
    spans: Vec<(u32, u32)>,
}

/// `a * b / 255`, rounded, for bytes.
#[inline]
fn mul255(a: u32, b: u32) -> u32 {
    let v = a * b + 128;
    (v + (v >> 8)) >> 8
}

/// Mixes `src` over `dst` with coverage `alpha` (0..=255).
#[inline]
fn mix(dst: &mut [u8], src: Rgb, alpha: u32) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = (mul255(u32::from(s), alpha) + mul255(u32::from(*d), 255 - alpha)) as u8;
    }
}

impl Mask {
    /// A fully transparent mask.
    pub fn new(width: u32, height: u32) -> Mask {
        Mask { width, height, alpha: vec![0; (width * height) as usize] }
    }

    /// Makes the mask `width` x `height` and fully transparent, reusing its memory.
    pub fn clear(&mut self, width: u32, height: u32) {
        self.alpha.clear();
        self.alpha.resize((width * height) as usize, 0);
        (self.width, self.height) = (width, height);
    }
}

impl Sprite {
    /// A sprite from RGBA bytes (`width * height * 4` of them).
    pub fn new(width: u32, height: u32, rgba: Vec<u8>) -> Sprite {
        assert_eq!(rgba.len(), (width * height * 4) as usize, "sprite size");
        let spans = rgba
            .chunks_exact(width as usize * 4)
            .map(|row| {
                let opaque = |px: &[u8]| px[3] != 0;
                let start = row.chunks_exact(4).position(opaque).unwrap_or(width as usize);
                let end = row.chunks_exact(4).rposition(opaque).map_or(start, |i| i + 1);
                (start as u32, end as u32)
            })
            .collect();
        Sprite { width, rgba, spans }
    }
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: u32, height: u32, color: Rgb) -> Canvas {
        Canvas { width, height, pixels: color.repeat((width * height) as usize) }
    }

    /// Becomes a copy of `other`, reusing its memory.
    pub fn copy_from(&mut self, other: &Canvas) {
        (self.width, self.height) = (other.width, other.height);
        self.pixels.clear();
        self.pixels.extend_from_slice(&other.pixels);
    }

    fn offset(&self, x: u32, y: u32) -> usize {
        ((y * self.width + x) * 3) as usize
    }

    /// Fills a rectangle (clipped to the canvas) with one colour.
    pub fn fill_rect(&mut self, x: u32, y: u32, width: u32, height: u32, color: Rgb) {
        let x_end = (x + width).min(self.width);
        for row in y..(y + height).min(self.height) {
            let (start, end) = (self.offset(x, row), self.offset(x_end, row));
            for px in self.pixels[start..end].chunks_exact_mut(3) {
                px.copy_from_slice(&color);
            }
        }
    }

    /// Blends `color` through `mask`, whose top-left corner goes at (x, y);
    /// `opacity` (0..=255) scales the whole mask. Clipped to the canvas.
    pub fn blend_mask(&mut self, mask: &Mask, x: i32, y: i32, color: Rgb, opacity: u8) {
        for my in 0..mask.height {
            let Some(cy) = self.clip(y, my, self.height) else { continue };
            for mx in 0..mask.width {
                let a = u32::from(mask.alpha[(my * mask.width + mx) as usize]);
                if a == 0 {
                    continue;
                }
                let Some(cx) = self.clip(x, mx, self.width) else { continue };
                let i = self.offset(cx, cy);
                mix(&mut self.pixels[i..i + 3], color, mul255(a, u32::from(opacity)));
            }
        }
    }

    /// Copies `tile` with its top-left corner at (x, y). Clipped.
    pub fn copy_tile(&mut self, tile: &Canvas, x: u32, y: u32) {
        if x >= self.width {
            return;
        }
        let width = tile.width.min(self.width - x) as usize * 3;
        for (row, line) in (y..self.height).zip(tile.pixels.chunks_exact(tile.width as usize * 3)) {
            let start = self.offset(x, row);
            self.pixels[start..start + width].copy_from_slice(&line[..width]);
        }
    }

    /// Blends a sprite whose top-left corner goes at (x, y). Clipped.
    pub fn blend_sprite(&mut self, sprite: &Sprite, x: i32, y: i32) {
        for (sy, &(start, end)) in sprite.spans.iter().enumerate() {
            let Some(cy) = self.clip(y, sy as u32, self.height) else { continue };
            // The span's columns that land on the canvas, clipped once per row.
            let first = start.max((-x).max(0) as u32);
            let last = end.min((self.width as i32 - x).max(0) as u32);
            if first >= last {
                continue;
            }
            let src_start = ((sy as u32 * sprite.width + first) * 4) as usize;
            let src = &sprite.rgba[src_start..src_start + ((last - first) * 4) as usize];
            let dst_start = self.offset((x + first as i32) as u32, cy);
            let dst = &mut self.pixels[dst_start..dst_start + ((last - first) * 3) as usize];
            for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(4)) {
                match s[3] {
                    0 => {}
                    u8::MAX => d.copy_from_slice(&s[..3]),
                    a => mix(d, [s[0], s[1], s[2]], u32::from(a)),
                }
            }
        }
    }

    /// The canvas coordinate of `origin + delta`, if it lies within `limit`.
    #[inline]
    fn clip(&self, origin: i32, delta: u32, limit: u32) -> Option<u32> {
        let v = origin + delta as i32;
        (v >= 0 && (v as u32) < limit).then_some(v as u32)
    }
}
