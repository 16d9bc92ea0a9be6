//! How busy the bot is, for the operator's metrics.

use super::{GameError, GameService};

impl GameService {
    /// The live games, and the moves stored in the 60 seconds up to `now`,
    /// over the whole database (every process that shares it).
    pub async fn activity(&self, now: i64) -> Result<(u64, u64), GameError> {
        Ok(self.store.activity(now - 60).await?)
    }
}
