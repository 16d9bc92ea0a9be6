//! The engine (src/engine/): search, levels, analysis, the `analyze`
//! command, the endgame tables and three kings against one under the count.

mod analyze_cli;
mod deep_puzzles;
mod endgames;
mod legality;
mod puzzles;
mod search;
mod shots;
mod tables;
mod three_kings;
