//! Anti-aliased shapes for the pre-rendered sprites: a sampler that averages
//! a shading function over sub-pixels, and the signed distances it uses.

use super::canvas::Sprite;

/// Sub-samples per pixel along each axis when painting sprites.
const SUBSAMPLES: u32 = 4;

/// A straight-alpha colour with channels in 0..=1.
pub type Rgba = [f32; 4];

/// Paints a `width` x `height` sprite: `shade(x, y)` gives the colour at a
/// point (pixel units, origin at the sprite's top-left corner), and each
/// pixel averages it over a grid of sub-samples.
pub fn paint(width: u32, height: u32, shade: impl Fn(f32, f32) -> Rgba) -> Sprite {
    let n = SUBSAMPLES;
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    for py in 0..height {
        for px in 0..width {
            let mut acc = [0.0f32; 4];
            for sy in 0..n {
                for sx in 0..n {
                    let x = px as f32 + (sx as f32 + 0.5) / n as f32;
                    let y = py as f32 + (sy as f32 + 0.5) / n as f32;
                    let [r, g, b, a] = shade(x, y);
                    acc[0] += r * a;
                    acc[1] += g * a;
                    acc[2] += b * a;
                    acc[3] += a;
                }
            }
            let count = (n * n) as f32;
            let alpha = acc[3] / count;
            let unpremultiply = |c: f32| if acc[3] > 0.0 { (c / acc[3] * 255.0).round() as u8 } else { 0 };
            rgba.extend([unpremultiply(acc[0]), unpremultiply(acc[1]), unpremultiply(acc[2])]);
            rgba.push((alpha * 255.0).round() as u8);
        }
    }
    Sprite::new(width, height, rgba)
}

/// A colour from bytes, opaque unless `alpha` says otherwise.
pub fn rgba(rgb: [u8; 3], alpha: f32) -> Rgba {
    [f32::from(rgb[0]) / 255.0, f32::from(rgb[1]) / 255.0, f32::from(rgb[2]) / 255.0, alpha]
}

/// Linear mix of two byte colours: `t = 0` gives `a`, `t = 1` gives `b`.
pub fn lerp(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8)
}

/// Hermite step from 0 at `edge0` to 1 at `edge1` (either order).
pub fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Distance from `p` to the segment `a`-`b`.
pub fn segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (abx, aby) = (b.0 - a.0, b.1 - a.1);
    let (apx, apy) = (p.0 - a.0, p.1 - a.1);
    let len2 = abx * abx + aby * aby;
    let t = if len2 > 0.0 { ((apx * abx + apy * aby) / len2).clamp(0.0, 1.0) } else { 0.0 };
    (apx - abx * t).hypot(apy - aby * t)
}

/// Signed distance from `p` to a closed polygon: negative inside.
pub fn polygon_distance(p: (f32, f32), points: &[(f32, f32)]) -> f32 {
    let mut distance = f32::INFINITY;
    let mut inside = false;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (a, b) = (points[j], points[i]);
        distance = distance.min(segment_distance(p, a, b));
        // Even-odd rule: count edges crossed by a ray to the right of p.
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) {
            inside = !inside;
        }
        j = i;
    }
    if inside { -distance } else { distance }
}
