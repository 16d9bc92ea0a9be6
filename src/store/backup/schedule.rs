//! Backups the bot takes by itself: a file named by its time in a folder,
//! one each interval, the oldest removed beyond a count. When the next one
//! is due is read from the files themselves, so a restart neither loses
//! the schedule nor takes an extra backup.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::BackupError;
use super::write::{BackupWritten, write_backup};
use crate::calendar::{DAY, Date};

/// Where, how often, and how many to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The folder the backups are written to (made if missing).
    pub folder: PathBuf,
    /// Time between two backups.
    pub every: Duration,
    /// How many backups are kept; older ones are removed.
    pub keep: u32,
}

/// A scheduled backup taken, and the old ones it let go.
#[derive(Clone, Debug)]
pub struct ScheduledBackup {
    /// The backup written.
    pub written: BackupWritten,
    /// Backups removed to keep [`Schedule::keep`].
    pub removed: Vec<PathBuf>,
}

const PREFIX: &str = "damas-";
const SUFFIX: &str = ".db";

/// The file name of a backup taken at unix time `at`: `damas-YYYYMMDD-HHMMSS.db`
/// (UTC), so that names sort by time.
pub fn file_name(at: i64) -> String {
    let (date, secs) = (Date::of_unix(at), at.rem_euclid(DAY));
    let (y, m, d) = (date.year, date.month, date.day);
    format!("{PREFIX}{y:04}{m:02}{d:02}-{:02}{:02}{:02}{SUFFIX}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The scheduled backups in `folder`, oldest first (other files ignored).
pub fn scheduled_backups(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(is_backup_name))
        .collect();
    found.sort();
    found
}

fn is_backup_name(name: &str) -> bool {
    let Some(stamp) = name.strip_prefix(PREFIX).and_then(|n| n.strip_suffix(SUFFIX)) else { return false };
    stamp.len() == 15 && stamp.char_indices().all(|(i, c)| if i == 8 { c == '-' } else { c.is_ascii_digit() })
}

/// Unix time of the newest scheduled backup in `folder`, from its name.
fn newest_at(folder: &Path) -> Option<i64> {
    let newest = scheduled_backups(folder).pop()?;
    let name = newest.file_name()?.to_str()?;
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let num = |range: std::ops::Range<usize>| stamp.get(range)?.parse::<i64>().ok();
    let date = Date { year: num(0..4)?, month: num(4..6)? as u32, day: num(6..8)? as u32 };
    Some(date.midnight() + num(9..11)? * 3600 + num(11..13)? * 60 + num(13..15)?)
}

/// Whether a backup is due at `now`: none yet, or the newest is at least
/// [`Schedule::every`] old.
pub fn is_due(schedule: &Schedule, now: i64) -> bool {
    newest_at(&schedule.folder).is_none_or(|at| now - at >= schedule.every.as_secs() as i64)
}

/// Takes the backup due at `now` (none when not due), then removes the
/// oldest scheduled backups beyond [`Schedule::keep`].
pub async fn take_if_due(
    database_url: &str,
    schedule: &Schedule,
    now: i64,
) -> Result<Option<ScheduledBackup>, BackupError> {
    if !is_due(schedule, now) {
        return Ok(None);
    }
    std::fs::create_dir_all(&schedule.folder)
        .map_err(|e| BackupError::io("cannot make the folder", &schedule.folder, e))?;
    let dest = schedule.folder.join(file_name(now));
    let written = write_backup(database_url, &dest, false).await?;
    let all = scheduled_backups(&schedule.folder);
    let extra = all.len().saturating_sub(schedule.keep.max(1) as usize);
    let mut removed = Vec::new();
    for old in all.into_iter().take(extra) {
        std::fs::remove_file(&old).map_err(|e| BackupError::io("cannot remove", &old, e))?;
        removed.push(old);
    }
    Ok(Some(ScheduledBackup { written, removed }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_by_time_and_read_back() {
        assert_eq!(file_name(1_764_950_400), "damas-20251205-160000.db");
        assert_eq!(file_name(1_764_950_400 + 3_661), "damas-20251205-170101.db");
        assert!(is_backup_name("damas-20251205-170101.db"));
        for other in ["damas.db", "damas-20251205-1701.db", "damas-20251205x170101.db", "x-20251205-170101.db"] {
            assert!(!is_backup_name(other), "{other}");
        }
        let dir = tempfile::tempdir().unwrap();
        for at in [1_764_950_400, 1_764_950_400 + 86_400 + 59] {
            std::fs::write(dir.path().join(file_name(at)), b"").unwrap();
        }
        std::fs::write(dir.path().join("notes.txt"), b"").unwrap();
        assert_eq!(newest_at(dir.path()), Some(1_764_950_400 + 86_400 + 59));
        let schedule = Schedule { folder: dir.path().into(), every: Duration::from_secs(3600), keep: 2 };
        assert!(!is_due(&schedule, 1_764_950_400 + 86_400 + 3_600));
        assert!(is_due(&schedule, 1_764_950_400 + 86_400 + 3_659));
    }
}
