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

/// RD grows by Glicko-2's step for a period without games, once per whole
/// week idle: sqrt(phi^2 + sigma^2) on the Glicko-2 scale (173.7178).
#[test]
fn idle_weeks_widen_the_deviation() {
    let regular = rating(1620.0, 50.0);
    assert_eq!(regular.after_idle(IDLE_PERIOD - 1), regular, "less than a week: unchanged");
    assert_eq!(regular.after_idle(-IDLE_PERIOD), regular, "a clock that went back changes nothing");
    let week = regular.after_idle(IDLE_PERIOD);
    let expected = ((50.0f64 / 173.7178).powi(2) + 0.06f64.powi(2)).sqrt() * 173.7178;
    assert!((week.deviation - expected).abs() < 1e-9, "{} against {expected}", week.deviation);
    assert_eq!((week.rating, week.volatility), (1620.0, 0.06), "only the deviation moves");
    let year = regular.after_idle(52 * IDLE_PERIOD);
    let expected = ((50.0f64 / 173.7178).powi(2) + 52.0 * 0.06f64.powi(2)).sqrt() * 173.7178;
    assert!((year.deviation - expected).abs() < 1e-6, "{} against {expected}", year.deviation);
    assert!(year.deviation > 80.0, "a year away: {}", year.deviation);
    let forever = regular.after_idle(100 * 52 * IDLE_PERIOD);
    assert_eq!(forever.deviation, 350.0, "never more than a new player's");
    assert!(forever.is_provisional());
}

/// A player back after a year moves more with one game than a regular.
#[test]
fn a_player_back_after_a_year_moves_more_with_a_game() {
    let opponent = rating(1500.0, 60.0);
    let regular = rating(1500.0, 50.0);
    let (after_regular, _) = rate_game(regular, opponent, Score::Win);
    let (after_idle, _) = rate_game(regular.after_idle(52 * IDLE_PERIOD), opponent, Score::Win);
    assert!(after_idle.rating - 1500.0 > 1.5 * (after_regular.rating - 1500.0), "{after_idle:?} {after_regular:?}");
}
