//! Tournaments in a server (RULES 8.4): round-robin and Swiss, run by the
//! bot from sign-up to the last result. The pairings and the standings are
//! the pure functions of [`crate::tournament`]; this module decides what
//! may happen (who may create, join, start, withdraw, cancel), when a round
//! is paired and when a tournament is over, and keeps it all in the store.
//!
//! - [`signup`]: creating, joining, leaving, listing;
//! - [`start`]: the start (every round-robin round at once by the Berger
//!   tables, a Swiss's first round by rating) and each pairing's game, in
//!   the thread the Discord layer opened for it;
//! - [`settle`]: results as they come in - the next Swiss round, the end;
//! - [`withdraw`]: withdrawals and removals (RULES 8.4d), cancellation.
//!
//! Every game of a tournament is an ordinary game in its own thread; it
//! knows its tournament and round ([`TournamentPlay`]), which refuses
//! takebacks and aborts, and keeps its clock running for a vacation where
//! the tournament allows none.

feature_handle!(
    /// Tournaments, from sign-up to the last result.
    Tournaments,
    tournaments
);

mod settle;
mod showing;
mod signup;
mod start;
mod withdraw;

pub use showing::ShowStep;
pub use signup::{MAX_NAME, TOURNAMENTS_PER_PAGE, TournamentTerms, TournamentsPage};
pub use start::{GameTerms, PendingTournamentGame};
pub use withdraw::Withdrawal;

use super::{FinishReason, GameError};
use crate::rules::{Color, DrawRules, Outcome, Variant};
use crate::store::{GameStatus, PairingRow, TimeControl, TournamentFormat, TournamentRow, TournamentStatus};
use crate::tournament::standings::{Format, standings};
use crate::tournament::{GameResult, HalfPoints, Player, TournamentGame};

/// The fewest players a round-robin starts with.
pub const ROUND_ROBIN_MIN: u32 = 3;
/// The most players a round-robin takes.
pub const ROUND_ROBIN_MAX: u32 = 16;
/// The fewest players a Swiss starts with.
pub const SWISS_MIN: u32 = 4;
/// The most players a Swiss takes.
pub const SWISS_MAX: u32 = 128;

/// The fewest players `format` starts with.
pub fn min_players(format: TournamentFormat) -> u32 {
    match format {
        TournamentFormat::Swiss => SWISS_MIN,
        _ => ROUND_ROBIN_MIN,
    }
}

/// The most players `format` takes.
pub fn max_players(format: TournamentFormat) -> u32 {
    match format {
        TournamentFormat::Swiss => SWISS_MAX,
        _ => ROUND_ROBIN_MAX,
    }
}

/// An entrant's rating at the start (a new player's, had it not been read).
fn start_rating(entrant: &Entrant) -> f64 {
    entrant.rating.unwrap_or_else(|| crate::rating::Rating::new_player().rating)
}

/// A tournament as the service shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Its number.
    pub id: i64,
    /// Its server.
    pub guild: u64,
    /// Its channel: its messages, and its games' threads.
    pub channel: u64,
    /// Who runs it.
    pub organiser: u64,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: TournamentFormat,
    /// A Swiss's rounds as asked, if they were.
    pub rounds_asked: Option<u32>,
    /// The rounds it has, once started.
    pub rounds: Option<u32>,
    /// Rounds paired so far.
    pub round: u32,
    /// Ended games (forfeits included) its standings were last worked out from.
    pub results_seen: u32,
    /// The clock's terms of its games.
    pub time: TimeControl,
    /// Its games' variant.
    pub variant: Variant,
    /// Its games' draw rules.
    pub draw_rules: DrawRules,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// The most entrants it takes.
    pub max_players: u32,
    /// Whether its games' clocks stop for a vacation.
    pub vacation: bool,
    /// Where it stands.
    pub status: TournamentStatus,
    /// Grows with every change its messages show.
    pub version: i64,
    /// The version its messages show.
    pub shown_version: i64,
    /// Its message in its channel.
    pub message: Option<u64>,
    /// Its standings message.
    pub standings_message: Option<u64>,
    /// Rounds whose start was announced.
    pub announced_round: u32,
    /// Whether its end was announced.
    pub final_announced: bool,
    /// When it was created.
    pub created_at: i64,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished or was cancelled.
    pub finished_at: Option<i64>,
    /// Who cancelled it.
    pub cancelled_by: Option<u64>,
    /// Its entrants, in the order they joined.
    pub entrants: Vec<Entrant>,
    /// Its pairings, by round and board.
    pub pairings: Vec<TournamentPairing>,
    /// Its byes: (round, player).
    pub byes: Vec<(u32, u64)>,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The player.
    pub user: u64,
    /// Their name when they joined.
    pub name: Option<String>,
    /// Their number in the pairing, from the start.
    pub seat: Option<u32>,
    /// Their rating at the start.
    pub rating: Option<f64>,
    /// Whether they withdrew or were removed.
    pub withdrawn: bool,
    /// The organiser who removed them.
    pub removed_by: Option<u64>,
}

/// One pairing and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPairing {
    /// Its id.
    pub id: i64,
    /// Its round.
    pub round: u32,
    /// Its board.
    pub board: u32,
    /// White.
    pub white: u64,
    /// Black.
    pub black: u64,
    /// Its game's number, once started.
    pub game: Option<i64>,
    /// Where its game is played (its thread), once started.
    pub channel: Option<u64>,
    /// Its result, once it has one (a forfeit included).
    pub result: Option<GameResult>,
    /// Its game was aborted (the tournament was cancelled).
    pub aborted: bool,
}

impl TournamentPairing {
    /// Whether it needs nothing more: a result, or an aborted game.
    pub fn ended(&self) -> bool {
        self.result.is_some() || self.aborted
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    /// The player.
    pub user: u64,
    /// Their name.
    pub name: Option<String>,
    /// Their place, from 1.
    pub place: usize,
    /// How many share that place (1 when nobody else does).
    pub sharing: usize,
    /// Points, in halves.
    pub points: HalfPoints,
    /// Wins (forfeits included).
    pub wins: u32,
    /// Sonneborn-Berger, in quarter points.
    pub sonneborn_berger: u32,
    /// Swiss only: Buchholz less the lowest opponent's score, in halves.
    pub buchholz_cut: Option<HalfPoints>,
    /// Games without a result yet.
    pub games_left: u32,
    /// Whether they withdrew.
    pub withdrawn: bool,
}

/// A pairing's result from its stored game (or its forfeit).
fn pairing_result(row: &PairingRow) -> (Option<GameResult>, bool) {
    if let Some(side) = row.forfeit {
        return (Some(by_forfeit(side)), false);
    }
    let Some(game) = &row.game else { return (None, false) };
    match (game.status, game.result, game.reason) {
        (GameStatus::Finished, Some(Outcome::Win(side)), Some(FinishReason::Forfeit)) => {
            (Some(by_forfeit(side)), false)
        }
        (GameStatus::Finished, Some(Outcome::Win(Color::White)), _) => (Some(GameResult::WhiteWins), false),
        (GameStatus::Finished, Some(Outcome::Win(Color::Black)), _) => (Some(GameResult::BlackWins), false),
        (GameStatus::Finished, Some(Outcome::Draw), _) => (Some(GameResult::Draw), false),
        (GameStatus::Aborted, _, _) => (None, true),
        _ => (None, false),
    }
}

fn by_forfeit(side: Color) -> GameResult {
    match side {
        Color::White => GameResult::WhiteByForfeit,
        Color::Black => GameResult::BlackByForfeit,
    }
}

impl Tournament {
    fn from_row(row: TournamentRow) -> Tournament {
        let s = row.setup;
        Tournament {
            id: row.id,
            guild: s.guild,
            channel: s.channel,
            organiser: s.organiser,
            name: s.name,
            format: s.format,
            rounds_asked: s.rounds_asked,
            rounds: row.rounds,
            round: row.round,
            results_seen: row.results_seen,
            time: s.time,
            variant: s.variant,
            draw_rules: s.draw_rules,
            rated: s.rated,
            max_players: s.max_players,
            vacation: s.vacation,
            status: row.status,
            version: row.version,
            shown_version: row.shown_version,
            message: row.message,
            standings_message: row.standings_message,
            announced_round: row.announced_round,
            final_announced: row.final_announced,
            created_at: s.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            cancelled_by: row.cancelled_by,
            entrants: row
                .entrants
                .into_iter()
                .map(|e| Entrant {
                    user: e.user,
                    name: e.name,
                    seat: e.seat,
                    rating: e.rating,
                    withdrawn: e.withdrawn_at.is_some(),
                    removed_by: e.removed_by,
                })
                .collect(),
            pairings: row
                .pairings
                .iter()
                .map(|p| {
                    let (result, aborted) = pairing_result(p);
                    TournamentPairing {
                        id: p.id,
                        round: p.round,
                        board: p.board,
                        white: p.white,
                        black: p.black,
                        game: p.game.map(|g| g.id),
                        channel: p.game.map(|g| g.channel),
                        result,
                        aborted,
                    }
                })
                .collect(),
            byes: row.byes.iter().map(|b| (b.round, b.user)).collect(),
        }
    }

    /// Whether it has started (running, or over after running).
    pub fn started(&self) -> bool {
        self.started_at.is_some()
    }

    /// Whether nothing more happens in it.
    pub fn is_over(&self) -> bool {
        matches!(self.status, TournamentStatus::Finished | TournamentStatus::Cancelled)
    }

    /// The entrant `user`, if they signed up.
    pub fn entrant(&self, user: u64) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.user == user)
    }

    /// `user`'s name as they signed up, if they did and gave one.
    pub fn name_of(&self, user: u64) -> Option<&str> {
        self.entrant(user).and_then(|e| e.name.as_deref())
    }

    /// Whether `user` may run it: its organiser, or someone who manages
    /// the server (`manages`).
    pub fn may_manage(&self, user: u64, manages: bool) -> bool {
        user == self.organiser || manages
    }

    /// The pairings of round `round`.
    pub fn round_pairings(&self, round: u32) -> impl Iterator<Item = &TournamentPairing> {
        self.pairings.iter().filter(move |p| p.round == round)
    }

    /// Who had the bye in round `round`.
    pub fn bye_in(&self, round: u32) -> Option<u64> {
        self.byes.iter().find(|(r, _)| *r == round).map(|(_, user)| *user)
    }

    /// Games with a result (forfeits included), and games in all so far.
    pub fn games_done(&self) -> (usize, usize) {
        (self.pairings.iter().filter(|p| p.result.is_some()).count(), self.pairings.len())
    }

    /// The entrants by seat (started tournaments only; others have none).
    fn seated(&self) -> Vec<&Entrant> {
        let mut seated: Vec<&Entrant> = self.entrants.iter().filter(|e| e.seat.is_some()).collect();
        seated.sort_by_key(|e| e.seat);
        seated
    }

    /// The seat of `user`, a started tournament's entrant.
    fn seat_of(&self, user: u64) -> Option<Player> {
        self.entrant(user).and_then(|e| e.seat).map(|s| s as Player)
    }

    /// Its games as the pure tournament code reads them (seats for players).
    fn games(&self) -> Vec<TournamentGame> {
        self.pairings
            .iter()
            .filter_map(|p| {
                Some(TournamentGame {
                    round: p.round,
                    white: self.seat_of(p.white)?,
                    black: self.seat_of(p.black)?,
                    result: p.result,
                })
            })
            .collect()
    }

    /// Its byes as seats.
    fn bye_seats(&self) -> Vec<Player> {
        self.byes.iter().filter_map(|&(_, user)| self.seat_of(user)).collect()
    }

    /// The standings (RULES 8.4b-c), best first; empty before the start.
    pub fn standings(&self) -> Vec<StandingLine> {
        let seated = self.seated();
        if seated.is_empty() {
            return Vec::new();
        }
        let ratings: Vec<f64> = seated.iter().map(|e| start_rating(e)).collect();
        let format = if self.format == TournamentFormat::Swiss { Format::Swiss } else { Format::RoundRobin };
        let table = standings(format, &ratings, &self.games(), &self.bye_seats());
        table
            .iter()
            .map(|s| {
                let entrant = seated[s.player];
                StandingLine {
                    user: entrant.user,
                    name: entrant.name.clone(),
                    place: s.place,
                    sharing: table.iter().filter(|o| o.place == s.place).count(),
                    points: s.points,
                    wins: s.wins,
                    sonneborn_berger: s.sonneborn_berger,
                    buchholz_cut: s.buchholz_cut,
                    games_left: s.games_left,
                    withdrawn: entrant.withdrawn,
                }
            })
            .collect()
    }

    /// The results between `a` and `b`, from `a`'s side, round by round
    /// (`None` for a game without a result yet): a round-robin's
    /// cross-table cell.
    pub fn results_between(&self, a: u64, b: u64) -> Vec<Option<(HalfPoints, bool)>> {
        self.pairings
            .iter()
            .filter(|p| (p.white == a && p.black == b) || (p.white == b && p.black == a))
            .map(|p| {
                p.result.map(|r| {
                    let (w, bl) = r.half_points();
                    (if p.white == a { w } else { bl }, !r.played())
                })
            })
            .collect()
    }

    /// The players in first place once it is over (several when shared).
    pub fn winners(&self) -> Vec<u64> {
        if self.status != TournamentStatus::Finished {
            return Vec::new();
        }
        self.standings().iter().filter(|s| s.place == 1).map(|s| s.user).collect()
    }
}

impl Tournaments<'_> {
    /// Tournament number `number` of server `guild`.
    pub async fn tournament_in_server(self, guild: Option<u64>, number: i64) -> Result<Tournament, GameError> {
        let t = self.tournament(number).await?;
        if Some(t.guild) != guild {
            return Err(GameError::NoTournament(number));
        }
        Ok(t)
    }

    /// Tournament `number` of `guild`, for `user` to run: they are its
    /// organiser, or manage the server (`manages`).
    pub(super) async fn tournament_to_manage(
        self,
        guild: Option<u64>,
        number: i64,
        user: u64,
        manages: bool,
    ) -> Result<Tournament, GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        if !t.may_manage(user, manages) {
            return Err(GameError::NotOrganiser(t.organiser));
        }
        Ok(t)
    }

    /// Tournament `id`, wherever it is.
    pub async fn tournament(self, id: i64) -> Result<Tournament, GameError> {
        let row = self.store.tournament(id).await?.ok_or(GameError::NoTournament(id))?;
        Ok(Tournament::from_row(row))
    }

    /// Leases (one process at a time) the tournaments whose messages are
    /// behind what they should show; release each with
    /// [`Tournaments::release_tournament_messages`].
    pub async fn lease_tournaments_to_show(self, now: i64, lease: i64, limit: i64) -> Result<Vec<i64>, GameError> {
        Ok(self.store.lease_tournaments_to_show(now, lease, limit).await?)
    }

    /// Ends the lease of tournament `id`'s messages.
    pub async fn release_tournament_messages(self, id: i64) -> Result<(), GameError> {
        Ok(self.store.release_tournament(id).await?)
    }

    /// Keeps tournament `id`'s message (or, with `standings`, its standings
    /// message), once posted.
    pub async fn record_tournament_message(self, id: i64, message: u64, standings: bool) -> Result<(), GameError> {
        Ok(self.store.set_tournament_message(id, message, standings).await?)
    }

    /// Records that tournament `id`'s messages show its `version`.
    pub async fn record_tournament_shown(self, id: i64, version: i64) -> Result<(), GameError> {
        Ok(self.store.set_tournament_shown(id, version).await?)
    }

    /// Records that tournament `id`'s rounds up to `round` were announced.
    pub async fn record_round_announced(self, id: i64, round: u32) -> Result<(), GameError> {
        Ok(self.store.set_round_announced(id, round).await?)
    }

    /// Records that tournament `id`'s end was announced.
    pub async fn record_tournament_end_announced(self, id: i64) -> Result<(), GameError> {
        Ok(self.store.set_final_announced(id).await?)
    }

    /// The PDN file of every game of tournament `number` of server `guild`,
    /// round by round, board by board (games not played, forfeits, have no
    /// record).
    pub async fn tournament_pdn(self, guild: Option<u64>, number: i64) -> Result<(Tournament, String), GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        if !t.started() {
            return Err(GameError::TournamentNotStarted);
        }
        let mut records = Vec::new();
        for game in t.pairings.iter().filter_map(|p| p.game) {
            records.push(super::pdn_record(&self.game_by_id(game).await?));
        }
        if records.is_empty() {
            return Err(GameError::TournamentNoGames);
        }
        Ok((t, records.join("\n")))
    }
}
