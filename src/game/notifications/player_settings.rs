//! What each player chooses for themselves in a server: how the bot
//! reaches them (`/notify`) and whether their moves wait for a Confirm
//! (`/settings confirm-moves`).

use super::Notifications;
use crate::game::{DAY, GameError};
use crate::store::{NotifyMode, PlayerSettings};

/// The digest's hour when a player does not pick one (UTC).
pub const DEFAULT_DIGEST_HOUR: u32 = 18;

/// The first time at or after `now` whose hour (UTC) is `hour`, on the hour.
pub fn next_hour_at(now: i64, hour: u32) -> i64 {
    let day_start = now - now.rem_euclid(DAY);
    let at = day_start + i64::from(hour % 24) * 3600;
    if at > now { at } else { at + DAY }
}

impl Notifications<'_> {
    /// Player `user`'s choices in server `guild`.
    pub async fn player_settings(self, guild: u64, user: u64) -> Result<PlayerSettings, GameError> {
        Ok(self.store.player_settings(guild, user).await?)
    }

    /// Sets how the bot reaches `user` in `guild` (`locale`: the language
    /// their direct messages are written in). A digest comes at `hour`
    /// (UTC, [`DEFAULT_DIGEST_HOUR`] without one); the time of the first
    /// one is returned.
    pub async fn set_notify(
        self,
        now: i64,
        guild: u64,
        user: u64,
        mode: NotifyMode,
        hour: Option<u32>,
        locale: &str,
    ) -> Result<Option<i64>, GameError> {
        let digest = (mode == NotifyMode::Digest).then(|| {
            let hour = hour.unwrap_or(DEFAULT_DIGEST_HOUR).min(23);
            (hour, next_hour_at(now, hour))
        });
        self.store.set_notify(guild, user, mode, digest, locale, now).await?;
        Ok(digest.map(|(_, at)| at))
    }

    /// Turns the confirmation of `user`'s moves in `guild` on or off.
    pub async fn set_confirm_moves(
        self,
        now: i64,
        guild: u64,
        user: u64,
        on: bool,
        locale: &str,
    ) -> Result<(), GameError> {
        Ok(self.store.set_confirm_moves(guild, user, on, locale, now).await?)
    }

    /// Whether `user`'s moves in `guild` wait for a Confirm (never outside a server).
    pub async fn confirms_moves(self, guild: Option<u64>, user: u64) -> Result<bool, GameError> {
        match guild {
            Some(guild) => Ok(self.store.player_settings(guild, user).await?.confirm_moves),
            None => Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_hour_is_today_or_tomorrow() {
        let midnight = 20_000 * DAY;
        assert_eq!(next_hour_at(midnight, 18), midnight + 18 * 3600);
        assert_eq!(next_hour_at(midnight + 18 * 3600, 18), midnight + DAY + 18 * 3600, "not the same instant");
        assert_eq!(next_hour_at(midnight + 19 * 3600, 18), midnight + DAY + 18 * 3600);
        assert_eq!(next_hour_at(midnight + 5, 0), midnight + DAY);
    }
}
