//! `damas check`: what Discord says of the bot's token, and of its
//! permissions in the channels where it has games, for an operator whose
//! bot is silent. Read-only: every call is a GET.

use serenity::all::{Channel, Permissions};

use crate::config::Config;
use crate::discord::messages::deliver::CALL_TIMEOUT;
use crate::discord::rest::{Failure, Lane, Rest};

/// What the bot needs in a channel: see messages, post, attach the board
/// pictures, open a thread for each game and talk in it.
pub const NEEDED: Permissions = Permissions::VIEW_CHANNEL
    .union(Permissions::SEND_MESSAGES)
    .union(Permissions::ATTACH_FILES)
    .union(Permissions::CREATE_PUBLIC_THREADS)
    .union(Permissions::SEND_MESSAGES_IN_THREADS);

/// Who the token belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenFacts {
    /// The bot user's name.
    pub bot_name: String,
    /// The bot user's id.
    pub bot_id: u64,
    /// The application's id (for the invite link).
    pub application_id: u64,
}

/// The bot's standing in one channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelStanding {
    /// It has every permission it needs.
    Ready,
    /// These of [`NEEDED`] are missing.
    Missing(Permissions),
    /// The bot is no longer in the server.
    NotInServer,
    /// The channel is gone (or the bot cannot even see that it exists).
    Unknown,
    /// Discord did not answer.
    Failed(String),
}

/// Asks Discord who the token is; `Err` with one sentence when it is
/// rejected or Discord cannot be reached.
pub async fn check_token(rest: &Rest) -> Result<TokenFacts, String> {
    let me = rest.current_user(CALL_TIMEOUT).await.map_err(token_failure)?;
    let app = rest.application_info(CALL_TIMEOUT).await.map_err(token_failure)?;
    Ok(TokenFacts { bot_name: me.name.clone(), bot_id: me.id.get(), application_id: app.id.get() })
}

fn token_failure(e: Failure) -> String {
    match e {
        Failure::Status(401, _) => "Discord rejected the token".to_string(),
        e => format!("Discord could not be asked: {e}"),
    }
}

/// The bot's permissions in each of `channels` ((server, channel) pairs),
/// from the server's roles, the bot's roles and the channel's overwrites,
/// as Discord works them out.
pub async fn check_channels(rest: &Rest, bot: u64, channels: &[(u64, u64)]) -> Vec<((u64, u64), ChannelStanding)> {
    let mut out = Vec::with_capacity(channels.len());
    let mut servers = std::collections::HashMap::new();
    for &(guild, channel) in channels {
        if let std::collections::hash_map::Entry::Vacant(entry) = servers.entry(guild) {
            let server = async {
                Ok::<_, Failure>((
                    rest.guild(guild, Lane::Prompt, CALL_TIMEOUT).await?,
                    rest.member(guild, bot, Lane::Prompt, CALL_TIMEOUT).await?,
                ))
            };
            entry.insert(server.await);
        }
        let standing = match &servers[&guild] {
            Err(Failure::Status(403 | 404, _)) => ChannelStanding::NotInServer,
            Err(e) => ChannelStanding::Failed(e.to_string()),
            Ok((server, member)) => match rest.channel(channel, Lane::Prompt, CALL_TIMEOUT).await {
                Ok(Channel::Guild(c)) => {
                    let missing = NEEDED - server.user_permissions_in(&c, member);
                    if missing.is_empty() { ChannelStanding::Ready } else { ChannelStanding::Missing(missing) }
                }
                Ok(_) => ChannelStanding::Unknown,
                Err(Failure::Status(403 | 404, _)) => ChannelStanding::Unknown,
                Err(e) => ChannelStanding::Failed(e.to_string()),
            },
        };
        out.push(((guild, channel), standing));
    }
    out
}

/// The link that invites the bot to `guild` with every permission it needs.
pub fn invite_link(application_id: u64, guild: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot+applications.commands&permissions={}&guild_id={guild}",
        NEEDED.bits()
    )
}

/// The REST client of `config` (its token, and its proxy when set).
pub fn rest_for(config: &Config) -> Rest {
    super::discord_rest(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_what_the_readme_asks_for() {
        assert_eq!(NEEDED.bits(), 309_237_681_152);
        assert!(invite_link(12, 34).ends_with("permissions=309237681152&guild_id=34"));
    }
}
