//! A move to store, with what it does to its game, and the jobs that carry
//! it (or a message's buttons to keep) to the move writer
//! ([`super::moves`]) and their answers back.

use tokio::sync::oneshot;

use super::error::StoreError;
use super::kinds::{ButtonsKind, FinishReason};
use crate::rules::{Color, Outcome};

/// A move to store, with what it does to its game.
#[derive(Clone, Debug)]
pub struct MoveWrite {
    /// The game.
    pub game_id: i64,
    /// The ply the move was decided on (plies played before it): the write
    /// only lands if the game is still at this ply and live.
    pub ply: u32,
    /// Canonical notation.
    pub notation: String,
    /// The player who moved (their standing draw offer survives; the
    /// opponent's is declined by the move).
    pub mover: u64,
    /// Unix seconds.
    pub now: i64,
    /// Side to move after it.
    pub next_turn: Color,
    /// The deadline this move met: the game's, or later when its clock
    /// stood still for a vacation. Kept with the move: a bank is derived
    /// from it and the move's time.
    pub met_deadline: i64,
    /// The next move's deadline.
    pub deadline: i64,
    /// The next move's reminder time.
    pub remind_at: i64,
    /// The result, when this move ends the game.
    pub finishing: Option<Finishing>,
    /// When the move is a player's conditional premove, played for them:
    /// the channel where that is announced (through the outbox, in the
    /// move's transaction, so it is said once the move stands).
    pub premove_in: Option<u64>,
}

/// A move that landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveWritten {
    /// A direct message to the opponent was queued with it (`/notify dm`):
    /// the outbox has something to send.
    pub direct_message: bool,
}

/// How a move ends its game.
#[derive(Clone, Copy, Debug)]
pub struct Finishing {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// Why (the rules: a move ends a game no other way).
    pub reason: FinishReason,
}

/// A message with a game's buttons, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonMessageRow {
    /// The message.
    pub message: u64,
    /// The channel (or thread) it is in.
    pub channel: u64,
    /// The game its buttons act on.
    pub game: i64,
    /// The game's ply when the message was made.
    pub ply: u32,
    /// Which buttons it carries.
    pub kind: ButtonsKind,
    /// Its text as posted (or as last edited); `None` for messages kept
    /// before the text was.
    pub content: Option<String>,
}

/// A move waiting for the writer, and where to send its answer.
pub(super) struct MoveJob {
    pub(super) write: MoveWrite,
    pub(super) reply: oneshot::Sender<Result<Option<MoveWritten>, StoreError>>,
}

/// A message's buttons to keep, waiting for the writer (which commits
/// them with the moves of the same moment: a move's board posted with its
/// buttons costs no commit of its own), and where to send its answer.
pub(super) struct ButtonsJob {
    pub(super) row: ButtonMessageRow,
    pub(super) reply: oneshot::Sender<Result<(), StoreError>>,
}

/// What the move writer commits.
pub(super) enum WriteJob {
    /// A move.
    Move(MoveJob),
    /// A message's buttons.
    Buttons(ButtonsJob),
}
