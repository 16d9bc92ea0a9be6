//! Glicko-2 ratings, as computed by the `skillratings` crate: no formula is
//! written here, only the policy around it.
//!
//! - Every game is a rating period of its own (as lichess does): each
//!   player's new rating comes from that one game against the opponent's
//!   rating before it.
//! - A new player starts at 1500 with a deviation of 350 and volatility
//!   0.06; the system constant tau is Glickman's suggested 0.5.
//! - A rating whose deviation is above [`PROVISIONAL_DEVIATION`] is
//!   provisional: shown with a "?" and kept off the leaderboard.
//! - Every whole week without a rated game is a rating period without
//!   games, which widens the deviation (Glicko-2's step for a player who
//!   did not compete, as lichess does over time): a player back after a
//!   long time is not trusted as a regular, so their first games move
//!   their rating more.
//!
//! Pure and synchronous: the store calls it inside the transaction that
//! stores a game's result, so the result and the change land together.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2, glicko2_rating_period};

#[cfg(test)]
mod tests;

/// Above this deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Fewer plies than this and a game counts for nobody's rating: each side
/// must have moved twice.
pub const RATED_MIN_PLY: u32 = 4;

/// A rating period without rated games: one for each whole week idle.
pub const IDLE_PERIOD: i64 = 7 * 86_400;

/// The deviation never grows above a new player's.
const MAX_DEVIATION: f64 = 350.0;

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation (RD), 350 for a new player.
    pub deviation: f64,
    /// The volatility, 0.06 for a new player.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, RD 350, volatility 0.06.
    pub fn new_player() -> Rating {
        Rating::from(Glicko2Rating::new())
    }

    /// Whether the rating is still provisional (RD above 110).
    pub fn is_provisional(&self) -> bool {
        is_provisional(self.deviation)
    }

    /// The rating after `idle` seconds without a rated game: one rating
    /// period without games for each whole [`IDLE_PERIOD`], each widening
    /// the deviation (up to a new player's 350); the rating and the
    /// volatility stay.
    pub fn after_idle(self, idle: i64) -> Rating {
        let periods = idle.max(0) / IDLE_PERIOD;
        let mut rating = Glicko2Rating::from(self);
        for _ in 0..periods {
            if rating.deviation >= MAX_DEVIATION {
                break;
            }
            rating = decay_deviation(&rating);
        }
        rating.into()
    }
}

/// Whether a rating with this deviation is provisional.
pub fn is_provisional(deviation: f64) -> bool {
    deviation > PROVISIONAL_DEVIATION
}

/// A rating as shown: rounded, with "?" while provisional ("1523?").
pub fn shown(rating: f64, deviation: f64) -> String {
    let mark = if is_provisional(deviation) { "?" } else { "" };
    format!("{}{mark}", rating.round() as i64)
}

/// How a rated game ended for the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config::new()
}

/// Both players' ratings after one game between them (its own rating
/// period); `score` is the first player's.
pub fn rate_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let (a, b) = glicko2(&first.into(), &second.into(), &score.outcome(), &config());
    (a.into(), b.into())
}

/// A player's rating after a rating period of several games, each against
/// an opponent's rating with the player's score.
pub fn rate_period(player: Rating, games: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games.iter().map(|&(r, s)| (r.into(), s.outcome())).collect();
    glicko2_rating_period(&player.into(), &results, &config()).into()
}
