//! The tournaments' side of the clock loop: opening the thread of each
//! pairing whose game is to start and starting the game in it, then
//! bringing each tournament's messages in its channel up to what it is -
//! its message (posted once, then edited), its standings message (posted
//! at the start, edited after every result), each Swiss round's start and
//! the end. What a tournament should show is decided in the game service
//! ([`Tournament::steps_to_show`]) from what the database holds, so after a
//! crash any process picks up where the last left off; each post carries a
//! nonce of its own, so a repeat shows once.

use crate::discord::rest::{Lane, Rest};

use crate::config::Clock;
use crate::game::{GameService, PendingTournamentGame, ShowStep, Tournament};

use crate::discord::messages::deliver::{ChannelNotices, ChannelProblem, PostError, edit_in_channel, post_for_id};
use crate::discord::messages::game_messages::server_lang;
use crate::discord::messages::game_threads;
use crate::discord::messages::reply::Reply;
use crate::discord::messages::tournament_messages::{
    final_message, round_message, standings_message, thread_name, tournament_message,
};

/// How long a process may take to bring a tournament's messages up to date
/// before another may (seconds).
const SHOW_LEASE: i64 = 60;
/// Tournaments brought up to date at a time.
const SHOW_BATCH: i64 = 20;

/// Starts the games waiting for their threads, then brings every
/// tournament whose messages are behind up to date. Problems are logged;
/// what is left is done at a later tick.
pub async fn upkeep(rest: &Rest, notices: &ChannelNotices, service: &GameService, clock: &Clock) {
    // Batch after batch: a round-robin starts all its games at once. Each
    // pairing leased stays leased a while if it fails, so this ends.
    loop {
        match service.tournaments().pending_tournament_games(clock.now()).await {
            Ok(pending) if pending.is_empty() => break,
            Ok(pending) => {
                for game in pending {
                    start_game(rest, notices, service, clock, &game).await;
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "could not read the tournament games to start");
                break;
            }
        }
    }
    let ids = match service.tournaments().lease_tournaments_to_show(clock.now(), SHOW_LEASE, SHOW_BATCH).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!(error = %e, "could not read the tournaments to show");
            return;
        }
    };
    for id in ids {
        if let Err(e) = show(rest, notices, service, id).await {
            tracing::warn!(tournament = id, error = %e, "a tournament's messages are left for a later tick");
        }
        if let Err(e) = service.tournaments().release_tournament_messages(id).await {
            tracing::warn!(tournament = id, error = %e, "could not release a tournament's messages");
        }
    }
}

/// Opens the thread of `pending`'s game (or plays in the one an earlier
/// attempt opened) and starts the game there; its announcement follows
/// from the outbox.
async fn start_game(
    rest: &Rest,
    notices: &ChannelNotices,
    service: &GameService,
    clock: &Clock,
    pending: &PendingTournamentGame,
) {
    let lang = server_lang(service, Some(pending.guild)).await;
    let (opened, thread) = match pending.thread {
        Some(thread) => (false, thread),
        None => {
            let name = |(id, name): &(u64, Option<String>)| name.clone().unwrap_or_else(|| id.to_string());
            let title = thread_name(lang, &pending.name, pending.round, &name(&pending.white), &name(&pending.black));
            match game_threads::open(rest, pending.channel, None, &title).await {
                Ok(thread) => (true, thread),
                Err(e) => {
                    if notices.first(pending.channel, ChannelProblem::NoThreads) {
                        tracing::error!(
                            channel = pending.channel,
                            tournament = pending.tournament,
                            error = %e,
                            "could not open the thread of a tournament game (Create Public Threads?); retrying at later ticks"
                        );
                    }
                    return;
                }
            }
        }
    };
    if opened && let Err(e) = service.tournaments().record_pairing_thread(pending.pairing, thread).await {
        tracing::warn!(pairing = pending.pairing, error = %e, "could not keep the thread of a tournament game");
    }
    match service.tournaments().start_tournament_game(clock.now(), pending, thread).await {
        Ok(Some(game)) => tracing::debug!(game = game.id, thread, "a tournament game started"),
        // A withdrawal or the tournament's end came first: no game there.
        Ok(None) => game_threads::remove(rest, thread).await,
        Err(e) => tracing::error!(pairing = pending.pairing, error = %e, "could not start a tournament game"),
    }
}

/// Brings tournament `id`'s messages up to date, as far as Discord lets
/// it: the steps the tournament says it needs ([`Tournament::steps_to_show`]),
/// each recorded as soon as it is done.
async fn show(rest: &Rest, notices: &ChannelNotices, service: &GameService, id: i64) -> Result<(), String> {
    let t = service.tournaments().tournament(id).await.map_err(|e| e.to_string())?;
    let lang = server_lang(service, Some(t.guild)).await;
    let tournaments = service.tournaments();
    for step in t.steps_to_show() {
        let recorded = match step {
            ShowStep::PostMessage => {
                let message = post(rest, notices, &t, &tournament_message(lang, &t), "tm", 0).await?;
                tournaments.record_tournament_message(t.id, message, false).await
            }
            ShowStep::EditMessage(message) => {
                edit(rest, &t, message, &tournament_message(lang, &t)).await?;
                Ok(())
            }
            ShowStep::PostStandings => {
                let message = post(rest, notices, &t, &standings_message(lang, &t), "ts", 0).await?;
                tournaments.record_tournament_message(t.id, message, true).await
            }
            ShowStep::EditStandings(message) => {
                edit(rest, &t, message, &standings_message(lang, &t)).await?;
                Ok(())
            }
            ShowStep::AnnounceRound(round) => {
                post(rest, notices, &t, &round_message(lang, &t, round), "tr", round).await?;
                tournaments.record_round_announced(t.id, round).await
            }
            ShowStep::AnnounceEnd => {
                let reply = final_message(lang, &t).await.map_err(|e| e.to_string())?;
                post(rest, notices, &t, &reply, "tf", 0).await?;
                tournaments.record_tournament_end_announced(t.id).await
            }
            ShowStep::Shown(version) => tournaments.record_tournament_shown(t.id, version).await,
        };
        recorded.map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Posts `reply` in tournament `t`'s channel as its post `kind` (of
/// `round`), with the nonce that makes a repeat show once.
async fn post(
    rest: &Rest,
    notices: &ChannelNotices,
    t: &Tournament,
    reply: &Reply,
    kind: &str,
    round: u32,
) -> Result<u64, String> {
    post_for_id(rest, notices, t.channel, reply, &nonce(kind, t, round)).await.map_err(post_error)
}

/// Edits tournament `t`'s message `message` in its channel to `reply`.
async fn edit(rest: &Rest, t: &Tournament, message: u64, reply: &Reply) -> Result<(), String> {
    edit_in_channel(rest, t.channel, message, reply, Lane::Paced).await.map_err(|e| e.to_string())
}

/// The nonce of one of tournament `t`'s posts: the same however often it
/// is tried (Discord keeps one message per nonce for a few minutes).
fn nonce(kind: &str, t: &Tournament, round: u32) -> String {
    format!("{kind}-{}-{round}", t.id)
}

fn post_error(e: PostError) -> String {
    format!("{e:?}")
}
