//! `damas analyze`: its JSON format, its answers at the ends of the game,
//! and its refusals (RULES 6.4 for the FEN).

use std::process::Command;

use damas::rules::Position;
use serde_json::Value;

/// Runs the real binary without endgame tables; returns (success, stdout, stderr).
fn analyze(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_damas"))
        .arg("analyze")
        .arg("--no-tables")
        .args(args)
        .output()
        .expect("the binary runs");
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (ok, stdout, stderr) = analyze(&all);
    assert!(ok, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "one object on one line: {stdout}");
    serde_json::from_str(&stdout).expect("valid JSON")
}

#[test]
fn json_has_every_field_and_a_legal_best_move() {
    let v = json(&["--depth", "6"]);
    for field in ["best", "score", "result", "plies", "pv", "depth", "nodes", "ms"] {
        assert!(v.get(field).is_some(), "missing {field}: {v}");
    }
    let best = v["best"].as_str().unwrap();
    let start = Position::initial();
    assert!(start.parse_move(best).is_ok(), "{best} is legal at the start");
    assert_eq!(v["pv"][0].as_str(), Some(best));
    assert_eq!(v["depth"], 6);
    assert!(v["nodes"].as_u64().unwrap() > 100);
    assert!(v["result"].is_null() && v["plies"].is_null(), "the start is not proven: {v}");
    assert!(v["score"].as_i64().unwrap().abs() < 100);
}

#[test]
fn no_legal_move_is_a_loss_with_no_best_move() {
    // RULES 7.1: White's man on 5 is blocked (9 and 10 in front, 14 behind 10) and White has
    // nothing else.
    let v = json(&["W:W5:B9,10,14"]);
    assert!(v["best"].is_null());
    assert_eq!(v["result"], "loss");
    assert_eq!(v["plies"], 0);
    assert_eq!(v["pv"].as_array().map(Vec::len), Some(0));
}

#[test]
fn giveaway_reverses_the_goal() {
    // RULES 8.2: the blocked side has won.
    let v = json(&["--variant", "giveaway", "W:W5:B9,10,14"]);
    assert_eq!(v["result"], "win");
}

#[test]
fn a_forced_win_is_reported_in_plies() {
    let v = json(&["--depth", "4", "W:W9,10:B14"]);
    assert_eq!((v["best"].as_str(), v["result"].as_str(), v["plies"].as_u64()), (Some("10x19"), Some("win"), Some(1)));
}

#[test]
fn text_output_names_the_move_the_evaluation_and_the_line() {
    let (ok, stdout, stderr) = analyze(&["--depth", "5"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("best move: "), "{stdout}");
    assert!(stdout.contains("evaluation: "), "{stdout}");
    assert!(stdout.contains("line: "), "{stdout}");
    assert!(stdout.contains("depth 5, "), "{stdout}");
}

#[test]
fn a_bad_fen_or_level_is_refused_in_one_line() {
    let (ok, stdout, stderr) = analyze(&["W:W1-12:B1"]);
    assert!(!ok);
    assert!(stdout.is_empty());
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("damas: "), "{stderr}");
    let (ok, _, _) = analyze(&["--level", "11"]);
    assert!(!ok);
}

/// Runs `damas analyze` in `folder` with `env` as its only settings.
fn analyze_in(folder: &std::path::Path, env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_damas"));
    command.current_dir(folder).env_remove("ENGINE_TABLES").env_remove("DATABASE_URL");
    command.args(["analyze", "--depth", "2", "--table-pieces", "2"]).envs(env.iter().copied());
    command.output().expect("the binary runs")
}

#[test]
fn the_tables_go_where_the_bot_keeps_them_and_off_means_none() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let file = damas::engine::tables::file_name(2);
    // Beside the bot's database, as the bot does: not in the folder it runs in.
    let out = analyze_in(dir.path(), &[("DATABASE_URL", "data/club.db")]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(data.join(&file).exists(), "the tables are built beside the database");
    assert!(!dir.path().join(&file).exists(), "not in the working folder");
    // `off` searches without tables and writes no file named "off".
    let out = analyze_in(dir.path(), &[("ENGINE_TABLES", "off")]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.path().join("off").exists(), "no file named off");
}
