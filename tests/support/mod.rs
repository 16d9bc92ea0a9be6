//! Shared support code for integration tests (`mod support;`).
// Each test crate uses a different part of the support code.
#![allow(dead_code)]

pub mod bot;
pub mod fake_discord;
