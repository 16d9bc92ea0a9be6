//! The endgame tables every test of this binary uses: built once per run
//! (which also tests the build), and saved once to a file for the tests
//! that start the `damas` binary or a bot on them, so that no bot built in
//! a test builds tables of its own.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use damas::engine::tables::{Tables, file_name};

/// 4 pieces in release builds (as the bot uses), 3 in (slow) debug builds.
pub const PIECES: u32 = if cfg!(debug_assertions) { 3 } else { 4 };

/// The tables of this run, built on first use.
pub fn tables() -> Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| Arc::new(Tables::build(PIECES))).clone()
}

/// A file holding [`tables`], written on first use into cargo's scratch
/// folder for tests (a file left there by an earlier run is replaced, never
/// trusted; the write is atomic, so two runs at once are safe).
pub fn table_file() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(file_name(PIECES));
        tables().save(&path).expect("save the endgame tables for the tests");
        path
    })
}
