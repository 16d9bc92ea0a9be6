//! Takebacks by consent: a player asks to take back their last move until
//! their opponent replies to it; the opponent allows or refuses. Allowed,
//! the game goes one ply back - the position, the record, and the clock the
//! player had before the move - and it is their move again. The bot does not
//! take moves back. A takeback removes a ply; it breaks no rule, so the
//! rules (docs/RULES.md) know nothing of it, and a rated game stays rated.

use super::Games;
use super::seen::Seen;
use crate::game::analysis::fair_play::live_position_keys;
use crate::game::deadlines::move_clock::{MoveClock, time_for_move};
use crate::game::{GameError, GameView};
use crate::store::{ClockRow, LastMoveRow, TakeBack};

/// What `/takeback`, or a Take back / Allow / Refuse button, did.
#[derive(Clone, Debug)]
pub enum TakebackDone {
    /// The request stands; the opponent answers it.
    Asked {
        /// The game, with the request standing.
        game: GameView,
        /// The move asked to be taken back.
        notation: String,
    },
    /// The game is against the bot, which takes no move back: nothing
    /// changed.
    BotDeclined(GameView),
    /// The opponent allowed it: the move is gone.
    TakenBack {
        /// The game one ply back, the requester to move.
        game: GameView,
        /// The move taken back.
        notation: String,
        /// Who asked (and moves again).
        requester: u64,
    },
    /// The opponent refused it: the game goes on as it was.
    Refused {
        /// The game, with no request standing.
        game: GameView,
        /// Who asked.
        requester: u64,
    },
}

impl Games<'_> {
    /// `/takeback` by `user` in `channel`: allows the opponent's standing
    /// request if there is one, else asks to take back `user`'s last move.
    pub async fn takeback(self, now: i64, channel: u64, user: u64) -> Result<TakebackDone, GameError> {
        let game = self.game_in_channel(channel).await?;
        let opponent = game.opponent_of(user).ok_or(GameError::NotAPlayer)?;
        if game.takeback_by == Some(opponent) {
            return self.answer_takeback(now, channel, user, true, None).await;
        }
        self.ask_takeback(now, channel, user, None).await
    }

    /// `user` asks to take back their last move in the live game of
    /// `channel`. Only while the move is the last one (their opponent has
    /// not replied), once at a time, and not against the bot (which
    /// declines at once). `seen`, when the request comes from a button
    /// under the move, is the game after it: a request from an older
    /// message is refused.
    pub async fn ask_takeback(
        self,
        now: i64,
        channel: u64,
        user: u64,
        seen: Option<Seen>,
    ) -> Result<TakebackDone, GameError> {
        let (mut view, color) = self.live_game_of_player(now, channel, user).await?;
        if view.engine.is_some() {
            return Ok(TakebackDone::BotDeclined(view));
        }
        if view.tournament.is_some() {
            return Err(GameError::NoTakebackInTournament);
        }
        Seen::check(seen, &view)?;
        if view.takeback_by == Some(user) {
            return Err(GameError::TakebackAlreadyAsked);
        }
        // The last ply must be the user's own move, played in this game.
        let set = view.match_play.as_ref().map_or(0, |p| p.set_plies());
        if view.turn() == color || view.ply() <= set {
            return Err(GameError::NoMoveToTakeBack);
        }
        let last = self.last_move_of(&view).await?;
        if now >= clock_before(&view, &last, now).deadline {
            return Err(GameError::TakebackTooLate);
        }
        if !self.store.request_takeback(view.id, view.ply(), user).await? {
            return Err(self
                .conflict_by(view.id, |now| match now.takeback_by {
                    Some(by) if by == user => GameError::TakebackAlreadyAsked,
                    _ => GameError::PositionChanged,
                })
                .await);
        }
        view.takeback_by = Some(user);
        Ok(TakebackDone::Asked { game: view, notation: last.notation })
    }

    /// `user` allows (`accept = true`) or refuses the opponent's standing
    /// request to take back their last move. `seen`, from the buttons
    /// under the request, is the game when it was made: a request made since
    /// is not answered by an older message. Allowed, the move row goes and
    /// the game is one ply back with the clock the requester had before
    /// the move, any draw offer dropped, in one write that checks nothing
    /// changed since (of two racing answers one lands, the other is told).
    pub async fn answer_takeback(
        self,
        now: i64,
        channel: u64,
        user: u64,
        accept: bool,
        seen: Option<Seen>,
    ) -> Result<TakebackDone, GameError> {
        let (mut view, _) = self.live_game_of_player(now, channel, user).await?;
        let requester = match view.takeback_by {
            None => return Err(GameError::NoTakebackRequest),
            Some(by) if by == user => return Err(GameError::OwnTakebackRequest),
            Some(by) => by,
        };
        Seen::check(seen, &view)?;
        if !accept {
            if !self.store.decline_takeback(view.id, requester).await? {
                return Err(self.takeback_conflict(view.id).await);
            }
            view.takeback_by = None;
            return Ok(TakebackDone::Refused { game: view, requester });
        }
        let last = self.last_move_of(&view).await?;
        let clock = clock_before(&view, &last, now);
        if now >= clock.deadline {
            return Err(GameError::TakebackTooLate);
        }
        let before = view.game.previous_position().copied().ok_or(GameError::NoMoveToTakeBack)?;
        let take_back = TakeBack {
            game_id: view.id,
            ply: view.ply(),
            played_at: last.played_at,
            requester,
            turn: before.turn(),
            clock,
            position_keys: live_position_keys(&before),
            now,
        };
        if !self.store.take_back(&take_back).await? {
            return Err(self.takeback_conflict(view.id).await);
        }
        let game = self.game_by_id(view.id).await?;
        Ok(TakebackDone::TakenBack { game, notation: last.notation, requester })
    }

    /// The last move row of live game `view`, which must be its last ply.
    async fn last_move_of(self, view: &GameView) -> Result<LastMoveRow, GameError> {
        match self.store.last_move(view.id).await? {
            Some(last) if last.ply + 1 == view.ply() => Ok(last),
            // A move or a takeback landed since the game was read.
            Some(_) => Err(GameError::PositionChanged),
            None => Err(GameError::NoMoveToTakeBack),
        }
    }

    /// The refusal for a takeback answer whose conditional write found the
    /// game changed.
    async fn takeback_conflict(self, game_id: i64) -> GameError {
        self.conflict_by(game_id, |now| match now.takeback_by {
            None => GameError::NoTakebackRequest,
            Some(_) => GameError::PositionChanged,
        })
        .await
    }
}

/// The clock of `view` as it was before its last move `last`: as the move
/// row kept it, or, for a move stored before rows kept it, as the clock
/// rules make it from the time of the move before (or the game's start),
/// reminded already if its reminder time is past at `now`.
fn clock_before(view: &GameView, last: &LastMoveRow, now: i64) -> ClockRow {
    if let Some(clock) = last.clock_before {
        return clock;
    }
    let since = last.previous_played_at.unwrap_or(view.started_at);
    let time = time_for_move(view.time.allowance, None);
    let MoveClock { deadline, remind_at } = MoveClock::started(&view.weekends(), since, time);
    let reminded_ply = if remind_at <= now { i64::from(last.ply) } else { -1 };
    ClockRow { last_move_at: since, deadline, remind_at, reminded_ply }
}
