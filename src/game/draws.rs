//! Draw offers: a player offers, the opponent accepts or declines. An offer
//! stands until the offerer's opponent moves or answers it.

use super::{GameError, GameService, GameView};

impl GameService {
    /// `user` offers a draw in the live game of `channel`. The offer stands
    /// until the opponent answers it or plays a move (which declines it).
    pub async fn offer_draw(&self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let _ = (now, channel, user);
        todo!()
    }

    /// `user` accepts (`accept = true`, the game is drawn by agreement) or
    /// declines the opponent's standing draw offer.
    pub async fn answer_draw(&self, now: i64, channel: u64, user: u64, accept: bool) -> Result<GameView, GameError> {
        let _ = (now, channel, user, accept);
        todo!()
    }
}
