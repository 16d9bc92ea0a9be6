//! The one place that knows how squares map to the picture (RULES 1.2-1.3):
//! from White's side square 1 (h1) is the bottom-right cell, from Black's
//! side it is the top-left one. Either way the bottom-right cell is a dark
//! playing square.

use super::layout::SQUARE_SIZE;
use crate::rules::{Color, Square};

/// The cell (column, row) where `square` is drawn; (0, 0) is the top-left
/// cell of the picture, (7, 7) the bottom-right one.
pub fn cell(square: Square, perspective: Color) -> (u32, u32) {
    let (file, rank) = (u32::from(square.file()), u32::from(square.rank()));
    match perspective {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    }
}

/// The playing square drawn in a cell, or `None` for a light square.
pub fn square_at(column: u32, row: u32, perspective: Color) -> Option<Square> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = match perspective {
        Color::White => (column, 7 - row),
        Color::Black => (7 - column, row),
    };
    Square::from_coords(file as u8, rank as u8)
}

/// The pixel rectangle `(x, y, width, height)` of a square in the picture.
pub fn square_rect(square: Square, perspective: Color) -> (u32, u32, u32, u32) {
    let (column, row) = cell(square, perspective);
    (column * SQUARE_SIZE, row * SQUARE_SIZE, SQUARE_SIZE, SQUARE_SIZE)
}

/// The centre of a square in the picture, in pixels.
pub fn square_center(square: Square, perspective: Color) -> (f32, f32) {
    let (x, y, w, h) = square_rect(square, perspective);
    (x as f32 + w as f32 / 2.0, y as f32 + h as f32 / 2.0)
}
