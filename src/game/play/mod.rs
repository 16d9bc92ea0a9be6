//! Playing a game: moves and resignation, draw offers, takebacks, aborts,
//! conditional premoves, moves chosen from menus, and games against the bot.

feature_handle!(
    /// The live games: moves, resignations, draw offers, takebacks, aborts,
    /// premoves, moves chosen from menus, and games against the bot.
    Games,
    games
);

pub(super) mod abort;
pub(super) mod bot;
pub(super) mod draws;
pub(super) mod live_buttons;
pub(super) mod live_game;
pub(super) mod move_choices;
pub(super) mod premove_lines;
pub(super) mod premoves;
pub(super) mod seen;
pub(super) mod takebacks;
