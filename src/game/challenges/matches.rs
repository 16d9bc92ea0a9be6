//! Match play (RULES 8.3): four games between the same two players, colours
//! alternating, each starting when the one before ends; games 3 and 4 from
//! the same balanced opening; no fourth game when a player has more than 2
//! points after three.

use super::Challenges;
use crate::game::challenges::match_play::{MatchPlay, white_in_game};
use crate::game::new_game::GameStart;
use crate::game::{GameError, GameView, convert};
use crate::rules::Position;
use crate::store::{GameStatus, MatchSeat, MatchStatus, NewGameRow};

impl Challenges<'_> {
    /// After game `view` ended: its rating changes; in a tournament, the
    /// tournament settled (the next Swiss round paired, or the end); in a
    /// match, the next game started (or the match ended) and the match's
    /// standing, so the end message says all of it. A failure to continue the match is
    /// logged and left to the clock's sweep ([`Challenges::continue_matches`]):
    /// the game's end is stored already.
    pub(in crate::game) async fn after_game_end(self, now: i64, view: &mut GameView) -> Result<(), GameError> {
        view.rating_changes = self.games().rating_changes_of(view.id).await?;
        // Premoves die with the game (the clock clears any left behind).
        self.store.drop_premoves_of_ended_game(view.id).await?;
        if let Some(t) = &view.tournament
            && let Err(e) = self.tournaments().settle_tournament(now, t.id).await
        {
            // The result is stored; the clock settles the tournament.
            tracing::error!(tournament = t.id, error = %e, "settling a tournament after a game failed; the clock retries");
        }
        let Some(play) = &view.match_play else { return Ok(()) };
        let (id, number) = (play.id, play.number);
        if let Err(e) = self.continue_match(now, id).await {
            tracing::error!(match_id = id, error = %e, "starting the next game of a match failed; the clock retries");
        }
        if let Some(row) = self.store.match_row(id).await? {
            view.match_play = Some(MatchPlay::from_row(&row, number));
        }
        Ok(())
    }

    /// Starts the next game of live match `id` if none is being played, or
    /// ends the match when it is decided. Safe to call from several places
    /// at once: a game number is taken once. Returns the game started.
    pub async fn continue_match(self, now: i64, id: i64) -> Result<Option<GameView>, GameError> {
        let Some(row) = self.store.match_row(id).await? else { return Err(GameError::Corrupt(format!("match {id}"))) };
        if row.status != MatchStatus::Live || row.games.iter().any(|g| g.status == GameStatus::Live) {
            return Ok(None);
        }
        if row.games.iter().any(|g| g.status == GameStatus::Aborted) {
            self.store.end_match(id, true, now).await?;
            return Ok(None);
        }
        let play = MatchPlay::from_row(&row, 0);
        if play.over {
            self.store.end_match(id, false, now).await?;
            return Ok(None);
        }
        let number = play.finished_games + 1;
        let last = row.games.last().ok_or_else(|| GameError::Corrupt(format!("match {id} has no game")))?;
        let previous = self.store.game(last.game_id).await?.ok_or(GameError::GameNotFound(last.game_id))?.setup;
        let white = white_in_game(row.setup.first_white, row.setup.first_black, number);
        let name =
            |user: u64| if user == previous.white { previous.white_name.clone() } else { previous.black_name.clone() };
        let black = if white == row.setup.first_white { row.setup.first_black } else { row.setup.first_white };
        let opening = play.set_moves(number);
        let start = Position::initial();
        let turn = if opening.len().is_multiple_of(2) { start.turn() } else { start.turn().opponent() };
        let game = GameStart {
            guild: previous.guild,
            channel: previous.channel,
            white: (white, name(white)),
            black: (black, name(black)),
            time: previous.time.clone(),
            variant: previous.variant,
            draw_rules: previous.draw_rules,
            start: &start,
        };
        // The store plays the opening's moves from the start: after them,
        // the side the opening leaves to move moves first.
        let game = NewGameRow { turn, rated: previous.rated, ..game.row(now) };
        let seat = MatchSeat { match_id: id, number };
        match self.store.start_match_game(&game, seat, &opening).await? {
            Some(row) => Ok(Some(convert::game_view(row)?)),
            None => Ok(None),
        }
    }

    /// Continues every live match that is between two games (after a
    /// crash, or a failure right after a game's end); the clock calls it.
    pub async fn continue_matches(self, now: i64) -> Result<Vec<GameView>, GameError> {
        let mut started = Vec::new();
        for id in self.store.matches_between_games().await? {
            started.extend(self.continue_match(now, id).await?);
        }
        Ok(started)
    }
}
