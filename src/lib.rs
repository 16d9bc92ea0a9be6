//! damas: Spanish draughts (damas españolas) for Discord.
//!
//! Layers (see the design notes in the README): [`rules`] is the pure,
//! std-only rules engine (beside `strum`'s derives for its enums' names);
//! everything else builds on it.

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
