//! The value of a position and its one-byte encoding in the tables.

/// The game-theoretic result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins with best play.
    Win,
    /// Neither side can force a win (the game can go on forever).
    Draw,
    /// The side to move loses with best play.
    Loss,
}

/// The exact value of a position: who wins, and how many plies the game
/// lasts with best play (the winner hurrying, the loser holding out).
///
/// The game ends when the side to move has no legal move (RULES 7.1), so a
/// win always takes an odd number of plies and a loss an even number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableValue {
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// Plies to the end of the game with best play; 0 for draws.
    pub plies: u16,
}

impl TableValue {
    /// A draw.
    pub const DRAW: TableValue = TableValue { wdl: Wdl::Draw, plies: 0 };

    /// The decisive value of a game that ends in `plies` plies: the side to
    /// move wins when it makes the last move, i.e. when `plies` is odd.
    pub const fn decisive(plies: u16) -> TableValue {
        let wdl = if plies % 2 == 1 { Wdl::Win } else { Wdl::Loss };
        TableValue { wdl, plies }
    }
}

/// A draw.
pub(super) const DRAW: u8 = 0;
/// A slot of the index that is no position (two pieces on one square).
pub(super) const NOT_A_POSITION: u8 = u8::MAX;
/// The longest game a byte can hold: bytes 1..=254 are 0..=253 plies.
pub(super) const MAX_PLIES: u16 = 253;

/// The byte of a decisive value: plies + 1 (the parity says who wins).
#[inline]
pub(super) fn encode_plies(plies: u16) -> u8 {
    assert!(plies <= MAX_PLIES, "a game of {plies} plies does not fit the table format (at most {MAX_PLIES})");
    plies as u8 + 1
}

/// The value a byte stands for; `None` for [`NOT_A_POSITION`].
#[inline]
pub(super) fn decode(byte: u8) -> Option<TableValue> {
    match byte {
        DRAW => Some(TableValue::DRAW),
        NOT_A_POSITION => None,
        b => Some(TableValue::decisive(b as u16 - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips() {
        for plies in 0..=MAX_PLIES {
            let value = decode(encode_plies(plies)).unwrap();
            assert_eq!(value.plies, plies);
            assert_eq!(value.wdl, if plies % 2 == 1 { Wdl::Win } else { Wdl::Loss });
        }
        assert_eq!(decode(DRAW), Some(TableValue::DRAW));
        assert_eq!(decode(NOT_A_POSITION), None);
    }
}
