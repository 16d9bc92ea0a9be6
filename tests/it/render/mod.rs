//! The pictures (src/render/), checked by decoding them.

mod board;
mod chart;
mod rating_history;
mod replay;
