//! Composes one picture: copy the prepared board, recolour the squares of
//! the last move, blend the pieces, the overlay, then print the numbers.

use super::RenderOptions;
use super::arrows::add_arrow;
use super::assets::ASSETS;
use super::canvas::{Canvas, Mask};
use super::layout::{HEIGHT, NUMBER_MARGIN, WIDTH};
use super::orientation::{square_center, square_rect};
use super::theme::{
    ARROW_OPACITY, CAPTURE_ARROW, CAPTURED_SQUARE, LAST_MOVE_SQUARE, LAST_PATH_SQUARE, NUMBER, QUIET_ARROW, Rgb,
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
    let assets = &*ASSETS;
    let perspective = opts.perspective;
    canvas.copy_from(assets.board(perspective));
    if let Some(mv) = &opts.last_move {
        mark_last_move(canvas, mv, perspective);
    }
    for (square, piece) in pos.pieces() {
        let (x, y, _, _) = square_rect(square, perspective);
        canvas.blend_sprite(assets.piece(piece), x as i32, y as i32);
    }
    if let Some(mv) = &opts.last_move {
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
            let (x, y, _, _) = square_rect(square, perspective);
            canvas.blend_sprite(assets.ghost(mover.opponent(), king), x as i32, y as i32);
        }
    }
    if opts.show_moves {
        draw_legal_moves(canvas, mask, pos, perspective);
    }
    for square in Square::ALL {
        print_number(canvas, assets.numbers(), square, perspective);
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

/// Colours the start, landing and end squares of `mv` and the squares of
/// the pieces it captured.
fn mark_last_move(canvas: &mut Canvas, mv: &Move, perspective: Color) {
    for square in mv.landings() {
        fill_square(canvas, square, perspective, LAST_PATH_SQUARE);
    }
    for square in [mv.from(), mv.to()] {
        fill_square(canvas, square, perspective, LAST_MOVE_SQUARE);
    }
    for square in mv.captures() {
        fill_square(canvas, square, perspective, CAPTURED_SQUARE);
    }
}

/// An arrow along the path of every legal move; captures in their own colour
/// (when there are captures, every legal move is one: RULES 5.1).
fn draw_legal_moves(canvas: &mut Canvas, mask: &mut Mask, pos: &Position, perspective: Color) {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return;
    }
    mask.clear(WIDTH, HEIGHT);
    for mv in &moves {
        let points: Vec<(f32, f32)> = mv.path().into_iter().map(|s| square_center(s, perspective)).collect();
        add_arrow(mask, &points);
    }
    let color = if moves.iter().any(Move::is_capture) { CAPTURE_ARROW } else { QUIET_ARROW };
    canvas.blend_mask(mask, 0, 0, color, ARROW_OPACITY);
}
