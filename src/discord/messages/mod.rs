//! What the bot says and how it gets there: the words and pictures of game
//! and tournament messages, replies, the one place errors become words,
//! posting with retries, game threads and server names.

pub mod clocks;
pub mod deliver;
pub mod errors;
pub mod game_messages;
pub mod game_threads;
pub mod live_buttons;
pub mod puzzle_messages;
pub mod reply;
pub mod servers;
pub mod tournament_messages;
