//! Colours and pieces.

use std::fmt;

/// A side: White (moves first, starts on 1-12) or Black (starts on 21-32).
///
/// Its name, `white` or `black` ([`Color::name`], and `FromStr` reading it
/// back, exactly), is derived from the variant; `Display` shows the word a
/// person reads (`White`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumString, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum Color {
    /// The side that starts on squares 1-12 and moves first.
    White,
    /// The side that starts on squares 21-32.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in PDN FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A man or a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "snake_case", const_into_str)]
pub enum Role {
    /// Moves and captures one step forward (RULES 3).
    Man,
    /// Flies along free diagonals (RULES 4).
    King,
}

impl Role {
    /// Lower-case name: `man` or `king`.
    pub const fn name(self) -> &'static str {
        self.into_str()
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}
