//! The chart's size, where it plots, and its colours.

use image::Rgb;

use super::scale::Plot;

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
pub const BAND: Rgb<u8> =
    Rgb([tint(BACKGROUND.0[0], LINE.0[0]), tint(BACKGROUND.0[1], LINE.0[1]), tint(BACKGROUND.0[2], LINE.0[2])]);
/// The peak's marker and label.
pub const PEAK: Rgb<u8> = Rgb([30, 120, 72]);
pub(super) const GRID: Rgb<u8> = Rgb([226, 219, 206]);
pub(super) const AXIS: Rgb<u8> = Rgb([120, 110, 96]);
pub(super) const LABEL: Rgb<u8> = Rgb([78, 70, 60]);
pub(super) const TITLE: Rgb<u8> = Rgb([40, 34, 28]);

/// One channel of `over` laid at [`BAND_ALPHA`] over `under`.
pub const fn tint(under: u8, over: u8) -> u8 {
    (under as f32 + (over as f32 - under as f32) * BAND_ALPHA + 0.5) as u8
}
