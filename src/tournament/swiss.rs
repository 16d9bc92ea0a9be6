//! The pairing of a Swiss round (RULES 8.4c).
//!
//! Every possible pair of the round is an edge whose cost is a list of
//! numbers, one per rule of 8.4c in its order of priority (see `Level` below);
//! an odd field gets one more vertex, the bye, joined to everyone who has not
//! had one. The round is the perfect matching of least cost compared level by
//! level: the costs are folded into one integer weight per edge, each level
//! worth more than everything below it can add up to over a whole round, and
//! the matching of greatest weight (the `matching` module: Edmonds' blossom
//! algorithm) is the pairing.
//! The two rules above everything (nobody meets twice, nobody gets a second
//! bye) are not costs: those edges are left out.
//!
//! Colours count only games played on the board: a forfeit (RULES 8.4a) is
//! a meeting and scores, but nobody had a colour in it.

use super::matching::max_weight_matching;
use super::{HalfPoints, Pairing, Player, TournamentGame};
use std::cmp::Ordering;

/// An entrant as the Swiss pairing sees them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SwissEntrant {
    /// Their rating, which orders players on the same score.
    pub rating: f64,
    /// Withdrawn (RULES 8.4d): never paired again.
    pub withdrawn: bool,
}

/// A round to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissRound {
    /// The games, board 1 first (the board of the best-ranked player).
    pub pairings: Vec<Pairing>,
    /// Who sits out this round with a point, if the field is odd.
    pub bye: Option<Player>,
}

/// Why no round can be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// Fewer than two players are still in the tournament.
    TooFewPlayers,
    /// Every way of pairing the players left has a rematch or a second bye.
    NoPairing,
}

impl std::fmt::Display for SwissError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SwissError::TooFewPlayers => "fewer than two players left to pair",
            SwissError::NoPairing => "no pairing without a rematch or a second bye",
        })
    }
}

impl std::error::Error for SwissError {}

/// The most players a Swiss round can pair: with more, the weights that rank
/// the pairings might not fit in 128 bits ([`pair_round`] panics). Far more
/// than a correspondence Swiss needs; the service should refuse entrants
/// beyond it.
pub const MAX_PLAYERS: usize = 500;

/// Pairs the next round. `games`: every game of the rounds before (all
/// finished, results set; forfeits count as scored but the players DID
/// meet), `byes`: players who had a bye (one per round at most). Withdrawn
/// players are not paired (RULES 8.4d).
///
/// In order of priority (RULES 8.4c): nobody meets twice and nobody gets a
/// second bye (never broken: [`SwissError::NoPairing`] instead); the bye
/// goes to the lowest-ranked player (by score, then rating) who has not had
/// one; players meet others on the same score where possible, otherwise the
/// fewest pairs are between different scores, and then with the smallest
/// differences; nobody gets the same colour a third game running, nor three
/// more games with one colour than the other; the players who leave a score group
/// are its lowest-ranked; in a score group, ranked by rating, the top half
/// meets the bottom half (best: the i-th of the top half meets the
/// i-th of the bottom half); each player gets the colour they had less, else
/// the one they did not have last. Where that leaves a pair's colours open,
/// the higher-ranked player gets the colour they would rather have, and with
/// none, White on boards 1, 3, 5... and Black on boards 2, 4, 6... - so round
/// 1 is the top half by rating against the bottom half, colours alternating
/// down the board.
///
/// The bye comes before the score groups, as in 8.4c: the lowest-ranked
/// player without one gets it even if that makes one more pair cross the
/// scores; a higher-ranked one only if the others cannot be paired without a
/// rematch otherwise.
///
/// A game still without a result counts as a meeting that scored nothing.
/// Players are indexes into `entrants`; a game or bye naming one out of range
/// panics, and so do more than [`MAX_PLAYERS`] players still in.
pub fn pair_round(
    entrants: &[SwissEntrant],
    games: &[TournamentGame],
    byes: &[Player],
) -> Result<SwissRound, SwissError> {
    let field = Field::new(entrants, games, byes);
    assert!(field.active.len() <= MAX_PLAYERS, "more than {MAX_PLAYERS} players in a Swiss");
    if field.active.len() < 2 {
        return Err(SwissError::TooFewPlayers);
    }
    let graph = field.graph();
    let mates = best_perfect_matching(graph.vertices, &graph.edges).ok_or(SwissError::NoPairing)?;
    Ok(field.round_from(&mates))
}

/// The levels of an edge's cost, most important first (after the two
/// absolute rules and the count of pairs, which the matching puts above all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// For the bye edge: how far above the bottom of the ranking the player
    /// stands (0: the lowest-ranked).
    Bye = 0,
    /// 1 if the two players are on different scores.
    Floaters,
    /// The difference of their scores, in half-points.
    ScoreGap,
    /// How many of the two would break a colour limit (third colour running,
    /// or three more of one colour), with the better colour order.
    ColourLimits,
    /// Different scores: how many of the higher player's score group rank
    /// below them (0 when the lowest-ranked is the one who leaves it).
    FloaterRank,
    /// Same score: 1 if both are in the top half of their group by rating,
    /// or both in the bottom half.
    SameHalf,
    /// Same score: how far the two are from "i-th of the top half against
    /// i-th of the bottom half" (places in the group).
    HalfOffset,
    /// How many do not get the colour they had less.
    ColourHadLess,
    /// How many of those with even colours do not get the one they did not
    /// have last.
    ColourNotLast,
}

/// The number of levels.
const LEVELS: usize = 9;

/// An edge's cost, level by level ([`Level`]); compared lexicographically.
type Cost = [u64; LEVELS];

/// What the rounds before say about one player.
#[derive(Clone, Debug, Default)]
struct Record {
    score: HalfPoints,
    /// Colours of the games played on the board, in round order (White true).
    colours: Vec<bool>,
    had_bye: bool,
}

impl Record {
    fn whites(&self) -> usize {
        self.colours.iter().filter(|&&c| c).count()
    }

    /// Whether playing `white` next breaks a colour limit: the same colour
    /// three games running, or three more games with one colour.
    fn breaks_limit(&self, white: bool) -> bool {
        let n = self.colours.len();
        let run = n >= 2 && self.colours[n - 1] == white && self.colours[n - 2] == white;
        let whites = self.whites() + usize::from(white);
        let blacks = n + 1 - whites;
        run || whites.abs_diff(blacks) >= 3
    }

    /// The colour had less (White true), if the counts differ.
    fn had_less(&self) -> Option<bool> {
        let whites = self.whites();
        let blacks = self.colours.len() - whites;
        (whites != blacks).then_some(whites < blacks)
    }

    /// With even counts, the colour not had last.
    fn not_last(&self) -> Option<bool> {
        if self.had_less().is_some() { None } else { self.colours.last().map(|&c| !c) }
    }

    /// The colour this player would rather have, if any.
    fn preference(&self) -> Option<bool> {
        self.had_less().or(self.not_last())
    }

    /// This player's part of the colour levels if they get `white`.
    fn colour_cost(&self, white: bool) -> [u64; 3] {
        [
            u64::from(self.breaks_limit(white)),
            u64::from(self.had_less().is_some_and(|c| c != white)),
            u64::from(self.not_last().is_some_and(|c| c != white)),
        ]
    }
}

/// The field of the round to pair.
struct Field {
    records: Vec<Record>,
    /// `met[a][b]`: they have played (or forfeited) a game.
    met: Vec<Vec<bool>>,
    /// The players to pair, best-ranked first (score, then rating, then the
    /// order they joined).
    active: Vec<Player>,
    /// Each active player's place in `active`.
    place: Vec<usize>,
    /// Each active player's place in their score group and its size.
    group: Vec<(usize, usize)>,
}

/// The graph the matching sees: vertices `0..active.len()` are the active
/// players in rank order, and one more is the bye if the field is odd.
struct Graph {
    vertices: usize,
    edges: Vec<(usize, usize, Cost)>,
}

impl Field {
    fn new(entrants: &[SwissEntrant], games: &[TournamentGame], byes: &[Player]) -> Field {
        let n = entrants.len();
        let mut records = vec![Record::default(); n];
        let mut met = vec![vec![false; n]; n];
        let mut games: Vec<&TournamentGame> = games.iter().collect();
        games.sort_by_key(|g| g.round);
        for g in games {
            met[g.white][g.black] = true;
            met[g.black][g.white] = true;
            if let Some(result) = g.result {
                let (w, b) = result.half_points();
                records[g.white].score += w;
                records[g.black].score += b;
                if result.played() {
                    records[g.white].colours.push(true);
                    records[g.black].colours.push(false);
                }
            }
        }
        for &p in byes {
            records[p].score += 2;
            records[p].had_bye = true;
        }
        let mut active: Vec<Player> = (0..n).filter(|&p| !entrants[p].withdrawn).collect();
        active.sort_by(|&a, &b| {
            records[b]
                .score
                .cmp(&records[a].score)
                .then(entrants[b].rating.total_cmp(&entrants[a].rating))
                .then(a.cmp(&b))
        });
        let mut place = vec![usize::MAX; n];
        for (i, &p) in active.iter().enumerate() {
            place[p] = i;
        }
        let mut group = vec![(0, 0); n];
        let mut start = 0;
        while start < active.len() {
            let score = records[active[start]].score;
            let end = start + active[start..].iter().take_while(|&&p| records[p].score == score).count();
            for (i, &p) in active[start..end].iter().enumerate() {
                group[p] = (i, end - start);
            }
            start = end;
        }
        Field { records, met, active, place, group }
    }

    /// Every allowed edge with its cost.
    fn graph(&self) -> Graph {
        let count = self.active.len();
        let mut edges = Vec::new();
        for i in 0..count {
            for j in i + 1..count {
                let (a, b) = (self.active[i], self.active[j]);
                if !self.met[a][b] {
                    edges.push((i, j, self.pair_cost(a, b)));
                }
            }
        }
        let mut vertices = count;
        if count % 2 == 1 {
            vertices += 1;
            for (i, &p) in self.active.iter().enumerate() {
                if !self.records[p].had_bye {
                    let mut cost = [0; LEVELS];
                    cost[Level::Bye as usize] = (count - 1 - i) as u64;
                    edges.push((i, count, cost));
                }
            }
        }
        Graph { vertices, edges }
    }

    /// The cost of pairing `a` and `b` (either way round).
    fn pair_cost(&self, a: Player, b: Player) -> Cost {
        let (ra, rb) = (&self.records[a], &self.records[b]);
        let mut cost = [0; LEVELS];
        if ra.score != rb.score {
            cost[Level::Floaters as usize] = 1;
            cost[Level::ScoreGap as usize] = u64::from(ra.score.abs_diff(rb.score));
            let (place, size) = self.group[if ra.score > rb.score { a } else { b }];
            cost[Level::FloaterRank as usize] = (size - 1 - place) as u64;
        } else {
            let ((i, size), (j, _)) = (self.group[a], self.group[b]);
            let (i, j) = (i.min(j), i.max(j));
            let half = size / 2;
            cost[Level::SameHalf as usize] = u64::from((i < half) == (j < half));
            cost[Level::HalfOffset as usize] = (j - i).abs_diff(half) as u64;
        }
        let colours = self.colour_cost(a, b, true).min(self.colour_cost(a, b, false));
        cost[Level::ColourLimits as usize] = colours[0];
        cost[Level::ColourHadLess as usize] = colours[1];
        cost[Level::ColourNotLast as usize] = colours[2];
        cost
    }

    /// The colour levels of the pair if `a` gets `a_white`.
    fn colour_cost(&self, a: Player, b: Player, a_white: bool) -> [u64; 3] {
        let (ca, cb) = (self.records[a].colour_cost(a_white), self.records[b].colour_cost(!a_white));
        [ca[0] + cb[0], ca[1] + cb[1], ca[2] + cb[2]]
    }

    /// The pair with colours: the better order for the colour levels; if
    /// both are as good, the higher-ranked player gets their preference, or
    /// with none, White on odd boards (`board` counts from 0 here).
    fn colours(&self, a: Player, b: Player, board: usize) -> Pairing {
        let (high, low) = if self.place[a] < self.place[b] { (a, b) } else { (b, a) };
        let high_white = match self.colour_cost(high, low, true).cmp(&self.colour_cost(high, low, false)) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => self.records[high].preference().unwrap_or(board.is_multiple_of(2)),
        };
        if high_white { Pairing { white: high, black: low } } else { Pairing { white: low, black: high } }
    }

    /// The round from a perfect matching on [`Field::graph`]'s vertices.
    fn round_from(&self, mates: &[usize]) -> SwissRound {
        let count = self.active.len();
        let mut bye = None;
        let mut pairs = Vec::new();
        for (i, &j) in mates.iter().enumerate().take(count) {
            if j == count {
                bye = Some(self.active[i]);
            } else if i < j {
                pairs.push((i, j));
            }
        }
        // Board 1 is the pair of the best-ranked player, and so on down.
        pairs.sort_unstable();
        let pairings = pairs
            .iter()
            .enumerate()
            .map(|(board, &(i, j))| self.colours(self.active[i], self.active[j], board))
            .collect();
        SwissRound { pairings, bye }
    }
}

/// The perfect matching of least cost (level by level) on `vertices`, as
/// each vertex's mate, or `None` if there is no perfect matching.
///
/// The costs become one weight per edge: for each level, the most an edge
/// can cost minus its cost, times the weight of one unit of that level, which
/// is more than the most all the levels below can add up to over a whole
/// matching; and above all, one unit more per edge, so that a perfect
/// matching outweighs any smaller one.
fn best_perfect_matching(vertices: usize, edges: &[(usize, usize, Cost)]) -> Option<Vec<usize>> {
    if vertices % 2 == 1 {
        return None;
    }
    let mut most = [0u64; LEVELS];
    for (_, _, cost) in edges {
        for (m, &c) in most.iter_mut().zip(cost) {
            *m = (*m).max(c);
        }
    }
    let (unit, per_edge) = units(vertices / 2, &most).expect("no more than MAX_PLAYERS players");
    let weighted: Vec<(usize, usize, i128)> = edges
        .iter()
        .map(|&(u, v, cost)| {
            let w: i128 = (0..LEVELS).map(|k| i128::from(most[k] - cost[k]) * unit[k]).sum();
            (u, v, per_edge + w)
        })
        .collect();
    let mates = max_weight_matching(vertices, &weighted);
    mates.into_iter().collect()
}

/// The weight of one unit of each level and, above them all, of one pair,
/// for a matching of `pairs` pairs whose edges cost at most `most`; `None` if
/// that does not fit the matching's weights (below 2^120: a pair's weight is
/// less than two units of a pair).
fn units(pairs: usize, most: &Cost) -> Option<([i128; LEVELS], i128)> {
    let pairs = pairs as i128;
    let mut unit = [0i128; LEVELS];
    let mut next = 1i128;
    for k in (0..LEVELS).rev() {
        unit[k] = next;
        next = next.checked_mul(pairs.checked_mul(i128::from(most[k]))?.checked_add(1)?)?;
    }
    (next < 1 << 119).then_some((unit, next))
}

#[cfg(test)]
mod tests {
    use super::super::GameResult::{self, *};
    use super::super::matching::tests::Rng;
    use super::*;
    use proptest::prelude::*;

    fn field_of(ratings: &[f64]) -> Vec<SwissEntrant> {
        ratings.iter().map(|&rating| SwissEntrant { rating, withdrawn: false }).collect()
    }

    fn game(round: u32, white: Player, black: Player, result: GameResult) -> TournamentGame {
        TournamentGame { round, white, black, result: Some(result) }
    }

    fn pairing(white: Player, black: Player) -> Pairing {
        Pairing { white, black }
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half_with_colours_alternating_rules_8_4c() {
        // By rating: 7, 5, 1, 3 | 2, 0, 4, 6.
        let entrants = field_of(&[1500.0, 1800.0, 1600.0, 1700.0, 1400.0, 1900.0, 1300.0, 2000.0]);
        let round = pair_round(&entrants, &[], &[]).unwrap();
        assert_eq!(round.bye, None);
        assert_eq!(round.pairings, vec![pairing(7, 2), pairing(0, 5), pairing(1, 4), pairing(6, 3)]);
    }

    #[test]
    fn round_one_of_an_odd_field_gives_the_bye_to_the_lowest_rated() {
        let entrants = field_of(&[1000.0, 1400.0, 1200.0, 1300.0, 1100.0]);
        let round = pair_round(&entrants, &[], &[]).unwrap();
        assert_eq!(round.bye, Some(0));
        // 1, 3 | 2, 4: board 1 White to the higher, board 2 Black.
        assert_eq!(round.pairings, vec![pairing(1, 2), pairing(4, 3)]);
    }

    #[test]
    fn equal_ratings_rank_by_order_of_joining() {
        let entrants = field_of(&[1500.0; 5]);
        let round = pair_round(&entrants, &[], &[]).unwrap();
        assert_eq!(round.bye, Some(4));
        assert_eq!(round.pairings, vec![pairing(0, 2), pairing(3, 1)]);
    }

    #[test]
    fn winners_meet_winners_and_everyone_gets_the_other_colour_rules_8_4c() {
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0]);
        let first = pair_round(&entrants, &[], &[]).unwrap();
        assert_eq!(first.pairings, vec![pairing(0, 2), pairing(3, 1)]);
        let games = [game(1, 0, 2, WhiteWins), game(1, 3, 1, BlackWins)];
        let second = pair_round(&entrants, &games, &[]).unwrap();
        assert_eq!(second.pairings, vec![pairing(1, 0), pairing(2, 3)]);
    }

    #[test]
    fn nobody_meets_twice_even_to_stay_in_their_score_group_rules_8_4c() {
        // After round 1, 1 and 3 are alone on a draw's score: a rematch.
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0]);
        let games = [game(1, 0, 2, WhiteWins), game(1, 1, 3, Draw)];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        // 0-1 or 0-3 with 2 against the other: the lower of 1 and 3 (3)
        // is the one who leaves for the score below, so 0-1 and 3-2. Both of
        // a pair had the same colour: the higher-ranked gets the other one.
        assert_eq!(round.pairings, vec![pairing(1, 0), pairing(3, 2)]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_who_has_not_had_one_rules_8_4c() {
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0, 1600.0]);
        let games = [game(1, 0, 1, Draw), game(1, 2, 3, Draw), game(2, 4, 0, BlackWins), game(2, 1, 2, Draw)];
        // Scores: 0 and 3 on 1.5, then 1, 2 and 4 on 1; 4 and 3 had a bye.
        let round = pair_round(&entrants, &games, &[4, 3]).unwrap();
        assert_eq!(round.bye, Some(2));
        // 0 has met 1 and 4: 0-3 on the top score, 1-4 on the next, where
        // 4 had White less (a stronger claim than 1's, who had Black last).
        assert_eq!(round.pairings, vec![pairing(3, 0), pairing(1, 4)]);
    }

    #[test]
    fn the_fewest_leave_their_score_group_and_the_lowest_ranked_leaves_rules_8_4c() {
        // Six players; after round 1: 0, 1, 2 won (1 point), 3, 4, 5 lost.
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0, 1600.0, 1500.0]);
        let games = [game(1, 0, 3, WhiteWins), game(1, 4, 1, BlackWins), game(1, 2, 5, WhiteWins)];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        // One pair only crosses the scores, and the lowest winner (2) is the
        // one who floats: 0-1, then 2 against 3 or 4 (2 met 5); of those, 3-5
        // is the top half of the losers against the bottom half, 4-5 not.
        // Colours: each the one they had less; 2 and 4 both had White, the
        // higher-ranked 2 gets Black; 3 and 5 both had Black, 3 gets White.
        assert_eq!(round.pairings, vec![pairing(1, 0), pairing(4, 2), pairing(3, 5)]);
    }

    #[test]
    fn colour_limits_hold_unless_no_pairing_can_keep_them_rules_8_4c() {
        // 0 and 1 had White twice; they are left with each other alone.
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0]);
        let games = [game(1, 0, 2, Draw), game(1, 1, 3, Draw), game(2, 0, 3, Draw), game(2, 1, 2, Draw)];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        // The higher-ranked of each pair (0, then 2, who had Black twice)
        // gets the colour they need.
        assert_eq!(round.pairings, vec![pairing(1, 0), pairing(2, 3)]);
        // With a choice, nobody gets a third White running: 4 and 5 are on
        // the same score as 0 and 1.
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0, 1600.0, 1500.0]);
        let games = [
            game(1, 0, 2, Draw),
            game(1, 1, 3, Draw),
            game(1, 5, 4, Draw),
            game(2, 0, 3, Draw),
            game(2, 1, 4, Draw),
            game(2, 5, 2, Draw),
        ];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        for p in &round.pairings {
            assert!(![0, 1, 5].contains(&p.white), "a third White running: {round:?}");
        }
    }

    #[test]
    fn the_weights_fit_for_the_largest_field_and_not_far_beyond() {
        // The most each level can cost with `players` players and up to
        // `players - 1` rounds before (scores up to 2 per round).
        let worst = |players: u64| {
            let mut most = [0; LEVELS];
            most[Level::Bye as usize] = players - 1;
            most[Level::Floaters as usize] = 1;
            most[Level::ScoreGap as usize] = 2 * (players - 1);
            most[Level::ColourLimits as usize] = 2;
            most[Level::FloaterRank as usize] = players - 1;
            most[Level::SameHalf as usize] = 1;
            most[Level::HalfOffset as usize] = players - 1;
            most[Level::ColourHadLess as usize] = 2;
            most[Level::ColourNotLast as usize] = 2;
            most
        };
        assert!(units(MAX_PLAYERS / 2, &worst(MAX_PLAYERS as u64)).is_some());
        assert!(units(MAX_PLAYERS, &worst(2 * MAX_PLAYERS as u64)).is_none());
    }

    #[test]
    fn a_colour_record_knows_its_limits_and_preferences() {
        let record = |colours: &[bool]| Record { colours: colours.to_vec(), ..Record::default() };
        let (w, b) = (true, false);
        assert!(record(&[w, w]).breaks_limit(w));
        assert!(!record(&[w, w]).breaks_limit(b));
        assert!(record(&[b, w, w]).breaks_limit(w));
        assert!(!record(&[w, b, w]).breaks_limit(w), "two more Whites is allowed");
        assert!(record(&[w, b, w, w, b, w]).breaks_limit(w), "three more Whites");
        assert_eq!(record(&[w, b, w]).preference(), Some(b));
        assert_eq!(record(&[w, b]).preference(), Some(w));
        assert_eq!(record(&[b, w]).preference(), Some(b));
        assert_eq!(record(&[]).preference(), None);
        assert_eq!(record(&[w, b]).colour_cost(b), [0, 0, 1]);
        assert_eq!(record(&[w]).colour_cost(w), [0, 1, 0]);
    }

    #[test]
    fn withdrawn_players_are_not_paired_and_forfeits_are_meetings_without_colours_rules_8_4d() {
        let mut entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0]);
        entrants[3].withdrawn = true;
        // 3 withdrew during round 1: 1 won by forfeit.
        let games = [game(1, 0, 2, WhiteWins), game(1, 3, 1, BlackByForfeit)];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        // 0 and 1 on 1 point; 2 on 0 takes the bye. 1 had no colour (a
        // forfeit is not played), 0 had White.
        assert_eq!(round, SwissRound { pairings: vec![pairing(1, 0)], bye: Some(2) });
        // A forfeit is a meeting: 0 and 1 are not paired again.
        let entrants = field_of(&[2000.0, 1900.0, 1800.0, 1700.0]);
        let games = [game(1, 0, 1, WhiteByForfeit), game(1, 2, 3, Draw)];
        let round = pair_round(&entrants, &games, &[]).unwrap();
        assert!(round.pairings.iter().all(|p| p.white.min(p.black) != 0 || p.white.max(p.black) != 1));
    }

    #[test]
    fn too_few_players_or_no_pairing_left_are_errors() {
        assert_eq!(pair_round(&[], &[], &[]), Err(SwissError::TooFewPlayers));
        let mut entrants = field_of(&[1.0, 2.0, 3.0]);
        entrants[0].withdrawn = true;
        entrants[2].withdrawn = true;
        assert_eq!(pair_round(&entrants, &[], &[]), Err(SwissError::TooFewPlayers));
        let entrants = field_of(&[1.0, 2.0]);
        assert_eq!(pair_round(&entrants, &[game(1, 0, 1, Draw)], &[]), Err(SwissError::NoPairing));
        // Three players who have all met and all had a bye.
        let entrants = field_of(&[1.0, 2.0, 3.0]);
        let games = [game(1, 0, 1, Draw), game(2, 0, 2, Draw), game(3, 1, 2, Draw)];
        assert_eq!(pair_round(&entrants, &games, &[2, 1, 0]), Err(SwissError::NoPairing));
        // With one bye left, it is used even if it is not the lowest-ranked.
        let round = pair_round(&entrants, &games[..2], &[2, 1]).unwrap();
        assert_eq!(round, SwissRound { pairings: vec![pairing(2, 1)], bye: Some(0) });
    }

    /// The state of a simulated tournament before a round.
    struct Sim {
        entrants: Vec<SwissEntrant>,
        games: Vec<TournamentGame>,
        byes: Vec<Player>,
    }

    /// Plays a random tournament of `n` players (random ratings, some equal;
    /// random results; players withdrawing during a round, their game a
    /// forfeit, or between rounds), up to `n - 1` rounds, handing every
    /// pairing attempt to `check` before its results.
    fn simulate(n: usize, seed: u64, mut check: impl FnMut(&Sim, &Result<SwissRound, SwissError>)) {
        let mut rng = Rng(seed);
        let entrants = (0..n)
            .map(|_| SwissEntrant {
                rating: if rng.below(4) == 0 { 1500.0 } else { 1000.0 + rng.below(1000) as f64 },
                withdrawn: false,
            })
            .collect();
        let mut sim = Sim { entrants, games: Vec::new(), byes: Vec::new() };
        let rounds = 1 + rng.below(n as u64 - 1) as u32;
        for round in 1..=rounds {
            if round > 1 {
                for p in 0..n {
                    if rng.below(40) == 0 {
                        sim.entrants[p].withdrawn = true;
                    }
                }
            }
            let paired = pair_round(&sim.entrants, &sim.games, &sim.byes);
            check(&sim, &paired);
            let Ok(paired) = paired else { break };
            for Pairing { white, black } in paired.pairings {
                let result = match rng.below(30) {
                    0 => {
                        sim.entrants[black].withdrawn = true;
                        WhiteByForfeit
                    }
                    1 => {
                        sim.entrants[white].withdrawn = true;
                        BlackByForfeit
                    }
                    2..=11 => Draw,
                    12..=21 => WhiteWins,
                    _ => BlackWins,
                };
                sim.games.push(game(round, white, black, result));
            }
            sim.byes.extend(paired.bye);
        }
    }

    /// Whether the players in `players` (a list of at most 31, plus the bye
    /// vertex if `bye` is set, where only those with `bye_ok` may take it)
    /// can all be paired without a rematch: a search over subsets, written
    /// apart from the matching.
    fn pairable(players: &[Player], met: &[Vec<bool>], bye_ok: &[bool], with_bye: bool) -> bool {
        let k = players.len() + usize::from(with_bye);
        if k % 2 == 1 {
            return false;
        }
        let mut dead = vec![false; 1 << k];
        fn search(mask: usize, k: usize, ok: &dyn Fn(usize, usize) -> bool, dead: &mut [bool]) -> bool {
            if mask == (1 << k) - 1 {
                return true;
            }
            if dead[mask] {
                return false;
            }
            let u = (!mask).trailing_zeros() as usize;
            for v in u + 1..k {
                if mask & (1 << v) == 0 && ok(u, v) && search(mask | 1 << u | 1 << v, k, ok, dead) {
                    return true;
                }
            }
            dead[mask] = true;
            false
        }
        let n = players.len();
        let ok = |u: usize, v: usize| {
            if v == n { bye_ok[players[u]] } else { !met[players[u]][players[v]] }
        };
        search(0, k, &ok, &mut dead)
    }

    /// The cost of a round as paired, level by level, colours as given.
    fn cost_of(field: &Field, round: &SwissRound) -> Cost {
        let mut total = [0; LEVELS];
        for p in &round.pairings {
            let mut cost = field.pair_cost(p.white, p.black);
            let colours = field.colour_cost(p.white, p.black, true);
            cost[Level::ColourLimits as usize] = colours[0];
            cost[Level::ColourHadLess as usize] = colours[1];
            cost[Level::ColourNotLast as usize] = colours[2];
            for k in 0..LEVELS {
                total[k] += cost[k];
            }
        }
        if let Some(b) = round.bye {
            total[Level::Bye as usize] += (field.active.len() - 1 - field.place[b]) as u64;
        }
        total
    }

    /// Every rule of 8.4c that can be checked on its own, on one round.
    fn check_round(sim: &Sim, paired: &Result<SwissRound, SwissError>) {
        let n = sim.entrants.len();
        let active: Vec<Player> = (0..n).filter(|&p| !sim.entrants[p].withdrawn).collect();
        let mut met = vec![vec![false; n]; n];
        let mut colours = vec![Vec::new(); n];
        for g in &sim.games {
            met[g.white][g.black] = true;
            met[g.black][g.white] = true;
            if g.result.is_some_and(|r| r.played()) {
                colours[g.white].push(true);
                colours[g.black].push(false);
            }
        }
        let bye_ok: Vec<bool> = (0..n).map(|p| !sim.byes.contains(&p)).collect();
        let odd = active.len() % 2 == 1;
        let round = match paired {
            Err(SwissError::TooFewPlayers) => return assert!(active.len() < 2),
            Err(SwissError::NoPairing) => {
                return assert!(!pairable(&active, &met, &bye_ok, odd), "a pairing was possible");
            }
            Ok(round) => round,
        };
        // Everyone still in is paired once or has the bye; nobody else.
        let mut seen = vec![0; n];
        for p in &round.pairings {
            seen[p.white] += 1;
            seen[p.black] += 1;
            assert!(!met[p.white][p.black], "a rematch: {p:?}");
        }
        if let Some(b) = round.bye {
            seen[b] += 1;
            assert!(bye_ok[b], "a second bye for {b}");
        }
        assert_eq!(round.bye.is_some(), odd);
        for (p, &times) in seen.iter().enumerate() {
            assert_eq!(times, usize::from(active.contains(&p)), "player {p} in {round:?}");
        }
        // The bye: nobody ranked lower could have had it (had none before,
        // and the others could be paired without them).
        let field = Field::new(&sim.entrants, &sim.games, &sim.byes);
        if let Some(b) = round.bye {
            for &q in &field.active[field.place[b] + 1..] {
                let rest: Vec<Player> = active.iter().copied().filter(|&p| p != q).collect();
                assert!(!bye_ok[q] || !pairable(&rest, &met, &bye_ok, false), "{q} ranks below {b} for the bye");
            }
        }
        // Colour limits: if someone breaks one, no pairing that keeps them
        // all is as good on the rules above (bye, score groups). That is
        // decided by a second matching over only the pairs that can keep the
        // limits, costed on those rules alone.
        let breaks = round.pairings.iter().flat_map(|p| [(p.white, true), (p.black, false)]).any(|(p, white)| {
            let mut c = colours[p].clone();
            c.push(white);
            let whites = c.iter().filter(|&&x| x).count();
            let run = c.len() >= 3 && c[c.len() - 3..].iter().all(|&x| x == white);
            run || whites.abs_diff(c.len() - whites) >= 3
        });
        // The rules above the colour limits in RULES 8.4c, named here rather
        // than taken from the order of `Level`.
        let higher = |cost: &Cost| [Level::Bye, Level::Floaters, Level::ScoreGap].map(|l| cost[l as usize]);
        let ours = cost_of(&field, round);
        let limits = Level::ColourLimits as usize;
        if breaks {
            assert!(ours[limits] > 0, "a colour limit broken and not counted");
            let graph = field.graph();
            let keeping: Vec<(usize, usize, Cost)> = graph
                .edges
                .iter()
                .filter(|e| e.2[limits] == 0)
                .map(|&(u, v, cost)| {
                    let mut only_higher = [0; LEVELS];
                    for l in [Level::Bye, Level::Floaters, Level::ScoreGap] {
                        only_higher[l as usize] = cost[l as usize];
                    }
                    (u, v, only_higher)
                })
                .collect();
            if let Some(mates) = best_perfect_matching(graph.vertices, &keeping) {
                let theirs = cost_of(&field, &field.round_from(&mates));
                assert!(higher(&theirs) > higher(&ours), "{round:?} breaks a colour limit that {mates:?} keeps");
            }
        }
    }

    /// Every perfect matching of the graph, as the least cost of one (with
    /// each pair's best colours).
    fn best_by_brute_force(graph: &Graph) -> Option<Cost> {
        let mut cost = vec![vec![None; graph.vertices]; graph.vertices];
        for &(u, v, c) in &graph.edges {
            cost[u][v] = Some(c);
            cost[v][u] = Some(c);
        }
        fn search(left: &[usize], cost: &[Vec<Option<Cost>>], so_far: Cost, best: &mut Option<Cost>) {
            let Some((&u, rest)) = left.split_first() else {
                if best.is_none_or(|b| so_far < b) {
                    *best = Some(so_far);
                }
                return;
            };
            for (i, &v) in rest.iter().enumerate() {
                if let Some(c) = cost[u][v] {
                    let mut next = so_far;
                    for k in 0..LEVELS {
                        next[k] += c[k];
                    }
                    let others: Vec<usize> =
                        rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                    search(&others, cost, next, best);
                }
            }
        }
        let mut best = None;
        let all: Vec<usize> = (0..graph.vertices).collect();
        search(&all, &cost, [0; LEVELS], &mut best);
        best
    }

    #[test]
    fn small_rounds_are_the_best_of_all_pairings_by_brute_force_rules_8_4c() {
        // 4 to 10 players, random tournaments: at every round, the pairing
        // costs no more, level by level, than the best of every possible
        // pairing (colours included: the cost of the colours given).
        let mut rounds = 0;
        for seed in 0..600u64 {
            let n = 4 + (seed % 7) as usize;
            simulate(n, seed, |sim, paired| {
                let field = Field::new(&sim.entrants, &sim.games, &sim.byes);
                let graph = field.graph();
                let best = if field.active.len() < 2 { None } else { best_by_brute_force(&graph) };
                match paired {
                    Ok(round) => {
                        assert_eq!(Some(cost_of(&field, round)), best, "{round:?}");
                        rounds += 1;
                    }
                    Err(_) => assert_eq!(best, None),
                }
            });
        }
        assert!(rounds > 1500, "only {rounds} rounds checked");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Random tournaments of 4 to 20 players (withdrawals, forfeits,
        /// odd fields, up to players - 1 rounds) keep RULES 8.4c-d.
        #[test]
        fn random_tournaments_keep_rules_8_4c(n in 4usize..=20, seed in any::<u64>()) {
            simulate(n, seed, check_round);
        }
    }
}
