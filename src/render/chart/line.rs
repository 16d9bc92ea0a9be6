//! The rating line (two pixels wide, antialiased), the games' dots, and the
//! peak's marker with its label.

use ab_glyph::FontRef;
use image::RgbImage;
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_hollow_circle_mut, draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;

use super::scale::Scale;
use super::{BACKGROUND, ChartPoint, DOTS_UP_TO, LINE, PEAK};
use crate::rating::is_provisional;

/// The peak label's size in pixels.
const PEAK_PX: f32 = 13.0;
/// The radius of a game's dot; the last game's is one more.
const DOT_RADIUS: i32 = 3;

/// The line through the games, a dot per game while there are few, and
/// always one on the last game (the current rating).
pub fn draw(img: &mut RgbImage, scale: &Scale, points: &[ChartPoint]) {
    let pixels: Vec<(i32, i32)> = points.iter().map(|p| round(scale.pixel(p))).collect();
    for pair in pixels.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        // A second pass beside the first, across the segment's run, makes it two pixels wide.
        let beside = if (b.0 - a.0).abs() >= (b.1 - a.1).abs() { (0, 1) } else { (1, 0) };
        draw_antialiased_line_segment_mut(img, a, b, LINE, interpolate);
        draw_antialiased_line_segment_mut(img, shift(a, beside), shift(b, beside), LINE, interpolate);
    }
    let dotted = if points.len() <= DOTS_UP_TO { points.len() } else { 0 };
    for (i, (p, &centre)) in points.iter().zip(&pixels).enumerate() {
        let last = i + 1 == points.len();
        if i < dotted || last {
            dot(img, centre, DOT_RADIUS + i32::from(last), is_provisional(p.deviation));
        }
    }
}

/// Marks the peak with a ring and writes its label beside it, on the side
/// where the label stays inside the plot.
pub fn draw_peak(img: &mut RgbImage, font: &FontRef<'_>, scale: &Scale, peak: &ChartPoint, label: &str) {
    let (x, y) = round(scale.pixel(peak));
    draw_hollow_circle_mut(img, (x, y), DOT_RADIUS + 4, PEAK);
    draw_hollow_circle_mut(img, (x, y), DOT_RADIUS + 5, PEAK);
    let (w, h) = text_size(PEAK_PX, font, label);
    let (w, h) = (w as i32, h as i32);
    let plot = scale.plot;
    let fits = |left: i32, top: i32| {
        left >= plot.left as i32 + 2
            && left + w <= plot.right as i32 - 2
            && top >= plot.top as i32 + 2
            && top + h <= plot.bottom as i32 - 2
    };
    let gap = DOT_RADIUS + 8;
    let candidates = [(x + gap, y - gap - h), (x - gap - w, y - gap - h), (x + gap, y + gap), (x - gap - w, y + gap)];
    let (left, top) = candidates.into_iter().find(|&(l, t)| fits(l, t)).unwrap_or(candidates[0]);
    draw_text_mut(img, PEAK, left, top, PEAK_PX, font, label);
}

fn dot(img: &mut RgbImage, centre: (i32, i32), radius: i32, hollow: bool) {
    if hollow {
        draw_filled_circle_mut(img, centre, radius, BACKGROUND);
        draw_hollow_circle_mut(img, centre, radius, LINE);
    } else {
        draw_filled_circle_mut(img, centre, radius, LINE);
    }
}

fn round((x, y): (f32, f32)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

fn shift((x, y): (i32, i32), (dx, dy): (i32, i32)) -> (i32, i32) {
    (x + dx, y + dy)
}
