//! Draw offers: a player offers, the opponent accepts or declines. An offer
//! stands until the offerer's opponent moves or answers it.

use super::{Finish, FinishReason, GameError, GameService, GameView};
use crate::rules::Outcome;

impl GameService {
    /// `user` offers a draw in the live game of `channel`. The offer stands
    /// until the opponent answers it or plays a move (which declines it).
    pub async fn offer_draw(&self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let (mut view, _) = self.live_game_of_player(now, channel, user).await?;
        match view.draw_offer_by {
            Some(by) if by == user => return Err(GameError::DrawAlreadyOffered),
            Some(_) => return Err(GameError::DrawOfferPending),
            None => {}
        }
        if !self.store.offer_draw(view.id, user).await? {
            // Someone got there first: say what now stands.
            let now_view = self.game_by_id(view.id).await?;
            return Err(match now_view.draw_offer_by {
                _ if !now_view.is_live() => GameError::GameOver,
                Some(by) if by == user => GameError::DrawAlreadyOffered,
                Some(_) => GameError::DrawOfferPending,
                None => GameError::PositionChanged,
            });
        }
        view.draw_offer_by = Some(user);
        Ok(view)
    }

    /// `user` accepts (`accept = true`, the game is drawn by agreement) or
    /// declines the opponent's standing draw offer.
    pub async fn answer_draw(&self, now: i64, channel: u64, user: u64, accept: bool) -> Result<GameView, GameError> {
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
            let now_view = self.game_by_id(view.id).await?;
            return Err(if !now_view.is_live() {
                GameError::GameOver
            } else if now_view.draw_offer_by.is_none() {
                GameError::NoDrawOffer
            } else {
                GameError::PositionChanged
            });
        }
        view.draw_offer_by = None;
        if accept {
            view.finished = Some(Finish { outcome: Outcome::Draw, reason: FinishReason::Agreement });
            view.finished_at = Some(now);
        }
        Ok(view)
    }
}
