//! End to end: a bot with `BACKUP_DIR` set takes a backup at start-up (none
//! was there) and the next when the interval has passed on its clock, each
//! a sound copy holding the games played so far.

use std::time::Duration;

use crate::support::bot::{RunningBot, WAIT, ask, config, database_in};
use crate::support::fake_discord::FakeDiscord;
use damas::config::{BackupSchedule, Clock};
use damas::store::backup::{inspect, scheduled_backups};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_backs_up_on_its_schedule() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = database_in(&dir);
    let clock = Clock::system();
    let folder = dir.path().join("backups");
    let mut settings = config(&fake, &url, clock.clone(), Duration::from_millis(100));
    settings.backups = Some(BackupSchedule { folder: folder.clone(), every: Duration::from_secs(24 * 3600), keep: 7 });
    let bot = RunningBot::start(&fake, settings).await;

    let first = wait_for_backups(&folder, 1).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    ask(&fake, fake.command("challenge").user("opponent", &bob).from(&alice)).await;
    ask(&fake, fake.command("accept").from(&bob)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(scheduled_backups(&folder).len(), 1, "none again before the interval");

    clock.advance(24 * 3600);
    let both = wait_for_backups(&folder, 2).await;
    assert_eq!(both[0], first[0]);
    let games =
        |facts: damas::store::backup::BackupFacts| facts.tables.iter().find(|t| t.table == "games").map(|t| t.rows);
    assert_eq!(games(inspect(&both[0]).await.unwrap()), Some(0));
    assert_eq!(games(inspect(&both[1]).await.unwrap()), Some(1), "the game started since");
    bot.stop().await;
}

async fn wait_for_backups(folder: &std::path::Path, count: usize) -> Vec<std::path::PathBuf> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let found = scheduled_backups(folder);
        if found.len() >= count {
            return found;
        }
        assert!(tokio::time::Instant::now() < deadline, "only {} backups in {folder:?}", found.len());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
