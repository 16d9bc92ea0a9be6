//! The PDN record of a game (RULES 6.5).

use super::{GameError, GameService};

impl GameService {
    /// The PDN record of game `game_id`, live or finished.
    pub async fn pdn(&self, game_id: i64) -> Result<String, GameError> {
        let _ = game_id;
        todo!()
    }
}
