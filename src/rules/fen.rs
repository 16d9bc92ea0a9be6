//! PDN FEN (RULES 6.4): `W:W1-12:B21-32`, side to move then each colour's
//! squares, `K` before a king; ranges on input, every square on output.

use super::{Color, Piece, Position, Role, SetupError, Square};

/// Why a text is not a valid PDN FEN position. `at` is the 1-based
/// character where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text does not follow the FEN grammar.
    #[error("bad FEN at character {at}: {reason}")]
    Syntax {
        /// 1-based character position.
        at: usize,
        /// What was expected or found.
        reason: FenSyntax,
    },
    /// The text parses, but the pieces do not make a legal position.
    #[error("bad FEN at character {at}: {error}")]
    Impossible {
        /// 1-based character position of the offending square.
        at: usize,
        /// What is impossible.
        error: SetupError,
    },
}

/// What breaks the FEN grammar. `None` for a character means the text
/// ended there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenSyntax {
    /// The text is empty.
    Empty,
    /// A side letter (`W` or `B`) was expected.
    ExpectedSide(Option<char>),
    /// A square number was expected.
    ExpectedSquare(Option<char>),
    /// A number outside 1-32.
    SquareOutOfRange(String),
    /// Something else where `:` was expected.
    ExpectedColon(char),
    /// Something else where `,` or `:` was expected.
    ExpectedSeparator(char),
    /// One colour's list appears twice.
    ListedTwice(Color),
    /// A range `first-last` with `last` below `first`.
    RangeBackwards(Square, Square),
}

impl std::fmt::Display for FenSyntax {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let found = |c: &Option<char>| c.map_or("the end".to_string(), |c| format!("`{c}`"));
        match self {
            FenSyntax::Empty => write!(f, "the FEN is empty; the start is W:W1-12:B21-32"),
            FenSyntax::ExpectedSide(c) => write!(f, "expected W or B, found {}", found(c)),
            FenSyntax::ExpectedSquare(c) => write!(f, "expected a square number, found {}", found(c)),
            FenSyntax::SquareOutOfRange(digits) => write!(f, "square {digits} is not in 1-32"),
            FenSyntax::ExpectedColon(c) => write!(f, "expected `:`, found `{c}`"),
            FenSyntax::ExpectedSeparator(c) => write!(f, "expected `,` or `:`, found `{c}`"),
            FenSyntax::ListedTwice(color) => write!(f, "{color}'s pieces are listed twice"),
            FenSyntax::RangeBackwards(first, last) => write!(f, "range {first}-{last} runs backwards"),
        }
    }
}

/// Canonical FEN: every square listed, ascending, no ranges.
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.turn().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let squares: Vec<String> = pos
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(sq, p)| if p.role == Role::King { format!("K{sq}") } else { sq.to_string() })
            .collect();
        out.push_str(&squares.join(","));
    }
    out
}

/// Parses a PDN FEN; surrounding quotes, spaces and a final `.` are allowed.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    Parser::new(text).position()
}

impl std::str::FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        parse_fen(s)
    }
}

/// A text diagram from White's side: `w`/`b` men, `W`/`B` kings, `.` empty
/// playing squares, blanks for light squares; then the side to move.
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = match Square::from_coords(file, rank) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece { color: Color::White, role: Role::Man }) => 'w',
                        Some(Piece { color: Color::White, role: Role::King }) => 'W',
                        Some(Piece { color: Color::Black, role: Role::Man }) => 'b',
                        Some(Piece { color: Color::Black, role: Role::King }) => 'B',
                    },
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move ({})", self.turn, to_fen(self))
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_fen(self))
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn new(text: &str) -> Parser {
        let mut t = text.trim();
        if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
            t = &t[1..t.len() - 1];
        }
        let t = t.trim().strip_suffix('.').unwrap_or(t.trim());
        Parser { chars: t.chars().collect(), pos: 0 }
    }

    fn error(&self, reason: FenSyntax) -> FenError {
        FenError::Syntax { at: self.pos + 1, reason }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn color(&mut self) -> Result<Color, FenError> {
        self.skip_spaces();
        let c = match self.peek() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            other => return Err(self.error(FenSyntax::ExpectedSide(other))),
        };
        self.pos += 1;
        Ok(c)
    }

    fn number(&mut self) -> Result<(Square, usize), FenError> {
        self.skip_spaces();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error(FenSyntax::ExpectedSquare(self.peek())));
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        let square = digits
            .parse::<u8>()
            .ok()
            .and_then(Square::new)
            .ok_or(FenError::Syntax { at: start + 1, reason: FenSyntax::SquareOutOfRange(digits) })?;
        Ok((square, start + 1))
    }

    fn position(mut self) -> Result<Position, FenError> {
        if self.chars.is_empty() {
            return Err(self.error(FenSyntax::Empty));
        }
        let turn = self.color()?;
        let mut pieces: Vec<(Square, Piece, usize)> = Vec::new();
        let mut seen_colors = Vec::new();
        loop {
            self.skip_spaces();
            match self.peek() {
                None => break,
                Some(':') => self.pos += 1,
                Some(c) => return Err(self.error(FenSyntax::ExpectedColon(c))),
            }
            let color_at = self.pos;
            let color = self.color()?;
            if seen_colors.contains(&color) {
                return Err(FenError::Syntax { at: color_at + 1, reason: FenSyntax::ListedTwice(color) });
            }
            seen_colors.push(color);
            self.skip_spaces();
            if matches!(self.peek(), None | Some(':')) {
                continue; // a colour with no pieces
            }
            loop {
                self.piece_item(color, &mut pieces)?;
                self.skip_spaces();
                match self.peek() {
                    Some(',') => self.pos += 1,
                    None | Some(':') => break,
                    Some(c) => return Err(self.error(FenSyntax::ExpectedSeparator(c))),
                }
            }
        }
        let result = Position::from_pieces(turn, pieces.iter().map(|&(sq, p, _)| (sq, p)));
        result.map_err(|error| {
            let at = match &error {
                SetupError::SquareTwice(sq) | SetupError::ManOnFarRank { square: sq, .. } => {
                    pieces.iter().rev().find(|(s, ..)| s == sq).map_or(1, |p| p.2)
                }
                SetupError::TooManyPieces { color, .. } => {
                    pieces.iter().filter(|(_, p, _)| p.color == *color).nth(12).map_or(1, |p| p.2)
                }
            };
            FenError::Impossible { at, error }
        })
    }

    /// One item of a colour's list: `[K]n` or `[K]n-m`.
    fn piece_item(&mut self, color: Color, pieces: &mut Vec<(Square, Piece, usize)>) -> Result<(), FenError> {
        self.skip_spaces();
        let role = if matches!(self.peek(), Some('K' | 'k')) {
            self.pos += 1;
            Role::King
        } else {
            Role::Man
        };
        let (first, at) = self.number()?;
        self.skip_spaces();
        let mut last = first;
        if self.peek() == Some('-') {
            self.pos += 1;
            let (end, end_at) = self.number()?;
            if end < first {
                return Err(FenError::Syntax { at: end_at, reason: FenSyntax::RangeBackwards(first, end) });
            }
            last = end;
        }
        for n in first.number()..=last.number() {
            let sq = Square::new(n).expect("between two valid squares");
            pieces.push((sq, Piece { color, role }, at));
        }
        Ok(())
    }
}
