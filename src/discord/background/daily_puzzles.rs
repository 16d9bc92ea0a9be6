//! The daily puzzle at each clock tick: each server past its hour without
//! a puzzle today gets one posted in its channel (claimed once across
//! processes, its post leased until its message is known, posted with a
//! nonce so a retry shows once), and each posted one whose day is over is
//! edited to show its solution and who solved it, its Solve button gone.

use crate::discord::rest::{Lane, Rest};

use crate::config::Clock;
use crate::game::GameService;
use crate::store::DailyPuzzleRow;

use crate::discord::messages::deliver::{ChannelNotices, PostError, edit_in_channel, post_for_id};
use crate::discord::messages::game_messages::server_lang;
use crate::discord::messages::puzzle_messages::{daily_post, daily_revealed};

/// The nonce of a daily puzzle's message (at most 25 characters, as
/// Discord takes them): the same for every try of one server's day.
fn nonce(daily: &DailyPuzzleRow) -> String {
    format!("pz{}-{}", daily.day, daily.guild % 1_000_000_000_000_000)
}

/// Posts the daily puzzles due and reveals those whose day is over.
pub async fn post_and_reveal(rest: &Rest, notices: &ChannelNotices, service: &GameService, clock: &Clock) {
    let puzzles = service.puzzles();
    match puzzles.daily_posts_due(clock.now()).await {
        Ok(due) => {
            for daily in due {
                post(rest, notices, service, &daily).await;
            }
        }
        Err(e) => tracing::error!(error = %e, "could not read the daily puzzles to post"),
    }
    match puzzles.daily_reveals_due(clock.now()).await {
        Ok(due) => {
            for daily in due {
                reveal(rest, service, &daily, clock.now()).await;
            }
        }
        Err(e) => tracing::error!(error = %e, "could not read the daily puzzles to reveal"),
    }
}

/// Posts one daily puzzle; one not posted stays leased and is tried again
/// once its lease runs out.
async fn post(rest: &Rest, notices: &ChannelNotices, service: &GameService, daily: &DailyPuzzleRow) {
    let (guild, day) = (daily.guild, daily.day);
    let puzzles = service.puzzles();
    let lang = server_lang(service, Some(guild)).await;
    let found = puzzles.daily(guild, day).await;
    let counts = puzzles.daily_counts(guild, day).await;
    let (Ok(Some((_, puzzle))), Ok(counts)) = (found, counts) else {
        return tracing::error!(guild, day, "could not read the daily puzzle to post");
    };
    let reply = match daily_post(lang, &puzzle, day, counts).await {
        Ok(reply) => reply,
        Err(e) => return tracing::error!(guild, day, error = %e, "could not draw the daily puzzle"),
    };
    match post_for_id(rest, notices, daily.channel, &reply, &nonce(daily)).await {
        Ok(message) => match puzzles.daily_posted(guild, day, message).await {
            Ok(()) => tracing::info!(guild, day, puzzle = puzzle.id, "daily puzzle posted"),
            Err(e) => tracing::error!(guild, day, error = %e, "could not record the daily puzzle's message"),
        },
        // Already logged once for the channel; tried again at the lease's end.
        Err(PostError::Forbidden | PostError::Gone) => {}
        Err(PostError::Failed(e)) => tracing::warn!(guild, day, error = %e, "posting the daily puzzle failed"),
    }
}

/// Shows the solution of a daily puzzle whose day is over.
async fn reveal(rest: &Rest, service: &GameService, daily: &DailyPuzzleRow, now: i64) {
    let (guild, day) = (daily.guild, daily.day);
    let Some(message) = daily.message else { return };
    let puzzles = service.puzzles();
    let lang = server_lang(service, Some(guild)).await;
    let (Ok(Some((_, puzzle))), Ok(counts)) = (puzzles.daily(guild, day).await, puzzles.daily_counts(guild, day).await)
    else {
        return tracing::error!(guild, day, "could not read the daily puzzle to reveal");
    };
    let edit = daily_revealed(lang, &puzzle, day, counts);
    match edit_in_channel(rest, daily.channel, message, &edit, Lane::Paced).await {
        Ok(()) => {}
        // A message deleted or a channel closed to the bot: nothing to show it in.
        Err(crate::discord::messages::deliver::Failure::Status(403 | 404, _)) => {
            tracing::info!(guild, day, "the daily puzzle's message is gone; its solution is not shown");
        }
        Err(e) => return tracing::warn!(guild, day, error = %e, "revealing the daily puzzle failed; tried again"),
    }
    if let Err(e) = puzzles.daily_revealed(guild, day, now).await {
        tracing::error!(guild, day, error = %e, "could not record the daily puzzle as revealed");
    }
}
