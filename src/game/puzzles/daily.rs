//! The daily puzzle: a server that chose a channel gets one puzzle a day
//! there at its hour (in the server's time zone, UTC when none is set),
//! preferably from its own recent games. The day's row is inserted by one
//! process (its key is the server and the local day), so however many
//! processes run, one posts it; its post is leased until its message is
//! known, so a process that stopped before hearing back leaves it to
//! another. Once the next day has begun its message shows the solution. A
//! server is never given a puzzle kin to one of its last [`KIN_DAYS`] days
//! (the same line again, or the tail of one).

use jiff::Timestamp;
use jiff::tz::TimeZone;

use super::Puzzles;
use super::play::{Shown, StoredPuzzle, play_of};
use crate::engine::puzzle_kin::Solution;
use crate::game::GameError;
use crate::store::{DailyPuzzleRow, PuzzleRecord, PuzzleServer};

/// How long one process may take to post a daily puzzle before another
/// tries (seconds).
pub const DAILY_LEASE: i64 = 120;

/// Posts of one daily puzzle tried at most, then given up.
pub const DAILY_ATTEMPTS: u32 = 10;

/// Servers whose daily puzzle is worked out in one go (and posts leased):
/// a storm of them goes out batch after batch, each leased just before it
/// is posted.
pub const DAILY_BATCH: i64 = 50;

/// The local day (days since 1970-01-01) and hour at `now` in zone `zone`
/// (an IANA name; UTC when none or unknown).
pub fn local_day_and_hour(zone: Option<&str>, now: i64) -> (i64, u32) {
    let Ok(at) = Timestamp::from_second(now) else { return (now.div_euclid(86_400), 0) };
    let local = at.to_zoned_datetime(zone_of(zone));
    let day = i64::from((local.date() - EPOCH).get_days());
    (day, u32::try_from(local.hour()).unwrap_or(0))
}

/// The instant (unix seconds) when local day `day` reaches hour `hour` in
/// zone `zone`; an hour a clock change skips is the first after it.
pub fn local_instant(zone: Option<&str>, day: i64, hour: u32) -> i64 {
    let date = i32::try_from(day).ok().and_then(|d| EPOCH.checked_add(jiff::Span::new().days(d)).ok());
    let hour = i8::try_from(hour.min(23)).unwrap_or(0);
    match date.map(|date| zone_of(zone).to_timestamp(date.at(hour, 0, 0, 0))) {
        Some(Ok(at)) => at.as_second(),
        _ => day * 86_400 + i64::from(hour) * 3_600,
    }
}

const EPOCH: jiff::civil::Date = jiff::civil::date(1970, 1, 1);

/// How many days back a server's daily puzzles keep their kin away.
pub const KIN_DAYS: i64 = 30;

/// The candidates for a daily puzzle read at a time (the first is nearly
/// always taken).
const CANDIDATES_AT_ONCE: i64 = 16;

/// A stored puzzle's solution, for its kinship; `None` if it cannot be
/// read (it is then never chosen).
fn solution_of(record: &PuzzleRecord) -> Option<Solution> {
    match StoredPuzzle::read(record) {
        Ok(puzzle) => Some(Solution::new(puzzle.start, &puzzle.line)),
        Err(e) => {
            tracing::warn!(puzzle = record.id, error = %e, "a stored puzzle cannot be read");
            None
        }
    }
}

fn zone_of(zone: Option<&str>) -> TimeZone {
    zone.and_then(|z| TimeZone::get(z).ok()).unwrap_or(TimeZone::UTC)
}

impl Puzzles<'_> {
    /// Sets where server `guild`'s daily puzzle goes (`None`: none) and at
    /// what local hour (unchanged when not given): for those who manage it.
    pub async fn set_daily(
        self,
        now: i64,
        guild: u64,
        channel: Option<Option<u64>>,
        hour: Option<i64>,
        manages_server: bool,
    ) -> Result<(), GameError> {
        if !manages_server {
            return Err(GameError::NotServerManager);
        }
        let hour = hour
            .map(|h| u32::try_from(h).ok().filter(|h| *h < 24).ok_or(GameError::PuzzleHourOutOfRange(h)))
            .transpose()?;
        if let Some(channel) = channel {
            self.store.set_puzzle_channel(guild, channel, now).await?;
        }
        if let Some(hour) = hour {
            self.store.set_puzzle_hour(guild, hour, now).await?;
        }
        Ok(())
    }

    /// Server `guild`'s daily puzzle channel (if any) and hour.
    pub async fn daily_setting(self, guild: u64) -> Result<(Option<u64>, u32), GameError> {
        Ok(self.store.puzzle_channel(guild).await?)
    }

    /// The daily puzzles to post at `now`: each server past its hour that
    /// has no puzzle for its local day gets one (claimed once, whoever
    /// asks), and those claimed before but never known posted whose lease
    /// ran out are taken up again (up to [`DAILY_ATTEMPTS`] tries each).
    /// Each is leased to the caller.
    ///
    /// Only the servers due are read (each server's next post is kept with
    /// its setting), at most [`DAILY_BATCH`] at a time: call again until
    /// it returns none.
    pub async fn daily_posts_due(self, now: i64) -> Result<Vec<DailyPuzzleRow>, GameError> {
        let mut due = self.store.lease_unposted_daily_puzzles(now, DAILY_LEASE, DAILY_ATTEMPTS).await?;
        for PuzzleServer { guild, channel, hour, time_zone } in self.store.puzzle_servers_due(now, DAILY_BATCH).await? {
            let zone = time_zone.as_deref();
            let (day, local_hour) = local_day_and_hour(zone, now);
            // Next due: today's hour if it has not come, else tomorrow's.
            let next_day = if local_hour < hour { day } else { day + 1 };
            if local_hour >= hour && self.store.daily_puzzle(guild, day).await?.is_none() {
                let reveal_at = local_instant(zone, day + 1, 0);
                let claimed = match self.daily_choice(guild, day).await? {
                    Some(puzzle) => {
                        self.store.claim_daily_puzzle(guild, day, puzzle, channel, now, DAILY_LEASE, reveal_at).await?
                    }
                    None => None,
                };
                match claimed {
                    Some(claimed) => due.push(claimed),
                    None => tracing::debug!(guild, day, "no daily puzzle claimed (another process did, or none left)"),
                }
            }
            self.store.set_puzzle_due(guild, local_instant(zone, next_day, hour)).await?;
        }
        Ok(due)
    }

    /// The puzzle server `guild` takes on `day`: the first in its order
    /// (see [`crate::store::Store::daily_candidates`]) that is kin to none of
    /// its daily puzzles of the last [`KIN_DAYS`] days (the same line, a
    /// part of one, or a position along one: [`crate::engine::puzzle_kin`]);
    /// `None` when none is left.
    async fn daily_choice(self, guild: u64, day: i64) -> Result<Option<i64>, GameError> {
        let recent = self.store.recent_daily_puzzles(guild, day - KIN_DAYS).await?;
        let recent: Vec<Solution> = recent.iter().filter_map(solution_of).collect();
        let mut skip = 0;
        loop {
            let page = self.store.daily_candidates(guild, skip, CANDIDATES_AT_ONCE).await?;
            let fresh = page.iter().find(|c| solution_of(c).is_some_and(|s| recent.iter().all(|r| !r.is_kin(&s))));
            if let Some(chosen) = fresh {
                return Ok(Some(chosen.id));
            }
            if (page.len() as i64) < CANDIDATES_AT_ONCE {
                return Ok(None);
            }
            skip += CANDIDATES_AT_ONCE;
        }
    }

    /// Server `guild`'s puzzle of local day `day` for `user`: where they
    /// stand in it if they were shown it before, else a new attempt. Once
    /// its day is over in the server's time zone (its solution out, or
    /// about to be) it is no longer played from its message.
    pub async fn daily_for(self, guild: u64, day: i64, user: u64, now: i64) -> Result<Shown, GameError> {
        let daily = self.store.daily_puzzle(guild, day).await?.ok_or(GameError::NoDailyPuzzle)?;
        if self.daily_is_over(guild, &daily, now).await? {
            return Err(GameError::DailyPuzzleRevealed);
        }
        let (attempt, new) = self.store.start_attempt(guild, user, daily.puzzle, Some(day), now).await?;
        Ok(Shown { play: play_of(attempt)?, resumed: !new })
    }

    /// Whether server `guild`'s daily puzzle `daily` is over at `now`: its
    /// solution shown, or its local day ended (the solution is about to be).
    async fn daily_is_over(self, guild: u64, daily: &DailyPuzzleRow, now: i64) -> Result<bool, GameError> {
        let zone = self.store.server_clock(guild).await?.time_zone;
        let (today, _) = local_day_and_hour(zone.as_deref(), now);
        Ok(daily.revealed || daily.day < today)
    }

    /// Whether an answer to server `guild`'s daily puzzle of `day` comes
    /// too late to count (see [`Puzzles::daily_is_over`]; a daily puzzle
    /// no longer stored is over too).
    pub(super) async fn daily_answer_too_late(self, guild: u64, day: i64, now: i64) -> Result<bool, GameError> {
        match self.store.daily_puzzle(guild, day).await? {
            Some(daily) => self.daily_is_over(guild, &daily, now).await,
            None => Ok(true),
        }
    }

    /// Records that server `guild`'s puzzle of `day` is posted as `message`.
    pub async fn daily_posted(self, guild: u64, day: i64, message: u64) -> Result<(), GameError> {
        Ok(self.store.set_daily_message(guild, day, message).await?)
    }

    /// The posted daily puzzles whose solution is due at `now` (their
    /// server's local day is over), at most [`DAILY_BATCH`]: call again
    /// (once those are revealed) until it returns none.
    pub async fn daily_reveals_due(self, now: i64) -> Result<Vec<DailyPuzzleRow>, GameError> {
        Ok(self.store.daily_puzzles_to_reveal(now, DAILY_BATCH).await?)
    }

    /// Records that the solution of server `guild`'s puzzle of `day` is
    /// shown; its attempts still open close, unrated.
    pub async fn daily_revealed(self, guild: u64, day: i64, now: i64) -> Result<(), GameError> {
        Ok(self.store.mark_daily_revealed(guild, day, now).await?)
    }

    /// Server `guild`'s puzzle of `day` and the puzzle itself, if any.
    pub async fn daily(self, guild: u64, day: i64) -> Result<Option<(DailyPuzzleRow, StoredPuzzle)>, GameError> {
        let Some(daily) = self.store.daily_puzzle(guild, day).await? else { return Ok(None) };
        let record = self
            .store
            .puzzle_record(daily.puzzle)
            .await?
            .ok_or_else(|| GameError::Corrupt(format!("daily puzzle {} is gone", daily.puzzle)))?;
        Ok(Some((daily, StoredPuzzle::read(&record)?)))
    }

    /// How many finished server `guild`'s puzzle of `day` from its message,
    /// and how many solved it.
    pub async fn daily_counts(self, guild: u64, day: i64) -> Result<(u32, u32), GameError> {
        Ok(self.store.daily_puzzle_counts(guild, day).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_local_day_turns_at_local_midnight() {
        // 2027-01-01 23:30 UTC: still the 1st in UTC, the 2nd in Madrid (UTC+1).
        let at = 1_798_846_200;
        let (utc_day, utc_hour) = local_day_and_hour(None, at);
        assert_eq!(utc_hour, 23);
        assert_eq!(local_day_and_hour(Some("Europe/Madrid"), at), (utc_day + 1, 0));
        assert_eq!(local_day_and_hour(Some("America/Mexico_City"), at), (utc_day, 17));
        assert_eq!(local_day_and_hour(Some("Nowhere/Unknown"), at), (utc_day, 23), "an unknown zone is UTC");
        assert_eq!(utc_day, 20_819);
    }
}
