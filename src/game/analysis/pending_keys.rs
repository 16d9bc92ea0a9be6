//! The live games whose fair-play keys are still to be written: a move
//! leaves its game here instead of writing the ~60 keys of its new position
//! in its own transaction (they were a fifth of the bot's CPU per move
//! under a burst, all before the answer). The bot writes them when no
//! answer is being made; a game moved again meanwhile is written once, for
//! its latest ply. Nothing is lost if they never are (a crash): a game
//! whose keys lag its ply is computed before the next check.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::rules::Position;

/// The games to write keys for, each at its latest ply. Cheap to clone;
/// clones share the list.
#[derive(Debug, Clone, Default)]
pub struct PendingKeys(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    games: Mutex<HashMap<i64, (u32, Position)>>,
    added: Notify,
}

impl PendingKeys {
    /// Notes that game `game_id` stands at `position` after `ply` plies,
    /// just after the move is committed; replaces what was noted for an
    /// earlier ply, or for the same ply (a move played again after a
    /// takeback: the later note is the later commit).
    pub fn note(&self, game_id: i64, ply: u32, position: Position) {
        let mut games = self.0.games.lock().unwrap_or_else(|e| e.into_inner());
        let newest = games.get(&game_id).is_none_or(|&(noted, _)| noted <= ply);
        if newest {
            games.insert(game_id, (ply, position));
        }
        drop(games);
        self.0.added.notify_one();
    }

    /// Takes up to `most` of the games noted so far, those of the lowest
    /// ids first; the others stay noted.
    pub fn take(&self, most: usize) -> Vec<(i64, u32, Position)> {
        let mut games = self.0.games.lock().unwrap_or_else(|e| e.into_inner());
        let mut ids: Vec<i64> = games.keys().copied().collect();
        ids.sort_unstable();
        ids.truncate(most);
        ids.into_iter()
            .map(|id| {
                let (ply, position) = games.remove(&id).expect("a noted game");
                (id, ply, position)
            })
            .collect()
    }

    /// Whether no game is noted.
    pub fn is_empty(&self) -> bool {
        self.0.games.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
    }

    /// Returns once a game is noted (at once if one was since the last
    /// call returned).
    pub async fn added(&self) {
        self.0.added.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_kept_once_at_its_latest_ply() {
        let pending = PendingKeys::default();
        let start = Position::initial();
        let after = start.play(&start.legal_moves()[0]).unwrap();
        pending.note(7, 1, after);
        pending.note(3, 4, start);
        // An older ply noted late does not win.
        pending.note(7, 0, start);
        // The same ply again (taken back and played again): the later one does.
        pending.note(3, 4, after);
        pending.note(3, 4, start);
        pending.note(9, 2, start);
        assert_eq!(pending.take(2), vec![(3, 4, start), (7, 1, after)]);
        assert!(!pending.is_empty());
        assert_eq!(pending.take(2), vec![(9, 2, start)]);
        assert!(pending.take(2).is_empty(), "taken once");
        assert!(pending.is_empty());
    }

    #[tokio::test]
    async fn a_note_made_before_anyone_waits_still_wakes_the_next_wait() {
        let pending = PendingKeys::default();
        pending.note(1, 1, Position::initial());
        tokio::time::timeout(std::time::Duration::from_secs(1), pending.added()).await.expect("woken");
    }
}
