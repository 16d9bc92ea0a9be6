//! A player's rating in a server, its history, and the server's leaderboard.

use super::{GameError, GameService};
use crate::rating::{PROVISIONAL_DEVIATION, Rating};

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

impl GameService {
    /// `user`'s rating in server `guild`, with its history; a new player's
    /// rating (1500, RD 350, no games) if they have played no rated game.
    pub async fn player_rating(&self, guild: u64, user: u64) -> Result<PlayerRating, GameError> {
        let new = Rating::new_player();
        let start = RatingStep { at: None, rating: new.rating, deviation: new.deviation };
        let Some(row) = self.store.rating(guild, user).await? else {
            return Ok(PlayerRating { user, rating: new, games: 0, best: None, history: vec![start] });
        };
        let mut history = vec![start];
        history.extend(self.store.rating_history(guild, user).await?.into_iter().map(|p| RatingStep {
            at: Some(p.at),
            rating: p.rating,
            deviation: p.deviation,
        }));
        Ok(PlayerRating { user, rating: row.rating, games: row.games, best: row.best, history })
    }

    /// The server's [`LEADERBOARD_SIZE`] best established players (RD at
    /// most 110), best first.
    pub async fn leaderboard(&self, guild: u64) -> Result<Vec<PlayerRating>, GameError> {
        let rows = self.store.top_ratings(guild, PROVISIONAL_DEVIATION, LEADERBOARD_SIZE).await?;
        Ok(rows
            .into_iter()
            .map(|r| PlayerRating { user: r.user, rating: r.rating, games: r.games, best: r.best, history: Vec::new() })
            .collect())
    }
}
