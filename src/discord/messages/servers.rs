//! A server's name, for what the bot draws itself (the rating chart's
//! title). The bot keeps no gateway cache, so it asks Discord
//! (`GET /guilds/{id}`); the name is a nicety, so it is asked for briefly
//! and done without when it does not come.

use std::time::Duration;

use crate::discord::messages::deliver::repeatable_within;
use crate::discord::rest::{Lane, Rest};

/// How long the name is waited for, retries included: well inside the
/// time before an answer must be deferred.
pub const NAME_PATIENCE: Duration = Duration::from_millis(1200);

/// Server `guild`'s name, or `None` if Discord does not give it in time.
pub async fn server_name(rest: &Rest, guild: u64) -> Option<String> {
    let asked =
        repeatable_within("read a server's name", NAME_PATIENCE, |limit| rest.guild(guild, Lane::Prompt, limit)).await;
    match asked {
        Ok(server) => Some(server.name),
        Err(e) => {
            tracing::info!(guild, error = %e, "could not read the server's name; the chart says \"this server\"");
            None
        }
    }
}
