//! Discord's side of a thread per game: opening the thread from the
//! challenge's message (or in its channel, for `/accept`), naming it after
//! the game, removing one whose game did not start, and archiving it when
//! the game is over. The service decides when (see `game::threads`).

use serenity::all::{AutoArchiveDuration, ChannelType, CreateThread, EditThread};

use crate::discord::messages::deliver::{CALL_TIMEOUT, Failure, repeatable};
use crate::discord::rest::{Lane, Rest};

/// Discord's error code for a second thread from one message: the thread
/// exists, and its id is the message's.
const THREAD_EXISTS: isize = 160004;

/// Whether opening a thread from a message failed because one was opened
/// from it already (by a racing press): that thread shares the message's id.
pub fn exists_already(failure: &Failure) -> bool {
    matches!(failure, Failure::Status(400, THREAD_EXISTS))
}

/// Discord's longest thread name.
const NAME_LIMIT: usize = 100;

/// A thread name of at most Discord's 100 characters.
fn thread_name(name: &str) -> String {
    name.chars().take(NAME_LIMIT).collect()
}

/// Opens a public thread named `name` in `channel`: from `message` when
/// given (the challenge's message), else on its own. It archives itself
/// after a week without messages, the longest Discord allows; correspondence
/// games are slow.
pub async fn open(rest: &Rest, channel: u64, message: Option<u64>, name: &str) -> Result<u64, Failure> {
    let thread = CreateThread::new(thread_name(name))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    // Opening twice would leave a second, empty thread: a lost answer is
    // not retried (the caller plays in the channel instead).
    rest.start_thread(channel, message, &thread, Lane::Prompt, CALL_TIMEOUT).await
}

/// Renames `thread` (once its game has a number); a failure only leaves
/// the first name, so it is logged and nothing more.
pub async fn rename(rest: &Rest, thread: u64, name: &str) {
    let edit = EditThread::new().name(thread_name(name));
    let renamed = repeatable("rename a thread", |limit| rest.edit_thread(thread, &edit, Lane::Prompt, limit)).await;
    if let Err(e) = renamed {
        tracing::warn!(thread, error = %e, "could not name the game's thread");
    }
}

/// Deletes a thread opened for a game that did not start after all.
pub async fn remove(rest: &Rest, thread: u64) {
    if let Err(e) = repeatable("delete a thread", |limit| rest.delete_channel(thread, Lane::Prompt, limit)).await {
        tracing::warn!(thread, error = %e, "could not delete the thread of a game that did not start");
    }
}

/// Archives the thread of a game that is over; its messages stay readable.
pub async fn archive(rest: &Rest, thread: u64) {
    let edit = EditThread::new().archived(true);
    let archived = repeatable("archive a thread", |limit| rest.edit_thread(thread, &edit, Lane::Paced, limit)).await;
    match archived {
        Ok(_) => tracing::debug!(thread, "archived the thread of a finished game"),
        Err(e) => tracing::warn!(thread, error = %e, "could not archive the thread of a finished game"),
    }
}
