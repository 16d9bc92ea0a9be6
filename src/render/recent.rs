//! The board pictures drawn last, kept so that a picture asked for again
//! soon is not drawn and encoded again: a move's answer shows the board
//! from the side to move, and the direct message that tells that player
//! it is their move (`/notify dm`) shows the very same picture. Bounded by
//! the bytes it holds; the least recently used go first.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use super::RenderOptions;
use crate::rules::{Color, Move, Position};

/// Everything a picture depends on. [`Move`]'s own equality leaves out the
/// route, which the picture shows, so the move is kept field by field.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    position: Position,
    perspective: Color,
    last_move: Option<Route>,
    show_moves: bool,
    before: Option<Position>,
    suggested: Option<Route>,
    refuted: Option<Route>,
}

/// A move as the picture draws it.
type Route = (u8, u8, u8, u8, u64, u64);

impl Key {
    fn new(position: &Position, opts: &RenderOptions) -> Key {
        let route = |m: &Move| (m.from, m.to, m.landings_len, m.captured_kings, m.via, m.captured);
        Key {
            position: *position,
            perspective: opts.perspective,
            last_move: opts.last_move.as_ref().map(route),
            show_moves: opts.show_moves,
            before: opts.before,
            suggested: opts.suggested.as_ref().map(route),
            refuted: opts.refuted.as_ref().map(route),
        }
    }
}

/// Recent pictures as PNG bytes, shared between threads.
pub struct RecentPictures {
    /// Most recently used last.
    entries: Mutex<Entries>,
    /// Most bytes of PNG kept.
    budget: usize,
}

struct Entries {
    list: VecDeque<(Key, Arc<[u8]>)>,
    bytes: usize,
}

impl RecentPictures {
    /// An empty store that keeps at most `budget` bytes of pictures.
    pub fn new(budget: usize) -> RecentPictures {
        RecentPictures { entries: Mutex::new(Entries { list: VecDeque::new(), bytes: 0 }), budget }
    }

    /// The picture of `position` with `opts`, if it is kept.
    pub fn get(&self, position: &Position, opts: &RenderOptions) -> Option<Arc<[u8]>> {
        let key = Key::new(position, opts);
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let at = entries.list.iter().rposition(|(k, _)| *k == key)?;
        let entry = entries.list.remove(at).expect("the entry just found");
        let png = entry.1.clone();
        entries.list.push_back(entry);
        Some(png)
    }

    /// Keeps `png` as the picture of `position` with `opts`, making room.
    pub fn put(&self, position: &Position, opts: &RenderOptions, png: &[u8]) {
        if png.len() > self.budget {
            return;
        }
        let key = Key::new(position, opts);
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = entries.list.iter().position(|(k, _)| *k == key) {
            let (_, old) = entries.list.remove(at).expect("the entry just found");
            entries.bytes -= old.len();
        }
        while entries.bytes + png.len() > self.budget {
            let (_, oldest) = entries.list.pop_front().expect("bytes are held by some entry");
            entries.bytes -= oldest.len();
        }
        entries.bytes += png.len();
        entries.list.push_back((key, png.into()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after the `nth` legal move of `fen`, marked.
    fn after(fen: &str, nth: usize) -> (Position, RenderOptions) {
        let before: Position = fen.parse().unwrap();
        let mv = before.legal_moves()[nth];
        let after = before.play(&mv).unwrap();
        (
            after,
            RenderOptions {
                perspective: after.turn(),
                last_move: Some(mv),
                show_moves: false,
                before: Some(before),
                suggested: None,
                refuted: None,
            },
        )
    }

    #[test]
    fn a_kept_picture_is_found_only_for_the_same_drawing() {
        let recent = RecentPictures::new(1000);
        let (pos, opts) = after("W:W9,10:B30", 0);
        recent.put(&pos, &opts, b"first");
        assert_eq!(recent.get(&pos, &opts).as_deref(), Some(&b"first"[..]));
        let flipped = RenderOptions { perspective: opts.perspective.opponent(), ..opts };
        let overlay = RenderOptions { show_moves: true, ..opts };
        let unmarked = RenderOptions { last_move: None, ..opts };
        // An analysis of the position just played: the same board with the
        // engine's move on it (it was once served the board without it).
        let best = pos.legal_moves()[0];
        let suggested = RenderOptions { suggested: Some(best), ..opts };
        let refuted = RenderOptions { refuted: Some(best), ..opts };
        for other in [flipped, overlay, unmarked, suggested, refuted] {
            assert!(recent.get(&pos, &other).is_none());
        }
        assert!(recent.get(&Position::initial(), &opts).is_none());
    }

    #[test]
    fn the_route_of_the_last_move_tells_two_pictures_apart() {
        let (pos, opts) = after("W:W9,10:B30", 0);
        let mut other_route = opts.last_move.unwrap();
        other_route.via ^= 1;
        // The same move by the rules, a different path on the picture.
        assert_eq!(Some(other_route), opts.last_move);
        let recent = RecentPictures::new(1000);
        recent.put(&pos, &opts, b"a");
        assert!(recent.get(&pos, &RenderOptions { last_move: Some(other_route), ..opts }).is_none());
        assert!(recent.get(&pos, &opts).is_some());
    }

    #[test]
    fn the_least_recently_used_go_when_the_budget_is_full() {
        let recent = RecentPictures::new(10);
        let (p1, o1) = after("W:W9,10:B30", 0);
        let (p2, o2) = after("W:W9,10:B30", 1);
        let (p3, o3) = after("W:W9,10:B30", 2);
        recent.put(&p1, &o1, b"1111");
        recent.put(&p2, &o2, b"2222");
        assert!(recent.get(&p1, &o1).is_some());
        // 1 was used after 2: 2 makes room for 3.
        recent.put(&p3, &o3, b"3333");
        assert!(recent.get(&p2, &o2).is_none());
        assert!(recent.get(&p1, &o1).is_some() && recent.get(&p3, &o3).is_some());
        // Too big to keep at all, and keeping it again replaces it.
        recent.put(&p2, &o2, b"this is too long");
        assert!(recent.get(&p2, &o2).is_none());
        recent.put(&p1, &o1, b"11");
        assert_eq!(recent.get(&p1, &o1).as_deref(), Some(&b"11"[..]));
    }
}
