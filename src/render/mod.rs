//! The board picture: a position (plus the last move and an optional
//! legal-moves overlay) as PNG bytes, in the Spanish orientation; and a
//! whole game as an animated GIF of such pictures ([`replay`]).
//!
//! - **Orientation** (RULES 1.2-1.3): a dark playing square sits in the
//!   viewer's bottom-right corner from either side. From White's side square
//!   1 is bottom right; from Black's it is top left. [`orientation`] is the
//!   only place that maps squares to pixels.
//! - **Numbers**: every playing square carries its number (RULES 2.1), small
//!   and upright in its top-left corner, so notation can be read off the
//!   picture from both sides; pieces are sized to leave it uncovered.
//! - **Pieces**: ivory and black discs; kings carry a gold crown.
//! - **Last move**: its start and end squares are tinted, the squares it
//!   landed on in between tinted more lightly, and the squares of the pieces
//!   it captured tinted red with a faint ghost of the piece that stood there.
//! - **Overlay** ([`RenderOptions::show_moves`]): an arrow along the path of
//!   every legal move, green for quiet moves, red for captures. The last
//!   move's start and end stay marked, but not its captured pieces: a red
//!   arrow landing on a red ghost would read as a capture still to come.
//! - **Suggested move** ([`RenderOptions::suggested`]): one blue arrow, the
//!   engine's best move in an analysis, never marked like a played move;
//!   a refuted one ([`RenderOptions::refuted`], a puzzle's wrong answer)
//!   is a red arrow under it.
//! - **Rating chart** ([`rating_chart_png`]): a player's rating over the
//!   dates of their rated games, its deviation shaded around it, under a
//!   title and a line of figures the caller writes in the reader's language.
//! - **Speed**: the boards, the piece sprites and the numbers (from the font
//!   embedded in the binary, `assets/` with its licence) are prepared once,
//!   on first use. A picture is then a copy of the board, a few blends and a
//!   fast PNG encode (8-bit RGB, deflated by our own compressor made for
//!   such pictures); nothing is read from disk. The canvas and the encoder's
//!   state are kept per thread and reused, so a picture allocates little
//!   more than its PNG bytes; [`recent`] keeps the last pictures for one
//!   asked for again (a move's answer, then its direct message), and the
//!   ranks of the boards drawn are kept, encoded, for the next boards that
//!   show them (`bands.rs`: a move changes a few ranks, and openings share
//!   most of theirs).
//!
//! ```
//! use damas::render::{RenderOptions, render_png};
//! use damas::rules::{Color, Position};
//! let pos = Position::initial();
//! let png = render_png(&pos, &RenderOptions { perspective: Color::Black, ..RenderOptions::default() });
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

mod arrows;
mod assets;
mod bands;
mod canvas;
pub mod chart;
mod deflate;
mod draw;
mod encode;
mod huffman;
pub mod layout;
mod numbers;
mod options;
pub mod orientation;
mod paint;
mod pieces;
pub mod recent;
pub mod replay;
mod scratch;
pub mod standings;
pub mod theme;

pub use bands::ranks_found_and_made;
pub use chart::{CHART_HEIGHT, CHART_WIDTH, ChartPoint, RatingChart, rating_chart_png};
pub use options::RenderOptions;
pub use orientation::square_rect;
pub use replay::{ReplayFrame, render_gif};
pub use standings::{StandingsLine, StandingsPicture, standings_png};

use crate::rules::Position;

/// The picture of `pos` as PNG bytes, [`layout::WIDTH`] x [`layout::HEIGHT`]
/// pixels, 8-bit RGB.
///
/// `opts.last_move` is the move that was played to reach `pos` (not a move
/// of `pos`); its captured pieces are drawn as ghosts in the colour of the
/// side to move.
///
/// A board without the overlay is put together from the ranks of earlier
/// pictures where it shares them (see [`bands`]): the same pixels.
pub fn render_png(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    // Arrows cross ranks: only arrowless boards are put together from ranks.
    let arrows = opts.show_moves || opts.suggested.is_some() || opts.refuted.is_some();
    if arrows { render_png_whole(pos, opts) } else { bands::render(pos, opts) }
}

/// 8-bit RGB pixels (`width * height * 3` bytes, rows top to bottom) as PNG
/// bytes, by the encoder the pictures use: for comparing it with others
/// (`benches/render.rs`).
///
/// # Panics
/// If `rgb` does not hold `width * height * 3` bytes.
pub fn encode_rgb(width: u32, height: u32, rgb: &[u8]) -> Vec<u8> {
    assert_eq!(rgb.len(), width as usize * height as usize * 3, "RGB pixels of a {width} x {height} picture");
    scratch::with_scratch(|s| {
        s.canvas.width = width;
        s.canvas.height = height;
        s.canvas.pixels.clear();
        s.canvas.pixels.extend_from_slice(rgb);
        s.png.encode(&s.canvas)
    })
}

/// [`render_png`] drawn and encoded whole, keeping nothing: the cost of a
/// picture that shares no rank with any before it (for the benches).
pub fn render_png_whole(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    scratch::with_scratch(|s| {
        draw::draw_into(&mut s.canvas, &mut s.mask, pos, opts);
        s.png.encode(&s.canvas)
    })
}
