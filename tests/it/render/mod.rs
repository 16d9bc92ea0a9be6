//! The pictures (src/render/), checked by decoding them.

mod board;
mod replay;
