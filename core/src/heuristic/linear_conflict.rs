//! Manhattan distance plus linear conflicts (Hansson, Mayer & Yung 1992).
//!
//! Tiles that are in their goal row but in the wrong order must leave the row to pass each
//! other: each such tile costs two moves beyond Manhattan. Per line we count the fewest tiles to
//! take out so the rest are in order (line length minus the longest increasing run), which keeps
//! the sum over rows and columns admissible.
use super::{Geometry, Heuristic, Manhattan};
use crate::Board;

/// Manhattan + 2 × (tiles to remove per row and per column so the rest are ordered).
#[derive(Debug, Clone)]
pub struct LinearConflict {
    size: usize,
    manhattan: Manhattan,
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
}

impl LinearConflict {
    /// The heuristic for `goal`.
    pub fn new(goal: &Board) -> LinearConflict {
        let geo = Geometry::new(goal);
        let n = goal.size();
        let goal_row = geo.goal_pos.iter().map(|&c| c / n as u8).collect();
        let goal_col = geo.goal_pos.iter().map(|&c| c % n as u8).collect();
        LinearConflict {
            size: n,
            manhattan: Manhattan::new(goal),
            goal_row,
            goal_col,
        }
    }

    /// Conflicts in row `r` (`row = true`) or column `r`, reading cell `patch.0` as `patch.1`.
    fn line(&self, tiles: &[u8], row: bool, r: usize, patch: (usize, u8)) -> u32 {
        let n = self.size;
        let mut keys = [0u8; crate::MAX_SIZE];
        let mut k = 0;
        for i in 0..n {
            let cell = if row { r * n + i } else { i * n + r };
            let t = if cell == patch.0 {
                patch.1
            } else {
                tiles[cell]
            };
            if t == 0 {
                continue;
            }
            let (home_line, home_pos) = if row {
                (self.goal_row[t as usize], self.goal_col[t as usize])
            } else {
                (self.goal_col[t as usize], self.goal_row[t as usize])
            };
            if home_line as usize == r {
                keys[k] = home_pos;
                k += 1;
            }
        }
        if k < 2 {
            return 0;
        }
        // longest increasing subsequence of at most 8 keys
        let mut best = [1u8; crate::MAX_SIZE];
        let mut longest = 1;
        for i in 1..k {
            for j in 0..i {
                if keys[j] < keys[i] && best[j] + 1 > best[i] {
                    best[i] = best[j] + 1;
                }
            }
            longest = longest.max(best[i]);
        }
        2 * (k as u32 - longest as u32)
    }

    fn all_lines(&self, tiles: &[u8]) -> u32 {
        let none = (usize::MAX, 0);
        (0..self.size)
            .map(|r| self.line(tiles, true, r, none) + self.line(tiles, false, r, none))
            .sum()
    }
}

impl Heuristic for LinearConflict {
    type Eval = u32;
    fn name(&self) -> &'static str {
        "lc"
    }
    fn init(&self, tiles: &[u8], pos: &[u8]) -> u32 {
        self.manhattan.init(tiles, pos) + self.all_lines(tiles)
    }
    fn value(&self, eval: &u32) -> u32 {
        *eval
    }
    fn update(&self, eval: &u32, tiles: &[u8], _: &[u8], tile: u8, from: usize, to: usize) -> u32 {
        let n = self.size;
        let md = self.manhattan.tile_distance(tile, to) as i32
            - self.manhattan.tile_distance(tile, from) as i32;
        // A vertical move changes the two rows involved and keeps every column's order; a
        // horizontal move the reverse.
        let vertical = from % n == to % n;
        let (a, b) = if vertical {
            (from / n, to / n)
        } else {
            (from % n, to % n)
        };
        let row = vertical;
        // Line `a` holds `from` (where the tile was), line `b` holds `to` (where the blank was).
        let before = self.line(tiles, row, a, (from, tile)) as i32
            + self.line(tiles, row, b, (to, 0)) as i32;
        let after = self.line(tiles, row, a, (usize::MAX, 0)) as i32
            + self.line(tiles, row, b, (usize::MAX, 0)) as i32;
        (*eval as i32 + md + after - before) as u32
    }
}
