//! Exact endgame tables: the game-theoretic value of every position with at
//! most a few pieces, men and kings, found by retrograde analysis.
//!
//! A value is a win, draw or loss for the side to move and the number of
//! plies to the end of the game with best play (RULES 7.1: the side with no
//! legal move loses). The counting draw rules of RULES 7.3 are ignored: a
//! game that can go on forever is a draw.
//!
//! ```
//! use damas::engine::tables::{Tables, Wdl};
//! let tables = Tables::build(2);
//! // A king against a man: the king wins.
//! let value = tables.probe(&"W:WK1:B20".parse().unwrap()).unwrap();
//! assert_eq!(value.wdl, Wdl::Win);
//! ```

mod build;
mod file;
mod layout;
mod squares;
mod three_kings;
mod unmove;
mod value;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use three_kings::MAX_MOVES as MAX_THREE_KINGS_MOVES;
pub use value::{TableValue, Wdl};

use crate::rules::{Color, DrawRules, Move, MoveList, Position};
use layout::Layout;
use three_kings::ThreeKings;

/// The most pieces tables can be built for.
pub const MAX_SUPPORTED_PIECES: u32 = 5;
/// The pieces the bot's tables hold unless configured otherwise.
pub const DEFAULT_PIECES: u32 = 4;

/// The file name of a table cache: `damas-tables-4.bin` for 4 pieces.
pub fn file_name(max_pieces: u32) -> String {
    format!("damas-tables-{max_pieces}.bin")
}

/// The default place of the table cache: beside the database file.
pub fn default_path(database_file: &Path, max_pieces: u32) -> PathBuf {
    database_file.with_file_name(file_name(max_pieces))
}

/// The values of every position with at most [`Tables::max_pieces`] pieces;
/// read-only once built, so one copy can be shared between threads.
pub struct Tables {
    layout: Layout,
    /// One byte per slot, table after table (see `value` for the encoding).
    data: Vec<u8>,
    /// Three kings against one under the count, solved on first use.
    three_kings: OnceLock<Option<ThreeKings>>,
}

/// How the positions of one piece count come out (both sides to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCountSummary {
    /// Pieces on the board.
    pub pieces: u32,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest decisive game, in plies.
    pub longest: u16,
}

impl Tables {
    /// Builds the tables in memory.
    ///
    /// # Panics
    /// If `max_pieces` is more than [`MAX_SUPPORTED_PIECES`].
    pub fn build(max_pieces: u32) -> Tables {
        assert!(max_pieces <= MAX_SUPPORTED_PIECES, "tables hold at most {MAX_SUPPORTED_PIECES} pieces");
        let layout = Layout::new(max_pieces);
        let data = build::build_all(&layout);
        Tables { layout, data, three_kings: OnceLock::new() }
    }

    /// Reads tables of `max_pieces` pieces from a cache file; an
    /// `InvalidData` error if the file is damaged or made for other tables.
    pub fn load(path: &Path, max_pieces: u32) -> io::Result<Tables> {
        check_supported(max_pieces)?;
        let layout = Layout::new(max_pieces);
        let data = file::read(path, max_pieces, layout.total())?;
        Ok(Tables { layout, data, three_kings: OnceLock::new() })
    }

    /// Writes the tables to a cache file atomically (a temporary file
    /// beside it, then a rename).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::write_atomically(path, self.max_pieces(), &self.data)
    }

    /// Reads the cache file if it is valid; otherwise (missing, damaged,
    /// truncated, other tables) builds the tables and writes the file.
    pub fn load_or_build(path: &Path, max_pieces: u32) -> io::Result<Tables> {
        check_supported(max_pieces)?;
        if let Ok(tables) = Tables::load(path, max_pieces) {
            return Ok(tables);
        }
        let tables = Tables::build(max_pieces);
        tables.save(path)?;
        Ok(tables)
    }

    /// The most pieces of a position these tables hold.
    pub fn max_pieces(&self) -> u32 {
        self.layout.max_pieces()
    }

    /// Bytes of values in memory; the file has [`Tables::file_len`] bytes.
    pub fn data_len(&self) -> usize {
        self.data.len()
    }

    /// Bytes of the cache file.
    pub fn file_len(&self) -> u64 {
        (file::HEADER_LEN + self.data.len()) as u64
    }

    /// The value of a position with at most [`Tables::max_pieces`] pieces,
    /// `None` for more. Constant time, no allocation.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<TableValue> {
        if (pos.white | pos.black).count_ones() > self.max_pieces() {
            return None;
        }
        value::decode(self.data[self.layout.slot(pos)])
    }

    /// The value of `pos` once `strong` has had three kings against a lone
    /// king and has `moves_left` moves of the count of RULES 7.3d left: `pos`
    /// is that ending, or one a capture led to from it (fewer kings of
    /// `strong` against the king), since the count runs to the end of the
    /// game. `None` for other material, tables of fewer than 4 pieces, or
    /// rules with no such count. The first call solves every such position
    /// (a fraction of a second).
    pub fn probe_three_kings(
        &self,
        pos: &Position,
        strong: Color,
        moves_left: u32,
        rules: DrawRules,
    ) -> Option<TableValue> {
        rules.three_kings_moves()?;
        let solved = self.three_kings.get_or_init(|| ThreeKings::build(&self.layout));
        solved.as_ref()?.probe(pos, strong, moves_left)
    }

    /// A best move of a position in the tables and the position's value:
    /// the fastest win, a drawing move, or the longest defence. `None` if
    /// the position has more pieces than the tables or no legal move.
    pub fn best_move(&self, pos: &Position) -> Option<(Move, TableValue)> {
        let value = self.probe(pos)?;
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        moves
            .into_iter()
            .find(|mv| {
                let child = self.probe(&pos.play_unchecked(mv)).expect("a move never adds pieces");
                match value.wdl {
                    Wdl::Win => child.wdl == Wdl::Loss && child.plies + 1 == value.plies,
                    Wdl::Draw => child.wdl == Wdl::Draw,
                    Wdl::Loss => child.wdl == Wdl::Win && child.plies + 1 == value.plies,
                }
            })
            .map(|mv| (mv, value))
    }

    /// Wins, draws, losses and the longest game for each piece count.
    pub fn summary(&self) -> Vec<PieceCountSummary> {
        let mut rows: Vec<PieceCountSummary> = (0..=self.max_pieces())
            .map(|pieces| PieceCountSummary { pieces, wins: 0, draws: 0, losses: 0, longest: 0 })
            .collect();
        for table in self.layout.tables() {
            let row = &mut rows[table.material.pieces() as usize];
            for &byte in &self.data[table.offset..table.offset + 2 * table.size] {
                let Some(value) = value::decode(byte) else { continue };
                match value.wdl {
                    Wdl::Win => row.wins += 1,
                    Wdl::Draw => row.draws += 1,
                    Wdl::Loss => row.losses += 1,
                }
                row.longest = row.longest.max(value.plies);
            }
        }
        rows
    }
}

fn check_supported(max_pieces: u32) -> io::Result<()> {
    if max_pieces > MAX_SUPPORTED_PIECES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("tables hold at most {MAX_SUPPORTED_PIECES} pieces, not {max_pieces}"),
        ));
    }
    Ok(())
}
