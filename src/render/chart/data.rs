//! What a chart shows, as its caller passes it: the points, and every word
//! already written in the reader's language.

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

/// The label of one mark of the axis, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateLabel {
    /// The mark's time (or number), as [`date_ticks`](super::date_ticks) (or
    /// [`count_marks`](super::ticks::count_marks)) gave it.
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

/// What the chart's horizontal axis runs along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Axis {
    /// Time: each point's `at` is when its game ended; dates are marked.
    #[default]
    Time,
    /// The points in order, evenly spaced however close in time (puzzles
    /// are often solved a dozen in a sitting): each point's `at` is its
    /// number, 1 for the first; round numbers are marked
    /// ([`count_marks`](super::ticks::count_marks)).
    Count,
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
    /// What the horizontal axis runs along.
    pub axis: Axis,
    /// The labels of the axis's marks: of [`date_ticks`](super::date_ticks)`(&points)` on a
    /// time axis, of [`count_marks`](super::ticks::count_marks)`(&points)` (the numbers) on a
    /// count axis; a label elsewhere is left out.
    pub dates: Vec<DateLabel>,
    /// The peak, if the player has one.
    pub peak: Option<PeakMark>,
}
