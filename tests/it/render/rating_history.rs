//! Made-up rating histories for the chart's tests and its bench: a player
//! who slowly improves, meets opponents near their rating every half day to
//! four and a half days (correspondence games end at all hours), and is
//! rated with the bot's own Glicko-2. The same seed gives the same history.

use damas::game::{PlayerRating, RatedResults, RatingStep};
use damas::rating::{Rating, Score, rate_game};

/// When the first game starts: 2023-02-10, 03:33 UTC.
pub const START: i64 = 1_676_000_000;

/// A player's standing after `games` rated games.
pub fn player_after(games: usize) -> PlayerRating {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut random = move |below: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    };
    let mut rating = Rating::new_player();
    let mut history = vec![RatingStep { at: None, rating: rating.rating, deviation: rating.deviation }];
    let mut results = RatedResults::default();
    let mut best: Option<f64> = None;
    let mut at = START;
    for game in 0..games {
        at += 43_200 + random(4 * 86_400) as i64;
        let strength = 1500.0 + game as f64 * 0.6;
        let opponent = Rating { rating: rating.rating + random(300) as f64 - 150.0, deviation: 80.0, volatility: 0.06 };
        let expected = 1.0 / (1.0 + 10f64.powf((opponent.rating - strength) / 400.0));
        let roll = random(1000) as f64 / 1000.0;
        let score = if roll < expected * 0.9 {
            results.wins += 1;
            Score::Win
        } else if roll < expected * 0.9 + 0.1 {
            results.draws += 1;
            Score::Draw
        } else {
            results.losses += 1;
            Score::Loss
        };
        rating = rate_game(rating, opponent, score).0;
        if !rating.is_provisional() {
            best = Some(best.map_or(rating.rating, |b| b.max(rating.rating)));
        }
        history.push(RatingStep { at: Some(at), rating: rating.rating, deviation: rating.deviation });
    }
    PlayerRating { user: 1, rating, games: games as u32, best, results, history }
}
