//! The rating chart (src/render/chart), checked from the decoded pixels of
//! made-up histories of 1, 10 and 500 games, drawn as `/rating` draws them
//! (words from the catalogs). With `CHART_PNG_DIR` set, the pictures are
//! also saved there (chart-1.png, ...) to be looked at.

use damas::game::PlayerRating;
use damas::i18n::{Lang, rating_chart};
use damas::render::chart::{Axis, BACKGROUND, BAND, CHART_HEIGHT, CHART_WIDTH, LINE, PEAK, PLOT, date_ticks, scale_of};
use damas::render::{ChartPoint, RatingChart, rating_chart_png};
use image::{ColorType, Rgb, RgbImage};

use super::rating_history::player_after;

fn decode(png: &[u8]) -> RgbImage {
    let image = image::load_from_memory(png).expect("the PNG decodes");
    assert_eq!(image.color(), ColorType::Rgb8, "opaque 8-bit RGB");
    image.to_rgb8()
}

/// The chart of `player` as `/rating` builds it, saved when asked to.
fn draw(lang: Lang, player: &PlayerRating, server: Option<&str>) -> (RatingChart, RgbImage) {
    let chart = rating_chart::chart(lang, player, Some("ana"), server);
    let png = rating_chart_png(&chart);
    if let Some(dir) = std::env::var_os("CHART_PNG_DIR") {
        let name = format!("chart-{}{}.png", player.games, if lang == Lang::Es { "-es" } else { "" });
        std::fs::write(std::path::Path::new(&dir).join(name), &png).expect("the picture is saved");
    }
    (chart, decode(&png))
}

fn count(
    img: &RgbImage,
    rows: std::ops::Range<u32>,
    columns: std::ops::Range<u32>,
    is: impl Fn(Rgb<u8>) -> bool,
) -> usize {
    rows.flat_map(|y| columns.clone().map(move |x| (x, y))).filter(|&(x, y)| is(*img.get_pixel(x, y))).count()
}

/// Near a colour: antialiased edges blend it with what is under.
fn near(a: Rgb<u8>, b: Rgb<u8>) -> bool {
    a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) <= 12)
}

#[test]
fn one_ten_and_five_hundred_games_draw_line_band_header_and_dates() {
    for games in [1, 10, 500] {
        let player = player_after(games);
        let (chart, img) = draw(Lang::En, &player, Some("Club Damas"));
        assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        assert_eq!(chart.points.len(), games, "a point per game, none for the start");
        let (top, bottom) = (PLOT.top as u32, PLOT.bottom as u32);
        let plot_columns = PLOT.left as u32 + 1..PLOT.right as u32;
        assert!(count(&img, top..bottom, plot_columns.clone(), |p| p == LINE) > 0, "{games}: the line's colour");
        assert!(count(&img, top..bottom, plot_columns.clone(), |p| p == BAND) > 50, "{games}: the shaded band");
        let header = count(&img, 0..top - 20, 0..CHART_WIDTH, |p| p != BACKGROUND);
        assert!(header > 1000, "{games}: the header is written ({header} pixels)");
        let below = count(&img, bottom + 6..CHART_HEIGHT, plot_columns, |p| p != BACKGROUND);
        assert!(below > 100, "{games}: dates are written under the axis ({below} pixels)");
        assert!(!chart.dates.is_empty() && chart.dates.windows(2).all(|w| w[0].at < w[1].at), "{:?}", chart.dates);
        assert!(chart.title == "Rating of ana in Club Damas", "{}", chart.title);
        let wins = format!("{} win", player.results.wins);
        assert!(chart.figures.starts_with("Now ") && chart.figures.contains(&wins), "{}", chart.figures);
        match player.best {
            Some(best) => {
                assert!(chart.figures.contains(&format!("Peak {best:.0}")), "{}", chart.figures);
                assert!(count(&img, top..bottom, 0..CHART_WIDTH, |p| p == PEAK) > 20, "{games}: the peak is marked");
            }
            None => assert!(chart.peak.is_none()),
        }
    }
}

#[test]
fn the_band_is_shaded_around_the_line_and_nowhere_else() {
    let day = 86_400;
    let points = vec![
        ChartPoint { at: 1_700_000_000, rating: 1500.0, deviation: 60.0 },
        ChartPoint { at: 1_700_000_000 + 20 * day, rating: 1500.0, deviation: 60.0 },
    ];
    let chart = RatingChart {
        title: "t".into(),
        figures: "f".into(),
        band_legend: String::new(),
        points: points.clone(),
        axis: Axis::Time,
        dates: Vec::new(),
        peak: None,
    };
    let img = decode(&rating_chart_png(&chart));
    let scale = scale_of(&points);
    let x = scale.x(points[0].at + 10 * day).round() as u32;
    let (upper, line, lower) = (scale.y(1560.0), scale.y(1500.0), scale.y(1440.0));
    let rows_of = |from: f32, to: f32| from.round() as u32 + 2..to.round() as u32 - 2;
    // Between the line and the band's edges: shaded (a grid line crossing it is shaded too, so darker than it).
    for rows in [rows_of(upper, line), rows_of(line, lower)] {
        let shaded = count(&img, rows.clone(), x..x + 1, |p| p == BAND);
        assert!(shaded + 2 >= rows.len(), "{shaded} of {} rows shaded at column {x}", rows.len());
    }
    // Beyond the edges: not shaded.
    let outside = [rows_of(PLOT.top, upper), rows_of(lower, PLOT.bottom)];
    for rows in outside {
        assert_eq!(count(&img, rows.clone(), x..x + 1, |p| p == BAND), 0, "rows {rows:?}");
    }
    assert!(count(&img, line.round() as u32 - 1..line.round() as u32 + 2, x..x + 1, |p| near(p, LINE)) >= 2);
}

#[test]
fn a_single_game_is_a_dot_with_its_band() {
    let player = player_after(1);
    let (chart, img) = draw(Lang::En, &player, None);
    assert_eq!(chart.title, "Rating of ana in this server");
    let scale = scale_of(&chart.points);
    let (x, y) = scale.pixel(&chart.points[0]);
    let (x, y) = (x.round() as u32, y.round() as u32);
    assert!((PLOT.left as u32 + 100..PLOT.right as u32 - 100).contains(&x), "in the middle: {x}");
    let row = y - 20;
    let bar = count(&img, row..row + 1, x - 12..x + 13, |p| p == BAND);
    assert!((8..=16).contains(&bar), "a narrow bar of band: {bar} pixels");
    // The whole band shows, ends included: nothing to squash beside it.
    let point = chart.points[0];
    let (top, bottom) = (scale.y(point.rating + point.deviation), scale.y(point.rating - point.deviation));
    assert!(top > PLOT.top + 2.0 && bottom < PLOT.bottom - 2.0, "{top}..{bottom}");
    assert_ne!(*img.get_pixel(x, top as u32 - 2), BAND, "above the band");
    assert_eq!(*img.get_pixel(x - 4, top as u32 + 2), BAND, "the band's top");
    assert!(count(&img, y - 5..y + 6, x - 5..x + 6, |p| p == LINE) > 5, "the dot");
}

#[test]
fn dates_are_in_order_and_in_the_reader_language() {
    for games in [1, 10, 500] {
        let player = player_after(games);
        let (chart, _) = draw(Lang::Es, &player, Some("Club Damas"));
        let scale = scale_of(&chart.points);
        let ticks = date_ticks(&chart.points);
        assert!(ticks.windows(2).all(|w| scale.x(w[0].at) < scale.x(w[1].at)), "{ticks:?}");
        assert!(ticks.iter().all(|t| (PLOT.left..=PLOT.right).contains(&scale.x(t.at))), "{ticks:?}");
        assert!(chart.title.starts_with("Puntuación de ana en Club Damas"), "{}", chart.title);
        assert!(chart.figures.starts_with("Ahora ") && chart.figures.contains("tablas"), "{}", chart.figures);
        let months = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
        // A day's hours ("4 dic, 22:00", "23:00") for a single game, dates beyond.
        let words: Vec<&str> = chart.dates.iter().flat_map(|d| d.text.split(' ')).collect();
        let hour = |w: &str| w.len() == 5 && w.split(':').all(|n| n.parse::<u32>().is_ok());
        let word = |w: &&str| {
            let w = w.trim_end_matches(',');
            w.parse::<u32>().is_ok() || months.contains(&w) || hour(w)
        };
        assert!(words.iter().all(word), "{words:?}");
    }
}

#[test]
fn a_long_server_name_is_cut_to_fit() {
    let long = "A server with a very long name indeed, the longest Discord allows being a hundred characters!";
    let (_, img) = draw(Lang::En, &player_after(10), Some(long));
    let right_margin = count(&img, 0..PLOT.top as u32 - 20, CHART_WIDTH - 12..CHART_WIDTH, |p| p != BACKGROUND);
    assert_eq!(right_margin, 0, "nothing is written in the right margin");
}
