//! damas: Spanish draughts (damas españolas) for Discord.
//!
//! Layers (see docs/architecture.md): [`rules`] is the pure rules engine
//! (std and four small crates: `strum`'s derives for its enums' names,
//! `thiserror` for its errors, `arrayvec` and `smallvec` for move lists
//! off the heap; nothing async, no I/O); everything else builds on it.

pub mod calendar;
pub mod cli;
pub mod config;
pub mod discord;
pub mod engine;
pub mod game;
pub mod i18n;
pub mod metrics;
pub mod rating;
pub mod render;
pub mod rules;
pub mod store;
pub mod tournament;
pub mod workers;
