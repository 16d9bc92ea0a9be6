//! Commands on a live game: moves and resignation.

use super::{GameError, GameService, GameView, MoveReport};

impl GameService {
    /// Plays `notation` (lenient: `11-15`, `22x13`, `22x15x6` ...) for
    /// `user` in the live game of `channel`.
    ///
    /// `seen_ply` is the ply of the position the user was looking at, if
    /// known: when the game has moved on since, the move is refused with
    /// [`GameError::PositionChanged`], so a repeated click never plays twice.
    /// A move that ends the game (by the rules) stores the result with it.
    pub async fn play(
        &self,
        now: i64,
        channel: u64,
        user: u64,
        notation: &str,
        seen_ply: Option<u32>,
    ) -> Result<MoveReport, GameError> {
        let _ = (now, channel, user, notation, seen_ply);
        todo!()
    }

    /// `user` resigns the live game of `channel`; their opponent wins.
    pub async fn resign(&self, now: i64, channel: u64, user: u64) -> Result<GameView, GameError> {
        let _ = (now, channel, user);
        todo!()
    }
}
