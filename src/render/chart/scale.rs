//! Where times and ratings fall on the chart, and the rating lines of its grid.

use super::ChartPoint;
use super::ticks::time_span;

/// The plot's rectangle in pixels: the area inside the axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plot {
    /// Its left edge.
    pub left: f32,
    /// Its right edge.
    pub right: f32,
    /// Its top edge.
    pub top: f32,
    /// Its bottom edge.
    pub bottom: f32,
}

/// The least span of the rating axis, so a flat history does not look jagged.
const MIN_SPAN: f64 = 100.0;

/// How much of a deviation the rating axis makes room for: the band of a
/// new player (RD 350) would otherwise squash the line flat, so beyond this
/// it runs off the plot and is cut at its edges. A short history (up to
/// [`WHOLE_BAND_UP_TO`] games, a new player's first evening) has little line
/// to squash: its whole band is shown, edges and all.
const BAND_ROOM: f64 = 80.0;

/// The most games whose whole band is shown.
const WHOLE_BAND_UP_TO: usize = 5;

/// Rating steps between grid lines, the first that gives few enough lines.
const STEPS: [f64; 9] = [10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0];

/// The most gaps between rating grid lines.
const MAX_GAPS: f64 = 6.0;

/// Maps times and ratings to pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Where the plot is.
    pub plot: Plot,
    /// The times at its left and right edges.
    pub start: i64,
    /// See `start`.
    pub end: i64,
    /// The ratings at its bottom and top edges: multiples of `step`.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// The rating between two grid lines.
    pub step: f64,
}

impl Scale {
    /// The scale that shows every point of `points`, and its band up to
    /// [`BAND_ROOM`], in `plot`.
    pub fn of(points: &[ChartPoint], plot: Plot) -> Scale {
        Scale::spanning(points, plot, time_span(points))
    }

    /// [`Scale::of`] with the horizontal axis from `start` to `end`.
    pub fn spanning(points: &[ChartPoint], plot: Plot, (start, end): (i64, i64)) -> Scale {
        let most_room = if points.len() <= WHOLE_BAND_UP_TO { f64::INFINITY } else { BAND_ROOM };
        let (mut low, mut high) = points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            let room = p.deviation.clamp(0.0, most_room);
            (lo.min(p.rating - room), hi.max(p.rating + room))
        });
        if !low.is_finite() {
            (low, high) = (1500.0, 1500.0);
        }
        if high - low < MIN_SPAN {
            let middle = (low + high) / 2.0;
            (low, high) = (middle - MIN_SPAN / 2.0, middle + MIN_SPAN / 2.0);
        }
        let step = STEPS.into_iter().find(|s| (high - low) / s <= MAX_GAPS).unwrap_or(2000.0);
        Scale { plot, start, end, low: (low / step).floor() * step, high: (high / step).ceil() * step, step }
    }

    /// The column of time `at`.
    pub fn x(&self, at: i64) -> f32 {
        let share = (at - self.start) as f64 / (self.end - self.start).max(1) as f64;
        self.plot.left + (self.plot.right - self.plot.left) * share as f32
    }

    /// The row of `rating` (above the plot for a rating above it).
    pub fn y(&self, rating: f64) -> f32 {
        let share = (self.high - rating) / (self.high - self.low);
        self.plot.top + (self.plot.bottom - self.plot.top) * share as f32
    }

    /// Where a point is drawn.
    pub fn pixel(&self, p: &ChartPoint) -> (f32, f32) {
        (self.x(p.at), self.y(p.rating))
    }

    /// The ratings of the grid lines, bottom to top.
    pub fn grid(&self) -> impl Iterator<Item = f64> + '_ {
        let lines = ((self.high - self.low) / self.step).round() as u32;
        (0..=lines).map(move |i| self.low + self.step * f64::from(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLOT: Plot = Plot { left: 60.0, right: 700.0, top: 80.0, bottom: 340.0 };

    fn point(at: i64, rating: f64, deviation: f64) -> ChartPoint {
        ChartPoint { at, rating, deviation }
    }

    #[test]
    fn the_axis_holds_the_line_and_some_of_the_band() {
        let mut points = vec![point(0, 1400.0, 300.0)];
        points.extend((1..=WHOLE_BAND_UP_TO as i64).map(|day| point(86_400 * day, 1500.0, 100.0)));
        points.push(point(86_400 * 10, 1720.0, 60.0));
        let scale = Scale::of(&points, PLOT);
        assert!(scale.low <= 1400.0 - BAND_ROOM && scale.high >= 1720.0 + 60.0, "{scale:?}");
        assert!(scale.low > 1400.0 - 300.0, "a new player's band does not stretch the axis: {scale:?}");
        assert!(scale.grid().count() as f64 <= MAX_GAPS + 1.0);
        assert!(scale.y(1720.0) < scale.y(1400.0), "higher is up");
        let last = points[points.len() - 1];
        assert!(scale.x(points[0].at) < scale.x(last.at), "later is right");
        assert!(scale.x(points[0].at) > PLOT.left && scale.x(last.at) < PLOT.right, "room at the edges");
    }

    #[test]
    fn a_single_game_or_a_first_evening_shows_its_whole_band() {
        let scale = Scale::of(&[point(0, 1690.0, 250.0)], PLOT);
        assert!(scale.low <= 1440.0 && scale.high >= 1940.0, "{scale:?}");
        let evening = [point(0, 1500.0, 350.0), point(1200, 1640.0, 260.0), point(3300, 1537.0, 213.0)];
        let scale = Scale::of(&evening, PLOT);
        assert!(scale.low <= 1150.0 && scale.high >= 1900.0, "{scale:?}");
    }

    #[test]
    fn a_flat_history_keeps_a_readable_span() {
        let scale = Scale::of(&[point(0, 1500.0, 0.0)], PLOT);
        assert!(scale.high - scale.low >= MIN_SPAN, "{scale:?}");
        let empty = Scale::of(&[], PLOT);
        assert!(empty.low < 1500.0 && empty.high > 1500.0, "{empty:?}");
    }
}
