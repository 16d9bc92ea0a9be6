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
        dates: Vec::new(),
        peak: None,
    }
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
