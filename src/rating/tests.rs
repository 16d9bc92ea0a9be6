use super::*;

fn rating(rating: f64, deviation: f64) -> Rating {
    Rating { rating, deviation, volatility: 0.06 }
}

/// The worked example of Glickman's "Example of the Glicko-2 system": a
/// 1500 / RD 200 player beats a 1400 / 30 player and loses to 1550 / 100
/// and 1700 / 300, and ends at about 1464.06 / 151.52.
#[test]
fn glickman_s_worked_example() {
    let after = rate_period(
        rating(1500.0, 200.0),
        &[
            (rating(1400.0, 30.0), Score::Win),
            (rating(1550.0, 100.0), Score::Loss),
            (rating(1700.0, 300.0), Score::Loss),
        ],
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "rating {}", after.rating);
    assert!((after.deviation - 151.52).abs() < 0.01, "deviation {}", after.deviation);
    assert!((after.volatility - 0.05999).abs() < 0.00001, "volatility {}", after.volatility);
}

#[test]
fn new_players_start_at_1500_with_rd_350_and_are_provisional() {
    let new = Rating::new_player();
    assert_eq!((new.rating, new.deviation, new.volatility), (1500.0, 350.0, 0.06));
    assert!(new.is_provisional());
    assert!(!rating(1500.0, 110.0).is_provisional());
    assert!(rating(1500.0, 110.5).is_provisional());
}

#[test]
fn a_game_between_equals_moves_both_by_the_same_amount() {
    let (winner, loser) = rate_game(Rating::new_player(), Rating::new_player(), Score::Win);
    assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
    assert!(((winner.rating - 1500.0) - (1500.0 - loser.rating)).abs() < 1e-9);
    assert!(winner.deviation < 350.0 && loser.deviation < 350.0);
    let (a, b) = rate_game(Rating::new_player(), Rating::new_player(), Score::Draw);
    assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
}

#[test]
fn the_score_is_the_first_player_s() {
    let strong = rating(1800.0, 60.0);
    let weak = rating(1400.0, 60.0);
    let (s, w) = rate_game(strong, weak, Score::Loss);
    assert!(s.rating < 1800.0 && w.rating > 1400.0);
    // An upset moves the ratings more than the expected result does.
    let (s2, _) = rate_game(strong, weak, Score::Win);
    assert!(1800.0 - s.rating > s2.rating - 1800.0);
}

#[test]
fn shown_ratings_round_and_mark_provisional_ones() {
    assert_eq!(shown(1523.4, 80.0), "1523");
    assert_eq!(shown(1522.6, 200.0), "1523?");
}
