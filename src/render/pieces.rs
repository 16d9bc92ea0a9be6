//! The piece sprites, painted once: a turned disc with a rim and a carved
//! ring, in flat colours with a crisp shadow; kings carry a gold crown
//! so they differ from men at a glance, whatever their colour.

use super::canvas::Sprite;
use super::layout::{PIECE_RADIUS, SHADOW_OFFSET, SQUARE_SIZE};
use super::paint::{Rgba, lerp, paint, polygon_distance, rgba, smoothstep};
use super::theme::{CROWN_LIT, CROWN_OUTLINE, CROWN_SHADE, GHOST_OPACITY, PieceColors, SHADOW, SHADOW_OPACITY};

/// Width of the rim, in pixels.
const RIM_WIDTH: f32 = 1.6;
/// Radius of the carved ring, as a fraction of the piece's radius.
const GROOVE_RADIUS: f32 = 0.74;
/// Width of the carved ring, in pixels.
const GROOVE_WIDTH: f32 = 1.6;
/// Where the face's flat colour sits between the lit and shaded body colours.
const FACE_SHADE: f32 = 0.25;
/// Width of the crown's outline, in pixels.
const CROWN_LINE: f32 = 1.3;

/// The crown's outline in units of the piece radius, centred on the piece,
/// y pointing down: a band with three points.
const CROWN: [(f32, f32); 7] =
    [(-0.46, 0.34), (-0.52, -0.26), (-0.23, 0.0), (0.0, -0.40), (0.23, 0.0), (0.52, -0.26), (0.46, 0.34)];
/// The balls on the crown's points: centre and radius, in piece radii.
const CROWN_BALLS: [(f32, f32, f32); 3] = [(-0.52, -0.31, 0.075), (0.0, -0.46, 0.08), (0.52, -0.31, 0.075)];
/// Height of the line that separates the crown's band from its points.
const CROWN_BAND_Y: f32 = 0.17;
/// How much the crown above is enlarged, and moved down to sit centred.
const CROWN_SCALE: f32 = 1.18;
const CROWN_SHIFT: f32 = 0.07;

/// How a piece is drawn.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    /// The side's colours.
    pub colors: &'a PieceColors,
    /// Whether to draw a crown.
    pub king: bool,
    /// Whether to draw the drop shadow.
    pub shadow: bool,
    /// Opacity of the whole piece (1 for a piece, less for a ghost).
    pub opacity: f32,
}

/// A square-sized sprite with the piece centred in it.
pub fn piece_sprite(look: Look<'_>) -> Sprite {
    let center = SQUARE_SIZE as f32 / 2.0;
    paint(SQUARE_SIZE, SQUARE_SIZE, |x, y| shade_piece(look, x - center, y - center))
}

/// The translucent man (or king) drawn where a captured piece of these
/// colours stood.
pub fn ghost_sprite(colors: &PieceColors, king: bool) -> Sprite {
    piece_sprite(Look { colors, king, shadow: false, opacity: GHOST_OPACITY })
}

/// The colour at (x, y) from the piece's centre.
fn shade_piece(look: Look<'_>, x: f32, y: f32) -> Rgba {
    let r = PIECE_RADIUS;
    let d = x.hypot(y);
    if d > r {
        if !look.shadow {
            return [0.0; 4];
        }
        // A crisp shadow: the piece's thickness seen from above. A blurred
        // one costs several KB of PNG for little.
        let (sx, sy) = SHADOW_OFFSET;
        let ds = (x - sx).hypot(y - sy);
        return rgba(SHADOW, SHADOW_OPACITY * smoothstep(r + 0.5, r - 0.5, ds) * look.opacity);
    }
    let colors = look.colors;
    let color = if d > r - RIM_WIDTH {
        colors.outline
    } else if (d - GROOVE_RADIUS * r).abs() < GROOVE_WIDTH / 2.0 {
        // A king's ring is gilded too, so it shows even where the crown is small.
        if look.king { CROWN_SHADE } else { colors.groove }
    } else {
        // Flat colours (a gradient costs far more bytes in the PNG than it
        // adds to the look): the face inside the ring a little brighter than
        // the bevel outside it.
        let face = lerp(colors.body_lit, colors.body_shade, FACE_SHADE);
        if d > GROOVE_RADIUS * r { lerp(face, colors.body_shade, 0.4) } else { face }
    };
    let color = if look.king { crown_color(x / r, y / r, r).unwrap_or(color) } else { color };
    rgba(color, look.opacity)
}

/// The crown's colour at (u, v) in piece radii, or `None` outside it.
fn crown_color(u: f32, v: f32, radius: f32) -> Option<[u8; 3]> {
    let (u, v, radius) = (u / CROWN_SCALE, (v - CROWN_SHIFT) / CROWN_SCALE, radius * CROWN_SCALE);
    let balls = CROWN_BALLS.iter().map(|&(bx, by, br)| (u - bx).hypot(v - by) - br);
    let distance = balls.fold(polygon_distance((u, v), &CROWN), f32::min) * radius;
    let on_band_line = (v - CROWN_BAND_Y).abs() * radius < CROWN_LINE / 2.0 && u.abs() < 0.49;
    if distance > CROWN_LINE {
        None
    } else if distance > 0.0 || on_band_line {
        Some(CROWN_OUTLINE)
    } else {
        Some(if v > CROWN_BAND_Y { CROWN_SHADE } else { CROWN_LIT })
    }
}
