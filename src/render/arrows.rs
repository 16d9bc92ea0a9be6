//! Move arrows for the legal-moves overlay, rasterised per picture into one
//! coverage mask (so crossing arrows do not darken each other), then blended
//! once. Only the pixels near each arrow are visited.

use super::canvas::Mask;
use super::layout::{ARROW_HALF_WIDTH, ARROW_HEAD_HALF_WIDTH, ARROW_HEAD_LENGTH, PIECE_RADIUS};
use super::paint::{polygon_distance, segment_distance};

/// How far from the moving piece's centre an arrow starts, so the piece and
/// its crown stay visible.
const START_INSET: f32 = PIECE_RADIUS;

type Point = (f32, f32);

/// Adds an arrow along `points` (the centres of the squares of a move's
/// path, at least two) to `mask`; its head's tip is on the last point.
pub fn add_arrow(mask: &mut Mask, points: &[Point]) {
    let [first, second, ..] = points else { return };
    let start = step_towards(*first, *second, START_INSET);
    let tip = points[points.len() - 1];
    let before_tip = points[points.len() - 2];
    let (ux, uy) = unit(before_tip, tip);
    let base = (tip.0 - ux * ARROW_HEAD_LENGTH, tip.1 - uy * ARROW_HEAD_LENGTH);
    // The shaft runs into the head a little so no seam shows between them.
    let shaft_end = (base.0 + ux * 2.0, base.1 + uy * 2.0);
    let mut shaft: Vec<Point> = Vec::with_capacity(points.len());
    shaft.push(start);
    shaft.extend_from_slice(&points[1..points.len() - 1]);
    shaft.push(shaft_end);
    for pair in shaft.windows(2) {
        add_capsule(mask, pair[0], pair[1], ARROW_HALF_WIDTH);
    }
    let (px, py) = (-uy * ARROW_HEAD_HALF_WIDTH, ux * ARROW_HEAD_HALF_WIDTH);
    add_triangle(mask, [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)]);
}

fn unit(from: Point, to: Point) -> Point {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(f32::EPSILON);
    (dx / len, dy / len)
}

fn step_towards(from: Point, to: Point, distance: f32) -> Point {
    let (ux, uy) = unit(from, to);
    (from.0 + ux * distance, from.1 + uy * distance)
}

/// Raises the mask to `coverage` (0..=1) at (x, y).
#[inline]
fn cover(mask: &mut Mask, x: i32, y: i32, coverage: f32) {
    if coverage <= 0.0 || x < 0 || y < 0 || x as u32 >= mask.width || y as u32 >= mask.height {
        return;
    }
    let cell = &mut mask.alpha[(y as u32 * mask.width + x as u32) as usize];
    *cell = (*cell).max((coverage.min(1.0) * 255.0).round() as u8);
}

/// A thick segment with round ends: visits, row by row, only the columns
/// within reach of the part of the segment near that row.
fn add_capsule(mask: &mut Mask, a: Point, b: Point, radius: f32) {
    let reach = radius + 1.0;
    let y_start = (a.1.min(b.1) - reach).floor() as i32;
    let y_end = (a.1.max(b.1) + reach).ceil() as i32;
    for y in y_start..=y_end {
        let cy = y as f32 + 0.5;
        // The part of the segment whose y is within reach of this row.
        let (t0, t1) = if (b.1 - a.1).abs() < f32::EPSILON {
            (0.0, 1.0)
        } else {
            let ta = (cy - reach - a.1) / (b.1 - a.1);
            let tb = (cy + reach - a.1) / (b.1 - a.1);
            (ta.min(tb).max(0.0), ta.max(tb).min(1.0))
        };
        if t0 > t1 {
            continue;
        }
        let (xa, xb) = (a.0 + (b.0 - a.0) * t0, a.0 + (b.0 - a.0) * t1);
        let x_start = (xa.min(xb) - reach).floor() as i32;
        let x_end = (xa.max(xb) + reach).ceil() as i32;
        for x in x_start..=x_end {
            let d = segment_distance((x as f32 + 0.5, cy), a, b);
            cover(mask, x, y, radius - d + 0.5);
        }
    }
}

/// A filled triangle, anti-aliased over one pixel.
fn add_triangle(mask: &mut Mask, corners: [Point; 3]) {
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let x_start = xs.iter().copied().fold(f32::INFINITY, f32::min).floor() as i32 - 1;
    let x_end = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max).ceil() as i32 + 1;
    let y_start = ys.iter().copied().fold(f32::INFINITY, f32::min).floor() as i32 - 1;
    let y_end = ys.iter().copied().fold(f32::NEG_INFINITY, f32::max).ceil() as i32 + 1;
    for y in y_start..=y_end {
        for x in x_start..=x_end {
            let d = polygon_distance((x as f32 + 0.5, y as f32 + 0.5), &corners);
            cover(mask, x, y, 0.5 - d);
        }
    }
}
