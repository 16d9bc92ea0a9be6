//! Commands on a live game: moves and resignation, and the checks every
//! game command shares.

use super::Games;
use super::seen::Seen;
use crate::game::deadlines::move_clock::{MoveClock, bank_after_move, time_for_move};
use crate::game::{Finish, FinishReason, GameError, GameView, MoveReport, RatingChange, convert};
use crate::rules::{Color, Move, Outcome};
use crate::store::{Finishing, MoveWrite};

impl Games<'_> {
    /// Plays `notation` (lenient: `11-15`, `22x13`, `22x15x6` ...) for
    /// `user` in the live game of `channel`.
    ///
    /// `seen` is the position the user was looking at, if known: when the
    /// game has moved on since (or is another game), the move is refused with
    /// [`GameError::PositionChanged`], so a repeated click never plays twice.
    /// A move that ends the game (by the rules) stores the result with it.
    pub async fn play(
        self,
        now: i64,
        channel: u64,
        user: u64,
        notation: &str,
        seen: Option<Seen>,
    ) -> Result<MoveReport, GameError> {
        let (mut view, color) = self.live_game_of_player(now, channel, user).await?;
        Seen::check(seen, &view)?;
        if color != view.turn() {
            return Err(GameError::NotYourTurn);
        }
        let played = view.game.play_notation(notation)?;
        self.commit_move(view, played, user, now).await
    }

    /// Stores the move just played on `view.game` by `mover`, only if the
    /// game is still live at the ply before it (the conditional write every
    /// move shares, the engine's too), and reports it; then plays the
    /// premove replies it calls for (see [`Games::settle_premoves`]).
    pub(in crate::game) async fn commit_move(
        self,
        view: GameView,
        played: Move,
        mover: u64,
        now: i64,
    ) -> Result<MoveReport, GameError> {
        // Held before the move is stored, so the bot's reply to it stays
        // with whoever answers this move (one message, one board): the
        // clock's catch-up cannot take it in between.
        let bot_turn = self.hold_bot_turn(&view);
        let mut report = self.commit(view, played, mover, now, false).await?;
        report.bot_turn = bot_turn;
        // The move stands whatever happens here; the clock catches up on
        // premoves a failure leaves behind.
        match self.settle_premoves(now, report.game.id).await {
            Ok(settled) => {
                report.premove_replies = settled.replies;
                report.premoves_set_aside = settled.set_aside;
            }
            Err(e) => tracing::error!(game = report.game.id, error = %e, "premoves could not be settled after a move"),
        }
        Ok(report)
    }

    /// [`Games::commit_move`] without the premoves after it;
    /// `by_premove` when the move is a premove played for `mover` (it is
    /// then announced through the outbox, with the move).
    pub(in crate::game) async fn commit(
        self,
        mut view: GameView,
        played: Move,
        mover: u64,
        now: i64,
        by_premove: bool,
    ) -> Result<MoveReport, GameError> {
        let ply = view.ply() - 1;
        let notation = view.game.notations().last().expect("a move was just played").clone();
        let finish = view.game.result().map(|r| Finish { outcome: r.outcome, reason: FinishReason::Rules(r.reason) });
        let weekends = view.weekends();
        // The deadline the move met; a clock that stood still for a
        // vacation (from its start, or from this turn's if later) counts
        // what it had left from now.
        let met_deadline = match view.paused_since {
            Some(since) => view.clock().resumed(&weekends, since.max(view.last_move_at), now.max(since)).deadline,
            None => view.deadline,
        };
        let mover_bank = bank_after_move(&view.time, &weekends, now, met_deadline);
        let clock = MoveClock::started(&weekends, now, time_for_move(view.time.allowance, view.waiting_bank));
        let write = MoveWrite {
            game_id: view.id,
            ply,
            notation: notation.clone(),
            mover,
            now,
            next_turn: view.turn(),
            met_deadline,
            deadline: clock.deadline,
            remind_at: clock.remind_at,
            finishing: finish.map(|f| Finishing { outcome: f.outcome, reason: f.reason }),
            premove_in: by_premove.then_some(view.channel),
        };
        let Some(written) = self.store.append_move(write).await? else {
            return Err(self.conflict(view.id).await);
        };
        metrics::counter!(crate::metrics::MOVES).increment(1);
        if finish.is_none() {
            self.live_keys.note(view.id, view.ply(), *view.game.position());
        }
        // A move of a player away on vacation (their clock stood still
        // here) ends their vacation; a premove played for them does not:
        // it is what they left to keep their games going while away.
        let mut vacation_ended = None;
        if let (Some(_), Some(guild), false) = (view.paused_since.take(), view.guild, by_premove) {
            match self.deadlines().back_from_vacation(now, guild, mover).await {
                Ok(ended) => vacation_ended = ended,
                // The move is stored; the vacation ends at the next move,
                // `/vacation end` or when its days run out.
                Err(e) => tracing::error!(game = view.id, error = %e, "could not end a vacation after a move"),
            }
        }
        // The view as now stored (the same rules the UPDATE applied).
        view.last_move_at = now;
        (view.deadline, view.remind_at) = (clock.deadline, clock.remind_at);
        view.waiting_bank = mover_bank;
        if view.draw_offer_by != Some(mover) || finish.is_some() {
            view.draw_offer_by = None;
        }
        view.takeback_by = None;
        if finish.is_some() {
            view.finished = finish;
            view.finished_at = Some(now);
            self.challenges().after_game_end(now, &mut view).await?;
        }
        Ok(MoveReport {
            game: view,
            played,
            notation,
            direct_message: written.direct_message,
            premove_replies: 0,
            premoves_set_aside: Vec::new(),
            vacation_ended,
            bot_turn: None,
        })
    }

    /// `user` resigns the live game of `channel`; their opponent wins.
    pub async fn resign(self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let (mut view, color) = self.live_game_of_player(now, channel, user).await?;
        let finish = Finish { outcome: Outcome::Win(color.opponent()), reason: FinishReason::Resignation };
        if !self.store.finish_game(view.id, finish.outcome, finish.reason, now).await? {
            return Err(self.conflict(view.id).await);
        }
        view.finished = Some(finish);
        view.finished_at = Some(now);
        view.draw_offer_by = None;
        view.takeback_by = None;
        self.challenges().after_game_end(now, &mut view).await?;
        Ok(view)
    }

    /// What game `id`, just finished, did to its players' ratings.
    pub(in crate::game) async fn rating_changes_of(self, id: i64) -> Result<Vec<RatingChange>, GameError> {
        Ok(self.store.rating_changes(id).await?.iter().map(convert::rating_change).collect())
    }

    /// The live game of `channel` and the side `user` plays in it, refusing
    /// non-players and commands after the deadline.
    pub(in crate::game) async fn live_game_of_player(
        self,
        now: i64,
        channel: u64,
        user: u64,
    ) -> Result<(GameView, Color), GameError> {
        let view = self.game_in_channel(channel).await?;
        let color = player_in(now, &view, user)?;
        Ok((view, color))
    }

    /// The refusal for a command whose conditional write found the game
    /// changed: over if it ended meanwhile, else the position changed.
    pub(in crate::game) async fn conflict(self, game_id: i64) -> GameError {
        self.conflict_by(game_id, |_| GameError::PositionChanged).await
    }

    /// The refusal for a command whose conditional write found the game
    /// changed, read from the game as it now stands: over if it ended
    /// meanwhile, else what `live` makes of the live game (the precise
    /// refusal a command has for it, `PositionChanged` where none applies).
    /// Every command that writes conditionally names its conflict here.
    pub(in crate::game) async fn conflict_by(
        self,
        game_id: i64,
        live: impl FnOnce(&GameView) -> GameError,
    ) -> GameError {
        match self.game_by_id(game_id).await {
            Ok(now) if !now.is_live() => GameError::GameOver,
            Ok(now) => live(&now),
            Err(e) => e,
        }
    }
}

/// The side `user` plays in the live game `view`, refusing non-players and
/// commands after the deadline.
pub(in crate::game) fn player_in(now: i64, view: &GameView, user: u64) -> Result<Color, GameError> {
    let color = view.color_of(user).ok_or(GameError::NotAPlayer)?;
    // Past the deadline the clock has decided; `claim_due` records it. A
    // clock standing still for a vacation has decided nothing yet.
    if now >= view.deadline && view.paused_since.is_none() {
        return Err(GameError::TimeUp);
    }
    Ok(color)
}
