//! Settling a running tournament as its results come in: the standings
//! count them, a Swiss round that is over has the next one paired (RULES
//! 8.4c: when every game of the round before has ended), and a tournament
//! whose last game ended is finished. The decision is made on what was
//! read and written on condition that nothing changed since (its round,
//! the results counted, and its version, which a withdrawal moves), so of
//! several processes settling at once exactly one writes, a player who
//! withdrew meanwhile is not paired, and a round is paired whole or not at
//! all (one transaction).

use super::Tournaments;
use super::{GameError, Tournament, start_rating};
use crate::store::{NewPairing, Settlement, TournamentFormat, TournamentStatus};
use crate::tournament::swiss::{SwissEntrant, pair_round};

/// Attempts at settling one tournament that another caller keeps changing.
const SETTLE_ATTEMPTS: u32 = 4;

/// What `t`, as read, should write now; `None` when it is settled.
fn settlement(t: &Tournament) -> Option<Settlement> {
    let ended = t.pairings.iter().filter(|p| p.ended()).count() as u32;
    let rounds = t.rounds.unwrap_or(0);
    let mut next_round = None;
    let mut finished = false;
    match t.format {
        TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
            finished = ended as usize == t.pairings.len();
        }
        TournamentFormat::Swiss => {
            let round_over = t.round_pairings(t.round).all(|p| p.ended());
            if round_over && t.round >= rounds {
                finished = true;
            } else if round_over {
                match next_swiss_round(t) {
                    Some(round) => next_round = Some(round),
                    // Fewer than two players left, or nobody left to meet
                    // who has not met: the tournament ends here.
                    None => finished = true,
                }
            }
        }
    }
    (ended != t.results_seen || next_round.is_some() || finished).then_some(Settlement {
        results_seen: ended,
        next_round,
        finished,
    })
}

/// The next round of Swiss `t` (its round over): its pairings and bye.
fn next_swiss_round(t: &Tournament) -> Option<(u32, Vec<NewPairing>, Option<u64>)> {
    let seated = t.seated();
    let entrants: Vec<SwissEntrant> =
        seated.iter().map(|e| SwissEntrant { rating: start_rating(e), withdrawn: e.withdrawn }).collect();
    let paired = pair_round(&entrants, &t.games(), &t.bye_seats()).ok()?;
    let round = t.round + 1;
    let pairings = paired
        .pairings
        .iter()
        .enumerate()
        .map(|(b, p)| NewPairing {
            round,
            board: b as u32 + 1,
            white: seated[p.white].user,
            black: seated[p.black].user,
        })
        .collect();
    Some((round, pairings, paired.bye.map(|seat| seated[seat].user)))
}

impl Tournaments<'_> {
    /// Settles tournament `id` at `now` (see the module): `true` when
    /// something was written (results counted, a round paired, the end).
    pub async fn settle_tournament(self, now: i64, id: i64) -> Result<bool, GameError> {
        for _ in 0..SETTLE_ATTEMPTS {
            let t = self.tournament(id).await?;
            if t.status != TournamentStatus::Running {
                return Ok(false);
            }
            let Some(settlement) = settlement(&t) else { return Ok(false) };
            if self.store.settle_tournament(t.id, (t.round, t.results_seen, t.version), &settlement, now).await? {
                if let Some((round, _, _)) = &settlement.next_round {
                    tracing::info!(tournament = t.id, round, "paired the next round of a Swiss");
                }
                if settlement.finished {
                    tracing::info!(tournament = t.id, "a tournament is over");
                }
                return Ok(true);
            }
        }
        Err(GameError::TournamentChanged)
    }

    /// Settles every running tournament with results not yet counted
    /// (after a crash between a game's end and its tournament's
    /// settling, or a loss on time); the clock calls it.
    pub async fn settle_tournaments(self, now: i64) -> Result<(), GameError> {
        for id in self.store.tournaments_to_settle().await? {
            if let Err(e) = self.settle_tournament(now, id).await {
                // The others go on; this one is tried again at the next tick.
                tracing::error!(tournament = id, error = %e, "could not settle a tournament");
            }
        }
        Ok(())
    }
}
