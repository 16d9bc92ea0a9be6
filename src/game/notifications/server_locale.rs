//! Each server's locale: the language of what the bot posts there on its
//! own (clock announcements, its moves), kept from the last interaction.

use super::Notifications;
use crate::game::GameError;

/// The longest locale code kept (Discord's are at most 6 characters).
const MAX_LOCALE_LEN: usize = 16;

impl Notifications<'_> {
    /// Remembers `locale` (a Discord locale code such as `es-ES`) as server
    /// `guild`'s. An implausible code is ignored.
    pub async fn remember_server_locale(self, guild: u64, locale: &str, now: i64) -> Result<(), GameError> {
        let plausible = (2..=MAX_LOCALE_LEN).contains(&locale.len())
            && locale.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if plausible {
            self.store.set_server_locale(guild, locale, now).await?;
        }
        Ok(())
    }

    /// Server `guild`'s locale, if one is known (none in a direct message).
    pub async fn server_locale(self, guild: Option<u64>) -> Result<Option<String>, GameError> {
        match guild {
            Some(guild) => Ok(self.store.server_locale(guild).await?),
            None => Ok(None),
        }
    }
}
