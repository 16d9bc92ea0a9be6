//! A game's replay: the positions it shows, for
//! [`crate::render::render_gif`], and the GIF itself, made once per ended
//! game and kept by the store.

use super::Records;
use crate::game::{GameError, GameView, HeavyWork};
use crate::render::replay::game_frames;
use crate::render::{ReplayFrame, render_gif};
use crate::rules::Color;
use crate::workers::Workers;

/// The longest game a replay is made of. A frame costs about 11 KB and
/// 7 ms (`benches/render.rs`), so 500 plies make about 5.5 MB in 3.5 s.
/// Real games are far shorter; the draw rules do not bound them tightly.
pub const REPLAY_MAX_PLIES: u32 = 500;

/// The largest replay sent: Discord takes attachments of up to 10 MiB
/// (more only in boosted servers); kept under it with room to spare.
pub const REPLAY_MAX_BYTES: usize = 8 * 1024 * 1024;

/// How many replays the store keeps (the newest made). An 80-ply replay is
/// about 850 KB, so 200 of them are about 170 MB of database: a size any
/// host takes in its stride, and more than the games whose replays are
/// asked for again in a day (the Replay button sits under the message that
/// announced the end, which scrolls away). Longer games make larger rows;
/// the worst case, 200 replays near [`REPLAY_MAX_BYTES`], is rare enough
/// not to size for.
pub const REPLAYS_KEPT: u32 = 200;

impl GameView {
    /// One frame per position of the game, `ply() + 1` in all: the start,
    /// then the position after each move with that move marked. Live,
    /// finished and aborted games alike: a replay shows what was played.
    pub fn replay_frames(&self) -> Vec<ReplayFrame> {
        game_frames(&self.game)
    }
}

impl Records<'_> {
    /// The replay of `view` as an animated GIF, from White's side like a
    /// printed diagram, whoever asks.
    ///
    /// An ended game's replay never changes: it is made once, kept by the
    /// store (the newest [`REPLAYS_KEPT`]), and read back at every later
    /// request. A live game's is made afresh each time and never kept.
    /// Made on the shared worker pool as a long job: an 80-ply game takes
    /// most of a second of one core, and a long job leaves a thread free,
    /// so no move's picture waits behind a replay. `now` is when it is made.
    ///
    /// A game longer than [`REPLAY_MAX_PLIES`] is refused before any work
    /// ([`GameError::ReplayTooLong`]): its GIF would take seconds and could
    /// outgrow what Discord accepts; so is one whose GIF came out larger
    /// than [`REPLAY_MAX_BYTES`]. A failure to draw is
    /// [`GameError::Replay`]; nothing about the game changes either way.
    /// One that must be made is refused while `asker`'s last one made is
    /// cooling down ([`GameError::CoolingDown`]); a kept one never is.
    pub async fn replay_gif(self, now: i64, view: &GameView, asker: u64) -> Result<Vec<u8>, GameError> {
        let too_long = || GameError::ReplayTooLong { plies: view.ply(), max: REPLAY_MAX_PLIES };
        if view.ply() > REPLAY_MAX_PLIES {
            return Err(too_long());
        }
        let ended = !view.is_live();
        if ended && let Some(kept) = self.store.replay(view.id).await? {
            metrics::counter!(crate::metrics::REPLAYS, "source" => "kept").increment(1);
            return Ok(kept.gif);
        }
        // Only a replay that must be made costs a core: `asker`'s cooldown.
        self.start_heavy(asker, HeavyWork::Replay)?;
        let frames = view.replay_frames();
        let gif = match Workers::shared().run_long(move || render_gif(&frames, Color::White)).await {
            Ok(Ok(gif)) => gif,
            Ok(Err(e)) => return Err(GameError::Replay(format!("the replay of game {} failed: {e}", view.id))),
            Err(e) => return Err(GameError::Replay(format!("the replay of game {} failed: {e}", view.id))),
        };
        metrics::counter!(crate::metrics::REPLAYS, "source" => "made").increment(1);
        if gif.len() > REPLAY_MAX_BYTES {
            return Err(too_long());
        }
        if ended {
            // A failure to keep it costs the next request a new drawing,
            // not this one its answer.
            if let Err(e) = self.store.put_replay(view.id, view.ply(), &gif, now, REPLAYS_KEPT).await {
                tracing::warn!(game = view.id, error = %e, "could not keep a replay");
            }
        }
        Ok(gif)
    }
}
