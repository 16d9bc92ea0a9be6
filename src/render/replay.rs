//! The replay of a game as an animated GIF: one frame per position, from
//! the start to the end, each drawn as the board picture is (the move that
//! led to it marked, its captured pieces as ghosts), shrunk to
//! [`REPLAY_SIZE`] and held [`FRAME_DELAY_MS`]; the last frame is held
//! [`LAST_FRAME_DELAY_MS`] so the final position can be read before the
//! loop starts again.
//!
//! The frames are shrunk to half the picture's side (320 px): Discord shows
//! an attachment at most about 400-550 px wide anyway (a click shows it
//! whole), and the GIF encoder's colour quantisation, nearly all of the
//! time, grows with the pixels. At 3/4 (480 px) an 80-ply game took about
//! 1.1 s even at the encoder's fastest speed; at half it takes about half a
//! second and a little over 1 MB (see `benches/render.rs`), and the square
//! numbers can still be read.
//!
//! ```
//! use damas::render::replay::{ReplayFrame, render_gif};
//! use damas::rules::{Color, Position};
//! let start = Position::initial();
//! let mv = start.parse_move("11-15").unwrap();
//! let frames = [ReplayFrame::start(start), ReplayFrame::after(&start, mv).unwrap()];
//! let gif = render_gif(&frames, Color::White).unwrap();
//! assert!(gif.starts_with(b"GIF89a"));
//! ```

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};

use super::RenderOptions;
use super::canvas::Canvas;
use super::draw::draw_into;
use super::layout::{HEIGHT, WIDTH};
use super::scratch::with_scratch;
use crate::rules::{Color, Game, Move, Position};

/// Side of a replay frame in pixels: half the board picture's (see the
/// module's notes and [`downscale`] for why).
pub const REPLAY_SIZE: u32 = WIDTH / 2;

/// How long each position is shown, in milliseconds.
pub const FRAME_DELAY_MS: u32 = 1000;

/// How long the final position is shown before the replay starts again.
pub const LAST_FRAME_DELAY_MS: u32 = 4000;

/// The GIF encoder's speed (1-30): how coarsely it samples each frame to
/// learn its 256 colours, which is most of the work. The board has few
/// colours besides the anti-aliased edges, so the coarsest sample loses
/// nothing visible; at 10 an 80-ply game took twice as long.
pub const GIF_SPEED: i32 = 30;

/// One position of a replay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplayFrame {
    /// The position shown.
    pub position: Position,
    /// The move that led to it (none for the start).
    pub last_move: Option<Move>,
    /// The position that move was played from.
    pub before: Option<Position>,
}

impl ReplayFrame {
    /// The start position, nothing marked.
    pub fn start(position: Position) -> ReplayFrame {
        ReplayFrame { position, last_move: None, before: None }
    }

    /// The position after `mv` is played in `before`, the move marked;
    /// `None` if `mv` is not legal there.
    pub fn after(before: &Position, mv: Move) -> Option<ReplayFrame> {
        let position = before.play(&mv)?;
        Some(ReplayFrame { position, last_move: Some(mv), before: Some(*before) })
    }
}

/// One frame per position of `game`, `game.ply() + 1` in all: the start
/// with nothing marked, then the position after each move with that move
/// marked (and the position it was played from, for the ghosts).
pub fn game_frames(game: &Game) -> Vec<ReplayFrame> {
    let start = ReplayFrame::start(*game.start());
    let plies = game.moves().iter().zip(game.positions().windows(2)).map(|(mv, pair)| ReplayFrame {
        position: pair[1],
        last_move: Some(*mv),
        before: Some(pair[0]),
    });
    std::iter::once(start).chain(plies).collect()
}

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// There was nothing to show (a game always has at least its start).
    #[error("a replay needs at least one position")]
    NoFrames,
    /// The GIF encoder refused a frame.
    #[error("GIF encoding failed: {0}")]
    Encode(#[from] image::ImageError),
}

/// The replay of `frames` as GIF bytes, [`REPLAY_SIZE`] pixels square,
/// from `perspective`'s side, looping forever; one GIF frame per entry.
pub fn render_gif(frames: &[ReplayFrame], perspective: Color) -> Result<Vec<u8>, ReplayError> {
    if frames.is_empty() {
        return Err(ReplayError::NoFrames);
    }
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, GIF_SPEED);
        encoder.set_repeat(Repeat::Infinite)?;
        with_scratch(|s| -> Result<(), ReplayError> {
            for (i, frame) in frames.iter().enumerate() {
                let options = RenderOptions {
                    perspective,
                    last_move: frame.last_move,
                    show_moves: false,
                    before: frame.before,
                    suggested: None,
                    refuted: None,
                };
                draw_into(&mut s.canvas, &mut s.mask, &frame.position, &options);
                let delay = if i + 1 == frames.len() { LAST_FRAME_DELAY_MS } else { FRAME_DELAY_MS };
                let delay = Delay::from_numer_denom_ms(delay, 1);
                encoder.encode_frame(Frame::from_parts(downscale(&s.canvas), 0, 0, delay))?;
            }
            Ok(())
        })?;
        // Dropping the encoder writes the GIF's trailer.
    }
    Ok(bytes)
}

/// The picture shrunk to half its side, as opaque RGBA: each output pixel
/// the rounded average of a block of 2x2. An exact ratio keeps every square
/// the same whole number of pixels (40) with sharp edges, and costs a few
/// integer sums per pixel, far less than a general resampling filter.
fn downscale(canvas: &Canvas) -> RgbaImage {
    const { assert!(WIDTH.is_multiple_of(2) && HEIGHT.is_multiple_of(2), "the picture halves exactly") };
    debug_assert!(canvas.width == WIDTH && canvas.height == HEIGHT);
    let stride = canvas.width as usize * 3;
    let out_width = canvas.width / 2;
    let mut out = RgbaImage::new(out_width, canvas.height / 2);
    for (rows, dst) in canvas.pixels.chunks_exact(stride * 2).zip(out.chunks_exact_mut(out_width as usize * 4)) {
        let (top, bottom) = rows.split_at(stride);
        let pairs = top.chunks_exact(6).zip(bottom.chunks_exact(6));
        for ((t, b), d) in pairs.zip(dst.chunks_exact_mut(4)) {
            for c in 0..3 {
                let sum = u16::from(t[c]) + u16::from(t[3 + c]) + u16::from(b[c]) + u16::from(b[3 + c]);
                d[c] = ((sum + 2) / 4) as u8;
            }
            d[3] = u8::MAX;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_keeps_flat_colours_and_averages_edges() {
        let mut canvas = Canvas::new(WIDTH, HEIGHT, [10, 200, 30]);
        // A white column at x = 3 only: half of output pixel 1.
        canvas.fill_rect(3, 0, 1, HEIGHT, [250, 250, 250]);
        let small = downscale(&canvas);
        assert_eq!(small.dimensions(), (REPLAY_SIZE, REPLAY_SIZE));
        assert_eq!(small.get_pixel(0, 0).0, [10, 200, 30, 255]);
        assert_eq!(small.get_pixel(1, 5).0, [130, 225, 140, 255]);
        assert_eq!(small.get_pixel(2, 5).0, [10, 200, 30, 255]);
        assert_eq!(small.get_pixel(REPLAY_SIZE - 1, REPLAY_SIZE - 1).0, [10, 200, 30, 255]);
    }

    #[test]
    fn no_frames_is_an_error_not_an_empty_file() {
        assert!(matches!(render_gif(&[], Color::White), Err(ReplayError::NoFrames)));
    }
}
