//! Aborting: a game ends without a result, or a channel's open challenges
//! are closed. Moderators may abort any live game of their channel; the
//! players themselves only until each side has moved once, as on lichess.

use super::Games;
use crate::game::{Challenge, ChallengeState, GameError, GameView, convert};

/// A player may abort their game while fewer plies than this were played.
pub const PLAYER_ABORT_BEFORE_PLY: u32 = 2;

/// Who asks to abort, and with what standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbortRequest {
    /// The server the command came from.
    pub guild: Option<u64>,
    /// The channel it came from.
    pub channel: u64,
    /// Who asks.
    pub user: u64,
    /// Whether they may moderate this channel (Discord's Manage Messages,
    /// or Manage Threads in a thread), as Discord reported it.
    pub moderator: bool,
    /// The game named, if any; else the channel's live game, or its open
    /// challenges.
    pub game: Option<i64>,
}

/// What an abort ended.
#[derive(Clone, Debug)]
pub enum Aborted {
    /// A live game, now without a result.
    Game(Box<GameView>),
    /// The channel's open challenges, now cancelled.
    Challenges(Vec<Challenge>),
}

impl Games<'_> {
    /// Aborts what `req` names: a live game of the channel, or (for a
    /// moderator, when the channel holds no game) its open challenges.
    pub async fn abort(self, now: i64, req: AbortRequest) -> Result<Aborted, GameError> {
        match self.game_to_abort(req).await? {
            Some(view) => self.abort_game(now, req, view).await.map(|v| Aborted::Game(Box::new(v))),
            None => self.abort_challenges(req).await.map(Aborted::Challenges),
        }
    }

    /// The game `req` would abort, refused as [`Games::abort`] would refuse
    /// it, so that it is confirmed before: aborting cannot be undone.
    /// `None` when it would close the channel's open challenges instead
    /// (nothing to confirm: a challenge can be made again).
    pub async fn abort_to_confirm(self, req: AbortRequest) -> Result<Option<GameView>, GameError> {
        let Some(view) = self.game_to_abort(req).await? else {
            return Ok(None);
        };
        may_abort(req, &view)?;
        Ok(Some(view))
    }

    /// The live game `req` names, or the channel's; `None` when the
    /// channel holds none (and none was named).
    async fn game_to_abort(self, req: AbortRequest) -> Result<Option<GameView>, GameError> {
        Ok(match req.game {
            Some(id) => {
                let view = self.game_by_id(id).await?;
                if view.guild != req.guild {
                    return Err(GameError::GameNotFound(id));
                }
                if view.channel != req.channel {
                    return Err(GameError::GameElsewhere { game: id, channel: view.channel });
                }
                if !view.is_live() {
                    return Err(GameError::GameOver);
                }
                Some(view)
            }
            None => match self.game_in_channel(req.channel).await {
                Ok(view) => Some(view),
                Err(GameError::NoGame) => None,
                Err(e) => return Err(e),
            },
        })
    }

    async fn abort_game(self, now: i64, req: AbortRequest, mut view: GameView) -> Result<GameView, GameError> {
        let before_ply = may_abort(req, &view)?;
        if !self.store.abort_game(view.id, req.user, before_ply, now).await? {
            // A move or another ending came first.
            return Err(self.conflict_by(view.id, |_| GameError::AbortTooLate).await);
        }
        view.aborted_by = Some(req.user);
        view.finished_at = Some(now);
        view.draw_offer_by = None;
        view.takeback_by = None;
        // Aborting a game of a match aborts the match: no further game.
        if let Some(play) = &mut view.match_play {
            self.store.end_match(play.id, true, now).await?;
            play.aborted = true;
        }
        Ok(view)
    }

    async fn abort_challenges(self, req: AbortRequest) -> Result<Vec<Challenge>, GameError> {
        let open = self.open_challenges_in_channel(req.channel).await?;
        if open.is_empty() {
            return Err(GameError::NothingToAbort);
        }
        if !req.moderator {
            return Err(GameError::NotModerator);
        }
        let mut closed = Vec::with_capacity(open.len());
        for c in open {
            // One answered meanwhile is left as it is.
            if let Some(row) = self.store.close_challenge(c.id, ChallengeState::Cancelled, req.user, false).await? {
                closed.push(convert::challenge(row)?);
            }
        }
        if closed.is_empty() {
            return Err(GameError::NothingToAbort);
        }
        Ok(closed)
    }
}

/// Whether `req` may abort the live game `view`: a moderator at any time,
/// a player before each side has moved (`Some` of that ply, which the
/// store checks again as it aborts), never a tournament's game.
fn may_abort(req: AbortRequest, view: &GameView) -> Result<Option<u32>, GameError> {
    // Its organiser removes a player (who loses by forfeit) or cancels
    // the tournament; a game left without a result would hold up its round.
    if view.tournament.is_some() {
        return Err(GameError::NoAbortInTournament);
    }
    if req.moderator {
        Ok(None)
    } else if view.color_of(req.user).is_some() {
        if view.ply() >= PLAYER_ABORT_BEFORE_PLY {
            return Err(GameError::AbortTooLate);
        }
        Ok(Some(PLAYER_ABORT_BEFORE_PLY))
    } else {
        Err(GameError::NotModerator)
    }
}
