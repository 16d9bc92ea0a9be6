//! Where each position's value lies: one table per material signature,
//! each with a half for White to move and a half for Black to move, indexed
//! by the rank of each group's squares (see [`super::squares`]).

use super::squares::{BINOMIAL, MAX_GROUP, rank, spread, squeeze, unrank};
use crate::rules::{Color, Position};

/// The material of a position: men and kings of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

impl Material {
    /// The material of a position.
    #[inline(always)]
    pub fn of(pos: &Position) -> Material {
        Material {
            white_men: (pos.white & !pos.kings).count_ones() as u8,
            white_kings: (pos.white & pos.kings).count_ones() as u8,
            black_men: (pos.black & !pos.kings).count_ones() as u8,
            black_kings: (pos.black & pos.kings).count_ones() as u8,
        }
    }

    /// All pieces on the board.
    pub fn pieces(&self) -> u32 {
        self.groups().iter().sum::<usize>() as u32
    }

    fn men(&self) -> u32 {
        (self.white_men + self.black_men) as u32
    }

    /// Group sizes in index order: white men, white kings, black men, black kings.
    fn groups(&self) -> [usize; 4] {
        [self.white_men as usize, self.white_kings as usize, self.black_men as usize, self.black_kings as usize]
    }
}

/// Squares a group may stand on: men never stand on their promotion rank.
const DOMAIN: [usize; 4] = [28, 32, 28, 32];
/// Black men stand on squares 5-32: their mask is shifted down by a rank.
const BLACK_MEN_SHIFT: u32 = 4;

/// One material signature's place in the data.
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// The pieces of every position in it.
    pub material: Material,
    /// The first byte of its White-to-move half; Black's half follows.
    pub offset: usize,
    /// Slots per side to move.
    pub size: usize,
    /// Ranks per group (C(domain, count)), in index order.
    dims: [u32; 4],
}

/// The tables of every material with at most `max_pieces` pieces, in build
/// order: fewer pieces first, then fewer men, so that whatever a capture or
/// a promotion leads to is built before it.
pub(super) struct Layout {
    max_pieces: u32,
    tables: Vec<Table>,
    /// Table number by `material_key`, `u16::MAX` where there is none.
    by_material: Vec<u16>,
    total: usize,
}

/// Counts per group go up to [`MAX_GROUP`].
const KEY_BASE: usize = MAX_GROUP + 1;

#[inline(always)]
fn material_key(m: Material) -> usize {
    let [a, b, c, d] = m.groups();
    ((a * KEY_BASE + b) * KEY_BASE + c) * KEY_BASE + d
}

impl Layout {
    /// The layout for positions of at most `max_pieces` pieces (at most
    /// [`MAX_GROUP`]).
    pub fn new(max_pieces: u32) -> Layout {
        assert!(max_pieces as usize <= MAX_GROUP, "tables hold at most {MAX_GROUP} pieces, not {max_pieces}");
        let n = max_pieces as u8;
        let mut materials = Vec::new();
        for white_men in 0..=n {
            for white_kings in 0..=n - white_men {
                for black_men in 0..=n - white_men - white_kings {
                    for black_kings in 0..=n - white_men - white_kings - black_men {
                        materials.push(Material { white_men, white_kings, black_men, black_kings });
                    }
                }
            }
        }
        materials.sort_by_key(|m| (m.pieces(), m.men(), m.groups()));
        let mut by_material = vec![u16::MAX; KEY_BASE.pow(4)];
        let mut tables = Vec::with_capacity(materials.len());
        let mut offset = 0;
        for (number, material) in materials.into_iter().enumerate() {
            let groups = material.groups();
            let dims: [u32; 4] = std::array::from_fn(|g| BINOMIAL[DOMAIN[g]][groups[g]]);
            let size = dims.iter().map(|&d| d as usize).product::<usize>();
            by_material[material_key(material)] = number as u16;
            tables.push(Table { material, offset, size, dims });
            offset += 2 * size;
        }
        Layout { max_pieces, tables, by_material, total: offset }
    }

    /// The most pieces a position of these tables has.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Every table, in build order.
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Bytes of data: one per slot.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The table of a material, if it has at most `max_pieces` pieces.
    #[inline(always)]
    pub fn table(&self, material: Material) -> Option<&Table> {
        if material.pieces() > self.max_pieces {
            return None;
        }
        self.tables.get(self.by_material[material_key(material)] as usize)
    }

    /// The byte of a position in the whole data; it must have at most
    /// `max_pieces` pieces.
    #[inline(always)]
    pub fn slot(&self, pos: &Position) -> usize {
        let table = self.table(Material::of(pos)).expect("a position within the tables");
        table.offset + table.local(pos)
    }
}

impl Table {
    /// The position's place in this table (both halves), given that it has
    /// this table's material.
    #[inline(always)]
    pub fn local(&self, pos: &Position) -> usize {
        let sets = [
            squeeze(pos.white & !pos.kings),
            squeeze(pos.white & pos.kings),
            squeeze(pos.black & !pos.kings) >> BLACK_MEN_SHIFT,
            squeeze(pos.black & pos.kings),
        ];
        let mut index = 0usize;
        for (set, dim) in sets.into_iter().zip(self.dims) {
            index = index * dim as usize + rank(set) as usize;
        }
        match pos.turn {
            Color::White => index,
            Color::Black => self.size + index,
        }
    }

    /// The position at a place of this table, or `None` if the slot puts
    /// two pieces on one square.
    pub fn position(&self, local: usize) -> Option<Position> {
        let turn = if local < self.size { Color::White } else { Color::Black };
        let mut index = local % self.size;
        let groups = self.material.groups();
        let mut sets = [0u32; 4];
        for g in (0..4).rev() {
            let dim = self.dims[g] as usize;
            sets[g] = unrank((index % dim) as u32, groups[g]);
            index /= dim;
        }
        sets[2] <<= BLACK_MEN_SHIFT;
        let all = sets[0] | sets[1] | sets[2] | sets[3];
        if all.count_ones() != self.material.pieces() {
            return None;
        }
        Some(Position {
            white: spread(sets[0] | sets[1]),
            black: spread(sets[2] | sets[3]),
            kings: spread(sets[1] | sets[3]),
            turn,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_of_three_pieces_has_one_slot() {
        let layout = Layout::new(3);
        let mut positions = 0;
        for table in layout.tables() {
            for local in 0..2 * table.size {
                let Some(pos) = table.position(local) else { continue };
                positions += 1;
                assert_eq!(Material::of(&pos), table.material);
                assert_eq!(table.local(&pos), local, "{pos:?}");
                assert_eq!(layout.slot(&pos), table.offset + local);
                // A legal position of the rules: men off their far rank.
                let rebuilt = Position::from_pieces(pos.turn(), pos.pieces()).expect("legal");
                assert_eq!(rebuilt, pos);
            }
        }
        // Placements of at most 3 pieces, counted square by square, times 2
        // sides to move.
        let expected: u64 = (0..=3).map(|pieces| count_placements(pieces, 33)).sum();
        assert_eq!(positions, 2 * expected);
    }

    /// Sets of `left` more pieces on squares numbered below `below`, each a
    /// white man (not on 29-32), a black man (not on 1-4) or a king.
    fn count_placements(left: u32, below: u64) -> u64 {
        if left == 0 {
            return 1;
        }
        let mut total = 0;
        for sq in 1..below {
            let kinds = 2 + (sq <= 28) as u64 + (sq >= 5) as u64;
            total += kinds * count_placements(left - 1, sq);
        }
        total
    }
}
