//! Move notation (RULES 6.1-6.3): canonical output and lenient input that
//! never guesses.

use std::fmt;

use super::{Color, Move, MoveList, Position, Square};

/// Why a text was not accepted as a move of a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not move notation at all.
    #[error("`{text}` is not a move: {reason}. Write moves like 11-15 or 22x13")]
    NotNotation {
        /// What was typed.
        text: String,
        /// What is wrong with it.
        reason: NotNotation,
    },
    /// A capture is available, so only the best captures are legal.
    #[error(
        "`{text}` is not legal: capture is compulsory, and only the captures that take the most pieces (then the most kings) may be played: {}",
        captures.join(", ")
    )]
    CaptureRequired {
        /// What was typed.
        text: String,
        /// The legal captures, in canonical notation.
        captures: Vec<String>,
    },
    /// No legal move matches the text.
    #[error("`{text}` is not legal here: {reason}")]
    NoSuchMove {
        /// What was typed.
        text: String,
        /// Why not.
        reason: NoSuchMove,
    },
    /// More than one legal move matches: the full forms tell them apart.
    #[error("`{text}` is ambiguous: write one of {}", candidates.join(", "))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The matching moves, each with every landing square.
        candidates: Vec<String>,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// Why a text is not move notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotNotation {
    /// Nothing was typed.
    Empty,
    /// A character that is neither a digit nor a separator.
    StrayCharacter(char),
    /// A number that is not a square (1-32).
    NotASquare(String),
    /// Fewer than two squares.
    TooFewSquares,
    /// More squares than the longest capture has.
    TooManySquares,
}

impl fmt::Display for NotNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotNotation::Empty => write!(f, "it is empty"),
            NotNotation::StrayCharacter(c) => write!(f, "`{c}` is neither a square number nor a separator"),
            NotNotation::NotASquare(token) => write!(f, "{token} is not a square number (1-32)"),
            NotNotation::TooFewSquares => write!(f, "a move needs a start and an end square"),
            NotNotation::TooManySquares => write!(f, "it has more squares than any move"),
        }
    }
}

/// Why no legal move matches a text that is notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSuchMove {
    /// The side to move has no legal move at all.
    NoLegalMove(Color),
    /// The start square is empty.
    EmptySquare(Square),
    /// The piece on the start square belongs to the side not to move.
    NotYourPiece {
        /// The start square.
        square: Square,
        /// Whose piece it is.
        owner: Color,
    },
    /// The piece on the start square has no legal move.
    PieceCannotMove(Square),
    /// The piece can move, but not as typed: these are its moves.
    PieceMoves {
        /// The start square.
        square: Square,
        /// Its legal moves, in canonical notation.
        moves: Vec<String>,
    },
    /// A move that is not among the position's legal moves.
    NotLegal,
}

impl fmt::Display for NoSuchMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoSuchMove::NoLegalMove(color) => write!(f, "{color} has no legal move"),
            NoSuchMove::EmptySquare(square) => write!(f, "square {square} is empty"),
            NoSuchMove::NotYourPiece { square, owner } => {
                write!(f, "the piece on {square} is {owner}'s, and it is {}'s turn", owner.opponent())
            }
            NoSuchMove::PieceCannotMove(square) => write!(f, "the piece on {square} cannot move"),
            NoSuchMove::PieceMoves { square, moves } => {
                write!(f, "the piece on {square} can play {}", moves.join(", "))
            }
            NoSuchMove::NotLegal => write!(f, "it is not a legal move of this position"),
        }
    }
}

/// The move number and the mover of the 0-based `ply` of a game whose
/// first move was `first`'s: a game is numbered in moves of White then
/// Black, so a game that Black starts begins with "1..." and its second
/// ply is White's move 2.
pub fn move_number(first: Color, ply: usize) -> (usize, Color) {
    let offset = usize::from(first == Color::Black);
    let mover = if (ply + offset).is_multiple_of(2) { Color::White } else { Color::Black };
    ((ply + offset) / 2 + 1, mover)
}

/// Every move in full form: the start and each landing square.
pub fn full_notation(mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    let mut s = mv.from().to_string();
    for sq in mv.landings() {
        s.push_str(sep);
        s.push_str(&sq.to_string());
    }
    s
}

/// Canonical notation of `mv` among the legal moves `moves`: the short form
/// `from-to` / `fromxto`, unless another legal move shares from and to
/// (RULES 6.2), then the full form.
pub fn notation_among(moves: &[Move], mv: &Move) -> String {
    let ambiguous = moves.iter().any(|m| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
    if ambiguous {
        full_notation(mv)
    } else if mv.is_capture() {
        format!("{}x{}", mv.from(), mv.to())
    } else {
        format!("{}-{}", mv.from(), mv.to())
    }
}

impl Position {
    /// Canonical notation of one of this position's legal moves.
    pub fn notation(&self, mv: &Move) -> String {
        notation_among(&self.legal_moves(), mv)
    }

    /// The legal moves with their canonical notation, sorted by squares.
    pub fn legal_moves_with_notation(&self) -> Vec<(Move, String)> {
        let moves = self.legal_moves();
        let mut out: Vec<(Move, String)> = moves.iter().map(|m| (*m, notation_among(&moves, m))).collect();
        out.sort_by_key(|(m, _)| (m.from(), m.to(), m.path()));
        out
    }

    /// Reads a move in lenient notation (RULES 6.3): any of `-`, `x`, `×`,
    /// `:` or spaces between squares, leading zeros allowed, and any
    /// subsequence of the landing squares between start and end. It must
    /// pick out exactly one legal move.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let squares = parse_squares(text)?;
        let moves = self.legal_moves();
        let matching: MoveList = moves.iter().copied().filter(|m| matches(m, &squares)).collect();
        match matching.len() {
            1 => Ok(matching[0]),
            0 => Err(self.explain_no_match(text, &squares, &moves)),
            _ => {
                let mut candidates: Vec<String> = matching.iter().map(full_notation).collect();
                candidates.sort();
                Err(MoveError::Ambiguous { text: text.trim().to_string(), candidates })
            }
        }
    }

    fn explain_no_match(&self, text: &str, squares: &[Square], moves: &MoveList) -> MoveError {
        let text = text.trim().to_string();
        if moves.is_empty() {
            return MoveError::NoSuchMove { text, reason: NoSuchMove::NoLegalMove(self.turn()) };
        }
        if moves[0].is_capture() {
            let mut captures: Vec<String> = moves.iter().map(|m| notation_among(moves, m)).collect();
            captures.sort();
            captures.dedup();
            return MoveError::CaptureRequired { text, captures };
        }
        let from = squares[0];
        let reason = match self.piece_at(from) {
            None => NoSuchMove::EmptySquare(from),
            Some(p) if p.color != self.turn() => NoSuchMove::NotYourPiece { square: from, owner: p.color },
            Some(_) => {
                let mut from_here: Vec<String> =
                    moves.iter().filter(|m| m.from() == from).map(|m| notation_among(moves, m)).collect();
                from_here.sort();
                if from_here.is_empty() {
                    NoSuchMove::PieceCannotMove(from)
                } else {
                    NoSuchMove::PieceMoves { square: from, moves: from_here }
                }
            }
        };
        MoveError::NoSuchMove { text, reason }
    }
}

/// Whether the typed squares name this move: same start and end, and the
/// typed middle squares appear in order among its earlier landings.
fn matches(mv: &Move, squares: &[Square]) -> bool {
    let (first, rest) = squares.split_first().expect("at least two squares");
    let (last, middle) = rest.split_last().expect("at least two squares");
    if mv.from() != *first || mv.to() != *last {
        return false;
    }
    let landings: Vec<Square> = mv.landings().collect();
    let mut earlier = landings[..landings.len() - 1].iter();
    middle.iter().all(|sq| earlier.any(|l| l == sq))
}

fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | '×' | ':') || c.is_whitespace()
}

/// Splits move text into squares; errors say what is not notation.
fn parse_squares(text: &str) -> Result<Vec<Square>, MoveError> {
    let not_notation = |reason: NotNotation| MoveError::NotNotation { text: text.trim().to_string(), reason };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(not_notation(NotNotation::Empty));
    }
    if let Some(c) = trimmed.chars().find(|&c| !c.is_ascii_digit() && !is_separator(c)) {
        return Err(not_notation(NotNotation::StrayCharacter(c)));
    }
    let mut squares = Vec::new();
    for token in trimmed.split(is_separator).filter(|t| !t.is_empty()) {
        let number: u32 = token.parse().ok().ok_or_else(|| not_notation(NotNotation::NotASquare(token.to_string())))?;
        let square = u8::try_from(number)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| not_notation(NotNotation::NotASquare(token.to_string())))?;
        squares.push(square);
    }
    if squares.len() < 2 {
        return Err(not_notation(NotNotation::TooFewSquares));
    }
    if squares.len() > 2 + super::moves::MAX_LANDINGS {
        return Err(not_notation(NotNotation::TooManySquares));
    }
    Ok(squares)
}
