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

/// The label of one date mark, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateLabel {
    /// The mark's time, as [`date_ticks`](super::date_ticks) gave it.
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
    /// The labels of [`date_ticks`](super::date_ticks)`(&points)`; a label at another time is
    /// left out.
    pub dates: Vec<DateLabel>,
    /// The peak, if the player has one.
    pub peak: Option<PeakMark>,
}
