//! The positions of a game's replay, for [`crate::render::render_gif`].

use super::GameView;
use crate::render::ReplayFrame;
use crate::render::replay::game_frames;

impl GameView {
    /// One frame per position of the game, `ply() + 1` in all: the start,
    /// then the position after each move with that move marked. Live,
    /// finished and aborted games alike: a replay shows what was played.
    pub fn replay_frames(&self) -> Vec<ReplayFrame> {
        game_frames(&self.game)
    }
}
