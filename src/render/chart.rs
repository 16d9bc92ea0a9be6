//! A player's rating over their rated games as a PNG line chart, drawn with
//! `imageproc`: a horizontal grid with the rating on the left, the number of
//! games below, the line through every rating, and a dot per game (hollow
//! while the rating was provisional). Only numbers are written on it, so it
//! reads the same in every language; the message around it says the rest.

use ab_glyph::FontRef;
use image::{ImageFormat, Rgb, RgbImage};
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_hollow_circle_mut, draw_line_segment_mut,
    draw_text_mut, text_size,
};
use imageproc::pixelops::interpolate;

use super::numbers::FONT;
use crate::rating::is_provisional;

/// The chart's size in pixels.
pub const CHART_WIDTH: u32 = 640;
/// The chart's size in pixels.
pub const CHART_HEIGHT: u32 = 320;

const LEFT: f32 = 56.0;
const RIGHT: f32 = 20.0;
const TOP: f32 = 16.0;
const BOTTOM: f32 = 34.0;
const LABEL_PX: f32 = 14.0;
/// The least span of the rating axis, so a flat history does not look jagged.
const MIN_SPAN: f64 = 100.0;

const BACKGROUND: Rgb<u8> = Rgb([250, 247, 240]);
const GRID: Rgb<u8> = Rgb([222, 214, 200]);
const AXIS: Rgb<u8> = Rgb([120, 110, 96]);
const LABEL: Rgb<u8> = Rgb([70, 62, 52]);
const LINE: Rgb<u8> = Rgb([174, 96, 40]);

/// One point of the chart: a rating and its deviation after a game (or at
/// the start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    /// The rating.
    pub rating: f64,
    /// Its deviation: above 110 the dot is hollow (provisional).
    pub deviation: f64,
}

/// The chart of `points` (oldest first: the start, then one per game) as
/// PNG bytes, [`CHART_WIDTH`] x [`CHART_HEIGHT`]. With fewer than two points
/// the single point (or nothing) is drawn on the grid.
pub fn rating_chart_png(points: &[ChartPoint]) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(CHART_WIDTH, CHART_HEIGHT, BACKGROUND);
    let font = FontRef::try_from_slice(FONT).expect("the embedded font is a valid TrueType font");
    let scale = Scale::of(points);
    draw_grid(&mut img, &font, &scale, points.len());
    let pixels: Vec<(f32, f32)> = points.iter().enumerate().map(|(i, p)| scale.pixel(i, p.rating)).collect();
    for pair in pixels.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        draw_antialiased_line_segment_mut(&mut img, round(a), round(b), LINE, interpolate);
    }
    // Dots only while they stay apart; a long history is the line alone.
    if points.len() <= 60 {
        for (p, &(x, y)) in points.iter().zip(&pixels) {
            let centre = round((x, y));
            if is_provisional(p.deviation) {
                draw_filled_circle_mut(&mut img, centre, 3, BACKGROUND);
                draw_hollow_circle_mut(&mut img, centre, 3, LINE);
            } else {
                draw_filled_circle_mut(&mut img, centre, 3, LINE);
            }
        }
    }
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png).expect("encoding a PNG in memory cannot fail");
    png
}

fn round((x, y): (f32, f32)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// Where ratings and game counts fall on the picture.
struct Scale {
    low: f64,
    high: f64,
    step: f64,
    games: usize,
}

impl Scale {
    fn of(points: &[ChartPoint]) -> Scale {
        let (mut low, mut high) =
            points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.rating), hi.max(p.rating)));
        if !low.is_finite() {
            (low, high) = (1500.0, 1500.0);
        }
        if high - low < MIN_SPAN {
            let middle = (low + high) / 2.0;
            (low, high) = (middle - MIN_SPAN / 2.0, middle + MIN_SPAN / 2.0);
        }
        let step = [25.0, 50.0, 100.0, 200.0, 500.0].into_iter().find(|s| (high - low) / s <= 6.0).unwrap_or(1000.0);
        Scale {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
            games: points.len().saturating_sub(1).max(1),
        }
    }

    fn x(&self, index: usize) -> f32 {
        LEFT + (CHART_WIDTH as f32 - LEFT - RIGHT) * index as f32 / self.games as f32
    }

    fn y(&self, rating: f64) -> f32 {
        let plot = CHART_HEIGHT as f32 - TOP - BOTTOM;
        TOP + plot * ((self.high - rating) / (self.high - self.low)) as f32
    }

    fn pixel(&self, index: usize, rating: f64) -> (f32, f32) {
        (self.x(index), self.y(rating))
    }
}

/// The grid lines with their ratings, and the game counts along the bottom.
fn draw_grid(img: &mut RgbImage, font: &FontRef<'_>, scale: &Scale, points: usize) {
    let right = CHART_WIDTH as f32 - RIGHT;
    let mut rating = scale.low;
    while rating <= scale.high + 0.5 {
        let y = scale.y(rating);
        draw_line_segment_mut(img, (LEFT, y), (right, y), GRID);
        let label = format!("{rating:.0}");
        let (w, h) = text_size(LABEL_PX, font, &label);
        draw_text_mut(img, LABEL, LEFT as i32 - 8 - w as i32, y as i32 - h as i32 / 2 - 2, LABEL_PX, font, &label);
        rating += scale.step;
    }
    let bottom = CHART_HEIGHT as f32 - BOTTOM;
    draw_line_segment_mut(img, (LEFT, TOP), (LEFT, bottom), AXIS);
    draw_line_segment_mut(img, (LEFT, bottom), (right, bottom), AXIS);
    // Game counts: the first and last, and a few evenly spaced between.
    let games = points.saturating_sub(1);
    let ticks = games.min(5);
    for k in 0..=ticks {
        let index = (games * k).checked_div(ticks).unwrap_or(0);
        let x = scale.x(index);
        draw_line_segment_mut(img, (x, bottom), (x, bottom + 4.0), AXIS);
        let label = index.to_string();
        let (w, _) = text_size(LABEL_PX, font, &label);
        draw_text_mut(img, LABEL, x as i32 - w as i32 / 2, bottom as i32 + 8, LABEL_PX, font, &label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(png, ImageFormat::Png).expect("a PNG").to_rgb8()
    }

    fn points(ratings: &[f64]) -> Vec<ChartPoint> {
        ratings.iter().map(|&rating| ChartPoint { rating, deviation: 80.0 }).collect()
    }

    #[test]
    fn the_chart_is_a_png_of_its_size_with_the_line_drawn() {
        let img = decode(&rating_chart_png(&points(&[1500.0, 1540.0, 1510.0, 1600.0])));
        assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        assert!(img.pixels().any(|p| *p == LINE), "the rating line is drawn");
    }

    #[test]
    fn a_higher_rating_is_drawn_higher() {
        // The last point's dot: rising history ends near the top, falling near the bottom.
        let rising = decode(&rating_chart_png(&points(&[1400.0, 1700.0])));
        let falling = decode(&rating_chart_png(&points(&[1700.0, 1400.0])));
        let x = CHART_WIDTH - RIGHT as u32;
        let line_rows =
            |img: &RgbImage| (0..CHART_HEIGHT).filter(|&y| *img.get_pixel(x, y) == LINE).collect::<Vec<_>>();
        let (up, down) = (line_rows(&rising), line_rows(&falling));
        assert!(!up.is_empty() && !down.is_empty());
        assert!(up[0] < down[0], "rising ends at row {}, falling at {}", up[0], down[0]);
    }

    #[test]
    fn provisional_dots_are_hollow() {
        let provisional =
            [ChartPoint { rating: 1500.0, deviation: 350.0 }, ChartPoint { rating: 1500.0, deviation: 300.0 }];
        let established =
            [ChartPoint { rating: 1500.0, deviation: 90.0 }, ChartPoint { rating: 1500.0, deviation: 80.0 }];
        let hollow = decode(&rating_chart_png(&provisional));
        let filled = decode(&rating_chart_png(&established));
        let scale = Scale::of(&provisional);
        let (x, y) = round(scale.pixel(0, 1500.0));
        assert_eq!(*hollow.get_pixel(x as u32, y as u32 - 1), BACKGROUND);
        assert_eq!(*filled.get_pixel(x as u32, y as u32 - 1), LINE);
    }

    #[test]
    fn an_empty_or_single_point_history_still_draws() {
        for ratings in [&[][..], &[1500.0][..]] {
            let img = decode(&rating_chart_png(&points(ratings)));
            assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        }
    }
}
