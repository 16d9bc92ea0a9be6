//! The clock loop: makes the bot move where it is its turn, claims due
//! reminders, losses on time and expired challenges (once at start-up, then
//! every interval), posts and reveals the daily puzzles, and posts the announcements waiting in the store's
//! outbox in their channels, mentioning who they concern. A claim and its
//! announcement are stored together and the announcement is settled only
//! once Discord accepted it, so one claimed before a crash is posted after
//! the restart; its id is the message's nonce, so a post repeated after a
//! crash does not show twice. The posts of one batch go out side by side,
//! channel by channel, so a channel that is slow or broken holds up no
//! other; within a channel they keep their order. The direct messages
//! players chose (`/notify`) follow, from their own outbox (`direct`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::discord::rest::Rest;
use tokio::sync::{Notify, watch};

use crate::config::Clock;
use crate::game::{ANNOUNCEMENT_ATTEMPTS, Announcement, AnnouncementOutcome, DueEvent, GameService};
use crate::t;

use crate::discord::background::answering::{Answering, YIELD_AT_MOST};
use crate::discord::background::challenge_posts::{self, PostEdit};
use crate::discord::background::send_direct_messages::DmChannels;
use crate::discord::background::settling::{self, SETTLE_EVERY, Settled, flushing};
use crate::discord::background::side_by_side::side_by_side;
use crate::discord::interactions::commands::challenge::closing_line;
use crate::discord::messages::deliver::post_for_id;
use crate::discord::messages::deliver::{ChannelNotices, PostError};
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::game_threads;
use crate::discord::messages::live_buttons::{self, Sweeps};
use crate::discord::messages::reply::Reply;

/// Runs until `stop` turns true; a tick in progress is finished first, so
/// every claimed event is announced. `outbox` wakes it before its interval
/// is over (a reply was answered that an announcement follows). Each tick,
/// and each direct message, first lets the interactions being answered
/// finish (for at most [`YIELD_AT_MOST`]): nobody waits on the clock's
/// work the way a player waits on the answer to their move.
#[allow(clippy::too_many_arguments)]
pub async fn run(
    rest: Rest,
    service: GameService,
    clock: Clock,
    every: Duration,
    notices: ChannelNotices,
    sweeps: Sweeps,
    outbox: Arc<Notify>,
    answering: Answering,
    mut stop: watch::Receiver<bool>,
) {
    let dm_channels = DmChannels::default();
    loop {
        answering.quiet_or(YIELD_AT_MOST).await;
        tick(&rest, &notices, &sweeps, &service, &clock, &dm_channels, &answering).await;
        metrics::counter!(crate::metrics::CLOCK_TICKS).increment(1);
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = outbox.notified() => {}
            _ = stop.wait_for(|&stop| stop) => break,
        }
    }
}

/// Lets the bot move wherever it is its turn, then claims what is due now
/// and posts every pending announcement; returns when every post is done
/// or given up (problems are logged by the delivery layer).
pub async fn tick(
    rest: &Rest,
    notices: &ChannelNotices,
    sweeps: &Sweeps,
    service: &GameService,
    clock: &Clock,
    dm_channels: &DmChannels,
    answering: &Answering,
) {
    // What waits already goes first: a premove reply to the bot's last move
    // is posted before the bot's next move.
    deliver_announcements(rest, notices, sweeps, service, clock).await;
    crate::discord::background::engine_moves::catch_up(rest, notices, sweeps, service, clock).await;
    // What is claimed waits in the outbox, posted below.
    if let Err(e) = service.deadlines().claim_due(clock.now()).await {
        tracing::error!(error = %e, "could not read due deadlines");
    }
    // Tournament games to start (their announcements go out below) and
    // tournament messages to bring up to date.
    crate::discord::background::tournament_upkeep::upkeep(rest, notices, service, clock).await;
    crate::discord::background::daily_puzzles::post_and_reveal(rest, notices, service, clock).await;
    deliver_announcements(rest, notices, sweeps, service, clock).await;
    crate::discord::background::send_direct_messages::deliver_direct_messages(
        rest,
        service,
        clock,
        dm_channels,
        answering,
    )
    .await;
    challenge_posts::update_closed(rest, service).await;
    match service.deadlines().prune_announcements(clock.now()).await {
        Ok(0) => {}
        Ok(pruned) => tracing::debug!(pruned, "settled announcements pruned"),
        Err(e) => tracing::warn!(error = %e, "could not prune settled announcements"),
    }
    match service.notifications().prune_direct_messages(clock.now()).await {
        Ok(0) => {}
        Ok(pruned) => tracing::debug!(pruned, "settled direct messages pruned"),
        Err(e) => tracing::warn!(error = %e, "could not prune settled direct messages"),
    }
}

/// The announcement of a premove played at `ply`: with the board and the
/// ping of the player to move while the game is still where the reply left
/// it, as a line of text once it has moved on (later moves have their own
/// messages).
async fn premove_reply(
    lang: crate::i18n::Lang,
    service: &GameService,
    game: &crate::game::GameView,
    ply: u32,
) -> Reply {
    let notation = game.game.notations().get(ply as usize).cloned().unwrap_or_default();
    let headline = t!(lang, "premove-played", player = user(game.player(game.color_at(ply))), notation = notation);
    if game.ply() != ply + 1 {
        return Reply::public(lang, headline).pinging(Vec::new());
    }
    match game_messages::game_message(lang, service, game, headline.clone()).await {
        // Only the player to move is asked to act: the premove's owner set
        // it up and is not called back by it.
        Ok(reply) => reply.pinging(vec![game.player_to_move()]),
        Err(e) => {
            tracing::error!(error = %e, "could not build the premove message");
            Reply::public(lang, headline).pinging(Vec::new())
        }
    }
}

/// The first message of a game the bot started on its own (a match's next
/// game, a tournament game): its board and the ping of its player to move;
/// in words alone if the board cannot be drawn.
async fn game_begins(lang: crate::i18n::Lang, game: &crate::game::GameView, headline: String) -> Reply {
    match game_messages::live_game(lang, game, headline.clone()).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(game = game.id, error = %e, "could not build the first message of a game");
            Reply::public(
                lang,
                format!(
                    "{headline}\n{}\n{}",
                    game_messages::numbered_players(lang, game),
                    game_messages::to_move(lang, game)
                ),
            )
        }
    }
}

/// The nonce of an announcement's message: the same for every attempt, so
/// Discord keeps one message however often it is posted.
pub fn announcement_nonce(id: i64) -> String {
    format!("outbox-{id}")
}

/// Posts the outbox's pending announcements, batch after batch, and
/// settles those posted, refused for good or no longer needed, a batch in
/// one write (see [`settling`]). One that failed otherwise keeps its lease
/// and is tried again after it.
async fn deliver_announcements(
    rest: &Rest,
    notices: &ChannelNotices,
    sweeps: &Sweeps,
    service: &GameService,
    clock: &Clock,
) {
    loop {
        let batch = match service.deadlines().lease_announcements(clock.now()).await {
            Ok(batch) => batch,
            Err(e) => {
                tracing::error!(error = %e, "could not read the announcements to post");
                return;
            }
        };
        if batch.is_empty() {
            return;
        }
        // Channels side by side; within a channel, in the order claimed (a
        // loss on time before the next game of its match).
        let done: Settled = Arc::new(Mutex::new(Vec::with_capacity(batch.len())));
        let posting = (rest.clone(), notices.clone(), sweeps.clone(), service.clone(), done.clone());
        let batch_posted = side_by_side(
            batch,
            |item: &Announcement| item.channel,
            usize::MAX,
            move |item: Announcement| {
                let (rest, notices, sweeps, service, done) = posting.clone();
                async move {
                    // One to be tried again holds back the rest of its channel, in order.
                    let Some(outcome) = deliver(&rest, &notices, &sweeps, &service, &item).await else { return false };
                    done.lock().expect("settled list").push((item.id, outcome));
                    true
                }
            },
        );
        flushing(batch_posted, SETTLE_EVERY, || {
            settling::record(&done, "announcements", |outcomes| async move {
                service.deadlines().settle_announcements(&outcomes, clock.now()).await
            })
        })
        .await;
    }
}
/// Posts one announcement; `None` when it should be tried again later.
async fn deliver(
    rest: &Rest,
    notices: &ChannelNotices,
    sweeps: &Sweeps,
    service: &GameService,
    item: &Announcement,
) -> Option<AnnouncementOutcome> {
    let Some(event) = &item.due else { return Some(AnnouncementOutcome::Cancelled) };
    // An expired challenge whose post is known: that post says so (one
    // edit, no new message); a new message only if the post is gone.
    if let DueEvent::ChallengeExpired(c) = event
        && let Some(message) = c.post
    {
        match challenge_posts::bring_up_to_date(rest, service, c, message).await {
            PostEdit::Done => return Some(AnnouncementOutcome::Delivered),
            PostEdit::Later if item.attempts >= ANNOUNCEMENT_ATTEMPTS => {
                return Some(AnnouncementOutcome::Undeliverable);
            }
            PostEdit::Later => return None,
            PostEdit::Gone => {}
        }
    }
    let reply = announcement(service, event).await;
    match post_for_id(rest, notices, item.channel, &reply, &announcement_nonce(item.id)).await {
        Ok(message) => {
            live_buttons::after_posting(service, sweeps, item.channel, Some(message), &reply.text(), &reply.after)
                .await;
            if let Some(thread) = reply.after.archive_thread {
                game_threads::archive(rest, thread).await;
            }
            Some(AnnouncementOutcome::Delivered)
        }
        // The channel refuses the bot or is gone: already logged once.
        Err(PostError::Forbidden | PostError::Gone) => Some(AnnouncementOutcome::Undeliverable),
        Err(e) if item.attempts >= ANNOUNCEMENT_ATTEMPTS => {
            tracing::warn!(id = item.id, channel = item.channel, error = ?e, "giving up an announcement");
            Some(AnnouncementOutcome::Undeliverable)
        }
        Err(e) => {
            tracing::debug!(id = item.id, channel = item.channel, error = ?e, "an announcement will be tried again");
            None
        }
    }
}

/// The message of a due event, in the language of its server.
async fn announcement(service: &GameService, event: &DueEvent) -> Reply {
    let guild = match event {
        DueEvent::Reminder(game)
        | DueEvent::LossOnTime(game)
        | DueEvent::MatchGame(game)
        | DueEvent::TournamentGame(game)
        | DueEvent::TournamentGameEnded(game)
        | DueEvent::PremoveReply { game, .. }
        | DueEvent::VacationNotice { game, .. }
        | DueEvent::VacationOver(game)
        | DueEvent::VacationBack(game) => game.guild,
        DueEvent::ChallengeExpired(c) => c.guild,
    };
    let lang = game_messages::server_lang(service, guild).await;
    match event {
        DueEvent::Reminder(game) => {
            let player = game_messages::player(lang, game, game.game.position().turn());
            Reply::public(
                lang,
                t!(lang, "reminder", player = player, deadline = game_messages::relative_time(game.deadline)),
            )
        }
        // A game's end asks nothing of its players: told, not notified.
        DueEvent::LossOnTime(game) => {
            let headline = t!(lang, "time-is-up");
            let reply = match &game.finished {
                Some(finish) => match game_messages::finished_game(lang, service, game, headline.clone(), finish).await
                {
                    Ok(reply) => reply,
                    Err(e) => {
                        // Still announce the result, without the picture and record.
                        tracing::error!(error = %e, "could not build the loss-on-time message");
                        Reply::public(lang, format!("{headline}\n{}", game_messages::result(lang, game, finish)))
                    }
                },
                None => Reply::public(lang, t!(lang, "time-is-up-in", players = game_messages::players(lang, game))),
            };
            reply.pinging(Vec::new())
        }
        DueEvent::MatchGame(game) => {
            let play = game.match_play.as_ref();
            let number = play.map_or(0, |p| u32::from(p.number));
            let mut headline = t!(lang, "match-game-begins", number = number);
            if let Some(p) = play.filter(|p| p.number >= 3) {
                headline.push(' ');
                headline.push_str(&t!(
                    lang,
                    "match-game-opening",
                    opening = format!("{} {}", p.opening.0, p.opening.1)
                ));
            }
            game_begins(lang, game, headline).await
        }
        DueEvent::TournamentGame(game) => game_begins(lang, game, t!(lang, "tournament-game-begins")).await,
        DueEvent::TournamentGameEnded(game) => {
            let headline = t!(lang, "tournament-game-ended");
            let reply = match game_messages::game_message(lang, service, game, headline.clone()).await {
                Ok(reply) => reply,
                Err(e) => {
                    tracing::error!(error = %e, "could not build the end of a tournament game");
                    Reply::public(lang, format!("{headline}\n{}", game_messages::numbered_players(lang, game)))
                }
            };
            reply.pinging(Vec::new())
        }
        DueEvent::PremoveReply { game, ply } => premove_reply(lang, service, game, *ply).await,
        DueEvent::VacationNotice { game, until } => {
            let away = game.player_to_move();
            let text = t!(
                lang,
                "vacation-notice",
                opponent = user(game.opponent_of(away).unwrap_or_default()),
                player = user(away),
                until = game_messages::date_time(*until)
            );
            // The opponent is told, not notified (nothing is asked of them),
            // and the player away is not called back.
            Reply::public(lang, text).pinging(Vec::new())
        }
        DueEvent::VacationOver(game) => {
            let text = t!(
                lang,
                "vacation-over",
                player = user(game.player_to_move()),
                deadline = game_messages::relative_time(game.deadline)
            );
            Reply::public(lang, text)
        }
        DueEvent::VacationBack(game) => {
            let text = t!(
                lang,
                "vacation-back",
                player = user(game.player_to_move()),
                deadline = game_messages::relative_time(game.deadline)
            );
            // Nobody is asked to act: the player away is to move, and knows.
            Reply::public(lang, text).pinging(Vec::new())
        }
        // Told, not notified: an expired challenge asks nothing of anyone.
        // The same line its post gets when the bot knows the post.
        DueEvent::ChallengeExpired(c) => Reply::public(lang, closing_line(lang, c)).pinging(Vec::new()),
    }
}
