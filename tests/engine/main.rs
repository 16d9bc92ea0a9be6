//! The engine (src/engine/): search, levels, analysis and the `analyze`
//! command. The endgame tables have their own tests (tests/engine_tables.rs).

mod analyze_cli;
mod endgames;
mod legality;
mod search;

mod shots;
