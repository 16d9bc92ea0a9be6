//! Text on the chart: a line that must fit a width (a long player or server
//! name) is set smaller, down to a least size, then cut with an ellipsis.

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

/// A line of text as it will be drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The text, cut if it had to be.
    pub text: String,
    /// Its size in pixels.
    pub px: f32,
    /// Its width in pixels.
    pub width: u32,
}

/// `text` at `px`, or smaller down to `least_px`, or cut with "…", to be
/// at most `width` pixels wide.
pub fn fit(font: &FontRef<'_>, text: &str, px: f32, least_px: f32, width: u32) -> Fitted {
    let mut size = px;
    loop {
        let (w, _) = text_size(size, font, text);
        if w <= width {
            return Fitted { text: text.to_string(), px: size, width: w };
        }
        if size - 1.0 < least_px {
            break;
        }
        size -= 1.0;
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut = format!("{}…", chars.iter().collect::<String>().trim_end());
        let (w, _) = text_size(size, font, &cut);
        if w <= width {
            return Fitted { text: cut, px: size, width: w };
        }
    }
    Fitted { text: String::new(), px: size, width: 0 }
}

/// Draws `line` with its left edge at `x` and its top at `y`.
pub fn draw(img: &mut RgbImage, font: &FontRef<'_>, line: &Fitted, color: Rgb<u8>, x: i32, y: i32) {
    draw_text_mut(img, color, x, y, line.px, font, &line.text);
}

/// The width of `text` at `px`.
pub fn width(font: &FontRef<'_>, text: &str, px: f32) -> u32 {
    text_size(px, font, text).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::numbers::FONT;

    fn font() -> FontRef<'static> {
        FontRef::try_from_slice(FONT).unwrap()
    }

    #[test]
    fn a_short_line_keeps_its_size() {
        let line = fit(&font(), "Rating of ana", 20.0, 14.0, 600);
        assert_eq!((line.text.as_str(), line.px), ("Rating of ana", 20.0));
        assert!(line.width > 0 && line.width <= 600);
    }

    #[test]
    fn a_long_line_shrinks_then_is_cut() {
        let long = "Rating of somebody in a server with a very long name indeed, longer than any chart";
        let shrunk = fit(&font(), long, 20.0, 14.0, 700);
        assert!(shrunk.px < 20.0 && shrunk.width <= 700, "{shrunk:?}");
        let cut = fit(&font(), long, 20.0, 14.0, 300);
        assert_eq!(cut.px, 14.0);
        assert!(cut.text.ends_with('…') && cut.width <= 300, "{cut:?}");
    }
}
