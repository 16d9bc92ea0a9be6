//! Creating a tournament, signing up for it and leaving it, and the list
//! of a server's tournaments.

use super::Tournaments;
use super::{GameError, Tournament, max_players, min_players};
use crate::game::deadlines::server_clock::ClockRequest;
use crate::rules::{DrawRules, Variant};
use crate::store::{Allowance, JoinOutcome, NewTournamentRow, TournamentFormat, TournamentLine};

/// The longest tournament name, in characters.
pub const MAX_NAME: usize = 60;
/// The most rounds a Swiss may ask for (the players less one bind first).
const MAX_SWISS_ROUNDS: u32 = 127;
/// Tournaments to a page of `/tournaments`.
pub const TOURNAMENTS_PER_PAGE: u32 = 10;

/// A tournament's terms as its organiser gives them; what is left out
/// takes the usual default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTerms {
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: TournamentFormat,
    /// A Swiss's rounds (default: enough to find a winner, see
    /// [`super::start`]).
    pub rounds: Option<i64>,
    /// Days per move (1-14, default 3), or `time`.
    pub days: Option<i64>,
    /// A written time control instead (`time:`), read already.
    pub time: Option<Allowance>,
    /// Weekends off or not; `None`: as the server says.
    pub weekends_off: Option<bool>,
    /// The variant (default classic).
    pub variant: Option<Variant>,
    /// The draw rules (default classic).
    pub draw_rules: Option<DrawRules>,
    /// Whether its games count for ratings (default yes).
    pub rated: Option<bool>,
    /// The most entrants (default and most: 16 for a round-robin, 128 for
    /// a Swiss).
    pub max_players: Option<i64>,
    /// Whether a vacation stops its games' clocks (default yes).
    pub vacation: Option<bool>,
}

impl TournamentTerms {
    /// Terms with every default, for a tournament named `name`.
    pub fn new(name: &str, format: TournamentFormat) -> TournamentTerms {
        TournamentTerms {
            name: name.to_string(),
            format,
            rounds: None,
            days: None,
            time: None,
            weekends_off: None,
            variant: None,
            draw_rules: None,
            rated: None,
            max_players: None,
            vacation: None,
        }
    }
}

/// One page of a server's tournaments, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentsPage {
    /// Its lines.
    pub tournaments: Vec<TournamentLine>,
    /// This page, from 0.
    pub page: u32,
    /// How many pages there are (at least 1).
    pub pages: u32,
    /// How many tournaments in all.
    pub total: u32,
}

impl Tournaments<'_> {
    /// `organiser` creates a tournament in `channel` of server `guild` on
    /// `terms`; only those who manage the server or its events
    /// (`manages`) may. It takes entrants until it starts.
    pub async fn create_tournament(
        self,
        now: i64,
        guild: u64,
        channel: u64,
        organiser: u64,
        manages: bool,
        terms: TournamentTerms,
    ) -> Result<Tournament, GameError> {
        if !manages {
            return Err(GameError::NotTournamentManager);
        }
        let name = terms.name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(GameError::TournamentName(MAX_NAME));
        }
        let format = terms.format;
        let rounds_asked = match (terms.rounds, format) {
            (None, _) => None,
            (Some(_), TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin) => {
                return Err(GameError::RoundsForSwissOnly);
            }
            (Some(r), TournamentFormat::Swiss) => match u32::try_from(r) {
                Ok(r) if (1..=MAX_SWISS_ROUNDS).contains(&r) => Some(r),
                _ => return Err(GameError::RoundsOutOfRange(MAX_SWISS_ROUNDS)),
            },
        };
        let days_per_move = terms.days.map(|d| d.clamp(0, i64::from(u32::MAX)) as u32);
        let asked = ClockRequest { days_per_move, allowance: terms.time, weekends_off: terms.weekends_off };
        let time = self.deadlines().time_control(Some(guild), asked).await?;
        let (least, most) = (min_players(format), max_players(format));
        let max_players = match terms.max_players {
            None => most,
            Some(m) => match u32::try_from(m) {
                Ok(m) if (least..=most).contains(&m) => m,
                _ => return Err(GameError::MaxPlayersOutOfRange { least, most }),
            },
        };
        let row = NewTournamentRow {
            guild,
            channel,
            organiser,
            name,
            format,
            rounds_asked,
            time,
            variant: terms.variant.unwrap_or(Variant::Classic),
            draw_rules: terms.draw_rules.unwrap_or(DrawRules::Classic),
            rated: terms.rated.unwrap_or(true),
            max_players,
            vacation: terms.vacation.unwrap_or(true),
            created_at: now,
        };
        let id = self.store.create_tournament(&row).await?;
        self.tournament(id).await
    }

    /// Forgets tournament `id` when its message could not be posted and
    /// nobody has joined it: it was never seen.
    pub async fn forget_unposted_tournament(self, id: i64) -> Result<bool, GameError> {
        Ok(self.store.delete_unposted_tournament(id).await?)
    }

    /// `user` (named `name`; `is_bot` for a bot account) signs up for
    /// tournament `number` of `guild`.
    pub async fn join_tournament(
        self,
        now: i64,
        guild: Option<u64>,
        number: i64,
        user: u64,
        name: Option<&str>,
        is_bot: bool,
    ) -> Result<Tournament, GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        if is_bot {
            return Err(GameError::BotCannotJoin);
        }
        match self.store.join_tournament(t.id, user, name, now).await? {
            JoinOutcome::Joined => self.tournament(t.id).await,
            JoinOutcome::AlreadyIn => Err(GameError::AlreadyEntered),
            JoinOutcome::Full => Err(GameError::TournamentFull(t.max_players)),
            JoinOutcome::Closed => Err(GameError::SignupClosed),
        }
    }

    /// `user` leaves tournament `number` of `guild` before it starts (after
    /// the start they withdraw: [`Tournaments::withdraw_from_tournament`]).
    pub async fn leave_tournament(self, guild: Option<u64>, number: i64, user: u64) -> Result<Tournament, GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        if t.entrant(user).is_none() {
            return Err(GameError::NotEntered);
        }
        if t.started() || t.is_over() {
            return Err(GameError::LeaveAfterStart);
        }
        if !self.store.leave_tournament(t.id, user).await? {
            // It started (or they left) since it was read.
            return Err(match self.tournament(t.id).await? {
                t if t.started() => GameError::LeaveAfterStart,
                _ => GameError::NotEntered,
            });
        }
        self.tournament(t.id).await
    }

    /// Page `page` (from 0) of server `guild`'s tournaments, newest first.
    pub async fn tournaments_page(self, guild: u64, page: u32) -> Result<TournamentsPage, GameError> {
        let (_, total) = self.store.tournaments_page(guild, 0, 0).await?;
        let pages = total.div_ceil(TOURNAMENTS_PER_PAGE).max(1);
        let page = page.min(pages - 1);
        let (tournaments, total) =
            self.store.tournaments_page(guild, page * TOURNAMENTS_PER_PAGE, TOURNAMENTS_PER_PAGE).await?;
        Ok(TournamentsPage { tournaments, page, pages, total })
    }
}
