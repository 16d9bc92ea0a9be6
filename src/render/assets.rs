//! Everything drawn the same way in every picture, prepared once on first
//! use: the empty board from each side, the piece sprites, the ghosts of
//! captured pieces, each of those already blended over every colour a
//! playing square takes (so a picture copies them), and the square
//! numbers' masks.

use std::sync::LazyLock;

use super::canvas::{Canvas, Mask, Sprite};
use super::layout::{HEIGHT, SQUARE_SIZE, WIDTH};
use super::numbers::number_masks;
use super::orientation::square_rect;
use super::pieces::{Look, ghost_sprite, piece_sprite};
use super::theme::{
    BLACK_PIECE, CAPTURED_SQUARE, DARK_SQUARE, LAST_MOVE_SQUARE, LAST_PATH_SQUARE, LIGHT_SQUARE, PieceColors, Rgb,
    WHITE_PIECE,
};
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
    /// Per colour of [`CELL_COLORS`], each sprite above blended over a
    /// cell of that colour, in the order of [`Assets::sprites`].
    tiles: Vec<[Canvas; SPRITES]>,
}

/// The colours a playing square's cell can have under a piece or a ghost.
const CELL_COLORS: [Rgb; 4] = [DARK_SQUARE, LAST_MOVE_SQUARE, LAST_PATH_SQUARE, CAPTURED_SQUARE];

/// Men, kings, ghosts of men and of kings, of both sides.
const SPRITES: usize = 8;

/// What goes on a playing square: a piece, or the ghost of a captured one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    /// A piece standing there.
    Piece(Piece),
    /// The ghost of a captured piece of this colour; a king's if `true`.
    Ghost(Color, bool),
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
        let mut assets = Assets {
            boards,
            numbers,
            men: [piece(Color::White, false), piece(Color::Black, false)],
            kings: [piece(Color::White, true), piece(Color::Black, true)],
            ghosts: [ghost_sprite(&WHITE_PIECE, false), ghost_sprite(&BLACK_PIECE, false)],
            king_ghosts: [ghost_sprite(&WHITE_PIECE, true), ghost_sprite(&BLACK_PIECE, true)],
            tiles: Vec::new(),
        };
        assets.tiles = CELL_COLORS
            .iter()
            .map(|&color| {
                assets.sprites().map(|sprite| {
                    let mut tile = Canvas::new(SQUARE_SIZE, SQUARE_SIZE, color);
                    tile.blend_sprite(sprite, 0, 0);
                    tile
                })
            })
            .collect();
        assets
    }

    /// Every sprite, in the order of [`Assets::figure_index`].
    fn sprites(&self) -> [&Sprite; SPRITES] {
        let [m, k, g, kg] = [&self.men, &self.kings, &self.ghosts, &self.king_ghosts];
        [&m[0], &m[1], &k[0], &k[1], &g[0], &g[1], &kg[0], &kg[1]]
    }

    fn figure_index(figure: Figure) -> usize {
        match figure {
            Figure::Piece(p) => index(p.color) + if p.role == Role::King { 2 } else { 0 },
            Figure::Ghost(color, king) => 4 + index(color) + if king { 2 } else { 0 },
        }
    }

    /// The sprite of `figure`, the size of a square.
    pub fn sprite(&self, figure: Figure) -> &Sprite {
        self.sprites()[Assets::figure_index(figure)]
    }

    /// A square's cell of colour `cell` with `figure` on it, if that colour
    /// is one a playing square takes.
    pub fn tile(&self, figure: Figure, cell: Rgb) -> Option<&Canvas> {
        let row = CELL_COLORS.iter().position(|&c| c == cell)?;
        Some(&self.tiles[row][Assets::figure_index(figure)])
    }

    /// The empty board seen from `perspective`, without numbers.
    pub fn board(&self, perspective: Color) -> &Canvas {
        &self.boards[index(perspective)]
    }

    /// The square numbers, index 0 for square 1.
    pub fn numbers(&self) -> &[Mask] {
        &self.numbers
    }
}
