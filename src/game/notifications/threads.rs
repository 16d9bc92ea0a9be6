//! A thread per game: where a server allows it (the default), an accepted
//! challenge's game is played in a thread of its own, opened from the
//! channel that keeps the challenges; any number of games then run from
//! one channel. Discord opens the thread; this module decides whether one
//! is wanted, starts the game in it and says when it can be archived.

use super::Notifications;
use crate::game::challenges::challenge::{Accepted, Taker};
use crate::game::{Challenge, ChallengePick, GameError, GameView, NewChallenge, Proposed};
use crate::store::GameThread;

impl Notifications<'_> {
    /// Whether server `guild` plays each game in a thread (on unless a
    /// manager turned it off; never in direct messages).
    pub async fn threads_on(self, guild: Option<u64>) -> Result<bool, GameError> {
        match guild {
            Some(guild) => Ok(self.store.server_threads(guild).await?),
            None => Ok(false),
        }
    }

    /// Turns server `guild`'s thread per game on or off; only for those who
    /// manage the server (`manages_server`).
    pub async fn set_threads(self, now: i64, guild: u64, on: bool, manages_server: bool) -> Result<(), GameError> {
        if !manages_server {
            return Err(GameError::NotServerManager);
        }
        Ok(self.store.set_server_threads(guild, on, now).await?)
    }

    /// The role server `guild` mentions with each open challenge, if any.
    pub async fn seek_role(self, guild: u64) -> Result<Option<u64>, GameError> {
        Ok(self.store.seek_role(guild).await?)
    }

    /// Sets (or with `None` clears) the role server `guild` mentions with
    /// each open challenge; only for those who manage the server.
    pub async fn set_seek_role(
        self,
        now: i64,
        guild: u64,
        role: Option<u64>,
        manages_server: bool,
    ) -> Result<(), GameError> {
        if !manages_server {
            return Err(GameError::NotServerManager);
        }
        Ok(self.store.set_seek_role(guild, role, now).await?)
    }

    /// Before `taker` accepts a challenge in `channel`: the challenge, when
    /// its game is to get a thread of its own (threads are on in `guild`
    /// and the accept would be taken); `None` to play in the channel. A
    /// refusal is the refusal the accept would get, so no thread is opened
    /// for an accept that cannot happen.
    pub async fn thread_wanted(
        self,
        now: i64,
        guild: Option<u64>,
        channel: u64,
        taker: impl Into<Taker>,
        pick: ChallengePick,
    ) -> Result<Option<Challenge>, GameError> {
        let challenge = self.challenges().challenge_to_take(now, channel, &taker.into(), pick).await?;
        Ok(self.threads_on(guild).await?.then_some(challenge))
    }

    /// `taker` accepts a challenge in `channel`, its game to be played in
    /// `thread` (opened from `channel` for it).
    pub async fn accept_in_thread(
        self,
        now: i64,
        channel: u64,
        taker: impl Into<Taker>,
        pick: ChallengePick,
        thread: u64,
    ) -> Result<Accepted, GameError> {
        self.challenges().accept_into(now, channel, taker.into(), pick, Some(thread)).await
    }

    /// Before `/challenge`: whether it starts a game against the bot (it
    /// names `bot`) that is to get a thread of its own (threads are on in
    /// `guild`).
    pub async fn bot_game_thread_wanted(
        self,
        guild: Option<u64>,
        opponent: Option<u64>,
        bot: u64,
    ) -> Result<bool, GameError> {
        Ok(opponent == Some(bot) && self.threads_on(guild).await?)
    }

    /// [`Games::propose`](crate::game::Games::propose) with a game against the bot played in
    /// `thread`, opened from the request's channel for it.
    pub async fn propose_in_thread(
        self,
        now: i64,
        mut request: NewChallenge,
        bot: u64,
        level: Option<i64>,
        thread: u64,
    ) -> Result<Proposed, GameError> {
        let parent = request.channel;
        request.channel = thread;
        let proposed = self.games().propose(now, request, bot, level).await?;
        if let Proposed::BotGame(game, ..) = &proposed {
            self.store.set_game_thread(game.id, GameThread { thread, parent }).await?;
        }
        Ok(proposed)
    }

    /// The thread game `game` is played in, if the bot opened one for it.
    pub async fn game_thread(self, game: i64) -> Result<Option<GameThread>, GameError> {
        Ok(self.store.game_thread(game).await?)
    }

    /// The thread to archive now that `game` has ended: its own thread, once
    /// no game of its match is still to come there.
    pub async fn thread_to_archive(self, game: &GameView) -> Result<Option<u64>, GameError> {
        if game.is_live() || game.match_play.as_ref().is_some_and(|m| !m.over && !m.aborted) {
            return Ok(None);
        }
        Ok(self.game_thread(game.id).await?.map(|t| t.thread))
    }
}
