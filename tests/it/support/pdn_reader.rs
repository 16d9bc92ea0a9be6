//! An outside PDN reader for the end-to-end tests: pydraughts (a Python
//! draughts library), run on a record the bot sent by
//! `tests/data/read_pdn.py`. `.ci/run` installs it and names its Python in
//! `DAMAS_TEST_PDN_READER`; there the check fails when the reader is
//! missing. Without that variable (a plain `cargo test`) the check says so
//! and is left out.

use std::io::Write;
use std::process::Command;

/// The variable naming the Python that has pydraughts.
pub const PDN_READER_VAR: &str = "DAMAS_TEST_PDN_READER";

/// One game as the outside reader read it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ReadGame {
    /// Its tags (`Event`, `White`, `Result`, ...).
    pub tags: std::collections::BTreeMap<String, String>,
    /// The variant pydraughts reads from `GameType`.
    pub variant: Option<String>,
    /// Its moves, in the record's notation.
    pub moves: Vec<String>,
    /// The result at the end of its moves.
    pub result: String,
}

/// The games of `pdn` as pydraughts reads them; `None` (said on the test
/// output) when no reader is named.
pub fn read(pdn: &str) -> Option<Vec<ReadGame>> {
    let Ok(python) = std::env::var(PDN_READER_VAR) else {
        eprintln!("{PDN_READER_VAR} is not set: the outside PDN reader's check is left out");
        return None;
    };
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(pdn.as_bytes()).expect("the record is written");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/read_pdn.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg(file.path())
        .output()
        .unwrap_or_else(|e| panic!("{PDN_READER_VAR}={python} does not run: {e}"));
    assert!(out.status.success(), "the outside reader failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8 from the reader");
    Some(text.lines().map(|line| serde_json::from_str(line).expect("one JSON game a line")).collect())
}
