//! The engine: it plays and judges positions of Spanish draughts.
//!
//! A pure library on [`crate::rules`] alone (no async, no I/O but the
//! endgame tables' file): [`Searcher`] searches a [`Root`] within
//! [`Limits`] and returns an [`Analysis`] (best move, score, principal
//! variation, depth, nodes); [`tables::Tables`] holds the exact value of
//! every small endgame; [`Level`] weakens the play in a human way for the
//! bot's opponents. The caller owns threads and time.
//!
//! ```
//! use damas::engine::{Limits, Root, Searcher, analyze};
//! use damas::rules::{DrawRules, Position, Variant};
//! let root = Root::new(Position::initial(), Variant::Classic, DrawRules::Classic);
//! let mut searcher = Searcher::new(1, None);
//! let analysis = analyze(&mut searcher, &root, &Limits::depth(6));
//! assert!(analysis.best.is_some());
//! ```

mod analysis;
mod counters;
mod eval;
mod level;
mod limits;
mod openings;
mod ordering;
mod proven;
pub mod puzzle_kin;
pub mod puzzle_set;
pub mod puzzles;
mod review;
mod root;
mod score;
mod search;
pub mod tables;
mod tt;
mod window;
mod zobrist;

pub use analysis::{analyze, proof_by_tables};
pub use counters::Counters;
pub use eval::{Weights, evaluate};
pub use level::{Level, choose_move};
pub use limits::Limits;
pub use openings::{BALANCED_OPENINGS, ScoredOpening, balanced_openings, score_two_ply_openings};
pub use review::{Swing, review};
pub use root::{Analysis, Root};
pub use score::{PROVEN, Proof, Score, Verdict, WIN};
pub use search::{DEFAULT_TABLE_MB, Searcher, Style};
pub use zobrist::hash;

/// Deepest line the search follows (quiescence and forced replies
/// included); beyond it a position is evaluated as it stands.
pub const MAX_PLY: usize = 128;

/// Most pieces of the endgame tables the bot and the command line use.
pub use tables::DEFAULT_PIECES as DEFAULT_TABLE_PIECES;

/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: u32 = 64;
