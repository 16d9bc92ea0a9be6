//! Draw offers: a player offers, the opponent accepts or declines. An offer
//! stands until the offerer's opponent moves or answers it, or the offerer
//! withdraws it. The bot answers an offer at once, as its engine judges the
//! position.

use super::Games;
use crate::engine::{Root, Score, analyze};
use crate::game::{Finish, FinishReason, GameError, GameView};
use crate::rules::Outcome;

/// How much better (centi-men) the bot may judge its side and still accept
/// a draw: a quarter of a man, so it accepts a level game and declines an
/// edge a player would play on with.
pub const BOT_ACCEPTS_DRAW_UP_TO: Score = 25;

/// Plies a game must have run before the bot takes a draw on its judgement
/// alone (20 moves a side): a level position early on is a game still to
/// be played, not a draw. A result its search proves needs no wait.
pub const BOT_DRAWS_AFTER_PLIES: u32 = 40;

/// Whether the bot accepts a draw offer: its search sees no more than a
/// draw for its side (`for_engine`, centi-men from its side, at most
/// [`BOT_ACCEPTS_DRAW_UP_TO`]), and either the search proved that
/// (`proven`: a draw or a loss it cannot escape) or the game has run
/// [`BOT_DRAWS_AFTER_PLIES`] plies (`plies`).
pub fn bot_accepts_draw(for_engine: Score, proven: bool, plies: u32) -> bool {
    for_engine <= BOT_ACCEPTS_DRAW_UP_TO && (proven || plies >= BOT_DRAWS_AFTER_PLIES)
}

impl Games<'_> {
    /// `/draw` by `user` in `channel`: accepts the opponent's standing
    /// offer if there is one, withdraws `user`'s own if it stands, else
    /// offers a draw (which the bot, as the opponent, answers at once).
    pub async fn draw(self, now: i64, channel: u64, user: u64) -> Result<DrawDone, GameError> {
        let game = self.game_in_channel(channel).await?;
        let opponent = game.opponent_of(user).ok_or(GameError::NotAPlayer)?;
        if game.draw_offer_by == Some(opponent) {
            return Ok(DrawDone::Accepted(self.answer_draw(now, channel, user, true).await?));
        }
        if game.draw_offer_by == Some(user) {
            return Ok(DrawDone::Withdrawn(self.withdraw_draw(now, channel, user).await?));
        }
        let game = self.offer_draw(now, channel, user).await?;
        Ok(if game.engine.is_some() { DrawDone::BotAnswered(game) } else { DrawDone::Offered(game) })
    }

    /// `user` offers a draw in the live game of `channel`. The offer stands
    /// until the opponent answers it or plays a move (which declines it);
    /// in a game against the bot, the bot answers before this returns: the
    /// game comes back drawn, or live with no offer standing.
    pub async fn offer_draw(self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let (mut view, _) = self.live_game_of_player(now, channel, user).await?;
        match view.draw_offer_by {
            Some(by) if by == user => return Err(GameError::DrawAlreadyOffered),
            Some(_) => return Err(GameError::DrawOfferPending),
            None => {}
        }
        if !self.store.offer_draw(view.id, user).await? {
            // Someone got there first: say what now stands.
            return Err(self
                .conflict_by(view.id, |now| match now.draw_offer_by {
                    Some(by) if by == user => GameError::DrawAlreadyOffered,
                    Some(_) => GameError::DrawOfferPending,
                    None => GameError::PositionChanged,
                })
                .await);
        }
        view.draw_offer_by = Some(user);
        if view.engine.is_some() {
            return self.engine_answers_draw(now, channel, view).await;
        }
        Ok(view)
    }

    /// The bot's answer to the draw offered in `view` (a game against its
    /// engine): it searches the position at the game's level for a third of
    /// its thinking time and accepts as [`bot_accepts_draw`] says, declines
    /// otherwise. The game comes back drawn by agreement, or live with no
    /// offer standing.
    async fn engine_answers_draw(self, now: i64, channel: u64, view: GameView) -> Result<GameView, GameError> {
        let Some((engine_color, level)) = view.engine else { return Ok(view) };
        let root = Root::of_game(&view.game);
        let limits = level.limits(self.engine.think_time() / 3);
        let analysis = self.engine.run_first(move |searcher| analyze(searcher, &root, &limits)).await?;
        // The score is for the side to move; the bot judges from its side.
        let for_engine = if view.turn() == engine_color { analysis.score } else { -analysis.score };
        let accept = bot_accepts_draw(for_engine, analysis.proof.is_some(), view.ply());
        self.answer_draw(now, channel, view.player(engine_color), accept).await
    }

    /// `user` withdraws their own standing draw offer in the live game of
    /// `channel`; the game goes on with no offer standing.
    pub async fn withdraw_draw(self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let (mut view, _) = self.live_game_of_player(now, channel, user).await?;
        match view.draw_offer_by {
            None => return Err(GameError::NoDrawOffer),
            Some(by) if by != user => return Err(GameError::NotYourDrawOffer),
            Some(_) => {}
        }
        if !self.store.decline_draw(view.id, user).await? {
            // Answered, or the game ended, meanwhile.
            return Err(self.conflict_by(view.id, |_| GameError::NoDrawOffer).await);
        }
        view.draw_offer_by = None;
        Ok(view)
    }

    /// `user` accepts (`accept = true`, the game is drawn by agreement) or
    /// declines the opponent's standing draw offer.
    pub async fn answer_draw(self, now: i64, channel: u64, user: u64, accept: bool) -> Result<GameView, GameError> {
        let (mut view, _) = self.live_game_of_player(now, channel, user).await?;
        let offerer = match view.draw_offer_by {
            None => return Err(GameError::NoDrawOffer),
            Some(by) if by == user => return Err(GameError::OwnDrawOffer),
            Some(by) => by,
        };
        let done = if accept {
            self.store.agree_draw(view.id, view.ply(), offerer, now).await?
        } else {
            self.store.decline_draw(view.id, offerer).await?
        };
        if !done {
            return Err(self
                .conflict_by(view.id, |now| match now.draw_offer_by {
                    None => GameError::NoDrawOffer,
                    Some(_) => GameError::PositionChanged,
                })
                .await);
        }
        view.draw_offer_by = None;
        if accept {
            view.finished = Some(Finish { outcome: Outcome::Draw, reason: FinishReason::Agreement });
            view.finished_at = Some(now);
            view.takeback_by = None;
            self.challenges().after_game_end(now, &mut view).await?;
        }
        Ok(view)
    }
}

/// What `/draw` did.
#[derive(Clone, Debug)]
pub enum DrawDone {
    /// The opponent's standing offer was accepted: the game is drawn.
    Accepted(GameView),
    /// A draw was offered to a person, who answers later.
    Offered(GameView),
    /// A draw was offered to the bot, which answered at once: the game is
    /// drawn if it accepted, live if it declined.
    BotAnswered(GameView),
    /// The player's own standing offer was withdrawn: the game goes on.
    Withdrawn(GameView),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_takes_a_draw_it_sees_once_the_game_has_run_or_the_draw_is_proven() {
        // The start: level, but nothing played yet.
        assert!(!bot_accepts_draw(0, false, 0));
        assert!(!bot_accepts_draw(0, false, BOT_DRAWS_AFTER_PLIES - 1));
        assert!(bot_accepts_draw(0, false, BOT_DRAWS_AFTER_PLIES));
        assert!(bot_accepts_draw(-300, false, BOT_DRAWS_AFTER_PLIES), "worse for the bot");
        // Better for the bot: declined however long the game.
        assert!(!bot_accepts_draw(BOT_ACCEPTS_DRAW_UP_TO + 1, false, 200));
        // Proven (a table draw, a loss it cannot escape): at once.
        assert!(bot_accepts_draw(0, true, 0));
        assert!(bot_accepts_draw(-29_990, true, 0));
        assert!(!bot_accepts_draw(29_990, true, 0), "a proven win is not given away");
    }
}
