//! Board pictures put together from ranks kept from earlier pictures.
//!
//! A playing square's pixels depend only on how it looks ([`SquareLook`]:
//! its cell's colour, the piece or ghost on it) and on its number; light
//! squares never change. So a rank of the picture (a band of one square's
//! height across the board) is the same wherever its four playing squares
//! look the same, from the same side, and its rows once filtered and
//! deflated on their own ([`PngWriter::encode_rows`]) can be laid into any
//! later picture that shows it. A move changes a few ranks (its own squares,
//! and the previous move's, whose marks go), and games share the ranks
//! their openings leave alone: most of a board's ranks are found kept. Only
//! when one is missing is the picture drawn (whole: drawing is the cheap
//! part), and only the missing ranks are encoded.
//!
//! The overlay of legal moves crosses ranks: those pictures are made whole
//! ([`super::render_png`] does not come here for them).
//!
//! The ranks kept are bounded by their bytes; one not used since the last
//! time it came up for eviction gets a second chance.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, LazyLock, Mutex};

use super::RenderOptions;
use super::draw::{SquareLook, draw_into, square_looks};
use super::encode::{EncodedRows, png_of_bands};
use super::layout::{HEIGHT, SQUARE_SIZE, WIDTH};
use super::orientation::square_at;
use super::scratch::with_scratch;
use crate::rules::{Color, Position};

/// Ranks of the picture, top to bottom.
const RANKS: usize = 8;

/// How many bytes of ranks are kept: a rank is 1-8 KB (4.5 KB on
/// average), so some 1,800 ranks, the boards of a few hundred moves.
const KEPT_BYTES: usize = 8 << 20;

/// The ranks every board picture of the bot is made from.
static KEPT: LazyLock<Mutex<KeptRanks>> = LazyLock::new(|| Mutex::new(KeptRanks::new(KEPT_BYTES)));

/// Everything a rank's pixels depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct RankKey {
    perspective: Color,
    /// The rank's place in the picture, 0 at the top.
    row: u8,
    /// Its playing squares, left to right.
    squares: [SquareLook; 4],
}

/// The keys of the picture's ranks, top to bottom.
fn rank_keys(looks: &[SquareLook; 32], perspective: Color) -> [RankKey; RANKS] {
    std::array::from_fn(|row| {
        let mut playing = (0..8).filter_map(|column| square_at(column, row as u32, perspective));
        let squares = std::array::from_fn(|_| {
            let square = playing.next().expect("four playing squares on each rank");
            looks[usize::from(square.number()) - 1]
        });
        RankKey { perspective, row: row as u8, squares }
    })
}

/// The board picture of `pos` with `opts` (no overlay) as PNG, from the
/// ranks the bot keeps.
pub(super) fn render(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    render_with(&KEPT, pos, opts)
}

/// [`render`] with the ranks kept in `kept`.
fn render_with(kept: &Mutex<KeptRanks>, pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    debug_assert!(!opts.show_moves, "the overlay crosses ranks");
    let keys = rank_keys(&square_looks(pos, opts), opts.perspective);
    let lock = || kept.lock().unwrap_or_else(|e| e.into_inner());
    let mut ranks: [Option<Arc<EncodedRows>>; RANKS] = {
        let mut kept = lock();
        keys.map(|key| kept.get(&key))
    };
    if ranks.iter().any(Option::is_none) {
        let mut made = Vec::new();
        with_scratch(|s| {
            draw_into(&mut s.canvas, &mut s.mask, pos, opts);
            for (row, rank) in ranks.iter_mut().enumerate().filter(|(_, rank)| rank.is_none()) {
                let rows = Arc::new(s.png.encode_rows(&s.canvas, row as u32 * SQUARE_SIZE, SQUARE_SIZE));
                made.push((keys[row], rows.clone()));
                *rank = Some(rows);
            }
        });
        let mut kept = lock();
        for (key, rows) in made {
            kept.put(key, rows);
        }
    }
    png_of_bands(WIDTH, HEIGHT, ranks.iter().map(|rank| &**rank.as_ref().expect("every rank is kept or made")))
}

/// Encoded ranks by key, bounded by their bytes.
struct KeptRanks {
    /// Each rank, and whether it was used since it last came up for eviction.
    ranks: HashMap<RankKey, (Arc<EncodedRows>, bool)>,
    /// The keys, the next to come up for eviction first.
    queue: VecDeque<RankKey>,
    bytes: usize,
    budget: usize,
    /// Ranks found and ranks made, for the tests and the bench.
    found: u64,
    made: u64,
}

impl KeptRanks {
    fn new(budget: usize) -> KeptRanks {
        KeptRanks { ranks: HashMap::new(), queue: VecDeque::new(), bytes: 0, budget, found: 0, made: 0 }
    }

    fn get(&mut self, key: &RankKey) -> Option<Arc<EncodedRows>> {
        match self.ranks.get_mut(key) {
            Some((rows, used)) => {
                *used = true;
                self.found += 1;
                Some(rows.clone())
            }
            None => {
                self.made += 1;
                None
            }
        }
    }

    /// Keeps `rows` for `key` (unless another thread just did), then
    /// evicts until within the budget.
    fn put(&mut self, key: RankKey, rows: Arc<EncodedRows>) {
        if self.ranks.contains_key(&key) {
            return;
        }
        self.bytes += rows.deflated.len();
        self.ranks.insert(key, (rows, false));
        self.queue.push_back(key);
        while self.bytes > self.budget {
            let Some(oldest) = self.queue.pop_front() else { break };
            let Some((rows, used)) = self.ranks.get_mut(&oldest) else { continue };
            if std::mem::take(used) {
                self.queue.push_back(oldest);
            } else {
                self.bytes -= rows.deflated.len();
                self.ranks.remove(&oldest);
            }
        }
    }
}

/// How many ranks the bot's pictures found kept and how many it made, since it started.
pub fn ranks_found_and_made() -> (u64, u64) {
    let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    (kept.found, kept.made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::render_png_whole;
    use crate::rules::{DrawRules, Game, Variant};

    fn decoded(png: &[u8]) -> Vec<u8> {
        image::load_from_memory(png).expect("the PNG decodes").to_rgb8().into_raw()
    }

    /// Plays `games` games side by side, a move of each in turn, by a fixed
    /// rule (varied, so captures, kings and ghosts all appear), calling
    /// `picture` with each position and how it is drawn, from each side.
    fn pictures_of_games(games: usize, mut picture: impl FnMut(&Position, &RenderOptions)) {
        let mut boards: Vec<Game> =
            (0..games).map(|_| Game::new(Position::initial(), Variant::Classic, DrawRules::Classic)).collect();
        for ply in 0..120 {
            for (i, game) in boards.iter_mut().enumerate().filter(|(_, g)| g.result().is_none()) {
                let legal = game.position().legal_moves();
                game.play(&legal[(i * 5 + ply * 3 + ply / 4) % legal.len()]).expect("a legal move");
                for (perspective, before) in
                    [(game.position().turn(), game.previous_position().copied()), (Color::Black, None)]
                {
                    let opts = RenderOptions {
                        perspective,
                        last_move: game.last_move().copied(),
                        show_moves: false,
                        before,
                        suggested: None,
                        refuted: None,
                    };
                    picture(game.position(), &opts);
                }
            }
        }
    }

    #[test]
    fn pictures_from_kept_ranks_have_the_pixels_of_whole_ones() {
        let kept = Mutex::new(KeptRanks::new(KEPT_BYTES));
        let mut pictures = 0;
        pictures_of_games(4, |pos, opts| {
            let png = render_with(&kept, pos, opts);
            assert!(decoded(&png) == decoded(&render_png_whole(pos, opts)), "picture {pictures}: {opts:?}");
            pictures += 1;
        });
        assert!(pictures > 300, "{pictures} pictures");
        let kept = kept.lock().unwrap();
        // The games' ranks come up again and again: most are found.
        assert!(kept.found > 2 * kept.made, "{} ranks found, {} made", kept.found, kept.made);
        // Nothing was evicted, so every rank made is kept, once.
        assert_eq!(kept.ranks.len() as u64, kept.made);
    }

    #[test]
    fn the_same_board_is_the_same_bytes_whether_its_ranks_were_kept_or_not() {
        let kept = Mutex::new(KeptRanks::new(KEPT_BYTES));
        let opts = RenderOptions::default();
        let first = render_with(&kept, &Position::initial(), &opts);
        assert_eq!(kept.lock().unwrap().made, RANKS as u64);
        let again = render_with(&kept, &Position::initial(), &opts);
        assert!(first == again);
        let fresh = render_with(&Mutex::new(KeptRanks::new(KEPT_BYTES)), &Position::initial(), &opts);
        assert!(first == fresh);
        assert_eq!(kept.lock().unwrap().made, RANKS as u64, "the second picture made none");
    }

    #[test]
    fn a_small_budget_evicts_and_the_pictures_stay_right() {
        let budget = 40_000;
        let kept = Mutex::new(KeptRanks::new(budget));
        let mut pictures = 0;
        pictures_of_games(2, |pos, opts| {
            if pictures % 7 == 0 {
                let png = render_with(&kept, pos, opts);
                assert!(decoded(&png) == decoded(&render_png_whole(pos, opts)), "picture {pictures}");
            } else {
                render_with(&kept, pos, opts);
            }
            let kept = kept.lock().unwrap();
            assert!(kept.bytes <= budget, "{} bytes kept", kept.bytes);
            assert_eq!(kept.bytes, kept.ranks.values().map(|(r, _)| r.deflated.len()).sum::<usize>());
            assert_eq!(kept.queue.len(), kept.ranks.len());
            pictures += 1;
        });
        assert!(kept.lock().unwrap().made > (budget / 1_000) as u64, "ranks were evicted and made again");
    }
}
