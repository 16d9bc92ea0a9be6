//! Leaving a tournament once it has started (RULES 8.4d): a player
//! withdraws, or its organiser removes them; their unfinished games are
//! lost by forfeit (never rated), a Swiss pairs them no more, and their
//! finished games stand. And cancelling a tournament: its unfinished games
//! are aborted.

use super::Tournaments;
use super::{GameError, Tournament};
use crate::store::TournamentStatus;

/// What a withdrawal or a removal did.
#[derive(Clone, Debug, PartialEq)]
pub struct Withdrawal {
    /// The tournament as it stands now.
    pub tournament: Tournament,
    /// Who left it.
    pub player: u64,
    /// The organiser who removed them (`None`: they withdrew).
    pub removed_by: Option<u64>,
    /// Their unfinished games, lost by forfeit: games under way and
    /// pairings not yet started.
    pub forfeits: u32,
}

impl Tournaments<'_> {
    /// `user` withdraws from tournament `number` of `guild`. Before the
    /// start, it is leaving ([`Tournaments::leave_tournament`]).
    pub async fn withdraw_from_tournament(
        self,
        now: i64,
        guild: Option<u64>,
        number: i64,
        user: u64,
    ) -> Result<Withdrawal, GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        if t.entrant(user).is_none() {
            return Err(GameError::NotEntered);
        }
        if t.status == TournamentStatus::Signup {
            let tournament = self.leave_tournament(guild, number, user).await?;
            return Ok(Withdrawal { tournament, player: user, removed_by: None, forfeits: 0 });
        }
        self.withdraw(now, t, user, None).await
    }

    /// The started tournament `number` of `guild` that `user` would
    /// withdraw from, refused as [`Tournaments::withdraw_from_tournament`]
    /// would refuse it, so that it is confirmed before: their unfinished
    /// games are lost for good. `None` before the start: leaving the list
    /// loses nothing (they may join again).
    pub async fn withdrawal_to_confirm(
        self,
        guild: Option<u64>,
        number: i64,
        user: u64,
    ) -> Result<Option<Tournament>, GameError> {
        let t = self.tournament_in_server(guild, number).await?;
        match t.entrant(user) {
            None => Err(GameError::NotEntered),
            Some(_) if t.status == TournamentStatus::Signup => Ok(None),
            Some(_) if t.is_over() => Err(GameError::TournamentOver),
            Some(e) if e.withdrawn => Err(GameError::AlreadyWithdrawn),
            Some(_) => Ok(Some(t)),
        }
    }

    /// `by` (its organiser, or someone who manages the server: `manages`)
    /// removes `player` from tournament `number` of `guild`: before the
    /// start they are taken off its list, after it they are withdrawn.
    pub async fn remove_from_tournament(
        self,
        now: i64,
        guild: Option<u64>,
        number: i64,
        by: u64,
        manages: bool,
        player: u64,
    ) -> Result<Withdrawal, GameError> {
        let t = self.tournament_to_manage(guild, number, by, manages).await?;
        if t.entrant(player).is_none() {
            return Err(GameError::PlayerNotEntered(player));
        }
        if t.status == TournamentStatus::Signup {
            if !self.store.leave_tournament(t.id, player).await? {
                return Err(GameError::TournamentChanged);
            }
            let tournament = self.tournament(t.id).await?;
            return Ok(Withdrawal { tournament, player, removed_by: Some(by), forfeits: 0 });
        }
        self.withdraw(now, t, player, Some(by)).await
    }

    /// Withdraws `player` from started tournament `t` (see the module),
    /// then settles it: their forfeits may end a round, or the tournament.
    async fn withdraw(self, now: i64, t: Tournament, player: u64, by: Option<u64>) -> Result<Withdrawal, GameError> {
        if t.is_over() {
            return Err(GameError::TournamentOver);
        }
        if t.entrant(player).is_some_and(|e| e.withdrawn) {
            return Err(GameError::AlreadyWithdrawn);
        }
        let Some(done) = self.store.withdraw_entrant(t.id, player, by, now).await? else {
            return Err(match self.tournament(t.id).await? {
                t if t.is_over() => GameError::TournamentOver,
                _ => GameError::AlreadyWithdrawn,
            });
        };
        if let Err(e) = self.settle_tournament(now, t.id).await {
            // The withdrawal stands; the clock settles the tournament.
            tracing::error!(tournament = t.id, error = %e, "could not settle a tournament after a withdrawal");
        }
        let forfeits = done.forfeited_games.len() as u32 + done.forfeited_pairings;
        Ok(Withdrawal { tournament: self.tournament(t.id).await?, player, removed_by: by, forfeits })
    }

    /// `by` (its organiser, or someone who manages the server) cancels
    /// tournament `number` of `guild`: its unfinished games are aborted,
    /// and announced so in their threads.
    pub async fn cancel_tournament(
        self,
        now: i64,
        guild: Option<u64>,
        number: i64,
        by: u64,
        manages: bool,
    ) -> Result<Tournament, GameError> {
        let t = self.tournament_to_manage(guild, number, by, manages).await?;
        if t.is_over() {
            return Err(GameError::TournamentOver);
        }
        if self.store.cancel_tournament(t.id, by, now).await?.is_none() {
            return Err(GameError::TournamentOver);
        }
        self.tournament(t.id).await
    }
}
