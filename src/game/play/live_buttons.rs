//! Which buttons a game's messages show, and which of the messages already
//! posted can no longer act: a button is shown only while pressing it can
//! do something, and taken off once the game has moved on, the offer it
//! answers has ended, or the game is over.

use super::Games;
use super::abort::PLAYER_ABORT_BEFORE_PLY;
use crate::game::{GameError, GameView, Seen};
use crate::store::{ButtonMessageRow, ButtonsKind};

/// A message of the bot's that carries buttons of a game, and the position
/// they were made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonMessage {
    /// The message.
    pub message: u64,
    /// The channel (or thread) it is in.
    pub channel: u64,
    /// The game and ply the buttons were made for.
    pub seen: Seen,
    /// Which buttons it carries.
    pub kind: ButtonsKind,
}

impl ButtonMessage {
    /// Whether its buttons can still act on `view`, the game they are of:
    /// the game is live at the same ply, and an offer's answers while the
    /// offer stands.
    pub fn can_act(&self, view: &GameView) -> bool {
        view.is_live()
            && self.seen == Seen::of(view)
            && match self.kind {
                ButtonsKind::Game => true,
                ButtonsKind::DrawOffer => view.draw_offer_by.is_some(),
                ButtonsKind::TakebackRequest => view.takeback_by.is_some(),
            }
    }

    fn row(self) -> ButtonMessageRow {
        let ButtonMessage { message, channel, seen, kind } = self;
        ButtonMessageRow { message, channel, game: seen.game, ply: seen.ply, kind }
    }

    fn of_row(row: ButtonMessageRow) -> ButtonMessage {
        let ButtonMessageRow { message, channel, game, ply, kind } = row;
        ButtonMessage { message, channel, seen: Seen { game, ply }, kind }
    }
}

impl GameView {
    /// Whether its players may abort it now, so its message shows Abort:
    /// live, outside a tournament (whose organiser removes a player
    /// instead), before each side has moved.
    pub fn players_may_abort(&self) -> bool {
        self.is_live() && self.tournament.is_none() && self.ply() < PLAYER_ABORT_BEFORE_PLY
    }

    /// Whether the player who made the last move may ask to take it back,
    /// so the move's message shows Take back: a live game between people,
    /// outside a tournament, whose last move was played (not set by a
    /// match's opening).
    pub fn last_move_may_be_taken_back(&self) -> bool {
        let set = self.match_play.as_ref().map_or(0, |p| p.set_plies());
        self.is_live() && self.engine.is_none() && self.tournament.is_none() && self.ply() > set
    }
}

impl Games<'_> {
    /// Keeps `message`, just posted with its buttons, so they can be taken
    /// off once they can no longer act.
    pub async fn keep_buttons(self, message: ButtonMessage) -> Result<(), GameError> {
        Ok(self.store.keep_button_message(message.row()).await?)
    }

    /// The kept messages of game `game` whose buttons can no longer act
    /// (all of them once the game is over), oldest first.
    pub async fn buttons_that_cannot_act(self, game: i64) -> Result<Vec<ButtonMessage>, GameError> {
        let kept = self.store.button_messages_of(game).await?;
        if kept.is_empty() {
            return Ok(Vec::new());
        }
        let view = self.game_by_id(game).await?;
        Ok(kept.into_iter().map(ButtonMessage::of_row).filter(|m| !m.can_act(&view)).collect())
    }

    /// Forgets `messages`, whose buttons are off (or which are gone).
    pub async fn buttons_taken_off(self, messages: &[u64]) -> Result<(), GameError> {
        Ok(self.store.forget_button_messages(messages).await?)
    }
}
