//! Embeds the SQL migrations: writes `migrations.rs` into `OUT_DIR` with
//! every file of `migrations/sqlite` and `migrations/postgres` (name and
//! text, in name order), which `src/store/migrations.rs` includes. This is
//! what sqlx's `migrate!` macro did, without building sqlx's macros (and a
//! second SQLite) for the compiler.
//!
//! Also sets the cfg `postgres_tests` when `DAMAS_TEST_POSTGRES_URL` names a
//! server, so that the PostgreSQL runs of the tests are compiled as ignored
//! (with the reason) when it does not, instead of passing having run nothing.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// The variable that names the PostgreSQL server of the tests (the same
/// name as `store::TEST_POSTGRES_URL_VAR`).
const TEST_POSTGRES_URL_VAR: &str = "DAMAS_TEST_POSTGRES_URL";

fn main() {
    println!("cargo::rerun-if-env-changed={TEST_POSTGRES_URL_VAR}");
    println!("cargo::rustc-check-cfg=cfg(postgres_tests)");
    if env::var(TEST_POSTGRES_URL_VAR).is_ok_and(|url| !url.trim().is_empty()) {
        println!("cargo::rustc-cfg=postgres_tests");
    }
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut code = String::new();
    for (constant, folder) in [("SQLITE", "migrations/sqlite"), ("POSTGRES", "migrations/postgres")] {
        let dir = Path::new(&root).join(folder);
        println!("cargo::rerun-if-changed={}", dir.display());
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").file_name().into_string().expect("a UTF-8 file name"))
            .filter(|name| name.ends_with(".sql"))
            .collect();
        names.sort();
        writeln!(code, "/// The files of `{folder}`: name and text, in name order.").unwrap();
        writeln!(code, "pub(super) const {constant}: &[(&str, &str)] = &[").unwrap();
        for name in names {
            let path = dir.join(&name);
            writeln!(code, "    ({name:?}, include_str!({:?})),", path.display().to_string()).unwrap();
        }
        writeln!(code, "];").unwrap();
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("migrations.rs");
    fs::write(&out, code).unwrap_or_else(|e| panic!("write {}: {e}", out.display()));
}
