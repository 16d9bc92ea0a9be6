//! A player's rating in a server, its history, and the server's leaderboard.

use super::Records;
use crate::game::GameError;
use crate::rating::{PROVISIONAL_DEVIATION, Rating, is_provisional};
use crate::store::RatedResults;

/// How many players the leaderboard shows.
pub const LEADERBOARD_SIZE: u32 = 10;

/// A player's standing in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The player.
    pub user: u64,
    /// The current rating (a new player's until their first rated game).
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// The highest rating reached while established, if ever.
    pub best: Option<f64>,
    /// Wins, draws and losses of the rated games (none counted for the
    /// leaderboard, which does not show them).
    pub results: RatedResults,
    /// The rating at the start and after each rated game, oldest first,
    /// with the time of each game's end (`None` for the start).
    pub history: Vec<RatingStep>,
}

/// The rating after a game (or at the start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingStep {
    /// When the game ended; `None` for the start.
    pub at: Option<i64>,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

impl PlayerRating {
    /// The game after which the rating was highest while established: the
    /// step of [`PlayerRating::best`] in the history (the latest of equals).
    pub fn peak(&self) -> Option<RatingStep> {
        self.best?;
        self.history
            .iter()
            .filter(|s| s.at.is_some() && !is_provisional(s.deviation))
            .copied()
            .reduce(|peak, s| if s.rating >= peak.rating { s } else { peak })
    }
}

impl Records<'_> {
    /// `user`'s rating in server `guild` at `now` (its deviation widened by
    /// the weeks since their last rated game), with its history; a new
    /// player's rating (1500, RD 350, no games) if they have played no
    /// rated game.
    pub async fn player_rating(self, guild: u64, user: u64, now: i64) -> Result<PlayerRating, GameError> {
        let new = Rating::new_player();
        let start = RatingStep { at: None, rating: new.rating, deviation: new.deviation };
        let Some(row) = self.store.rating(guild, user).await? else {
            let results = RatedResults::default();
            return Ok(PlayerRating { user, rating: new, games: 0, best: None, results, history: vec![start] });
        };
        let mut history = vec![start];
        history.extend(self.store.rating_history(guild, user).await?.into_iter().map(|p| RatingStep {
            at: Some(p.at),
            rating: p.rating,
            deviation: p.deviation,
        }));
        let results = self.store.rated_results(guild, user).await?;
        let rating = row.rating.after_idle(now - row.updated_at);
        Ok(PlayerRating { user, rating, games: row.games, best: row.best, results, history })
    }

    /// The server's [`LEADERBOARD_SIZE`] best established players at `now`
    /// (RD at most 110 once widened by their idle weeks), best first.
    pub async fn leaderboard(self, guild: u64, now: i64) -> Result<Vec<PlayerRating>, GameError> {
        // Idle time only widens a deviation, so the stored one picks the
        // candidates; those idle too long are passed over page by page.
        const PAGE: u32 = 50;
        let mut board = Vec::new();
        let mut skip = 0;
        loop {
            let rows = self.store.top_ratings(guild, PROVISIONAL_DEVIATION, skip, PAGE).await?;
            let last_page = rows.len() < PAGE as usize;
            for row in rows {
                let rating = row.rating.after_idle(now - row.updated_at);
                if !rating.is_provisional() && board.len() < LEADERBOARD_SIZE as usize {
                    board.push(PlayerRating {
                        user: row.user,
                        rating,
                        games: row.games,
                        best: row.best,
                        results: RatedResults::default(),
                        history: Vec::new(),
                    });
                }
            }
            if last_page || board.len() == LEADERBOARD_SIZE as usize {
                return Ok(board);
            }
            skip += PAGE;
        }
    }
}
