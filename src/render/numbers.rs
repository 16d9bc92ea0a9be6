//! The square numbers, rasterised once from the embedded font into masks.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

use super::canvas::Mask;
use super::layout::NUMBER_FONT_PX;

/// The digits' font (see `assets/DejaVuSans-Bold.LICENSE.txt`).
pub(super) const FONT: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// One mask per square number, index 0 for square 1. Each mask is cropped to
/// the ink, so its top-left corner is where the number's ink starts.
pub fn number_masks() -> Vec<Mask> {
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let scale = PxScale::from(NUMBER_FONT_PX);
    (1..=32u8).map(|n| text_mask(&font, scale, &n.to_string())).collect()
}

/// Lays out `text` on one line and rasterises it, cropped to its ink.
fn text_mask(font: &FontRef<'_>, scale: PxScale, text: &str) -> Mask {
    let scaled = font.as_scaled(scale);
    // A whole-pixel baseline keeps the digits' flat tops and bottoms crisp.
    let baseline = scaled.ascent().round();
    let mut caret = 0.0;
    let mut previous = None;
    let mut outlines = Vec::new();
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if let Some(prev) = previous {
            caret += scaled.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(scale, point(caret, baseline));
        caret += scaled.h_advance(id);
        previous = Some(id);
        outlines.extend(font.outline_glyph(glyph));
    }
    let Some(first) = outlines.first() else { return Mask::new(0, 0) };
    let mut bounds = first.px_bounds();
    for outline in &outlines {
        let b = outline.px_bounds();
        bounds.min.x = bounds.min.x.min(b.min.x);
        bounds.min.y = bounds.min.y.min(b.min.y);
        bounds.max.x = bounds.max.x.max(b.max.x);
        bounds.max.y = bounds.max.y.max(b.max.y);
    }
    let mut mask = Mask::new(bounds.width() as u32, bounds.height() as u32);
    for outline in &outlines {
        let b = outline.px_bounds();
        let (dx, dy) = ((b.min.x - bounds.min.x) as u32, (b.min.y - bounds.min.y) as u32);
        outline.draw(|x, y, coverage| {
            let (mx, my) = (x + dx, y + dy);
            if mx < mask.width && my < mask.height {
                let cell = &mut mask.alpha[(my * mask.width + mx) as usize];
                *cell = (*cell).max((coverage.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
        });
    }
    mask
}
