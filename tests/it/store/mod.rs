//! The store (src/store/) under stress, on both backends: migrations,
//! racing commands, two processes, and processes killed with SIGKILL.

mod backup;
mod copy;
mod crash;
mod migrations;
mod processes;
mod race;
mod upgrades;
