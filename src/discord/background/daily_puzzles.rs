//! The daily puzzle at each clock tick: each server past its hour without
//! a puzzle today gets one posted in its channel (claimed once across
//! processes, its post leased until its message is known, posted with a
//! nonce so a retry shows once), and each posted one whose day is over is
//! edited to show its solution and who solved it, its Solve button gone.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::discord::background::side_by_side::side_by_side;
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

/// Daily puzzles posted or revealed at once: the limiter paces them, and
/// a few under way keep it busy while one is drawn.
const AT_ONCE: usize = 8;

/// Posts the daily puzzles due and reveals those whose day is over, batch
/// after batch (each batch leased just before it goes), several at once,
/// paced with the bot's other posts of its own.
pub async fn post_and_reveal(rest: &Rest, notices: &ChannelNotices, service: &GameService, clock: &Clock) {
    loop {
        let due = match service.puzzles().daily_posts_due(clock.now()).await {
            Ok(due) => due,
            Err(e) => return tracing::error!(error = %e, "could not read the daily puzzles to post"),
        };
        if due.is_empty() {
            break;
        }
        let posting = (rest.clone(), notices.clone(), service.clone());
        side_by_side(
            due,
            |d| d.guild,
            AT_ONCE,
            move |daily: DailyPuzzleRow| {
                let (rest, notices, service) = posting.clone();
                async move {
                    post(&rest, &notices, &service, &daily).await;
                    true
                }
            },
        )
        .await;
    }
    loop {
        let due = match service.puzzles().daily_reveals_due(clock.now()).await {
            Ok(due) => due,
            Err(e) => return tracing::error!(error = %e, "could not read the daily puzzles to reveal"),
        };
        let revealed = Arc::new(AtomicUsize::new(0));
        let (count, now) = (due.len(), clock.now());
        let revealing = (rest.clone(), service.clone(), revealed.clone());
        side_by_side(
            due,
            |d| d.guild,
            AT_ONCE,
            move |daily: DailyPuzzleRow| {
                let (rest, service, revealed) = revealing.clone();
                async move {
                    if reveal(&rest, &service, &daily, now).await {
                        revealed.fetch_add(1, Ordering::Relaxed);
                    }
                    true
                }
            },
        )
        .await;
        // One that failed is tried again at a later tick, not in a loop now.
        if count == 0 || revealed.load(Ordering::Relaxed) < count {
            break;
        }
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

/// Shows the solution of a daily puzzle whose day is over; whether it is
/// recorded as shown (or as having nowhere to be shown).
async fn reveal(rest: &Rest, service: &GameService, daily: &DailyPuzzleRow, now: i64) -> bool {
    let (guild, day) = (daily.guild, daily.day);
    let Some(message) = daily.message else { return false };
    let puzzles = service.puzzles();
    let lang = server_lang(service, Some(guild)).await;
    let (Ok(Some((_, puzzle))), Ok(counts)) = (puzzles.daily(guild, day).await, puzzles.daily_counts(guild, day).await)
    else {
        tracing::error!(guild, day, "could not read the daily puzzle to reveal");
        return false;
    };
    let edit = daily_revealed(lang, &puzzle, day, counts);
    match edit_in_channel(rest, daily.channel, message, &edit, Lane::Paced).await {
        Ok(()) => {}
        // A message deleted or a channel closed to the bot: nothing to show it in.
        Err(crate::discord::messages::deliver::Failure::Status(403 | 404, _)) => {
            tracing::info!(guild, day, "the daily puzzle's message is gone; its solution is not shown");
        }
        Err(e) => {
            tracing::warn!(guild, day, error = %e, "revealing the daily puzzle failed; tried again");
            return false;
        }
    }
    match puzzles.daily_revealed(guild, day, now).await {
        Ok(()) => true,
        Err(e) => {
            tracing::error!(guild, day, error = %e, "could not record the daily puzzle as revealed");
            false
        }
    }
}
