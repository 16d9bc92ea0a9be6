//! A server's name, for what the bot draws itself (the rating chart's
//! title). The bot keeps no gateway cache, so it asks Discord
//! (`GET /guilds/{id}`) and keeps the answer a while: a server's every
//! `/rating` would otherwise cost a call against the global limit. The name
//! is a nicety: it is asked for briefly, and only while the global limit
//! lets the call go at once; otherwise the chart goes without it and the
//! name is asked in the background, paced, for the server's next chart.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use crate::discord::messages::deliver::repeatable_within;
use crate::discord::rest::{Failure, Lane, Rest};

/// How long the name is waited for, retries included: well inside the
/// time before an answer must be deferred.
pub const NAME_PATIENCE: Duration = Duration::from_millis(1200);
/// How long a name asked in the background may wait for Discord's limits.
const LATER_PATIENCE: Duration = Duration::from_secs(60);
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

/// The server names this process has asked Discord for, and the servers
/// whose name is being asked in the background. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct ServerNames(Arc<Mutex<Names>>);

#[derive(Debug, Default)]
struct Names {
    kept: HashMap<u64, Kept>,
    asking: HashSet<u64>,
}

impl ServerNames {
    /// Server `guild`'s name: kept, or asked of Discord; `None` if Discord
    /// did not give it in time (lately), or if asking now would wait for
    /// Discord's global limit (then it is asked in the background, paced,
    /// for the next chart).
    pub async fn name(&self, rest: &Rest, guild: u64) -> Option<String> {
        if let Some(known) = self.known(guild) {
            return known;
        }
        if !rest.limiter().would_go_now(Lane::Prompt) {
            self.ask_later(rest, guild);
            return None;
        }
        let asked = ask(rest, guild, Lane::Prompt, NAME_PATIENCE).await;
        self.keep(guild, asked)
    }

    /// Asks for `guild`'s name in a task of its own, once at a time.
    fn ask_later(&self, rest: &Rest, guild: u64) {
        if !self.lock().asking.insert(guild) {
            return;
        }
        let (names, rest) = (self.clone(), rest.clone());
        tokio::spawn(async move {
            let asked = ask(&rest, guild, Lane::Paced, LATER_PATIENCE).await;
            names.keep(guild, asked);
            names.lock().asking.remove(&guild);
        });
    }

    /// Keeps what Discord answered for `guild` as long as it is good for,
    /// and returns the name.
    fn keep(&self, guild: u64, asked: Result<String, Failure>) -> Option<String> {
        let (name, kept) = match asked {
            Ok(name) => (Some(name), NAME_KEPT),
            Err(Failure::Status(404, _)) => (None, UNKNOWN_KEPT),
            Err(_) => return None,
        };
        let mut names = self.lock();
        let now = Instant::now();
        if names.kept.len() >= NAMES_KEPT {
            names.kept.retain(|_, (_, until)| *until > now);
            if names.kept.len() >= NAMES_KEPT {
                names.kept.clear();
            }
        }
        names.kept.insert(guild, (name.clone(), now + kept));
        name
    }

    /// The name kept for `guild`, if it is still fresh (`Some(None)`:
    /// Discord said lately that it does not know the server).
    fn known(&self, guild: u64) -> Option<Option<String>> {
        let names = self.lock();
        names.kept.get(&guild).filter(|(_, until)| *until > Instant::now()).map(|(name, _)| name.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Names> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

async fn ask(rest: &Rest, guild: u64, lane: Lane, patience: Duration) -> Result<String, Failure> {
    let asked = repeatable_within("read a server's name", patience, |limit| rest.guild(guild, lane, limit)).await;
    if let Err(e) = &asked {
        tracing::info!(guild, error = %e, "could not read the server's name; the chart says \"this server\"");
    }
    Ok(asked?.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::rest::route::Route;

    /// With the global limit used up, a chart does not wait for its title:
    /// the name is asked in the background, once however many charts ask.
    #[tokio::test]
    async fn a_name_that_would_wait_is_asked_in_the_background() {
        // Nothing listens there: no call is answered, none is needed.
        let rest = Rest::new("token", Some("http://127.0.0.1:9"), 1);
        let names = ServerNames::default();
        let ticket = rest.limiter().admit(&Route::of("GET", "/guilds/1"), Lane::Prompt, None).await;
        drop(ticket);
        assert!(!rest.limiter().would_go_now(Lane::Prompt), "the second's one call is used");
        assert_eq!(names.name(&rest, 2).await, None);
        assert_eq!(names.name(&rest, 2).await, None);
        assert_eq!(names.lock().asking.iter().copied().collect::<Vec<_>>(), vec![2], "asked once, in the background");
        assert!(names.lock().kept.is_empty());
    }
}
