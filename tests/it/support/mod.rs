//! Shared support code for the integration tests: the fake Discord, the
//! bot run in-process against it, and services over scratch databases.
// The benches include this module too, and each uses a different part.
#![allow(dead_code)]

pub mod bot;
pub mod fake_discord;
#[macro_use]
pub mod games;
pub mod pdn_reader;
pub mod rng;
pub mod tables;
pub mod watchdog;
