//! A server's name, for what the bot draws itself (the rating chart's
//! title). The bot keeps no gateway cache, so it asks Discord
//! (`GET /guilds/{id}`) and keeps the answer a while: a server's every
//! `/rating` would otherwise cost a call against the global limit. The name
//! is a nicety, so it is asked for briefly and done without when it does
//! not come.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use crate::discord::messages::deliver::repeatable_within;
use crate::discord::rest::{Failure, Lane, Rest};

/// How long the name is waited for, retries included: well inside the
/// time before an answer must be deferred.
pub const NAME_PATIENCE: Duration = Duration::from_millis(1200);
/// How long a name Discord gave is used before it is asked again (a
/// renamed server shows its new name on charts within this time).
pub const NAME_KEPT: Duration = Duration::from_secs(3600);
/// How long the bot does without the name of a server Discord says it does
/// not know (404) before it asks again. Other failures (a refusal, an
/// outage, the limits) are not kept: the next chart asks again.
pub const UNKNOWN_KEPT: Duration = Duration::from_secs(300);
/// Names kept at most; past it the expired ones go, then all (they are
/// asked again as needed).
const NAMES_KEPT: usize = 20_000;

/// A server's name as Discord last gave it (`None`: unknown to Discord),
/// and until when it is used.
type Kept = (Option<String>, Instant);

/// The server names this process has asked Discord for. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct ServerNames(Arc<Mutex<HashMap<u64, Kept>>>);

impl ServerNames {
    /// Server `guild`'s name: kept, or asked of Discord; `None` if Discord
    /// did not give it in time (lately).
    pub async fn name(&self, rest: &Rest, guild: u64) -> Option<String> {
        if let Some(known) = self.known(guild) {
            return known;
        }
        let (name, kept) = match ask(rest, guild).await {
            Ok(name) => (Some(name), NAME_KEPT),
            Err(Failure::Status(404, _)) => (None, UNKNOWN_KEPT),
            Err(_) => return None,
        };
        let mut names = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if names.len() >= NAMES_KEPT {
            names.retain(|_, (_, until)| *until > now);
            if names.len() >= NAMES_KEPT {
                names.clear();
            }
        }
        names.insert(guild, (name.clone(), now + kept));
        name
    }

    /// The name kept for `guild`, if it is still fresh (`Some(None)`:
    /// Discord said lately that it does not know the server).
    fn known(&self, guild: u64) -> Option<Option<String>> {
        let names = self.0.lock().unwrap_or_else(|e| e.into_inner());
        names.get(&guild).filter(|(_, until)| *until > Instant::now()).map(|(name, _)| name.clone())
    }
}

async fn ask(rest: &Rest, guild: u64) -> Result<String, Failure> {
    let asked =
        repeatable_within("read a server's name", NAME_PATIENCE, |limit| rest.guild(guild, Lane::Prompt, limit)).await;
    if let Err(e) = &asked {
        tracing::info!(guild, error = %e, "could not read the server's name; the chart says \"this server\"");
    }
    Ok(asked?.name)
}
