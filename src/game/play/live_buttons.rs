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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonMessage {
    /// The message.
    pub message: u64,
    /// The channel (or thread) it is in.
    pub channel: u64,
    /// The game and ply the buttons were made for.
    pub seen: Seen,
    /// Which buttons it carries.
    pub kind: ButtonsKind,
    /// Its text as posted or last edited (`None` when not known), so it can
    /// be brought up to date without reading it back.
    pub text: Option<String>,
}

impl ButtonMessage {
    /// Whether its buttons can still act on `view`, the game they are of:
    /// the game is live at the same ply; an offer's answers while the offer
    /// stands (a draw offer stands over its offerer's own next move).
    pub fn can_act(&self, view: &GameView) -> bool {
        if !view.is_live() || self.seen.game != view.id {
            return false;
        }
        let same_ply = self.seen.ply == view.ply();
        match self.kind {
            ButtonsKind::Game => same_ply,
            ButtonsKind::DrawOffer => view.draw_offer_by.is_some_and(|by| {
                same_ply || (view.ply() == self.seen.ply + 1 && view.player(view.color_at(self.seen.ply)) == by)
            }),
            ButtonsKind::TakebackRequest => same_ply && view.takeback_by.is_some(),
        }
    }

    fn row(self) -> ButtonMessageRow {
        let ButtonMessage { message, channel, seen, kind, text } = self;
        ButtonMessageRow { message, channel, game: seen.game, ply: seen.ply, kind, content: text }
    }

    fn of_row(row: ButtonMessageRow) -> ButtonMessage {
        let ButtonMessageRow { message, channel, game, ply, kind, content } = row;
        ButtonMessage { message, channel, seen: Seen { game, ply }, kind, text: content }
    }
}

/// A game's kept messages whose buttons can no longer act, and the server
/// the game is in (whose language any words added to them are in).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaleButtons {
    /// The game's server, if any.
    pub guild: Option<u64>,
    /// The messages, oldest first.
    pub messages: Vec<ButtonMessage>,
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
        Ok(self.store.keep_button_message(&message.row()).await?)
    }

    /// The kept messages of game `game` whose buttons can no longer act
    /// (all of them once the game is over).
    pub async fn buttons_that_cannot_act(self, game: i64) -> Result<StaleButtons, GameError> {
        let Some((kept, view)) = self.kept_buttons(game).await? else { return Ok(StaleButtons::default()) };
        let messages = kept.into_iter().filter(|m| !m.can_act(&view)).collect();
        Ok(StaleButtons { guild: view.guild, messages })
    }

    /// The kept boards of game `game` whose buttons can still act: the
    /// messages that show its position as it stands (and its deadline).
    pub async fn current_boards(self, game: i64) -> Result<Vec<ButtonMessage>, GameError> {
        let Some((kept, view)) = self.kept_buttons(game).await? else { return Ok(Vec::new()) };
        Ok(kept.into_iter().filter(|m| m.kind == ButtonsKind::Game && m.can_act(&view)).collect())
    }

    /// The kept messages of game `game`, oldest first, with the game they
    /// are judged against; `None` when none is kept (the game is not read).
    async fn kept_buttons(self, game: i64) -> Result<Option<(Vec<ButtonMessage>, GameView)>, GameError> {
        let kept = self.store.button_messages_of(game).await?;
        if kept.is_empty() {
            return Ok(None);
        }
        let view = self.game_by_id(game).await?;
        Ok(Some((kept.into_iter().map(ButtonMessage::of_row).collect(), view)))
    }

    /// Records that kept message `message` now reads `text` (it was edited).
    pub async fn buttons_text_changed(self, message: u64, text: &str) -> Result<(), GameError> {
        Ok(self.store.set_button_message_content(message, text).await?)
    }

    /// Forgets `messages`, whose buttons are off (or which are gone).
    pub async fn buttons_taken_off(self, messages: &[u64]) -> Result<(), GameError> {
        Ok(self.store.forget_button_messages(messages).await?)
    }
}
