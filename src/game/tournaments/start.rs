//! The start of a tournament, and the game of each pairing.
//!
//! A round-robin pairs every round at its start by the Berger tables
//! (RULES 8.4b), its players numbered by lot; a Swiss pairs its first
//! round by rating (RULES 8.4c: the top half against the bottom half) and
//! each later one when the round before is over ([`super::settle`]). A
//! round is stored whole in one transaction. Each pairing's game is then
//! started in a thread of its own, which the Discord layer opens and hands
//! to [`Tournaments::start_tournament_game`].

use super::Tournaments;
use std::hash::{BuildHasher, RandomState};

use super::{GameError, Tournament, max_players, min_players};
use crate::game::new_game::GameStart;
use crate::game::{GameView, convert};
use crate::rating::Rating;
use crate::rules::{DrawRules, Position, Variant};
use crate::store::{
    GameThread, NewGameRow, NewPairing, TimeControl, TournamentFormat, TournamentSeat, TournamentStart,
};
use crate::tournament::berger;
use crate::tournament::swiss::{SwissEntrant, pair_round};

/// How long a process may take to open a pairing's thread and start its
/// game before another may (seconds).
const PAIRING_LEASE: i64 = 60;
/// Pairings started at a time.
const PAIRING_BATCH: i64 = 25;

/// A pairing whose game is to be started, with what its thread is named after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingTournamentGame {
    /// The pairing.
    pub pairing: i64,
    /// Its tournament's number.
    pub tournament: i64,
    /// Its tournament's name.
    pub name: String,
    /// Its tournament's server.
    pub guild: u64,
    /// Its tournament's channel, where its thread is opened.
    pub channel: u64,
    /// Its game's terms, as its tournament's.
    pub terms: GameTerms,
    /// Its round.
    pub round: u32,
    /// White and their name.
    pub white: (u64, Option<String>),
    /// Black and their name.
    pub black: (u64, Option<String>),
    /// The thread opened for it already (by an attempt that did not
    /// finish), to play in rather than open another.
    pub thread: Option<u64>,
}

/// The terms of a tournament's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTerms {
    /// The clock's terms.
    pub time: TimeControl,
    /// The variant.
    pub variant: Variant,
    /// The draw rules.
    pub draw_rules: DrawRules,
    /// Whether they count for ratings.
    pub rated: bool,
}

/// The rounds of a Swiss of `players` when none were asked: enough for
/// one player to be the only one to win every game (the rounds to halve
/// the field down to one), and at most the players less one (RULES 8.4c).
fn swiss_rounds(players: u32, asked: Option<u32>) -> u32 {
    let enough = u32::BITS - (players.max(2) - 1).leading_zeros();
    asked.unwrap_or(enough).min(players - 1).max(1)
}

impl Tournaments<'_> {
    /// `user` starts tournament `number` of `guild` (its organiser, or
    /// someone who manages the server: `manages`): seats, ratings, and its
    /// first rounds, in one transaction. Its games start in their threads
    /// next (see [`Tournaments::pending_tournament_games`]).
    pub async fn start_tournament(
        self,
        now: i64,
        guild: Option<u64>,
        number: i64,
        user: u64,
        manages: bool,
    ) -> Result<Tournament, GameError> {
        let t = self.tournament_to_manage(guild, number, user, manages).await?;
        if t.started() || t.is_over() {
            return Err(GameError::AlreadyStarted);
        }
        let players = t.entrants.len() as u32;
        let (least, most) = (min_players(t.format), max_players(t.format));
        if players < least {
            return Err(GameError::TooFewEntrants { players, least });
        }
        if players > most {
            return Err(GameError::TooManyEntrants { players, most });
        }
        let start = self.plan_start(&t, now).await?;
        if !self.store.start_tournament(t.id, t.version, &start, now).await? {
            // Someone joined or left meanwhile, or it was started or cancelled.
            return Err(GameError::TournamentChanged);
        }
        self.tournament(t.id).await
    }

    /// The seats and first rounds of `t` (signing up), as its format says.
    async fn plan_start(self, t: &Tournament, now: i64) -> Result<TournamentStart, GameError> {
        let mut ratings = Vec::with_capacity(t.entrants.len());
        for e in &t.entrants {
            let rating = match self.store.rating(t.guild, e.user).await? {
                Some(row) => row.rating.rating,
                None => Rating::new_player().rating,
            };
            ratings.push((e.user, rating));
        }
        let players = ratings.len() as u32;
        match t.format {
            TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
                // Berger numbers by lot.
                let lot = RandomState::new();
                ratings.sort_by_key(|&(user, _)| lot.hash_one((t.id, user, now)));
                let rounds = berger::rounds(ratings.len(), t.format == TournamentFormat::DoubleRoundRobin);
                let user = |seat: usize| ratings[seat].0;
                let pairings = rounds
                    .iter()
                    .enumerate()
                    .flat_map(|(r, boards)| {
                        boards.iter().enumerate().map(move |(b, p)| NewPairing {
                            round: r as u32 + 1,
                            board: b as u32 + 1,
                            white: user(p.white),
                            black: user(p.black),
                        })
                    })
                    .collect();
                Ok(TournamentStart {
                    seats: seats(&ratings),
                    rounds: rounds.len() as u32,
                    paired_rounds: rounds.len() as u32,
                    pairings,
                    byes: Vec::new(),
                })
            }
            TournamentFormat::Swiss => {
                // Seeded by rating (equal ratings: who joined first).
                ratings.sort_by(|a, b| b.1.total_cmp(&a.1));
                let entrants: Vec<SwissEntrant> =
                    ratings.iter().map(|&(_, rating)| SwissEntrant { rating, withdrawn: false }).collect();
                let first = pair_round(&entrants, &[], &[]).map_err(|e| GameError::Corrupt(e.to_string()))?;
                let pairings = first
                    .pairings
                    .iter()
                    .enumerate()
                    .map(|(b, p)| NewPairing {
                        round: 1,
                        board: b as u32 + 1,
                        white: ratings[p.white].0,
                        black: ratings[p.black].0,
                    })
                    .collect();
                Ok(TournamentStart {
                    seats: seats(&ratings),
                    rounds: swiss_rounds(players, t.rounds_asked),
                    paired_rounds: 1,
                    pairings,
                    byes: first.bye.map(|seat| (1, ratings[seat].0)).into_iter().collect(),
                })
            }
        }
    }

    /// Leases the pairings of running tournaments whose games are still to
    /// start (one process at a time each), with what their threads are
    /// named after.
    pub async fn pending_tournament_games(self, now: i64) -> Result<Vec<PendingTournamentGame>, GameError> {
        let leased = self.store.lease_pairings_to_start(now, PAIRING_LEASE, PAIRING_BATCH).await?;
        let mut out = Vec::with_capacity(leased.len());
        let mut read: Option<Tournament> = None;
        for p in leased {
            if read.as_ref().is_none_or(|t| t.id != p.tournament) {
                read = Some(self.tournament(p.tournament).await?);
            }
            let t = read.as_ref().expect("read just above");
            let Some(pairing) = t.pairings.iter().find(|q| q.id == p.id) else { continue };
            let named = |user: u64| (user, t.name_of(user).map(String::from));
            let terms =
                GameTerms { time: t.time.clone(), variant: t.variant, draw_rules: t.draw_rules, rated: t.rated };
            out.push(PendingTournamentGame {
                pairing: p.id,
                tournament: t.id,
                name: t.name.clone(),
                guild: t.guild,
                channel: t.channel,
                terms,
                round: p.round,
                white: named(pairing.white),
                black: named(pairing.black),
                thread: p.thread,
            });
        }
        Ok(out)
    }

    /// Keeps the thread opened for pairing `pairing`'s game, so an attempt
    /// after a failure plays in it instead of opening another.
    pub async fn record_pairing_thread(self, pairing: i64, thread: u64) -> Result<(), GameError> {
        Ok(self.store.set_pairing_thread(pairing, thread).await?)
    }

    /// Starts the game of `pending` in `thread` (opened from the
    /// tournament's channel), announced there through the outbox; `None`
    /// when it had started already, became a forfeit, or the tournament
    /// no longer runs.
    pub async fn start_tournament_game(
        self,
        now: i64,
        pending: &PendingTournamentGame,
        thread: u64,
    ) -> Result<Option<GameView>, GameError> {
        let (start, terms) = (Position::initial(), pending.terms.clone());
        let game = GameStart {
            guild: Some(pending.guild),
            channel: thread,
            white: pending.white.clone(),
            black: pending.black.clone(),
            time: terms.time,
            variant: terms.variant,
            draw_rules: terms.draw_rules,
            start: &start,
        };
        let tournament_seat = Some(TournamentSeat { tournament_id: pending.tournament, round: pending.round });
        let row = NewGameRow { rated: terms.rated, tournament_seat, ..game.row(now) };
        let thread = GameThread { thread, parent: pending.channel };
        let game = self.store.start_pairing_game(pending.pairing, &row, thread).await?;
        game.map(convert::game_view).transpose()
    }
}

/// Seats in the order given (from 0), each with its rating.
fn seats(ordered: &[(u64, f64)]) -> Vec<(u64, u32, f64)> {
    ordered.iter().enumerate().map(|(seat, &(user, rating))| (user, seat as u32, rating)).collect()
}

#[cfg(test)]
mod tests {
    use super::swiss_rounds;

    #[test]
    fn a_swiss_plays_enough_rounds_for_a_winner_and_fewer_than_its_players() {
        assert_eq!(swiss_rounds(4, None), 2);
        assert_eq!(swiss_rounds(5, None), 3);
        assert_eq!(swiss_rounds(8, None), 3);
        assert_eq!(swiss_rounds(9, None), 4);
        assert_eq!(swiss_rounds(128, None), 7);
        // As asked, but at most the players less one (RULES 8.4c).
        assert_eq!(swiss_rounds(5, Some(3)), 3);
        assert_eq!(swiss_rounds(5, Some(9)), 4);
        assert_eq!(swiss_rounds(4, Some(1)), 1);
    }
}
