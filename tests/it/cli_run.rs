//! `damas run` through the real binary: a missing token, a bad setting, an
//! unwritable database or a rejected token each end the process with one
//! sentence on stderr and a non-zero exit code, never a panic, and the token
//! is never printed. And a running bot stops cleanly on SIGTERM.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::{Command, Output};

const VARS: [&str; 10] = [
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_PROXY_URL",
    "RUST_LOG",
    "DAMAS_CLOCK_SECONDS",
    "ENGINE_TABLES",
    "DISCORD_SHARDS",
    "METRICS_ADDR",
    "LOG_FORMAT",
];

/// Runs `damas run` in an empty directory (no `.env`) with only `vars` set.
fn run(vars: &[(&str, &str)]) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_damas"));
    cmd.arg("run").current_dir(dir.path());
    for var in VARS {
        cmd.env_remove(var);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    (cmd.output().unwrap(), dir)
}

fn one_sentence(out: &Output) -> String {
    assert!(!out.status.success(), "must fail");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("damas: "), "{stderr}");
    last
}

#[test]
fn missing_token() {
    let (out, dir) = run(&[]);
    let line = one_sentence(&out);
    assert!(line.contains("DISCORD_TOKEN is not set") && line.contains("folder damas is started from"), "{line}");
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert!(!dir.path().join("damas.db").exists(), "nothing is created before the settings are valid");
}

#[test]
fn bad_setting_names_the_variable() {
    let (out, _dir) = run(&[("DISCORD_TOKEN", "abc"), ("DISCORD_GUILD_ID", "my-server")]);
    let line = one_sentence(&out);
    assert!(line.contains("DISCORD_GUILD_ID is invalid"), "{line}");
}

#[test]
fn unwritable_database() {
    let blocker = tempfile::NamedTempFile::new().unwrap();
    // A file where a directory should be: no one can create the database there.
    let url = format!("sqlite://{}/damas.db", blocker.path().display());
    let (out, _dir) = run(&[("DISCORD_TOKEN", "abc"), ("DATABASE_URL", &url)]);
    let line = one_sentence(&out);
    assert!(line.contains("cannot open the database"), "{line}");
}

/// A stand-in for Discord that refuses every token; its base URL.
fn discord_refusing_every_token() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let body = r#"{"message": "401: Unauthorized", "code": 0}"#;
            let _ = write!(
                stream,
                "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    url
}

#[test]
fn rejected_token_is_reported_and_never_printed() {
    let url = discord_refusing_every_token();
    let token = "secret-token-that-must-not-be-printed";
    let db = tempfile::tempdir().unwrap();
    let db_url = format!("sqlite://{}", db.path().join("d.db").display());
    let (out, _dir) =
        run(&[("DISCORD_TOKEN", token), ("DISCORD_PROXY_URL", &url), ("DATABASE_URL", &db_url), ("RUST_LOG", "trace")]);
    let line = one_sentence(&out);
    assert!(line.contains("Discord rejected the bot token"), "{line}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stderr.contains(token) && !stdout.contains(token), "the token leaked into the output");
}

#[test]
fn json_logs_are_one_object_a_line() {
    let url = discord_refusing_every_token();
    let db = tempfile::tempdir().unwrap();
    let db_url = format!("sqlite://{}", db.path().join("d.db").display());
    let (out, _dir) = run(&[
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_PROXY_URL", &url),
        ("DATABASE_URL", &db_url),
        ("ENGINE_TABLES", "off"),
        ("LOG_FORMAT", "json"),
    ]);
    one_sentence(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let logs: Vec<serde_json::Value> = stderr
        .lines()
        .filter(|line| !line.starts_with("damas: "))
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect();
    assert!(logs.iter().all(|l| l["level"].is_string() && l["timestamp"].is_string()), "{stderr}");
    assert!(logs.iter().any(|l| l["message"] == "endgame tables are off (ENGINE_TABLES=off)"), "{stderr}");
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_a_running_bot_cleanly() {
    use crate::support::bot::{COMMANDS, WAIT, ask};
    use crate::support::fake_discord::FakeDiscord;

    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let token = fake.token();
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_damas"));
    cmd.arg("run").current_dir(dir.path()).stderr(std::process::Stdio::piped()).kill_on_drop(true);
    for var in VARS {
        cmd.env_remove(var);
    }
    cmd.env("DISCORD_TOKEN", &token)
        .env("DISCORD_PROXY_URL", fake.rest_url())
        .env("DISCORD_GUILD_ID", fake.guild_id().to_string())
        .env("RUST_LOG", "debug");
    let mut child = cmd.spawn().unwrap();
    // Drain the logs as they come, so a full pipe never blocks the bot.
    let mut logs = child.stderr.take().unwrap();
    let logs = tokio::spawn(async move {
        let mut text = Vec::new();
        tokio::io::AsyncReadExt::read_to_end(&mut logs, &mut text).await.unwrap();
        String::from_utf8_lossy(&text).to_string()
    });

    fake.wait_ready(WAIT).await;
    fake.wait_for_commands(COMMANDS, WAIT).await;
    let help = ask(&fake, fake.command("help").from(&fake.user("alice"))).await;
    assert!(help.is_ephemeral() && help.content().unwrap_or_default().contains("/move"), "{:?}", help.content());

    let pid = child.id().expect("running").to_string();
    let killed = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(WAIT, child.wait()).await.expect("stops in time").unwrap();
    let stderr = logs.await.unwrap();
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("stopped"), "{stderr}");
    assert!(!stderr.contains(&token), "the token leaked into the logs");
    assert!(dir.path().join("damas.db").exists(), "the default database is created in the working directory");
}
