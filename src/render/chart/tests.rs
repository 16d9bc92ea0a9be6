use super::*;
use crate::calendar::DAY;

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, ImageFormat::Png).expect("a PNG").to_rgb8()
}

/// A chart of `ratings`, one game a day, with a fixed deviation.
fn chart(ratings: &[f64], deviation: f64) -> RatingChart {
    let points = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| ChartPoint { at: 1_750_000_000 + i as i64 * DAY, rating, deviation })
        .collect();
    RatingChart {
        title: "Rating of ana".into(),
        figures: "Now 1500".into(),
        band_legend: "± RD".into(),
        points,
        axis: Axis::Time,
        dates: Vec::new(),
        peak: None,
    }
}

/// The band's colour over the background.
fn band_shade() -> image::Rgb<u8> {
    image::Rgb(std::array::from_fn(|i| palette::tint(BACKGROUND.0[i], LINE.0[i])))
}

fn draw(chart: &RatingChart) -> RgbImage {
    decode(&rating_chart_png(chart))
}

#[test]
fn the_chart_is_a_png_of_its_size_with_the_line_drawn() {
    let img = draw(&chart(&[1500.0, 1540.0, 1510.0, 1600.0], 80.0));
    assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
    assert!(img.pixels().any(|p| *p == LINE), "the rating line is drawn");
}

#[test]
fn a_higher_rating_is_drawn_higher() {
    // The last game's dot: a rising history ends near the top, a falling one near the bottom.
    let rising = chart(&[1400.0, 1700.0], 80.0);
    let falling = chart(&[1700.0, 1400.0], 80.0);
    let x = scale_of(&rising.points).x(rising.points[1].at).round() as u32;
    let line_rows = |c: &RatingChart| {
        let img = draw(c);
        (PLOT.top as u32..PLOT.bottom as u32).filter(|&y| *img.get_pixel(x, y) == LINE).collect::<Vec<_>>()
    };
    let (up, down) = (line_rows(&rising), line_rows(&falling));
    assert!(!up.is_empty() && !down.is_empty());
    assert!(up[0] < down[0], "rising ends at row {}, falling at {}", up[0], down[0]);
}

#[test]
fn provisional_dots_are_hollow() {
    let provisional = chart(&[1500.0, 1500.0], 300.0);
    let established = chart(&[1500.0, 1500.0], 80.0);
    let scale = scale_of(&provisional.points);
    let (x, y) = scale.pixel(&provisional.points[0]);
    let (x, y) = (x.round() as u32, y.round() as u32);
    assert_ne!(*draw(&provisional).get_pixel(x, y - 1), LINE, "hollow");
    assert_eq!(*draw(&established).get_pixel(x, y - 1), LINE, "filled");
}

#[test]
fn an_empty_or_single_game_history_still_draws() {
    for ratings in [&[][..], &[1500.0][..]] {
        let img = draw(&chart(ratings, 200.0));
        assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
    }
}

#[test]
fn a_first_evening_is_spread_out_with_its_band() {
    // Four games within 90 minutes: a readable line with its band, not a
    // vertical stroke.
    let mut evening = chart(&[1500.0, 1590.0, 1540.0, 1600.0], 250.0);
    for (i, point) in evening.points.iter_mut().enumerate() {
        point.at = 1_750_000_000 + i as i64 * 30 * 60;
    }
    let scale = scale_of(&evening.points);
    let (first, last) = (scale.x(evening.points[0].at), scale.x(evening.points[3].at));
    assert!(last - first > (PLOT.right - PLOT.left) / 2.0, "spread over most of the plot: {first}..{last}");
    let img = draw(&evening);
    // A row inside every game's band, off the rating grid lines.
    let row = scale.y(1500.0).round() as u32 + 3;
    let banded = (PLOT.left as u32 + 1..PLOT.right as u32).filter(|&x| *img.get_pixel(x, row) == band_shade()).count();
    assert!(banded as f32 > (last - first) * 0.9, "the band is shaded along the line: {banded} columns");
}

#[test]
fn games_minutes_apart_each_show_a_bar_of_band() {
    let mut burst = chart(&[1500.0, 1560.0], 250.0);
    burst.points[1].at = burst.points[0].at + 60;
    let scale = scale_of(&burst.points);
    let x = scale.x(burst.points[0].at).round() as u32;
    let img = draw(&burst);
    let below = scale.y(1500.0 - 60.0).round() as u32 + 3;
    let shaded = (x - 5..=x + 5).filter(|&c| *img.get_pixel(c, below) == band_shade()).count();
    assert_eq!(shaded, 11, "a band wider than one column under the dots");
}

#[test]
fn puzzles_solved_in_one_sitting_are_spread_along_a_count_axis() {
    // Twenty-one puzzles within the same minute: over time they would be
    // one vertical smear; counted, each has its own column.
    let ratings: Vec<f64> = (0..21).map(|i| 1500.0 + f64::from(i % 5) * 30.0).collect();
    let mut sitting = chart(&ratings, 90.0);
    for (i, point) in sitting.points.iter_mut().enumerate() {
        *point = ChartPoint { at: i as i64 + 1, ..*point };
    }
    sitting.axis = Axis::Count;
    let (scale, marks) = axis_of(&sitting);
    let xs: Vec<f32> = sitting.points.iter().map(|p| scale.x(p.at)).collect();
    assert!(xs.windows(2).all(|w| w[1] - w[0] > 20.0), "a column each: {xs:?}");
    assert!(xs[20] - xs[0] > (PLOT.right - PLOT.left) * 0.8, "over most of the plot");
    assert_eq!(marks.iter().map(|m| m.at).collect::<Vec<_>>(), [5, 10, 15, 20]);
    // The same points over time: the minute is a sliver of the plot.
    let timed = RatingChart { axis: Axis::Time, ..sitting.clone() };
    let (scale, _) = axis_of(&timed);
    assert!(scale.x(21) - scale.x(1) < 5.0);
    let img = draw(&sitting);
    assert!(img.pixels().filter(|p| **p == LINE).count() > 500, "the line is drawn");
}
