//! A player's rating over time as a PNG chart, drawn with `imageproc`, the
//! way lichess players know it: a title (the player and the server), a line
//! of figures (the current rating and its deviation, the peak, wins, draws
//! and losses), then the rating over the dates of the games (or game after
//! game, [`Axis::Count`]), with the deviation shaded around it and the peak
//! marked.
//!
//! Nothing here knows a language: the caller passes every word already
//! written ([`RatingChart`]), and labels the date marks this module picks
//! ([`date_ticks`]) in its own language.
//!
//! A long history is the line alone; up to [`DOTS_UP_TO`] games, each has a
//! dot (hollow while the rating was provisional). A single game is its dot
//! and a bar of its band.

mod band;
mod data;
mod grid;
mod header;
mod line;
mod palette;
pub mod scale;
pub(in crate::render) mod text;
pub mod ticks;

use ab_glyph::FontRef;
use image::{ImageFormat, RgbImage};

use super::numbers::FONT;
pub use data::{Axis, ChartPoint, DateLabel, PeakMark, RatingChart};
pub use palette::{BACKGROUND, BAND, BAND_ALPHA, CHART_HEIGHT, CHART_WIDTH, DOTS_UP_TO, LINE, PEAK, PLOT};
use scale::Scale;
pub use ticks::{DateTick, MAX_TICKS, Mark, TickStyle, date_ticks};

/// Where the points of `points` are drawn on a chart over time.
pub fn scale_of(points: &[ChartPoint]) -> Scale {
    Scale::of(points, PLOT)
}

/// Where the points of `chart` are drawn, and the marks of its horizontal axis.
pub fn axis_of(chart: &RatingChart) -> (Scale, Vec<Mark>) {
    let points = &chart.points;
    match chart.axis {
        Axis::Time => (scale_of(points), date_ticks(points).iter().map(DateTick::mark).collect()),
        Axis::Count => (Scale::spanning(points, PLOT, ticks::count_span(points)), ticks::count_marks(points)),
    }
}

/// The chart as PNG bytes, [`CHART_WIDTH`] x [`CHART_HEIGHT`], 8-bit RGB.
/// Any number of points draws, none included (the grid and header alone).
pub fn rating_chart_png(chart: &RatingChart) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(CHART_WIDTH, CHART_HEIGHT, BACKGROUND);
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let (scale, ticks) = axis_of(chart);
    // The band is see-through: the grid shows under it.
    grid::draw_lines(&mut img, &scale, &ticks);
    band::draw(&mut img, &scale, &chart.points);
    grid::draw_labels(&mut img, &font, &scale, &ticks, &chart.dates);
    line::draw(&mut img, &scale, &chart.points);
    if let Some(peak) = &chart.peak
        && let Some(point) = chart.points.get(peak.index)
    {
        line::draw_peak(&mut img, &font, &scale, point, &peak.label);
    }
    header::draw(&mut img, &font, chart);
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png).expect("encoding a PNG in memory cannot fail");
    png
}

#[cfg(test)]
mod tests;
