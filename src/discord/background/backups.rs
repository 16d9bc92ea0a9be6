//! Scheduled backups ([`crate::store::backup::take_if_due`]), checked at
//! each tick of the clock loop's interval and taken when the server is
//! quiet: a backup reads the whole database on a connection of its own,
//! which never blocks the bot's writer (WAL), but it waits for no answer
//! being made so it does not compete for the disk with one.

use std::time::Duration;

use tokio::sync::watch;

use crate::config::{BackupSchedule, Clock};
use crate::discord::background::answering::{Answering, YIELD_AT_MOST};

/// Runs until `stop` turns true, taking each backup when it is due.
pub async fn run(
    database_url: String,
    schedule: BackupSchedule,
    clock: Clock,
    every: Duration,
    answering: Answering,
    mut stop: watch::Receiver<bool>,
) {
    tracing::info!(folder = %schedule.folder.display(), hours = schedule.every.as_secs() / 3600, keep = schedule.keep, "scheduled backups are on");
    loop {
        if crate::store::backup::is_due(&schedule, clock.now()) {
            answering.quiet_or(YIELD_AT_MOST).await;
            match crate::store::backup::take_if_due(&database_url, &schedule, clock.now()).await {
                Ok(Some(done)) => tracing::info!(
                    file = %done.written.path.display(),
                    bytes = done.written.facts.bytes,
                    rows = done.written.facts.total_rows(),
                    ms = done.written.took.as_millis() as u64,
                    removed = done.removed.len(),
                    "backup written and checked"
                ),
                Ok(None) => {}
                // Tried again at the next tick; the operator sees why.
                Err(e) => tracing::error!(error = %e, "the scheduled backup failed"),
            }
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = stop.wait_for(|&stop| stop) => break,
        }
    }
}
