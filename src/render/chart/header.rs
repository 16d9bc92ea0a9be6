//! The chart's header: the title with the band's legend (a swatch and its
//! words) at its right end, then the line of figures.

use ab_glyph::FontRef;
use image::RgbImage;
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

use super::palette::{LABEL, TITLE};
use super::text::{self, fit};
use super::{BAND, CHART_WIDTH, LINE, RatingChart};

/// Left and right margin of the header.
const MARGIN: i32 = 20;
/// The title's size, and the least it may shrink to.
const TITLE_PX: (f32, f32) = (22.0, 15.0);
/// The figures' size, and the least they may shrink to.
const FIGURES_PX: (f32, f32) = (16.0, 12.0);
/// The legend's size.
const LEGEND_PX: f32 = 13.0;
/// Tops of the two lines, and of the legend (level with the title's letters).
const TITLE_TOP: i32 = 16;
const FIGURES_TOP: i32 = 50;
const LEGEND_TOP: i32 = 22;
/// The legend's swatch.
const SWATCH: (u32, u32) = (18, 12);

/// Draws the header of `chart`. The figures matter most: they have the
/// whole width of their line, and the legend shares the title's.
pub fn draw(img: &mut RgbImage, font: &FontRef<'_>, chart: &RatingChart) {
    let full = CHART_WIDTH - 2 * MARGIN as u32;
    let legend_width = if chart.band_legend.is_empty() {
        0
    } else {
        let words = text::width(font, &chart.band_legend, LEGEND_PX);
        let left = (CHART_WIDTH as i32 - MARGIN - words as i32).max(MARGIN);
        let swatch_left = left - 6 - SWATCH.0 as i32;
        let swatch_top = LEGEND_TOP + 3;
        draw_filled_rect_mut(img, Rect::at(swatch_left, swatch_top).of_size(SWATCH.0, SWATCH.1), BAND);
        // The swatch's middle line is the rating line.
        let middle = Rect::at(swatch_left, swatch_top + SWATCH.1 as i32 / 2 - 1).of_size(SWATCH.0, 2);
        draw_filled_rect_mut(img, middle, LINE);
        let legend = fit(font, &chart.band_legend, LEGEND_PX, LEGEND_PX, words);
        text::draw(img, font, &legend, LABEL, left, LEGEND_TOP + 1);
        words + SWATCH.0 + 6 + 24
    };
    let title = fit(font, &chart.title, TITLE_PX.0, TITLE_PX.1, full.saturating_sub(legend_width));
    text::draw(img, font, &title, TITLE, MARGIN, TITLE_TOP);
    let figures = fit(font, &chart.figures, FIGURES_PX.0, FIGURES_PX.1, full);
    text::draw(img, font, &figures, LABEL, MARGIN, FIGURES_TOP);
}
