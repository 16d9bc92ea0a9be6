//! `damas check` against the fake Discord, as an operator runs it: the
//! token, the database and, per channel with games or challenges, the
//! bot's permissions as Discord's roles and overwrites give them; exit
//! status 0 only when nothing needs doing.

use std::process::Output;

use crate::support::fake_discord::{ChannelFault, FakeDiscord};
use crate::support::games::{BLACK, T0, WHITE};
use damas::game::{GameService, NewChallenge};

async fn run_check(fake: &FakeDiscord, dir: &std::path::Path, url: &str, token: &str) -> Output {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_damas"));
    cmd.arg("check")
        .current_dir(dir)
        .env("DISCORD_TOKEN", token)
        .env("DISCORD_PROXY_URL", fake.rest_url())
        .env("DATABASE_URL", url)
        .env("ENGINE_TABLES", "off")
        .env_remove("DISCORD_GUILD_ID");
    cmd.output().await.unwrap()
}

/// The report's line about `channel`.
fn line(said: &str, channel: u64) -> &str {
    said.lines().find(|l| l.contains(&format!("channel {channel}"))).unwrap_or_default()
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_names_what_is_missing_and_how_to_fix_it() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let (ready, muted, elsewhere) = (fake.new_id(), fake.new_id(), fake.new_id());
    fake.allow_threads(ready);
    let svc = GameService::open(&url).await.unwrap();
    for (guild, channel) in [(fake.guild_id(), ready), (fake.guild_id(), muted), (fake.new_id(), elsewhere)] {
        let req = NewChallenge { guild: Some(guild), ..NewChallenge::new(channel, WHITE, BLACK) };
        svc.challenges().challenge(T0, req).await.unwrap();
    }
    svc.store().close().await;

    // All well where threads are allowed; not yet everywhere.
    let out = run_check(&fake, dir.path(), &url, &fake.token()).await;
    let said = text(&out);
    assert!(!out.status.success(), "{said}");
    assert!(line(&said, ready).starts_with("ok ") && line(&said, ready).contains("open threads"), "{said}");
    assert!(line(&said, muted).starts_with("FIX") && line(&said, muted).contains("create public threads"), "{said}");
    assert!(
        line(&said, elsewhere).starts_with("FIX") && line(&said, elsewhere).contains("not in this server"),
        "{said}"
    );
    assert!(said.contains("permissions=309237681152"), "the invite link: {said}");
    assert!(said.lines().any(|l| l.starts_with("ok   token") && l.contains("damas")), "{said}");
    assert!(said.lines().any(|l| l.starts_with("ok   database") && l.contains("SQLite")), "{said}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 problems found"));

    // A channel that refuses messages says which permission.
    fake.set_channel_fault(muted, Some(ChannelFault::NoSendMessages));
    let said = text(&run_check(&fake, dir.path(), &url, &fake.token()).await);
    assert!(line(&said, muted).contains("send messages"), "{said}");

    // A rejected token (Discord answers 401) is the one line to fix.
    fake.fail_next("GET /users/@me", 401, std::time::Duration::ZERO);
    let out = run_check(&fake, dir.path(), &url, "not.the.token").await;
    let said = text(&out);
    assert!(!out.status.success());
    assert!(said.lines().any(|l| l.starts_with("FIX  token") && l.contains("rejected")), "{said}");
    assert!(said.contains("Reset Token"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_passes_when_nothing_is_missing() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("damas.db").display());
    let channel = fake.new_id();
    fake.allow_threads(channel);
    let svc = GameService::open(&url).await.unwrap();
    let req = NewChallenge { guild: Some(fake.guild_id()), ..NewChallenge::new(channel, WHITE, BLACK) };
    svc.challenges().challenge(T0, req).await.unwrap();
    svc.store().close().await;
    let out = run_check(&fake, dir.path(), &url, &fake.token()).await;
    assert!(out.status.success(), "{}{}", text(&out), String::from_utf8_lossy(&out.stderr));
    assert!(!text(&out).contains("FIX"), "{}", text(&out));
}
