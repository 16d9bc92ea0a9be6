//! Finding a game of the server for its record or its summary: by number,
//! or the channel's live game, or else the last one that ended there.

use super::Records;
use crate::game::{GameError, GameView, convert};

impl Records<'_> {
    /// Game `number` of server `guild`; [`GameError::GameNotFound`] for an
    /// unknown number and for a game of another server (or of no server).
    pub async fn game_in_server(self, guild: Option<u64>, number: i64) -> Result<GameView, GameError> {
        let game = self.game_by_id(number).await?;
        if guild.is_none() || game.guild != guild {
            return Err(GameError::GameNotFound(number));
        }
        Ok(game)
    }

    /// The game a record is asked for: game `number` of the server if
    /// given; else the channel's live game, or the last one that finished
    /// in the channel ([`GameError::NoGameInChannel`] if none did).
    pub async fn game_for_record(
        self,
        guild: Option<u64>,
        channel: u64,
        number: Option<i64>,
    ) -> Result<GameView, GameError> {
        if let Some(number) = number {
            return self.game_in_server(guild, number).await;
        }
        if let Some(row) = self.store.live_game_in_channel(channel).await? {
            return convert::game_view(row);
        }
        match self.store.last_finished_game_in_channel(channel).await? {
            Some(row) => convert::game_view(row),
            None => Err(GameError::NoGameInChannel),
        }
    }
}
