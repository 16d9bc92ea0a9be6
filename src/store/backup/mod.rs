//! Backups of a SQLite database while the bot runs, and their restore.
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction that writes a
//! compact copy of the database as it was when the transaction began, so
//! it is consistent however many moves are committed meanwhile, and (WAL)
//! it never blocks the bot's writer. The copy is written beside the
//! destination under a temporary name, checked ([`inspect`]: SQLite's
//! integrity check, the foreign keys, the schema level and the rows of
//! every table), synced, and only then renamed into place, so a crash
//! leaves either the old file or the whole new one.
//!
//! PostgreSQL has its own tool for this, `pg_dump`; see [`PG_DUMP_HINT`].

mod error;
mod files;
mod inspect;
mod restore;
mod schedule;
mod write;

pub use error::{BackupError, PG_DUMP_HINT};

pub use inspect::{BackupFacts, TableRows, inspect};
pub use restore::{Restored, restore};
pub use schedule::{Schedule, ScheduledBackup, file_name, is_due, scheduled_backups, take_if_due};
pub use write::{BackupWritten, write_backup};
