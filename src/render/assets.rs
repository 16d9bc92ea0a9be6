//! Everything drawn the same way in every picture, prepared once on first
//! use: the empty board from each side, the piece sprites, the ghosts of
//! captured pieces and the square numbers' masks.

use std::sync::LazyLock;

use super::canvas::{Canvas, Mask, Sprite};
use super::layout::{HEIGHT, WIDTH};
use super::numbers::number_masks;
use super::orientation::square_rect;
use super::pieces::{Look, ghost_sprite, piece_sprite};
use super::theme::{BLACK_PIECE, DARK_SQUARE, LIGHT_SQUARE, PieceColors, WHITE_PIECE};
use crate::rules::{Color, Piece, Role, Square};

/// The prepared assets.
pub struct Assets {
    /// The empty board (numbers are printed last, per picture), from
    /// White's side then Black's.
    boards: [Canvas; 2],
    /// The square numbers, index 0 for square 1.
    numbers: Vec<Mask>,
    /// Men, White's then Black's.
    men: [Sprite; 2],
    /// Kings, White's then Black's.
    kings: [Sprite; 2],
    /// Ghosts of captured men, White's then Black's; then of captured kings.
    ghosts: [Sprite; 2],
    king_ghosts: [Sprite; 2],
}

/// Built on first use, then shared by every picture.
pub static ASSETS: LazyLock<Assets> = LazyLock::new(Assets::build);

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn colors(color: Color) -> &'static PieceColors {
    match color {
        Color::White => &WHITE_PIECE,
        Color::Black => &BLACK_PIECE,
    }
}

impl Assets {
    fn build() -> Assets {
        let numbers = number_masks();
        let board = |perspective| {
            let mut canvas = Canvas::new(WIDTH, HEIGHT, LIGHT_SQUARE);
            for square in Square::ALL {
                let (x, y, w, h) = square_rect(square, perspective);
                canvas.fill_rect(x, y, w, h, DARK_SQUARE);
            }
            canvas
        };
        let boards = [board(Color::White), board(Color::Black)];
        let piece = |color, king| piece_sprite(Look { colors: colors(color), king, shadow: true, opacity: 1.0 });
        Assets {
            boards,
            numbers,
            men: [piece(Color::White, false), piece(Color::Black, false)],
            kings: [piece(Color::White, true), piece(Color::Black, true)],
            ghosts: [ghost_sprite(&WHITE_PIECE, false), ghost_sprite(&BLACK_PIECE, false)],
            king_ghosts: [ghost_sprite(&WHITE_PIECE, true), ghost_sprite(&BLACK_PIECE, true)],
        }
    }

    /// The empty board seen from `perspective`, without numbers.
    pub fn board(&self, perspective: Color) -> &Canvas {
        &self.boards[index(perspective)]
    }

    /// The square numbers, index 0 for square 1.
    pub fn numbers(&self) -> &[Mask] {
        &self.numbers
    }

    /// The sprite of a piece, the size of a square.
    pub fn piece(&self, piece: Piece) -> &Sprite {
        match piece.role {
            Role::Man => &self.men[index(piece.color)],
            Role::King => &self.kings[index(piece.color)],
        }
    }

    /// The ghost drawn where a captured piece of `color` stood: a man's,
    /// or a king's.
    pub fn ghost(&self, color: Color, king: bool) -> &Sprite {
        if king { &self.king_ghosts[index(color)] } else { &self.ghosts[index(color)] }
    }
}
