//! A player's rating over time as a PNG chart, drawn with `imageproc`, the
//! way lichess players know it: a title (the player and the server), a line
//! of figures (the current rating and its deviation, the peak, wins, draws
//! and losses), then the rating over the dates of the games, with the
//! deviation shaded around it and the peak marked.
//!
//! Nothing here knows a language: the caller passes every word already
//! written ([`RatingChart`]), and labels the date marks this module picks
//! ([`date_ticks`]) in its own language.
//!
//! A long history is the line alone; up to [`DOTS_UP_TO`] games, each has a
//! dot (hollow while the rating was provisional). A single game is its dot
//! and a bar of its band.

mod band;
mod grid;
mod header;
mod line;
pub mod scale;
pub(in crate::render) mod text;
pub mod ticks;

use ab_glyph::FontRef;
use image::{ImageFormat, Rgb, RgbImage};

use super::numbers::FONT;
use scale::{Plot, Scale};
pub use ticks::{DateTick, MAX_TICKS, TickStyle, date_ticks};

/// The chart's width in pixels.
pub const CHART_WIDTH: u32 = 720;
/// The chart's height in pixels.
pub const CHART_HEIGHT: u32 = 400;

/// Where the rating and dates are plotted; the header is above it, the
/// ratings to its left and the dates below.
pub const PLOT: Plot =
    Plot { left: 64.0, right: CHART_WIDTH as f32 - 24.0, top: 92.0, bottom: CHART_HEIGHT as f32 - 40.0 };

/// Up to this many games, each has a dot; more would blur into the line.
pub const DOTS_UP_TO: usize = 60;

/// The background.
pub const BACKGROUND: Rgb<u8> = Rgb([250, 247, 240]);
/// The rating line and its dots.
pub const LINE: Rgb<u8> = Rgb([174, 96, 40]);
/// How strongly the band tints what is under it (0 to 1).
pub const BAND_ALPHA: f32 = 0.22;
/// The band over the background: [`LINE`] at [`BAND_ALPHA`].
pub const BAND: Rgb<u8> = Rgb([
    band::tint(BACKGROUND.0[0], LINE.0[0]),
    band::tint(BACKGROUND.0[1], LINE.0[1]),
    band::tint(BACKGROUND.0[2], LINE.0[2]),
]);
/// The peak's marker and label.
pub const PEAK: Rgb<u8> = Rgb([30, 120, 72]);
const GRID: Rgb<u8> = Rgb([226, 219, 206]);
const AXIS: Rgb<u8> = Rgb([120, 110, 96]);
const LABEL: Rgb<u8> = Rgb([78, 70, 60]);
const TITLE: Rgb<u8> = Rgb([40, 34, 28]);

/// A rating after one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    /// When the game ended (unix seconds).
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation (RD): the band is the rating ± this (one deviation,
    /// about two chances in three that the true strength lies inside;
    /// two deviations would make a new player's band 1,400 points tall).
    /// Above 110 the dot is hollow (provisional).
    pub deviation: f64,
}

/// The label of one date mark, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateLabel {
    /// The mark's time, as [`date_ticks`] gave it.
    pub at: i64,
    /// "Mar 3", "ene 2025", "2025".
    pub text: String,
}

/// The peak to mark on the line.
#[derive(Clone, Debug, PartialEq)]
pub struct PeakMark {
    /// Which point of [`RatingChart::points`] it is.
    pub index: usize,
    /// Its label ("Peak 1650").
    pub label: String,
}

/// Everything the chart shows, its words already in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChart {
    /// The first line: "Rating of ana in Club Damas".
    pub title: String,
    /// The line of figures under it: "Now 1623 (RD 64) · Peak 1650 · 7 wins · 2 draws · 3 losses".
    pub figures: String,
    /// What the shaded band is, beside its swatch: "rating ± RD".
    pub band_legend: String,
    /// One point per rated game, oldest first.
    pub points: Vec<ChartPoint>,
    /// The labels of [`date_ticks`]`(&points)`; a label at another time is
    /// left out.
    pub dates: Vec<DateLabel>,
    /// The peak, if the player has one.
    pub peak: Option<PeakMark>,
}

/// Where the points of `points` are drawn on the chart.
pub fn scale_of(points: &[ChartPoint]) -> Scale {
    Scale::of(points, PLOT)
}

/// The chart as PNG bytes, [`CHART_WIDTH`] x [`CHART_HEIGHT`], 8-bit RGB.
/// Any number of points draws, none included (the grid and header alone).
pub fn rating_chart_png(chart: &RatingChart) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(CHART_WIDTH, CHART_HEIGHT, BACKGROUND);
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let scale = scale_of(&chart.points);
    let ticks = date_ticks(&chart.points);
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
