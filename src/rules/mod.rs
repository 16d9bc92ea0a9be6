//! The rules of Spanish draughts (docs/RULES.md): std and four small
//! crates (`strum`'s derives name the enums, `thiserror` the errors,
//! `arrayvec` and `smallvec` keep move lists off the heap); no async, no I/O.
//!
//! [`Position`] is a board that is always legal; [`Position::legal_moves`]
//! gives its moves under compulsory capture and the laws of quantity and
//! quality; [`Game`] adds the history, the draw rules and the result.
//!
//! ```
//! use damas::rules::{Position, perft};
//! let start = Position::initial();
//! assert_eq!(start.legal_moves().len(), 7);
//! let mv = start.parse_move("11-15").unwrap();
//! let next = start.play(&mv).unwrap();
//! assert_eq!(next.to_string(), "B:W1,2,3,4,5,6,7,8,9,10,12,15:B21,22,23,24,25,26,27,28,29,30,31,32");
//! assert_eq!(perft(&start, 3), 302);
//! ```

mod bitboard;
mod color;
mod fen;
mod game;
mod man_jumps;
mod movegen;
mod moves;
mod notation;
mod perft;
mod position;
mod side;
mod square;

pub use color::{Color, Piece, Role};
pub use fen::{FenError, FenSyntax, parse_fen, to_fen};
pub use game::{DrawRules, EndReason, Game, GameResult, Outcome, PdnResult, UnknownName, Variant};
pub use moves::{INLINE_MOVES, MAX_LANDINGS, Move, MoveList};
pub use notation::{MoveError, NoSuchMove, NotNotation, full_notation, move_number, notation_among};
pub use perft::perft;
pub use position::{MAX_PIECES_PER_SIDE, Position, SetupError};
pub use square::Square;
