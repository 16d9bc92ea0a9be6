//! Where a match stands (RULES 8.3), as each of its games shows it: the
//! score so far, the opening of games 3 and 4, and whether it is over.

use crate::rules::{Color, Outcome};
use crate::store::{GameStatus, MatchRow, MatchStatus};

/// Games in a match (RULES 8.3a).
pub const MATCH_GAMES: u8 = 4;

/// Where a match stands, as a game of it shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPlay {
    /// The match's id.
    pub id: i64,
    /// This game's number in it, 1-4.
    pub number: u8,
    /// White in games 1 and 3.
    pub first_white: u64,
    /// White in games 2 and 4.
    pub first_black: u64,
    /// Half-points of `first_white` and `first_black` over the finished
    /// games (a win 2, a draw 1).
    pub half_points: [u32; 2],
    /// Games finished.
    pub finished_games: u8,
    /// The opening of games 3 and 4: White's move and Black's reply.
    pub opening: (String, String),
    /// Whether the match is over (all its games played, or decided early).
    pub over: bool,
    /// Whether it was aborted.
    pub aborted: bool,
}

impl MatchPlay {
    /// The match as it stands from its stored row, seen from game `number`.
    pub(in crate::game) fn from_row(row: &MatchRow, number: u8) -> MatchPlay {
        let mut half_points = [0, 0];
        let mut finished_games = 0;
        for game in row.games.iter().filter(|g| g.status == GameStatus::Finished) {
            finished_games += 1;
            let white = usize::from(game.white != row.setup.first_white);
            let (w, b) = match game.result {
                Some(Outcome::Win(Color::White)) => (2, 0),
                Some(Outcome::Win(Color::Black)) => (0, 2),
                _ => (1, 1),
            };
            half_points[white] += w;
            half_points[1 - white] += b;
        }
        let mut words = row.setup.opening.split_whitespace().map(String::from);
        let opening = (words.next().unwrap_or_default(), words.next().unwrap_or_default());
        let decided = decided(half_points, finished_games);
        MatchPlay {
            id: row.id,
            number,
            first_white: row.setup.first_white,
            first_black: row.setup.first_black,
            half_points,
            finished_games,
            opening,
            over: match row.status {
                MatchStatus::Live => decided,
                MatchStatus::Finished => true,
                MatchStatus::Aborted => false,
            },
            aborted: row.status == MatchStatus::Aborted,
        }
    }

    /// The moves game `number` starts with, already played when its
    /// players come to it: games 3 and 4 start after the match's opening
    /// (RULES 8.3c), games 1 and 2 from the initial position.
    pub fn set_moves(&self, number: u8) -> Vec<String> {
        if number >= 3 { vec![self.opening.0.clone(), self.opening.1.clone()] } else { Vec::new() }
    }

    /// How many plies of this game were set, not played by its players
    /// (see [`MatchPlay::set_moves`]): a takeback never removes them.
    pub fn set_plies(&self) -> u32 {
        self.set_moves(self.number).len() as u32
    }

    /// The winner of a match that is over; `None` for a drawn match (2-2)
    /// or one still played.
    pub fn winner(&self) -> Option<u64> {
        if !self.over {
            return None;
        }
        match self.half_points[0].cmp(&self.half_points[1]) {
            std::cmp::Ordering::Greater => Some(self.first_white),
            std::cmp::Ordering::Less => Some(self.first_black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Whether no further game is played: all four were, or a player has more
/// than 2 points after three (RULES 8.3b).
fn decided(half_points: [u32; 2], finished_games: u8) -> bool {
    finished_games >= MATCH_GAMES || (finished_games == MATCH_GAMES - 1 && half_points.iter().any(|&h| h > 4))
}

/// Who has White in game `number` (colours alternate, RULES 8.3a).
pub fn white_in_game(first_white: u64, first_black: u64, number: u8) -> u64 {
    if number % 2 == 1 { first_white } else { first_black }
}
