//! What a board picture shows besides the pieces.

use crate::rules::{Color, Move, Position};

/// What to draw besides the pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RenderOptions {
    /// The side at the bottom of the picture.
    pub perspective: Color,
    /// The move that led to the position: its squares are marked.
    pub last_move: Option<Move>,
    /// Whether to draw an arrow for every legal move of the position.
    pub show_moves: bool,
    /// The position `last_move` was played from, when known: it tells which
    /// captured pieces were kings, so their ghosts are drawn as kings.
    pub before: Option<Position>,
    /// A move of the position to suggest (the engine's best): drawn as one
    /// arrow in its own colour, never like a move that was played.
    pub suggested: Option<Move>,
    /// A move of the position that was tried and does not work (a
    /// puzzle's wrong answer): one red arrow, under the suggested one.
    pub refuted: Option<Move>,
}

impl Default for RenderOptions {
    /// White at the bottom, no last move, no overlay, no arrow.
    fn default() -> RenderOptions {
        RenderOptions {
            perspective: Color::White,
            last_move: None,
            show_moves: false,
            before: None,
            suggested: None,
            refuted: None,
        }
    }
}
