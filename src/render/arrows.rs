//! Move arrows for the legal-moves overlay, rasterised per picture into one
//! coverage mask (so crossing arrows do not darken each other), then blended
//! once. Only the pixels near each arrow are visited.
//!
//! An arrow leaves the pieces it passes over uncovered (a capture's shaft
//! breaks off before the piece it jumps and starts again beyond it), so a
//! piece is never hidden and two captures of one man never cross on it as
//! an X: an arrow turns and ends only on the squares it lands on.

use super::canvas::Mask;
use super::layout::{ARROW_HALF_WIDTH, ARROW_HEAD_HALF_WIDTH, ARROW_HEAD_LENGTH, PIECE_RADIUS};
use super::paint::{polygon_distance, segment_distance};

/// How far from the moving piece's centre an arrow starts, so the piece and
/// its crown stay visible.
const START_INSET: f32 = PIECE_RADIUS;

/// How far from the centre of a piece an arrow passing over it breaks off:
/// the shaft's round end stops a pixel short of the piece's outline.
const PASSING_GAP: f32 = PIECE_RADIUS + ARROW_HALF_WIDTH + 1.0;

type Point = (f32, f32);

/// Adds an arrow along `points` (the centres of the squares of a move's
/// path, at least two) to `mask`; its head's tip is on the last point. Its
/// shaft breaks off around each of `pieces` (centres of the squares that
/// hold a piece in the picture) that it passes over.
pub fn add_arrow(mask: &mut Mask, points: &[Point], pieces: &[Point]) {
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
        for (a, b) in around_pieces(pair[0], pair[1], pieces) {
            add_capsule(mask, a, b, ARROW_HALF_WIDTH);
        }
    }
    let (px, py) = (-uy * ARROW_HEAD_HALF_WIDTH, ux * ARROW_HEAD_HALF_WIDTH);
    add_triangle(mask, [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)]);
}

/// The parts of the segment from `a` to `b` that keep [`PASSING_GAP`] away
/// from each of `pieces` lying on it (between its ends), in order.
fn around_pieces(a: Point, b: Point, pieces: &[Point]) -> Vec<(Point, Point)> {
    let length = (b.0 - a.0).hypot(b.1 - a.1);
    let (ux, uy) = unit(a, b);
    let at = |t: f32| (a.0 + ux * t, a.1 + uy * t);
    // Where along the segment each piece on it lies.
    let mut crossed: Vec<f32> = pieces
        .iter()
        .filter(|&&p| segment_distance(p, a, b) < 1.0)
        .map(|p| (p.0 - a.0) * ux + (p.1 - a.1) * uy)
        .filter(|&t| t > 0.0 && t < length)
        .collect();
    crossed.sort_by(f32::total_cmp);
    let mut parts = Vec::with_capacity(crossed.len() + 1);
    let mut start = 0.0;
    for t in crossed {
        if t - PASSING_GAP > start {
            parts.push((at(start), at(t - PASSING_GAP)));
        }
        start = start.max(t + PASSING_GAP);
    }
    if length > start {
        parts.push((at(start), b));
    }
    parts
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shaft_breaks_off_around_the_pieces_on_it_only() {
        let (a, b) = ((0.0, 0.0), (200.0, 0.0));
        assert_eq!(around_pieces(a, b, &[]), [(a, b)]);
        // A piece beside the shaft, or at its ends, leaves it whole.
        assert_eq!(around_pieces(a, b, &[(100.0, 40.0), (0.0, 0.0), (200.0, 0.0)]), [(a, b)]);
        let parts = around_pieces(a, b, &[(100.0, 0.0)]);
        assert_eq!(parts, [(a, (100.0 - PASSING_GAP, 0.0)), ((100.0 + PASSING_GAP, 0.0), b)]);
        // Two pieces closer than the gaps: one break across both.
        let parts = around_pieces(a, b, &[(120.0, 0.0), (80.0, 0.0)]);
        assert_eq!(parts, [(a, (80.0 - PASSING_GAP, 0.0)), ((120.0 + PASSING_GAP, 0.0), b)]);
    }
}
