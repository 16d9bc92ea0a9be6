//! The chart's grid: a line per rating step and per mark of the horizontal
//! axis, the axes, and their labels (ratings on the left, dates or numbers
//! below).

use ab_glyph::FontRef;
use image::RgbImage;
use imageproc::drawing::{draw_line_segment_mut, draw_text_mut, text_size};

use super::palette::{AXIS, GRID, LABEL};
use super::scale::Scale;
use super::ticks::Mark;
use super::{CHART_WIDTH, DateLabel};

/// The axis labels' size in pixels.
const LABEL_PX: f32 = 13.0;
/// The least room between two date labels.
const LABEL_GAP: i32 = 12;

/// The grid lines, under everything else.
pub fn draw_lines(img: &mut RgbImage, scale: &Scale, ticks: &[Mark]) {
    let plot = scale.plot;
    for rating in scale.grid() {
        let y = scale.y(rating).round();
        draw_line_segment_mut(img, (plot.left, y), (plot.right, y), GRID);
    }
    for tick in ticks {
        let x = scale.x(tick.at).round();
        draw_line_segment_mut(img, (x, plot.top), (x, plot.bottom), GRID);
    }
}

/// The axes, the ratings of the grid lines, and the date labels (a label
/// that would touch the one before it is left out).
pub fn draw_labels(img: &mut RgbImage, font: &FontRef<'_>, scale: &Scale, ticks: &[Mark], dates: &[DateLabel]) {
    let plot = scale.plot;
    draw_line_segment_mut(img, (plot.left, plot.top), (plot.left, plot.bottom), AXIS);
    draw_line_segment_mut(img, (plot.left, plot.bottom), (plot.right, plot.bottom), AXIS);
    for rating in scale.grid() {
        let y = scale.y(rating).round() as i32;
        let label = format!("{rating:.0}");
        let (w, h) = text_size(LABEL_PX, font, &label);
        draw_text_mut(img, LABEL, plot.left as i32 - 8 - w as i32, y - h as i32 / 2 - 2, LABEL_PX, font, &label);
    }
    let mut free_from = i32::MIN;
    for tick in ticks {
        let Some(label) = dates.iter().find(|d| d.at == tick.at) else { continue };
        let x = scale.x(tick.at).round();
        draw_line_segment_mut(img, (x, plot.bottom), (x, plot.bottom + 4.0), AXIS);
        let x = scale.x(tick.label_at).round();
        let (w, _) = text_size(LABEL_PX, font, &label.text);
        let left = (x as i32 - w as i32 / 2).clamp(0, CHART_WIDTH.saturating_sub(w) as i32);
        if left >= free_from {
            draw_text_mut(img, LABEL, left, plot.bottom as i32 + 9, LABEL_PX, font, &label.text);
            free_from = left + w as i32 + LABEL_GAP;
        }
    }
}
