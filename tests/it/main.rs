//! Every integration test of the bot, in one test binary: one link of the
//! whole stack instead of one per file, and one harness that runs all the
//! tests side by side. Each area is a module; shared helpers (the fake
//! Discord, the bot run in-process, scratch databases) are in `support`.
//!
//! Tests that need a process of their own (a SIGKILL, two processes racing)
//! start this same binary again as a child, asking it for one test by name.

#[macro_use]
mod support;

mod architecture;
mod cli_run;
mod e2e;
mod engine;
mod fuzz;
mod guides;
mod openings_data;
mod perft_deep;
mod render;
mod rules;
mod service;
mod store;
