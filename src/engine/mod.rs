//! The engine: endgame tables (and, beside them, the search); uses `crate::rules` and std only.

pub mod tables;
