//! `damas` subcommands run as an operator runs them, timed, with their
//! peak memory; file sizes. Included with `#[path]` by the benches.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Runs `damas ARGS` to success under GNU time; its wall time in seconds
/// and its peak RSS in MB. (The kernel's figure for a child of this
/// process would count this process's own memory, which the child holds
/// from the fork until it runs damas.)
pub fn timed(args: &[&str]) -> (f64, f64) {
    let report = tempfile::NamedTempFile::new().expect("a temp file");
    let started = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M", "-o"])
        .arg(report.path())
        .arg(env!("CARGO_BIN_EXE_damas"))
        .args(args)
        .output()
        .expect("run damas under /usr/bin/time (Debian package time)");
    let secs = started.elapsed().as_secs_f64();
    assert!(out.status.success(), "damas {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let kb: f64 = std::fs::read_to_string(report.path()).expect("time's report").trim().parse().expect("kilobytes");
    (secs, kb / 1024.0)
}

/// The size of the file at `path` in MB (0 if there is none).
pub fn size_mb(path: &Path) -> f64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0) as f64 / 1_048_576.0
}
