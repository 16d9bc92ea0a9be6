//! The position a player was shown, which a button or a menu carries so
//! that what is chosen from an old message is refused instead of played.

use crate::game::{GameError, GameView};

/// A position a player was shown: the game and its ply. What they choose
/// from it is refused with [`GameError::PositionChanged`] once the game has
/// moved on (or another game took the channel), so an old menu never plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The game's id.
    pub game: i64,
    /// The plies played when it was shown.
    pub ply: u32,
}

impl Seen {
    /// The position `view` shows now.
    pub fn of(view: &GameView) -> Seen {
        Seen { game: view.id, ply: view.ply() }
    }

    /// Refuses with [`GameError::PositionChanged`] when `view` no longer
    /// shows the position `seen` (when one is given: typed commands carry
    /// none).
    pub fn check(seen: Option<Seen>, view: &GameView) -> Result<(), GameError> {
        match seen {
            Some(seen) if seen != Seen::of(view) => Err(GameError::PositionChanged),
            _ => Ok(()),
        }
    }
}
