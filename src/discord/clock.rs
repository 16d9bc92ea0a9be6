//! The clock loop: makes the bot move where it is its turn, claims due
//! reminders, losses on time and expired challenges (once at start-up, then
//! every interval) and posts each in its channel, mentioning who it
//! concerns. The posts of one tick go out side by side, so a channel that
//! is slow or broken holds up no other.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::Http;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::config::Clock;
use crate::game::{DueEvent, GameService};

use super::deliver::ChannelNotices;
use super::reply::{Reply, post};
use super::view::{self, user};

/// Runs until `stop` turns true; a tick in progress is finished first, so
/// every claimed event is announced.
pub async fn run(
    http: Arc<Http>,
    service: GameService,
    clock: Clock,
    every: Duration,
    notices: ChannelNotices,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tick(&http, &notices, &service, &clock).await;
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stop.wait_for(|&stop| stop) => break,
        }
    }
}

/// Lets the bot move wherever it is its turn, then claims what is due now
/// and announces it; returns when every post is done or given up (problems
/// are logged by the delivery layer).
pub async fn tick(http: &Arc<Http>, notices: &ChannelNotices, service: &GameService, clock: &Clock) {
    super::engine_moves::catch_up(http, notices, service, clock).await;
    let events = match service.claim_due(clock.now()).await {
        Ok(events) => events,
        Err(e) => {
            tracing::error!(error = %e, "could not read due deadlines");
            return;
        }
    };
    let mut posts = JoinSet::new();
    for event in events {
        let (channel, reply) = announcement(service, &event).await;
        let (http, notices) = (http.clone(), notices.clone());
        posts.spawn(async move {
            if let Err(e) = post(&http, &notices, channel, &reply).await {
                tracing::debug!(channel, error = ?e, "a clock announcement was not posted");
            }
        });
    }
    while posts.join_next().await.is_some() {}
}

async fn announcement(service: &GameService, event: &DueEvent) -> (u64, Reply) {
    match event {
        DueEvent::Reminder(game) => {
            let player = view::player(game, game.game.position().turn());
            let text = format!("{player}, reminder: your move is due {}.", view::relative_time(game.deadline));
            (game.channel, Reply::public(text))
        }
        DueEvent::LossOnTime(game) => {
            let reply = match &game.finished {
                Some(finish) => match view::finished_game(service, game, "Time is up.".to_string(), finish).await {
                    Ok(reply) => reply,
                    Err(e) => {
                        // Still announce the result, without the picture and record.
                        tracing::error!(error = %e, "could not build the loss-on-time message");
                        Reply::public(format!("Time is up.\n{}", view::result(game, finish)))
                    }
                },
                None => Reply::public(format!("Time is up in the game {}.", view::players(game))),
            };
            (game.channel, reply)
        }
        DueEvent::ChallengeExpired(c) => {
            let text =
                format!("{}, your challenge to {} expired without an answer.", user(c.challenger), user(c.opponent));
            (c.channel, Reply::public(text))
        }
    }
}
