//! Colours. The board is opaque, so it reads the same on Discord's light and
//! dark themes; its light squares still stand out against a dark background
//! and its dark squares against a light one.

/// An opaque colour.
pub type Rgb = [u8; 3];

/// The unused squares.
pub const LIGHT_SQUARE: Rgb = [238, 216, 182];
/// The playing squares.
pub const DARK_SQUARE: Rgb = [174, 128, 90];
/// The square numbers, on the playing squares.
pub const NUMBER: Rgb = [252, 241, 222];

/// The start and end squares of the last move.
pub const LAST_MOVE_SQUARE: Rgb = [168, 162, 52];
/// The squares the last move landed on between its start and end.
pub const LAST_PATH_SQUARE: Rgb = [178, 158, 82];
/// The squares of the pieces the last move captured.
pub const CAPTURED_SQUARE: Rgb = [196, 96, 74];

/// Arrows of quiet moves in the legal-moves overlay.
pub const QUIET_ARROW: Rgb = [24, 122, 40];
/// Arrows of captures in the legal-moves overlay.
pub const CAPTURE_ARROW: Rgb = [204, 52, 30];
/// The arrow of a suggested move (the engine's best): blue, unlike the
/// olive of a played move and the green and red of the overlay.
pub const SUGGESTED_ARROW: Rgb = [36, 92, 200];
/// The arrow of a refuted move (a puzzle's wrong answer): red, beside the
/// blue of the move that works.
pub const REFUTED_ARROW: Rgb = [200, 30, 40];
/// How opaque the arrows are, out of 255.
pub const ARROW_OPACITY: u8 = 215;

/// The colours of one side's pieces.
pub struct PieceColors {
    /// The lighter body colour; the face is mostly this.
    pub body_lit: Rgb,
    /// The darker body colour; the bevel outside the ring leans to it.
    pub body_shade: Rgb,
    /// The rim around the piece.
    pub outline: Rgb,
    /// The ring carved into the face.
    pub groove: Rgb,
}

/// White's pieces: ivory.
pub const WHITE_PIECE: PieceColors = PieceColors {
    body_lit: [255, 252, 244],
    body_shade: [226, 216, 198],
    outline: [70, 56, 44],
    groove: [196, 184, 164],
};

/// Black's pieces: near-black with a warm tint.
pub const BLACK_PIECE: PieceColors =
    PieceColors { body_lit: [78, 72, 68], body_shade: [30, 28, 27], outline: [12, 11, 10], groove: [104, 96, 90] };

/// A king's crown: its points.
pub const CROWN_LIT: Rgb = [255, 214, 92];
/// A king's crown: its band (and a king's gilded ring).
pub const CROWN_SHADE: Rgb = [214, 150, 30];
/// The line around a king's crown.
pub const CROWN_OUTLINE: Rgb = [92, 58, 10];

/// The piece's drop shadow.
pub const SHADOW: Rgb = [0, 0, 0];
/// Peak opacity of a piece's shadow.
pub const SHADOW_OPACITY: f32 = 0.35;
/// Opacity of the ghost drawn where a captured piece stood.
pub const GHOST_OPACITY: f32 = 0.45;
