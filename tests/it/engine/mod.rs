//! The engine (src/engine/): search, levels, analysis, the `analyze`
//! command and the endgame tables.

mod analyze_cli;
mod endgames;
mod legality;
mod search;
mod shots;
mod tables;
