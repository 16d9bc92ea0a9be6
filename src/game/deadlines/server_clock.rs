//! A server's clock settings (its time zone, and whether its games take
//! weekends off by default), and the one place that decides the time
//! control of a new challenge, game against the bot or tournament.

use super::Deadlines;
use super::time_control::PER_MOVE_DAYS;
use super::weekends::known_zone;
use crate::game::GameError;
use crate::store::{Allowance, ServerClock, TimeControl};

/// Days per move when a challenge does not say.
pub const DEFAULT_DAYS_PER_MOVE: u32 = 3;

/// What a new game's clock was asked for: each part `None` when not said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockRequest {
    /// Days per move (the `days` option).
    pub days_per_move: Option<u32>,
    /// A written time control (the `time` option), read already.
    pub allowance: Option<Allowance>,
    /// Weekends off or not; `None`: as the server says.
    pub weekends_off: Option<bool>,
}

impl Deadlines<'_> {
    /// Server `guild`'s clock settings.
    pub async fn server_clock(self, guild: u64) -> Result<ServerClock, GameError> {
        Ok(self.store.server_clock(guild).await?)
    }

    /// Sets server `guild`'s time zone (`Some(None)`: back to UTC; a name
    /// the zone database does not know is refused) and its weekends
    /// default; only for those who manage it. Games already started keep
    /// the zone they started with.
    pub async fn set_server_clock(
        self,
        now: i64,
        guild: u64,
        time_zone: Option<Option<&str>>,
        weekends_off: Option<bool>,
        manages_server: bool,
    ) -> Result<ServerClock, GameError> {
        if !manages_server {
            return Err(GameError::NotServerManager);
        }
        let zone = match time_zone {
            Some(Some(name)) => {
                Some(Some(known_zone(name).ok_or_else(|| GameError::UnknownTimeZone(name.to_string()))?))
            }
            Some(None) => Some(None),
            None => None,
        };
        self.store.set_server_clock(guild, zone.as_ref().map(|z| z.as_deref()), weekends_off, now).await?;
        self.server_clock(guild).await
    }

    /// The time control of a new game in `guild` (none outside a server),
    /// checked: days per move or a written control, not both (days per
    /// move, [`DEFAULT_DAYS_PER_MOVE`], when neither); weekends off as
    /// asked or as the server says, in the server's time zone (UTC unless
    /// set; outside a server only UTC).
    pub(in crate::game) async fn time_control(
        self,
        guild: Option<u64>,
        asked: ClockRequest,
    ) -> Result<TimeControl, GameError> {
        let allowance = match (asked.days_per_move, asked.allowance) {
            (Some(_), Some(_)) => return Err(GameError::TimeControlTwice),
            (Some(days), None) if !PER_MOVE_DAYS.contains(&days) => return Err(GameError::DaysOutOfRange(days)),
            (Some(days), None) => Allowance::PerMove { days },
            (None, Some(allowance)) => allowance,
            (None, None) => Allowance::PerMove { days: DEFAULT_DAYS_PER_MOVE },
        };
        let server = match guild {
            Some(guild) => self.server_clock(guild).await?,
            None => ServerClock::default(),
        };
        let weekends_zone = asked
            .weekends_off
            .unwrap_or(server.weekends_off)
            .then(|| server.time_zone.unwrap_or_else(|| "UTC".to_string()));
        Ok(TimeControl { allowance, weekends_zone })
    }
}
