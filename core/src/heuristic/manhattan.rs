//! Manhattan distance: the sum over tiles of their taxicab distance to their goal cell.
use super::{Geometry, Heuristic};
use crate::Board;

/// Sum of taxicab distances, from a table of `[label][cell]` distances derived from the goal.
#[derive(Debug, Clone)]
pub struct Manhattan {
    /// `table[label << 6 | cell]`, 0 for the blank (a power-of-two stride keeps the lookup a
    /// shift and an or).
    table: Box<[u8; 64 * 64]>,
}

impl Manhattan {
    /// The heuristic for `goal`.
    pub fn new(goal: &Board) -> Manhattan {
        let geo = Geometry::new(goal);
        let cells = goal.cells();
        let mut table = Box::new([0u8; 64 * 64]);
        for label in 1..cells {
            for cell in 0..cells {
                table[(label << 6) | cell] = geo.distance(geo.goal_pos[label] as usize, cell) as u8;
            }
        }
        Manhattan { table }
    }

    /// Distance of `label` standing at `cell` from its goal cell.
    #[inline(always)]
    pub fn tile_distance(&self, label: u8, cell: usize) -> u32 {
        self.table[((label as usize) << 6 | cell) & 4095] as u32
    }
}

impl Heuristic for Manhattan {
    type Eval = u32;
    fn name(&self) -> &'static str {
        "manhattan"
    }
    fn init(&self, tiles: &[u8], _: &[u8]) -> u32 {
        tiles
            .iter()
            .enumerate()
            .map(|(cell, &t)| self.tile_distance(t, cell))
            .sum()
    }
    #[inline(always)]
    fn value(&self, eval: &u32) -> u32 {
        *eval
    }
    #[inline(always)]
    fn update(&self, eval: &u32, _: &[u8], _: &[u8], tile: u8, from: usize, to: usize) -> u32 {
        *eval + self.tile_distance(tile, to) - self.tile_distance(tile, from)
    }
}
