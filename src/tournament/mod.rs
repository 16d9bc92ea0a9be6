//! Tournaments (RULES 8.4) as pure functions over results: the Berger
//! tables of a round-robin ([`berger`]), the pairing of a Swiss round
//! ([`swiss`]) and the standings with their tiebreaks ([`standings`]). Like
//! `rules/`, this module knows nothing of SQL, Discord or async: the game
//! service orchestrates rounds and the store keeps them.
//!
//! Players are indexes into the tournament's list of entrants (in the order
//! they joined, which is also their seeding where a rule needs one).

pub mod berger;
mod matching;
pub mod standings;
pub mod swiss;

/// A player: an index into the tournament's entrants.
pub type Player = usize;

/// Points are counted in halves, so a draw is exact: a win is 2, a draw 1.
pub type HalfPoints = u32;

/// How a tournament game ended, or that it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won (on the board, on time, by resignation).
    WhiteWins,
    /// A draw (by the rules or by agreement).
    Draw,
    /// Black won.
    BlackWins,
    /// Not played: Black withdrew, White scores the point (RULES 8.4a).
    WhiteByForfeit,
    /// Not played: White withdrew, Black scores the point.
    BlackByForfeit,
}

impl GameResult {
    /// The half-points White and Black score.
    pub fn half_points(self) -> (HalfPoints, HalfPoints) {
        match self {
            GameResult::WhiteWins | GameResult::WhiteByForfeit => (2, 0),
            GameResult::Draw => (1, 1),
            GameResult::BlackWins | GameResult::BlackByForfeit => (0, 2),
        }
    }

    /// Whether the game was played on the board (a forfeit was not).
    pub fn played(self) -> bool {
        !matches!(self, GameResult::WhiteByForfeit | GameResult::BlackByForfeit)
    }
}

/// One game of a tournament: its round (from 1), its players, and its
/// result once it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TournamentGame {
    /// The round, from 1.
    pub round: u32,
    /// The player with White.
    pub white: Player,
    /// The player with Black.
    pub black: Player,
    /// `None` while it is being played.
    pub result: Option<GameResult>,
}

/// A pairing to start: who plays White and who Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The player with White.
    pub white: Player,
    /// The player with Black.
    pub black: Player,
}
