//! `damas render [FEN] [--last MOVE] [--perspective white|black] [--moves] -o FILE.png`:
//! the board picture of a position.

use std::io::Write;
use std::path::PathBuf;

use super::{CliResult, position_arg};
use crate::render::{RenderOptions, render_png};
use crate::rules::Color;

/// The side drawn at the bottom.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// White at the bottom: square 1 bottom right.
    #[default]
    White,
    /// Black at the bottom: square 32 bottom right.
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// Arguments of `damas render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PDN FEN position, e.g. `W:W1-12:B21-32` (default: the start).
    pub fen: Option<String>,
    /// A legal move of FEN: the picture shows the position after it, with
    /// the move marked (start, landings, end, captured pieces).
    #[arg(long, value_name = "MOVE")]
    pub last: Option<String>,
    /// The side at the bottom of the picture.
    #[arg(long, value_enum, default_value_t = Side::White)]
    pub perspective: Side,
    /// Draw an arrow for every legal move of the position drawn.
    #[arg(long)]
    pub moves: bool,
    /// Where to write the PNG; `-` writes it to standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE.png")]
    pub output: PathBuf,
}

/// Draws the position and writes the PNG to the output file (or to `out`
/// when the output is `-`).
pub fn run(args: &Args, out: &mut impl Write) -> CliResult {
    let mut pos = position_arg(args.fen.as_deref())?;
    let mut last_move = None;
    if let Some(text) = &args.last {
        let mv = pos.parse_move(text).map_err(|e| format!("--last: {e}"))?;
        pos = pos.play(&mv).ok_or_else(|| format!("--last: `{text}` cannot be played in this position"))?;
        last_move = Some(mv);
    }
    let opts = RenderOptions {
        perspective: args.perspective.into(),
        last_move,
        show_moves: args.moves,
        before: None,
        suggested: None,
        refuted: None,
    };
    let png = render_png(&pos, &opts);
    if args.output.as_os_str() == "-" {
        out.write_all(&png).and_then(|()| out.flush()).map_err(|e| format!("cannot write the picture: {e}"))
    } else {
        std::fs::write(&args.output, &png)
            .map_err(|e| format!("cannot write the picture to {}: {e}", args.output.display()))
    }
}
