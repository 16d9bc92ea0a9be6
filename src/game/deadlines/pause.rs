//! When a vacation stops a game's clock: the one place that says so. The
//! store reads the facts ([`VacationFacts`]: since when the player to move
//! is away, whether the game's tournament allows vacations); the claims of
//! reminders and losses on time, the games' pictures and lists, the end of
//! a vacation and the opponents' notices all decide with these functions.

use crate::store::{DueClock, VacationFacts};

/// Since when a live game's clock stands still: its player to move went
/// away on vacation in its server before its deadline, and it is not a
/// game of a tournament that allows none. `None` while the clock runs.
pub fn paused_since(facts: VacationFacts, deadline: i64) -> Option<i64> {
    let allowed = facts.tournament_vacation.unwrap_or(true);
    facts.away_since.filter(|&since| allowed && since < deadline)
}

/// Whether a vacation begun at `away_since` stops the clock of a live game
/// due at `deadline`, of a tournament that says `tournament_vacation`
/// (`None`: no tournament).
pub fn stopped_by(away_since: i64, tournament_vacation: Option<bool>, deadline: i64) -> bool {
    paused_since(VacationFacts { away_since: Some(away_since), tournament_vacation }, deadline).is_some()
}

/// Whether a live game's clock runs against its player to move: the bot's
/// engine needs no reminder and never loses on time, and a vacation stops
/// the clock.
pub fn runs_against_player(clock: &DueClock) -> bool {
    !clock.engine_to_move && paused_since(clock.vacation, clock.deadline).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn away(since: Option<i64>, tournament: Option<bool>) -> VacationFacts {
        VacationFacts { away_since: since, tournament_vacation: tournament }
    }

    #[test]
    fn a_vacation_begun_before_the_deadline_stops_the_clock() {
        assert_eq!(paused_since(away(Some(50), None), 100), Some(50));
        assert_eq!(paused_since(away(Some(100), None), 100), None, "begun at the deadline: too late");
        assert_eq!(paused_since(away(None, None), 100), None, "not away");
    }

    #[test]
    fn a_tournament_may_allow_vacations_or_not() {
        assert_eq!(paused_since(away(Some(50), Some(true)), 100), Some(50));
        assert_eq!(paused_since(away(Some(50), Some(false)), 100), None);
    }

    #[test]
    fn the_bot_is_never_held_to_its_clock() {
        let clock = DueClock { game: 1, ply: 0, deadline: 100, engine_to_move: false, vacation: away(None, None) };
        assert!(runs_against_player(&clock));
        assert!(!runs_against_player(&DueClock { engine_to_move: true, ..clock }));
        assert!(!runs_against_player(&DueClock { vacation: away(Some(10), None), ..clock }));
    }
}
