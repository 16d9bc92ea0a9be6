//! The deviation band: the rating ± its deviation, shaded see-through
//! around the line and cut at the plot's edges. Its upper and lower edges
//! run straight from one game to the next, as the rating line does; the
//! span each column covers is found first, then each column is shaded
//! once (where segments meet, or games share a column, the spans join).

use image::{Rgb, RgbImage};

use super::palette::tint;
use super::scale::Scale;
use super::{ChartPoint, LINE};

/// The width of a lone game's band, in pixels (and of each game's, when
/// all of them fall within that width, as games minutes apart may).
const BAR_WIDTH: i32 = 14;

/// Shades the band of `points`.
pub fn draw(img: &mut RgbImage, scale: &Scale, points: &[ChartPoint]) {
    let mut spans: Vec<Option<(f32, f32)>> = vec![None; img.width() as usize];
    let mut cover = |column: i32, top: f32, bottom: f32| {
        if let Some(span) = usize::try_from(column).ok().and_then(|c| spans.get_mut(c)) {
            *span = Some(span.map_or((top, bottom), |(t, b)| (t.min(top), b.max(bottom))));
        }
    };
    let edges = |p: &ChartPoint| (scale.x(p.at), scale.y(p.rating + p.deviation), scale.y(p.rating - p.deviation));
    let xs = points.iter().map(|p| scale.x(p.at));
    let width = xs.clone().fold(f32::NEG_INFINITY, f32::max) - xs.fold(f32::INFINITY, f32::min);
    if width < BAR_WIDTH as f32 {
        for point in points {
            let (x, top, bottom) = edges(point);
            let x = x.round() as i32;
            for column in x - BAR_WIDTH / 2..=x + BAR_WIDTH / 2 {
                cover(column, top, bottom);
            }
        }
    }
    for pair in points.windows(2) {
        let ((x0, top0, bottom0), (x1, top1, bottom1)) = (edges(&pair[0]), edges(&pair[1]));
        let (first, last) = (x0.round() as i32, x1.round() as i32);
        for column in first..=last {
            let share = if last > first { (column - first) as f32 / (last - first) as f32 } else { 0.0 };
            cover(column, top0 + (top1 - top0) * share, bottom0 + (bottom1 - bottom0) * share);
        }
        if last == first {
            cover(last, top1, bottom1);
        }
    }
    let plot = scale.plot;
    for (column, span) in spans.into_iter().enumerate() {
        let Some((top, bottom)) = span else { continue };
        if column as f32 <= plot.left || column as f32 >= plot.right {
            continue;
        }
        let from = top.max(plot.top).round() as u32;
        let to = bottom.min(plot.bottom - 1.0).round() as u32;
        for row in from..=to {
            let pixel = img.get_pixel_mut(column as u32, row);
            *pixel = Rgb(std::array::from_fn(|i| tint(pixel.0[i], LINE.0[i])));
        }
    }
}
