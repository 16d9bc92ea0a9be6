//! Sends the direct messages waiting in the store's outbox (`/notify`):
//! opens the player's DM channel (`POST /users/@me/channels`, which gives
//! the same channel every time, so the bot remembers it and asks once) and
//! posts the message there with the row's id as its nonce, so a post
//! repeated after a crash shows once. A player
//! whose messages refuse the bot (403) is marked so: nothing more is
//! queued for them, and their next private reply says it once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::time::Instant;

use crate::config::Clock;
use crate::game::{ANNOUNCEMENT_ATTEMPTS, AnnouncementOutcome, DirectDue, DirectMessage, GameService, GameView};
use crate::i18n::{Lang, alt};
use crate::t;

use crate::discord::background::answering::{Answering, YIELD_AT_MOST};
use crate::discord::background::settling::{self, SETTLE_EVERY, Settled, flushing};
use crate::discord::background::side_by_side::side_by_side;
use crate::discord::interactions::commands::my_games;
use crate::discord::messages::deliver::{Failure, post_once, repeatable};
use crate::discord::messages::game_messages::{self, user};
use crate::discord::messages::reply::Reply;
use crate::discord::rest::{Lane, Rest};

/// The most direct messages of a batch sent at once. They wait while
/// answers are being made, and without a limit every one of a batch set
/// off the moment the last answer of a burst went out, just as the next
/// commands came in, and was made beside their answers; so few are
/// under way when the next answers start.
const DIRECT_MESSAGES_AT_ONCE: usize = 4;

/// The nonce of a direct message: the same for every attempt.
pub fn direct_nonce(id: i64) -> String {
    format!("dm-{id}")
}

/// Posts the pending direct messages, batch after batch, each player's in
/// order and players side by side; settles those sent, refused or no
/// longer needed, a batch in one write (every few seconds while it sends):
/// a write each took the database's write lock as often as the moves did,
/// and waited behind them under a burst of moves. One that
/// failed otherwise is tried again after its lease. A message sent but not
/// yet settled when the bot stops is sent again after its lease, with the
/// same nonce, so it shows once.
pub async fn deliver_direct_messages(
    rest: &Rest,
    service: &GameService,
    clock: &Clock,
    channels: &DmChannels,
    answering: &Answering,
) {
    loop {
        let batch = match service.notifications().lease_direct_messages(clock.now()).await {
            Ok(batch) => batch,
            Err(e) => {
                tracing::error!(error = %e, "could not read the direct messages to send");
                return;
            }
        };
        if batch.is_empty() {
            return;
        }
        let done: Settled = Arc::new(Mutex::new(Vec::with_capacity(batch.len())));
        let sending = (rest.clone(), service.clone(), clock.clone(), channels.clone(), answering.clone(), done.clone());
        // The answers being made go first (see `answering`), for
        // YIELD_AT_MOST from the lease at the most.
        let yield_until = Instant::now() + YIELD_AT_MOST;
        let batch_sent = side_by_side(
            batch,
            |item: &DirectMessage| item.user,
            DIRECT_MESSAGES_AT_ONCE,
            move |item: DirectMessage| {
                let (rest, service, clock, channels, answering, done) = sending.clone();
                async move {
                    if item.due.is_some() {
                        answering.quiet_or(yield_until.saturating_duration_since(Instant::now())).await;
                    }
                    let Some(outcome) = send(&rest, &service, &clock, &channels, &item).await else { return false };
                    done.lock().expect("settled list").push((item.id, outcome));
                    true
                }
            },
        );
        // A batch slow to send (Discord retried) settles what it has sent as
        // it goes: a message stays unsettled far less than its lease.
        flushing(batch_sent, SETTLE_EVERY, || {
            settling::record(&done, "direct messages", |outcomes| async move {
                service.notifications().settle_direct_messages(&outcomes, clock.now()).await
            })
        })
        .await;
    }
}

/// Sends one direct message; `None` when it should be tried again later.
async fn send(
    rest: &Rest,
    service: &GameService,
    clock: &Clock,
    channels: &DmChannels,
    item: &DirectMessage,
) -> Option<AnnouncementOutcome> {
    let Some(due) = &item.due else { return Some(AnnouncementOutcome::Cancelled) };
    let lang = Lang::from_locale(item.locale.as_deref());
    let reply = match message(lang, item, due).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(id = item.id, error = %e, "could not build a direct message");
            return Some(AnnouncementOutcome::Undeliverable);
        }
    };
    let result = match channels.open(rest, item.user).await {
        Ok(channel) => post_once(rest, channel, &reply, &[], &direct_nonce(item.id), Lane::Paced).await.map(|_| ()),
        Err(e) => Err(e),
    };
    if result.is_err() {
        // In case the channel is what failed.
        channels.forget(item.user);
    }
    match result {
        Ok(()) => Some(AnnouncementOutcome::Delivered),
        // 50007: the player's direct messages are closed to the bot.
        Err(Failure::Status(403, _)) => {
            tracing::info!(user = item.user, "a player's direct messages refuse the bot; they keep the channel's ping");
            if let Err(e) = service.notifications().close_dms(item.user, clock.now()).await {
                tracing::error!(user = item.user, error = %e, "could not record closed direct messages");
            }
            Some(AnnouncementOutcome::Undeliverable)
        }
        Err(e) if item.attempts >= ANNOUNCEMENT_ATTEMPTS || !e.is_transient() => {
            tracing::warn!(id = item.id, user = item.user, error = %e, "giving up a direct message");
            Some(AnnouncementOutcome::Undeliverable)
        }
        Err(e) => {
            tracing::debug!(id = item.id, error = %e, "a direct message will be tried again");
            None
        }
    }
}

/// Most players whose DM channel is remembered; past it the memory starts
/// afresh (a channel is only asked for again).
const DM_CHANNELS_KEPT: usize = 100_000;

/// The DM channel of each player the bot has written to (Discord gives the
/// same one every time), so it is asked for once. Cheap to clone (clones
/// share the memory).
#[derive(Debug, Clone, Default)]
pub struct DmChannels(Arc<Mutex<HashMap<u64, u64>>>);

impl DmChannels {
    fn known(&self) -> std::sync::MutexGuard<'_, HashMap<u64, u64>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The player's DM channel with the bot, asked of Discord the first time.
    async fn open(&self, rest: &Rest, player: u64) -> Result<u64, Failure> {
        if let Some(&channel) = self.known().get(&player) {
            return Ok(channel);
        }
        let open = |limit| rest.open_dm(player, Lane::Paced, limit);
        let channel = repeatable("open a direct message channel", open).await?;
        let mut known = self.known();
        if known.len() >= DM_CHANNELS_KEPT {
            known.clear();
        }
        known.insert(player, channel);
        Ok(channel)
    }

    /// Forgets the player's channel: asked for again next time.
    fn forget(&self, player: u64) {
        self.known().remove(&player);
    }
}

/// The message of a direct message, in `lang`: what happened, with a link
/// to the game, and the board as it stands.
async fn message(
    lang: Lang,
    item: &DirectMessage,
    due: &DirectDue,
) -> Result<Reply, crate::discord::messages::errors::CommandError> {
    let (text, game) = match due {
        DirectDue::Digest(games, total) => {
            return Ok(listed(lang, item, t!(lang, "dm-digest-title", count = *total), games, *total));
        }
        DirectDue::VacationOver(games, total) => {
            let title = t!(lang, "dm-vacation-over", count = *total);
            return Ok(listed(lang, item, title, games, *total));
        }
        DirectDue::Move(game) => {
            let text = match &game.finished {
                Some(finish) => game_over(lang, game, finish),
                None => t!(
                    lang,
                    "dm-your-move",
                    game = game.id.to_string(),
                    link = link(game),
                    opponent = user(game.opponent_of(item.user).unwrap_or_default()),
                    notation = game.game.notations().last().cloned().unwrap_or_default(),
                    deadline = game_messages::relative_time(game.deadline)
                ),
            };
            (text, game)
        }
        DirectDue::Reminder(game) => (
            t!(
                lang,
                "dm-reminder",
                game = game.id.to_string(),
                link = link(game),
                deadline = game_messages::relative_time(game.deadline)
            ),
            game,
        ),
        DirectDue::LossOnTime(game) => match &game.finished {
            Some(finish) => (game_over(lang, game, finish), game),
            None => (t!(lang, "dm-game-over", game = game.id.to_string(), link = link(game)), game),
        },
    };
    let board = game_messages::game_board(game).await?;
    // A direct message notifies by itself; its mentions ping nobody.
    Ok(Reply::public(lang, text).file("board.png", board, alt::game_board(lang, game)).pinging(Vec::new()))
}

/// "Game #42 is over." and its result.
fn game_over(lang: Lang, game: &GameView, finish: &crate::game::Finish) -> String {
    format!(
        "{}\n{}",
        t!(lang, "dm-game-over", game = game.id.to_string(), link = link(game)),
        game_messages::result(lang, game, finish)
    )
}

/// The link to where `game` is played (its thread or channel).
fn link(game: &GameView) -> String {
    match game.guild {
        Some(guild) => format!("https://discord.com/channels/{guild}/{}", game.channel),
        None => format!("https://discord.com/channels/@me/{}", game.channel),
    }
}

/// The day's digest, or the end of a vacation's days: `title`, then the
/// games where it is the player's move, soonest deadline first, each with
/// its link, and how many more `/mygames` shows.
fn listed(lang: Lang, item: &DirectMessage, title: String, games: &[crate::game::GameSummary], total: u64) -> Reply {
    let mut text = title;
    for game in games {
        text.push('\n');
        text.push_str(&my_games::line(lang, item.guild, item.user, game));
    }
    let more = total.saturating_sub(games.len() as u64);
    if more > 0 {
        text.push('\n');
        let mygames = format!("/{}", crate::i18n::text(lang, "cmd-mygames-name"));
        text.push_str(&t!(lang, "dm-digest-more", count = more, mygames = mygames));
    }
    Reply::public(lang, text).pinging(Vec::new())
}
