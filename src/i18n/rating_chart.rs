//! The `/rating` chart (and `/puzzle stats`'s) in the reader's language: its title, its line of
//! figures, the labels of its dates, its peak and its legend, put together
//! with the player's games into what [`crate::render::rating_chart_png`]
//! draws. The alt text ([`super::alt::rating_chart`]) says the same facts.

use crate::game::{PlayerRating, PuzzleStats, RatedResults};
use crate::rating::shown;
use crate::render::RatingChart;
use crate::render::chart::ticks::count_marks;
use crate::render::chart::{Axis, ChartPoint, DateLabel, PeakMark, date_ticks};
use crate::t;

use super::{Lang, dates};

/// The chart of `player`'s rating, `name` being what Discord calls them
/// and `server` the server's name (both when known).
pub fn chart(lang: Lang, player: &PlayerRating, name: Option<&str>, server: Option<&str>) -> RatingChart {
    // The start (a new player's 1500) has no date: the chart begins with the first game.
    let games: Vec<_> = player.history.iter().filter_map(|s| s.at.map(|at| (at, s))).collect();
    let points: Vec<ChartPoint> =
        games.iter().map(|(at, s)| ChartPoint { at: *at, rating: s.rating, deviation: s.deviation }).collect();
    let dates = date_labels(lang, &points);
    let peak = player.peak().and_then(|peak| {
        let index = games.iter().rposition(|(_, s)| **s == peak)?;
        Some(PeakMark { index, label: peak_words(lang, peak.rating) })
    });
    RatingChart {
        title: title(lang, name, server),
        figures: figures(lang, player),
        band_legend: t!(lang, "rating-chart-band"),
        points,
        axis: Axis::Time,
        dates,
        peak,
    }
}

/// The chart of a player's puzzle rating after each puzzle (`/puzzle
/// stats`), puzzle after puzzle (a dozen solved in one sitting are a
/// dozen points, not a vertical stroke), `name` being what Discord calls
/// them.
pub fn puzzle_chart(lang: Lang, stats: &PuzzleStats, name: Option<&str>) -> RatingChart {
    let p = &stats.player;
    let points: Vec<ChartPoint> = (1..)
        .zip(&stats.history)
        .map(|(n, s)| ChartPoint { at: n, rating: s.rating.rating, deviation: s.rating.deviation })
        .collect();
    let numbers = count_marks(&points).iter().map(|m| DateLabel { at: m.at, text: m.at.to_string() }).collect();
    RatingChart {
        title: t!(lang, "puzzle-chart-title", player = player_name(lang, name)),
        figures: t!(
            lang,
            "puzzle-chart-figures",
            rating = shown(p.rating.rating, p.rating.deviation),
            solved = p.solved,
            played = p.played
        ),
        band_legend: t!(lang, "rating-chart-band"),
        axis: Axis::Count,
        dates: numbers,
        points,
        peak: None,
    }
}

/// The labels of the date marks under `points`, in `lang`.
fn date_labels(lang: Lang, points: &[ChartPoint]) -> Vec<DateLabel> {
    date_ticks(points).iter().map(|tick| DateLabel { at: tick.at, text: dates::tick_label(lang, tick) }).collect()
}

/// "Rating of ana in Club Damas" ("a player", "this server" when unknown).
pub fn title(lang: Lang, name: Option<&str>, server: Option<&str>) -> String {
    t!(lang, "rating-chart-title", player = player_name(lang, name), server = server_name(lang, server))
}

/// What Discord calls the player, or "a player".
pub fn player_name(lang: Lang, name: Option<&str>) -> String {
    name.map_or_else(|| t!(lang, "alt-a-player"), str::to_string)
}

/// The server's name, or "this server".
pub fn server_name(lang: Lang, server: Option<&str>) -> String {
    server.map_or_else(|| t!(lang, "rating-chart-this-server"), str::to_string)
}

/// "Now 1623 (RD 64) · Peak 1650 · 7 wins, 2 draws, 3 losses".
pub fn figures(lang: Lang, player: &PlayerRating) -> String {
    let r = player.rating;
    let mut parts = vec![t!(
        lang,
        "rating-chart-now",
        rating = shown(r.rating, r.deviation),
        deviation = format!("{:.0}", r.deviation)
    )];
    if let Some(best) = player.best {
        parts.push(peak_words(lang, best));
    }
    parts.push(results(lang, player.results));
    parts.join(" · ")
}

/// "Peak 1650".
pub fn peak_words(lang: Lang, rating: f64) -> String {
    t!(lang, "rating-chart-peak", peak = format!("{rating:.0}"))
}

/// "7 wins, 2 draws, 3 losses".
pub fn results(lang: Lang, results: RatedResults) -> String {
    t!(lang, "rating-chart-results", wins = results.wins, draws = results.draws, losses = results.losses)
}
