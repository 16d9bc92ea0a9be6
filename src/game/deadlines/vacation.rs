//! Vacation: each player has a number of vacation days per server per
//! calendar year (UTC; a server setting, [`DEFAULT_VACATION_DAYS`] unless
//! changed, 0 turns vacation off). While a player is away, the clock of
//! every live game of theirs in the server where they are to move stands
//! still - also of a game that reaches them while they are away - and no
//! reminder or loss on time comes for it. Each opponent is told once per
//! game, until when at most. The vacation ends by `/vacation end`, by the
//! player's first move, or when the days they had left run out (the clock
//! then runs again and they are told as they chose with `/notify`); each
//! of those games' deadline and reminder then move by the time its clock
//! stood still, exactly once however many processes run.
//!
//! Days are counted in whole days: every day begun counts as one, so a
//! vacation ended within its first 24 hours uses one day, one of 24 hours
//! and a minute two. They count against the calendar year the vacation
//! started in.
//!
//! A tournament (none exist yet) that forbids vacation would refuse it in
//! [`Deadlines::start_vacation`], before anything is written, and leave
//! its games out of the clock's pause; that is the one place to add it.

use super::Deadlines;
use super::pause::stopped_by;
use super::weekends::Weekends;
use crate::calendar::Date;
use crate::game::{DAY, GameError, MoveClock};
use crate::store::{PlayerClock, VacationEnd, VacationEndOutcome, VacationOverNotice, VacationRow};

/// Vacation days a year a server gives each player unless it says otherwise.
pub const DEFAULT_VACATION_DAYS: u32 = 14;
/// The most vacation days a year a server may give.
pub const MAX_VACATION_DAYS: u32 = 60;

/// A player's vacation in a server, as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// Days a year the server gives (0: vacation is off).
    pub allowance: u32,
    /// Days left this year, not counting the vacation under way.
    pub days_left: u32,
    /// While away: since when, and the time their days run out by.
    pub away: Option<Away>,
}

/// A vacation under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Away {
    /// When it started (unix seconds).
    pub since: i64,
    /// When it ends at the latest: the days left at its start run out.
    pub until: i64,
}

/// A vacation that was ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VacationEnded {
    /// Days it used.
    pub days_used: u32,
    /// Days left this year afterwards.
    pub days_left: u32,
    /// Games whose deadlines moved (where the player is to move).
    pub games: usize,
}

/// The days a vacation from `since` to `end` uses: every day begun counts.
pub fn days_counted(since: i64, end: i64) -> u32 {
    let seconds = (end - since).max(1);
    u32::try_from((seconds + DAY - 1) / DAY).unwrap_or(u32::MAX)
}

/// When the clock of a game paused by a vacation begun at `since` stopped:
/// at the start of the vacation, or at the move that made it the player's
/// turn if that came later.
fn stopped_at(clock: &PlayerClock, since: i64) -> i64 {
    since.max(clock.last_move_at)
}

/// How many times ending a vacation reads its games again when moves keep
/// landing between the read and the write.
const END_ATTEMPTS: usize = 8;

/// The calendar year (UTC) of unix time `now`.
fn year_of(now: i64) -> i64 {
    Date::of_unix(now).year
}

/// Days left in the year of `now` of `allowance`, after what `row` used.
fn days_left(allowance: u32, row: Option<&VacationRow>, now: i64) -> u32 {
    let used = row.filter(|r| r.days_year == year_of(now)).map_or(0, |r| r.days_used);
    allowance.saturating_sub(used)
}

impl Deadlines<'_> {
    /// The vacation days a year server `guild` gives each player.
    pub async fn vacation_days(self, guild: u64) -> Result<u32, GameError> {
        Ok(self.store.vacation_days(guild).await?)
    }

    /// Sets the vacation days a year of server `guild` (0 to
    /// [`MAX_VACATION_DAYS`]; 0 turns vacation off); only for those who
    /// manage the server. A vacation under way keeps the end it was given.
    pub async fn set_vacation_days(
        self,
        now: i64,
        guild: u64,
        days: i64,
        manages_server: bool,
    ) -> Result<(), GameError> {
        if !manages_server {
            return Err(GameError::NotServerManager);
        }
        let days = u32::try_from(days)
            .ok()
            .filter(|d| *d <= MAX_VACATION_DAYS)
            .ok_or(GameError::VacationDaysOutOfRange(days))?;
        Ok(self.store.set_vacation_days(guild, days, now).await?)
    }

    /// `user`'s vacation in `guild` at `now`.
    pub async fn vacation(self, now: i64, guild: u64, user: u64) -> Result<Vacation, GameError> {
        let allowance = self.store.vacation_days(guild).await?;
        let row = self.store.vacation(guild, user).await?;
        Ok(Vacation {
            allowance,
            days_left: days_left(allowance, row.as_ref(), now),
            away: row.and_then(|r| r.away).map(|(since, until)| Away { since, until }),
        })
    }

    /// `user` goes on vacation in `guild` at `now`, until their days left
    /// this year run out at the latest. Refused when the server gives no
    /// vacation days, when they are away already, and when no day is left.
    pub async fn start_vacation(self, now: i64, guild: u64, user: u64) -> Result<Vacation, GameError> {
        let before = self.vacation(now, guild, user).await?;
        if before.allowance == 0 {
            return Err(GameError::VacationOff);
        }
        if before.away.is_some() {
            return Err(GameError::AlreadyOnVacation);
        }
        if before.days_left == 0 {
            return Err(GameError::NoVacationDaysLeft);
        }
        // (A tournament forbidding vacation would refuse here.)
        match self.store.start_vacation(guild, user, year_of(now), before.allowance, now).await? {
            Some(until) => {
                // Their opponents are told now; after a crash, at the next tick.
                self.tell_reached_away(Some((guild, user)), now).await?;
                Ok(Vacation { away: Some(Away { since: now, until }), ..before })
            }
            // Another command got there first: say what stands now.
            None => {
                let after = self.vacation(now, guild, user).await?;
                Err(if after.away.is_some() { GameError::AlreadyOnVacation } else { GameError::NoVacationDaysLeft })
            }
        }
    }

    /// `user` ends their vacation in `guild` at `now` (`/vacation end`).
    pub async fn end_vacation(self, now: i64, guild: u64, user: u64) -> Result<VacationEnded, GameError> {
        let allowance = self.store.vacation_days(guild).await?;
        let row = self.store.vacation(guild, user).await?;
        let Some((since, until)) = row.and_then(|r| r.away) else { return Err(GameError::NotOnVacation) };
        let days = days_counted(since, now.min(until));
        let Some(games) = self.end_at(guild, user, (since, until), now.min(until), false, now).await? else {
            return Err(GameError::NotOnVacation);
        };
        let row = self.store.vacation(guild, user).await?;
        Ok(VacationEnded { days_used: days, days_left: days_left(allowance, row.as_ref(), now), games })
    }

    /// Ends `user`'s vacation `away` (its start and end as read) in `guild`
    /// at `end`: every game whose clock stood still gets its deadline and
    /// reminder moved by the time it stood still. With `ran_out` (their days
    /// ran out) they are told: by direct message if they chose them and
    /// their messages are open, else in each of those games. Returns how
    /// many games moved; `None` when that vacation was ended already.
    async fn end_at(
        self,
        guild: u64,
        user: u64,
        away: (i64, i64),
        end: i64,
        ran_out: bool,
        now: i64,
    ) -> Result<Option<usize>, GameError> {
        let notice = if !ran_out {
            VacationOverNotice::Nobody
        } else if self.store.player_settings(guild, user).await?.notify.wants_deadline_dms()
            && !self.store.dms_closed(user).await?
        {
            VacationOverNotice::ByDirectMessage
        } else {
            VacationOverNotice::InEachGame
        };
        let days = days_counted(away.0, end);
        for _ in 0..END_ATTEMPTS {
            let read = self.store.clocks_to_move(guild, user).await?;
            let moved: Vec<(PlayerClock, (i64, i64))> = read
                .iter()
                .filter(|clock| stopped_by(away.0, clock.tournament_vacation, clock.deadline))
                .map(|read| {
                    let weekends = Weekends::of(read.weekends_zone.as_deref());
                    let clock = MoveClock { deadline: read.deadline, remind_at: read.remind_at }.resumed(
                        &weekends,
                        stopped_at(read, away.0),
                        end.max(stopped_at(read, away.0)),
                    );
                    (read.clone(), (clock.deadline, clock.remind_at))
                })
                .collect();
            let plan = VacationEnd { guild, user, away, days, read: &read, moved: &moved, notice, now };
            match self.store.end_vacation(&plan).await? {
                VacationEndOutcome::Ended => return Ok(Some(moved.len())),
                VacationEndOutcome::EndedAlready => return Ok(None),
                VacationEndOutcome::ClocksChanged => {}
            }
        }
        Err(GameError::PositionChanged)
    }

    /// Ends `user`'s vacation in `guild`, if they are away: they moved.
    pub(in crate::game) async fn back_from_vacation(
        self,
        now: i64,
        guild: u64,
        user: u64,
    ) -> Result<Option<VacationEnded>, GameError> {
        match self.end_vacation(now, guild, user).await {
            Ok(ended) => Ok(Some(ended)),
            Err(GameError::NotOnVacation) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Ends every vacation whose days ran out by `now`, at the moment they
    /// ran out (also while the bot was down), and tells each player; then
    /// tells the opponents of the games that reached a player away. Part
    /// of [`Deadlines::claim_due`], before the losses on time.
    pub(in crate::game) async fn claim_vacations(self, now: i64) -> Result<(), GameError> {
        for (guild, user, since, until) in self.store.vacations_run_out(now).await? {
            // `None`: another process ended it first.
            self.end_at(guild, user, (since, until), until, true, now).await?;
        }
        self.tell_reached_away(None, now).await
    }

    /// Tells the opponent, once a game, of each game that reached a player
    /// away on vacation (`only` that one, if given) while its clock stands
    /// still, through the outbox.
    async fn tell_reached_away(self, only: Option<(u64, u64)>, now: i64) -> Result<(), GameError> {
        let mut reached = self.store.games_reaching_players_away(only).await?;
        reached.retain(|r| !r.against_bot && stopped_by(r.away_since, r.tournament_vacation, r.deadline));
        self.store.tell_reached_away(&reached, now).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_day_begun_counts() {
        assert_eq!(days_counted(0, 0), 1, "a vacation ended at once uses a day");
        assert_eq!(days_counted(0, 60), 1);
        assert_eq!(days_counted(0, DAY), 1);
        assert_eq!(days_counted(0, DAY + 1), 2);
        assert_eq!(days_counted(100, 100 + 14 * DAY), 14);
    }

    #[test]
    fn days_count_in_the_year_they_were_used() {
        let jan_2026 = 1_767_225_600;
        assert_eq!(year_of(jan_2026), 2026);
        assert_eq!(year_of(jan_2026 - 1), 2025);
        let row = VacationRow { days_year: 2025, days_used: 10, away: None };
        assert_eq!(days_left(14, Some(&row), jan_2026 - 1), 4);
        assert_eq!(days_left(14, Some(&row), jan_2026), 14, "a new year, all days again");
        assert_eq!(days_left(5, Some(&row), jan_2026 - 1), 0, "fewer days given than used");
        assert_eq!(days_left(14, None, jan_2026), 14);
    }
}
