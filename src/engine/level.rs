//! Playing levels 1-10. Level 10 is the full engine for the time given;
//! below it the engine looks less far ahead, misjudges positions a little
//! (a fixed noise on its evaluation) and now and then prefers a second-best
//! move that is close to the best, as a weaker human does. It never plays
//! at random, and each level is stronger than the one below (see the
//! `levels` bench).

use std::time::Duration;

use super::analysis::analyze;
use super::limits::Limits;
use super::root::{Analysis, Root};
use super::score::{PROVEN, Score};
use super::search::{Searcher, Style};
use super::zobrist::scramble;

/// A playing level, 1 (weakest) to 10 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Per level (index 0 is level 1): deepest iteration (0: no limit), share
/// of the time given in percent, noise in centi-men, chance in thousandths
/// of a slip to a second-best move, and how much worse (centi-men) that
/// move may be.
const DEPTH: [u32; 10] = [2, 3, 4, 5, 6, 7, 9, 11, 14, 0];
const TIME_PERCENT: [u32; 10] = [5, 8, 12, 17, 23, 30, 40, 55, 75, 100];
const NOISE: [Score; 10] = [60, 45, 35, 26, 19, 13, 9, 5, 2, 0];
const SLIP_PER_MILLE: [u64; 10] = [300, 240, 190, 150, 110, 80, 50, 30, 15, 0];
const SLIP_MARGIN: [Score; 10] = [150, 120, 100, 80, 60, 45, 35, 25, 15, 0];

impl Level {
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// The level numbered `n`, if it is 1..=10.
    pub fn new(n: u8) -> Option<Level> {
        (1..=10).contains(&n).then_some(Level(n))
    }

    /// Its number, 1..=10.
    pub fn number(self) -> u8 {
        self.0
    }

    fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The search limits of this level within a time budget.
    pub fn limits(self, time: Duration) -> Limits {
        let depth = DEPTH[self.index()];
        let time = time.checked_mul(TIME_PERCENT[self.index()]).map_or(time, |t| t / 100);
        Limits { depth: (depth > 0).then_some(depth), nodes: None, time: Some(time) }
    }

    /// How this level judges the leaves.
    pub fn style(self) -> Style {
        Style { noise: NOISE[self.index()], seed: scramble(self.0 as u64), ..Style::default() }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The move this level plays in `root` with `time` to think. Full strength
/// (level 10) is [`analyze`]; lower levels search with their limits and
/// style, then may slip to a close second-best move. Deterministic for a
/// given position and level when the level's depth is reached in time.
pub fn choose_move(searcher: &mut Searcher, root: &Root, level: Level, time: Duration) -> Analysis {
    if level == Level::MAX {
        return analyze(searcher, root, &level.limits(time));
    }
    let mut analysis = searcher.search(root, &level.limits(time), level.style());
    let i = level.index();
    let roll = scramble(super::zobrist::hash(&root.position) ^ (level.0 as u64) << 56) % 1000;
    if roll >= SLIP_PER_MILLE[i] || analysis.depth < 2 || analysis.score.abs() >= PROVEN {
        return analysis;
    }
    let scored = searcher.score_moves(root, analysis.depth - 1, level.style());
    if let [(best, best_score), (second, second_score), ..] = scored[..]
        && best_score - second_score <= SLIP_MARGIN[i]
        && second_score > -PROVEN
        && best != second
    {
        analysis.best = Some(second);
        analysis.score = second_score;
        analysis.pv = vec![second];
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DrawRules, Position, Variant};

    #[test]
    fn levels_are_one_to_ten() {
        assert!(Level::new(0).is_none() && Level::new(11).is_none());
        assert_eq!(Level::new(7).map(Level::number), Some(7));
        assert!(Level::new(3) < Level::new(4));
    }

    #[test]
    fn weaker_levels_look_less_far_and_judge_more_roughly() {
        for n in 1..9 {
            let (a, b) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
            let depth = |l: Level| l.limits(Duration::from_secs(1)).depth.unwrap_or(u32::MAX);
            assert!(depth(a) < depth(b));
            assert!(a.style().noise > b.style().noise);
        }
    }

    #[test]
    fn every_level_plays_a_legal_move_and_repeats_itself() {
        let root = Root::new(Position::initial(), Variant::Classic, DrawRules::Classic);
        for n in 1..=6 {
            let level = Level::new(n).unwrap();
            let mut s = Searcher::new(1, None);
            let a = choose_move(&mut s, &root, level, Duration::from_secs(30));
            let b = choose_move(&mut Searcher::new(1, None), &root, level, Duration::from_secs(30));
            assert!(root.position.legal_moves().contains(&a.best.unwrap()));
            assert_eq!(a.best, b.best, "level {n}");
        }
    }
}
