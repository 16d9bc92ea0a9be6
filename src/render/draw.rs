//! Composes one picture: copy the prepared board, recolour the squares of
//! the last move, put the pieces (copies of tiles blended beforehand), the
//! overlay, then print the numbers.

use super::RenderOptions;
use super::arrows::add_arrow;
use super::assets::{ASSETS, Assets, Figure};
use super::canvas::{Canvas, Mask};
use super::layout::{HEIGHT, NUMBER_MARGIN, WIDTH};
use super::orientation::{square_center, square_rect};
use super::theme::{
    ARROW_OPACITY, CAPTURE_ARROW, CAPTURED_SQUARE, DARK_SQUARE, LAST_MOVE_SQUARE, LAST_PATH_SQUARE, NUMBER,
    QUIET_ARROW, REFUTED_ARROW, Rgb, SUGGESTED_ARROW,
};
use crate::rules::{Color, Move, Position, Role, Square};

/// The picture of `pos` with `opts`, as pixels, in a new canvas.
#[cfg(test)]
pub fn draw(pos: &Position, opts: &RenderOptions) -> Canvas {
    let mut canvas = ASSETS.board(opts.perspective).clone();
    draw_into(&mut canvas, &mut Mask::new(WIDTH, HEIGHT), pos, opts);
    canvas
}

/// Draws the picture of `pos` with `opts` over `canvas`, whatever it held
/// (the buffers are a thread's, reused from picture to picture; `mask` is
/// scratch space for the arrows). Layers, bottom to top: the board, the
/// last move's squares, the pieces and ghosts, the arrows, the numbers
/// (last, so no arrow hides one; pieces leave them uncovered).
pub fn draw_into(canvas: &mut Canvas, mask: &mut Mask, pos: &Position, opts: &RenderOptions) {
    draw_with(canvas, mask, pos, opts, true);
}

/// [`draw_into`]; with `tiles`, a piece or ghost on a cell of one of the
/// usual colours is a copy of that cell drawn beforehand, the same pixels
/// as blending it there (the tests compare the two).
fn draw_with(canvas: &mut Canvas, mask: &mut Mask, pos: &Position, opts: &RenderOptions, tiles: bool) {
    let assets = &*ASSETS;
    let perspective = opts.perspective;
    canvas.copy_from(assets.board(perspective));
    if let Some(mv) = &opts.last_move {
        mark_last_move(canvas, mv, perspective, shows_captured(opts));
    }
    for (square, look) in Square::ALL.into_iter().zip(square_looks(pos, opts)) {
        if let Some(figure) = look.figure {
            put_figure(canvas, assets, square, figure, look.cell, perspective, tiles);
        }
    }
    if opts.show_moves {
        draw_legal_moves(canvas, mask, pos, perspective);
    }
    for (mv, color) in [(&opts.refuted, REFUTED_ARROW), (&opts.suggested, SUGGESTED_ARROW)] {
        if let Some(mv) = mv {
            mask.clear(WIDTH, HEIGHT);
            add_arrow(mask, &path_points(mv, perspective), &piece_points(pos, perspective));
            canvas.blend_mask(mask, 0, 0, color, ARROW_OPACITY);
        }
    }
    for square in Square::ALL {
        print_number(canvas, assets.numbers(), square, perspective);
    }
}

/// How a playing square looks, besides its number: what [`super::bands`]
/// keys a rank of the picture by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareLook {
    /// Its cell's colour once the last move is marked.
    pub cell: Rgb,
    /// The piece on it, or the ghost of the piece the last move took there.
    pub figure: Option<Figure>,
}

/// How each playing square looks (in the order of [`Square::ALL`]), the
/// legal-moves overlay aside: a square's pixels depend on this and on its
/// number alone (pieces, ghosts and numbers stay inside their square).
pub fn square_looks(pos: &Position, opts: &RenderOptions) -> [SquareLook; 32] {
    let captured = shows_captured(opts);
    let mut looks = Square::ALL.map(|square| SquareLook {
        cell: cell_color(square, opts.last_move.as_ref(), captured),
        figure: pos.piece_at(square).map(Figure::Piece),
    });
    if let Some(mv) = opts.last_move.as_ref().filter(|_| captured) {
        // The captured pieces belong to the side that did not move.
        let mover = pos.piece_at(mv.to()).map_or(pos.turn().opponent(), |p| p.color);
        // Which captured pieces were kings: the position before says; without
        // it, only a capture of kings alone is known to be one.
        let all_kings = mv.king_capture_count() == mv.capture_count();
        for square in mv.captures().filter(|&s| pos.piece_at(s).is_none()) {
            let king = match &opts.before {
                Some(before) => before.piece_at(square).is_some_and(|p| p.role == Role::King),
                None => all_kings,
            };
            looks[usize::from(square.number()) - 1].figure = Some(Figure::Ghost(mover.opponent(), king));
        }
    }
    looks
}

/// Puts `figure` on `square`'s cell, of colour `cell` (the last move's mark).
fn put_figure(
    canvas: &mut Canvas,
    assets: &Assets,
    square: Square,
    figure: Figure,
    cell: Rgb,
    perspective: Color,
    tiles: bool,
) {
    let (x, y, _, _) = square_rect(square, perspective);
    let tile = if tiles { assets.tile(figure, cell) } else { None };
    match tile {
        Some(tile) => canvas.copy_tile(tile, x, y),
        None => canvas.blend_sprite(assets.sprite(figure), x as i32, y as i32),
    }
}

/// Whether the last move's captured pieces are shown (their red squares
/// and ghosts): not under the legal-moves overlay, where a red arrow
/// landing on a red ghost would read as a capture of a piece that is gone.
fn shows_captured(opts: &RenderOptions) -> bool {
    !opts.show_moves
}

/// The colour of a playing square's cell once [`mark_last_move`] is done.
fn cell_color(square: Square, last_move: Option<&Move>, captured: bool) -> Rgb {
    let Some(mv) = last_move else { return DARK_SQUARE };
    if captured && mv.captures().any(|s| s == square) {
        CAPTURED_SQUARE
    } else if square == mv.from() || square == mv.to() {
        LAST_MOVE_SQUARE
    } else if mv.landings().any(|s| s == square) {
        LAST_PATH_SQUARE
    } else {
        DARK_SQUARE
    }
}

/// Prints a square's number in its top-left corner.
fn print_number(canvas: &mut Canvas, numbers: &[Mask], square: Square, perspective: Color) {
    let (x, y, _, _) = square_rect(square, perspective);
    let mask = &numbers[usize::from(square.number()) - 1];
    canvas.blend_mask(mask, (x + NUMBER_MARGIN.0) as i32, (y + NUMBER_MARGIN.1) as i32, NUMBER, u8::MAX);
}

/// Fills a square's cell with one colour.
fn fill_square(canvas: &mut Canvas, square: Square, perspective: Color, color: Rgb) {
    let (x, y, w, h) = square_rect(square, perspective);
    canvas.fill_rect(x, y, w, h, color);
}

/// Colours the start, landing and end squares of `mv` and (with
/// `captured`) the squares of the pieces it captured.
fn mark_last_move(canvas: &mut Canvas, mv: &Move, perspective: Color, captured: bool) {
    for square in mv.landings() {
        fill_square(canvas, square, perspective, LAST_PATH_SQUARE);
    }
    for square in [mv.from(), mv.to()] {
        fill_square(canvas, square, perspective, LAST_MOVE_SQUARE);
    }
    for square in mv.captures().filter(|_| captured) {
        fill_square(canvas, square, perspective, CAPTURED_SQUARE);
    }
}

/// The centres of the squares of `mv`'s path, where its arrow runs.
fn path_points(mv: &Move, perspective: Color) -> Vec<(f32, f32)> {
    mv.path().into_iter().map(|s| square_center(s, perspective)).collect()
}

/// The centres of the squares that hold a piece, which arrows leave
/// uncovered.
fn piece_points(pos: &Position, perspective: Color) -> Vec<(f32, f32)> {
    Square::ALL.into_iter().filter(|&s| pos.piece_at(s).is_some()).map(|s| square_center(s, perspective)).collect()
}

/// An arrow along the path of every legal move; captures in their own colour
/// (when there are captures, every legal move is one: RULES 5.1).
fn draw_legal_moves(canvas: &mut Canvas, mask: &mut Mask, pos: &Position, perspective: Color) {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return;
    }
    mask.clear(WIDTH, HEIGHT);
    let pieces = piece_points(pos, perspective);
    for mv in &moves {
        add_arrow(mask, &path_points(mv, perspective), &pieces);
    }
    let color = if moves.iter().any(Move::is_capture) { CAPTURE_ARROW } else { QUIET_ARROW };
    canvas.blend_mask(mask, 0, 0, color, ARROW_OPACITY);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DrawRules, Game, Variant};

    /// The picture blended sprite by sprite, as before tiles.
    fn blended(pos: &Position, opts: &RenderOptions) -> Canvas {
        let mut canvas = ASSETS.board(opts.perspective).clone();
        draw_with(&mut canvas, &mut Mask::new(WIDTH, HEIGHT), pos, opts, false);
        canvas
    }

    #[test]
    fn tiles_give_the_same_pixels_as_blending_over_whole_games() {
        let mut pictures = 0;
        for choice in [1, 5, 11, 23] {
            let mut game = Game::new(Position::initial(), Variant::Classic, DrawRules::Classic);
            while game.result().is_none() && game.ply() < 160 {
                let legal = game.position().legal_moves();
                let ply = game.ply();
                game.play(&legal[(choice * 7 + ply * 3 + ply / 4) % legal.len()]).expect("a legal move");
                let pos = *game.position();
                for (perspective, before) in [(Color::White, game.previous_position().copied()), (Color::Black, None)] {
                    let opts = RenderOptions {
                        perspective,
                        last_move: game.last_move().copied(),
                        show_moves: ply.is_multiple_of(7),
                        before,
                        suggested: None,
                        refuted: None,
                    };
                    assert!(draw(&pos, &opts).pixels == blended(&pos, &opts).pixels, "ply {ply} from {perspective:?}");
                    pictures += 1;
                }
            }
        }
        assert!(pictures > 200);
    }
}
