//! What a tournament's channel is to show next, decided from the
//! tournament alone (its `version` against `shown_version`, its posts
//! recorded, the rounds announced), so whichever process reads it does the
//! same steps, and after a crash picks up where the last one stopped:
//! its message (posted once while sign-up is open, then edited), its
//! standings (posted at the start, edited after every result), each round's
//! start once all its games have started (so the announcement links their
//! threads), and its end.

use super::Tournament;
use crate::game::TournamentStatus;

/// One step bringing a tournament's channel up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowStep {
    /// Post its message: sign-up is open and none was posted.
    PostMessage,
    /// Edit its message (this one): the tournament changed since it was shown.
    EditMessage(u64),
    /// Post its standings: it started and none were posted.
    PostStandings,
    /// Edit its standings message (this one): they changed.
    EditStandings(u64),
    /// Announce the start of this round: all its games have started.
    AnnounceRound(u32),
    /// Announce its end and final standings.
    AnnounceEnd,
    /// Record that its messages now show this version.
    Shown(i64),
}

impl Tournament {
    /// The steps that bring its channel up to date, in the order they are
    /// to be done; a step that fails leaves the rest for a later tick.
    pub fn steps_to_show(&self) -> Vec<ShowStep> {
        let behind = self.shown_version < self.version;
        let mut steps = Vec::new();
        match self.message {
            None if self.status == TournamentStatus::Signup => steps.push(ShowStep::PostMessage),
            Some(message) if behind => steps.push(ShowStep::EditMessage(message)),
            _ => {}
        }
        if self.started() && behind {
            steps.push(self.standings_message.map_or(ShowStep::PostStandings, ShowStep::EditStandings));
        }
        if self.status != TournamentStatus::Cancelled {
            let rounds = self.announced_round + 1..=self.round;
            steps.extend(rounds.take_while(|&round| self.round_started(round)).map(ShowStep::AnnounceRound));
        }
        if self.status == TournamentStatus::Finished && !self.final_announced {
            steps.push(ShowStep::AnnounceEnd);
        }
        if behind {
            steps.push(ShowStep::Shown(self.version));
        }
        steps
    }

    /// Whether every game of `round` has started (or its pairing ended
    /// without one, as a forfeit does).
    fn round_started(&self, round: u32) -> bool {
        self.round_pairings(round).all(|p| p.game.is_some() || p.result.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{TournamentFormat, TournamentPairing};
    use crate::rules::{DrawRules, Variant};
    use crate::tournament::GameResult;

    /// A Swiss of four in sign-up, nothing posted.
    fn signup() -> Tournament {
        Tournament {
            id: 1,
            guild: 2,
            channel: 3,
            organiser: 4,
            name: "Autumn".into(),
            format: TournamentFormat::Swiss,
            rounds_asked: None,
            rounds: None,
            round: 0,
            results_seen: 0,
            time: crate::store::TimeControl::per_move(3),
            variant: Variant::Classic,
            draw_rules: DrawRules::Classic,
            rated: true,
            max_players: 4,
            vacation: true,
            status: TournamentStatus::Signup,
            version: 1,
            shown_version: 0,
            message: None,
            standings_message: None,
            announced_round: 0,
            final_announced: false,
            created_at: 0,
            started_at: None,
            finished_at: None,
            cancelled_by: None,
            entrants: Vec::new(),
            pairings: Vec::new(),
            byes: Vec::new(),
        }
    }

    fn pairing(round: u32, board: u32, game: Option<i64>, result: Option<GameResult>) -> TournamentPairing {
        let id = i64::from(round * 10 + board);
        TournamentPairing { id, round, board, white: 1, black: 2, game, channel: None, result, aborted: false }
    }

    /// Round 1 with both games started, round 2 paired with one started.
    fn running() -> Tournament {
        Tournament {
            status: TournamentStatus::Running,
            rounds: Some(3),
            round: 2,
            started_at: Some(10),
            version: 5,
            shown_version: 3,
            message: Some(100),
            pairings: vec![
                pairing(1, 1, Some(11), Some(GameResult::Draw)),
                pairing(1, 2, Some(12), None),
                pairing(2, 1, Some(21), None),
                pairing(2, 2, None, None),
            ],
            ..signup()
        }
    }

    #[test]
    fn a_new_tournament_posts_its_message_then_records_it_shown() {
        assert_eq!(signup().steps_to_show(), [ShowStep::PostMessage, ShowStep::Shown(1)]);
        let shown = Tournament { message: Some(100), shown_version: 1, ..signup() };
        assert!(shown.steps_to_show().is_empty(), "nothing changed since shown");
        let joined = Tournament { version: 2, ..shown };
        assert_eq!(joined.steps_to_show(), [ShowStep::EditMessage(100), ShowStep::Shown(2)]);
    }

    #[test]
    fn a_round_is_announced_once_all_its_games_started() {
        let t = running();
        assert_eq!(
            t.steps_to_show(),
            [ShowStep::EditMessage(100), ShowStep::PostStandings, ShowStep::AnnounceRound(1), ShowStep::Shown(5)]
        );
        // Round 2's last pairing became a forfeit: it needs no game.
        let mut t = Tournament { standings_message: Some(200), announced_round: 1, shown_version: 5, ..running() };
        assert!(t.steps_to_show().is_empty(), "round 2 waits for its second game");
        t.pairings[3].result = Some(GameResult::WhiteWins);
        assert_eq!(t.steps_to_show(), [ShowStep::AnnounceRound(2)]);
    }

    #[test]
    fn the_end_is_announced_once_and_a_cancelled_tournament_announces_no_round() {
        let finished =
            Tournament { status: TournamentStatus::Finished, standings_message: Some(200), version: 6, ..running() };
        assert_eq!(
            finished.steps_to_show(),
            [
                ShowStep::EditMessage(100),
                ShowStep::EditStandings(200),
                ShowStep::AnnounceRound(1),
                ShowStep::AnnounceEnd,
                ShowStep::Shown(6)
            ]
        );
        let announced = Tournament { final_announced: true, announced_round: 2, shown_version: 6, ..finished };
        assert!(announced.steps_to_show().is_empty());
        let cancelled = Tournament { status: TournamentStatus::Cancelled, shown_version: 5, ..running() };
        assert!(cancelled.steps_to_show().is_empty());
    }
}
