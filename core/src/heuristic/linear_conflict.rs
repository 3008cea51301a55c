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
    /// `row_digits[r * cells + label]`: the label's goal column if its goal row is `r`, else n
    /// (n also for the blank). `col_digits` likewise for columns.
    row_digits: Vec<u8>,
    col_digits: Vec<u8>,
    /// Conflicts of a line by its code: per cell, the goal position along the line of a tile
    /// that belongs to it, or n. Goal-independent; built for n ≤ [`TABLE_MAX_SIDE`].
    table: Vec<u8>,
}

/// Largest side with a line table ((n+1)^n entries: 117 649 bytes for 6×6).
const TABLE_MAX_SIDE: usize = 6;

/// 2 × (keys to remove so the rest increase): keys minus their longest increasing subsequence.
/// The keys of a line are distinct and below 8, so patience sorting fits in a bitmask: each
/// key replaces the smallest pile top above it (or starts a pile), and the piles are as many as
/// the longest increasing run is long.
fn conflicts(keys: &[u8]) -> u32 {
    let tops = keys.iter().fold(0u32, |tops, &k| with_key(tops, k));
    2 * (keys.len() as u32 - tops.count_ones())
}

/// The pile tops after key `k` (see [`conflicts`]).
#[inline(always)]
fn with_key(tops: u32, k: u8) -> u32 {
    let above = tops & !((2u32 << k) - 1);
    (tops & !(above & above.wrapping_neg())) | 1 << k
}

/// The line table for side `n` (see [`LinearConflict::table`]).
fn line_table(n: usize) -> Vec<u8> {
    if n > TABLE_MAX_SIDE {
        return Vec::new();
    }
    let len = (n + 1).pow(n as u32);
    (0..len)
        .map(|code| {
            let mut digits = [0u8; crate::MAX_SIZE];
            let mut c = code;
            for i in (0..n).rev() {
                digits[i] = (c % (n + 1)) as u8;
                c /= n + 1;
            }
            let keys: Vec<u8> = digits[..n]
                .iter()
                .copied()
                .filter(|&d| (d as usize) < n)
                .collect();
            conflicts(&keys) as u8
        })
        .collect()
}

impl LinearConflict {
    /// The heuristic for `goal`.
    pub fn new(goal: &Board) -> LinearConflict {
        let geo = Geometry::new(goal);
        let n = goal.size();
        let cells = n * n;
        let digits = |line_of: &dyn Fn(usize) -> usize, pos_of: &dyn Fn(usize) -> usize| {
            let mut d = vec![n as u8; n * cells];
            for line in 0..n {
                for label in 1..cells {
                    let goal = geo.goal_pos[label] as usize;
                    if line_of(goal) == line {
                        d[line * cells + label] = pos_of(goal) as u8;
                    }
                }
            }
            d
        };
        let row_digits = digits(&|c| c / n, &|c| c % n);
        let col_digits = digits(&|c| c % n, &|c| c / n);
        LinearConflict {
            size: n,
            manhattan: Manhattan::new(goal),
            row_digits,
            col_digits,
            table: line_table(n),
        }
    }

    /// Conflicts in row `r` (`row = true`) or column `r`, reading cell `patch.0` as `patch.1`.
    #[inline]
    fn line(&self, tiles: &[u8], row: bool, r: usize, patch: (usize, u8)) -> u32 {
        let n = self.size;
        let cells = n * n;
        let (mut cell, stride, digits) = if row {
            (r * n, 1, &self.row_digits[r * cells..(r + 1) * cells])
        } else {
            (r, n, &self.col_digits[r * cells..(r + 1) * cells])
        };
        if self.table.is_empty() {
            let (mut tops, mut k) = (0u32, 0u32);
            for _ in 0..n {
                let t = if cell == patch.0 {
                    patch.1
                } else {
                    tiles[cell]
                };
                let d = digits[t as usize];
                if (d as usize) < n {
                    tops = with_key(tops, d);
                    k += 1;
                }
                cell += stride;
            }
            return 2 * (k - tops.count_ones());
        }
        let mut code = 0usize;
        for _ in 0..n {
            let t = if cell == patch.0 {
                patch.1
            } else {
                tiles[cell]
            };
            code = code * (n + 1) + digits[t as usize] as usize;
            cell += stride;
        }
        self.table[code] as u32
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
        // Only the tiles whose goal lies in a line count in it, so a line changes only when
        // the moved tile belongs to it: line `a` loses the tile (it stood at `from`), line `b`
        // gains it (at `to`, where the blank was). A tile belongs to at most one of the two,
        // and most tiles to neither, which skips the count (measured on 7×7 beams, where the
        // count is the heaviest part of a move).
        let cells = n * n;
        let digits = if row {
            &self.row_digits
        } else {
            &self.col_digits
        };
        let belongs = |line: usize| (digits[line * cells + tile as usize] as usize) < n;
        let mut lines = 0i32;
        if belongs(a) {
            lines += self.line(tiles, row, a, (usize::MAX, 0)) as i32
                - self.line(tiles, row, a, (from, tile)) as i32;
        } else if belongs(b) {
            lines += self.line(tiles, row, b, (usize::MAX, 0)) as i32
                - self.line(tiles, row, b, (to, 0)) as i32;
        }
        (*eval as i32 + md + lines) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Heuristic;

    /// The bitmask count equals keys minus the longest increasing run found the plain way, on
    /// every sequence of distinct keys below 7 and on shuffles of all eight.
    #[test]
    fn the_bitmask_count_is_the_longest_increasing_run() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        fn plain(keys: &[u8]) -> u32 {
            let mut best = vec![1u32; keys.len()];
            for i in 0..keys.len() {
                for j in 0..i {
                    if keys[j] < keys[i] {
                        best[i] = best[i].max(best[j] + 1);
                    }
                }
            }
            2 * (keys.len() as u32 - best.iter().copied().max().unwrap_or(0))
        }
        fn every(prefix: &mut Vec<u8>, checked: &mut usize) {
            assert_eq!(conflicts(prefix), plain(prefix), "{prefix:?}");
            *checked += 1;
            for k in 0..7u8 {
                if !prefix.contains(&k) {
                    prefix.push(k);
                    every(prefix, checked);
                    prefix.pop();
                }
            }
        }
        let mut checked = 0;
        every(&mut Vec::new(), &mut checked);
        assert_eq!(checked, 13_700, "every sequence of distinct keys below 7");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut keys: Vec<u8> = (0..8).collect();
        for _ in 0..2000 {
            keys.shuffle(&mut rng);
            assert_eq!(conflicts(&keys), plain(&keys), "{keys:?}");
        }
    }

    #[test]
    fn table_and_direct_count_agree_on_every_line_code() {
        for n in 2..=4 {
            let table = line_table(n);
            assert_eq!(table.len(), (n + 1).pow(n as u32));
            // a reversed full line needs all but one tile out: 2·(n−1)
            let reversed = (0..n).fold(0, |c, i| c * (n + 1) + (n - 1 - i));
            assert_eq!(table[reversed] as usize, 2 * (n - 1));
            let ordered = (0..n).fold(0, |c, i| c * (n + 1) + i);
            assert_eq!(table[ordered], 0);
        }
        assert!(line_table(7).is_empty());
    }

    #[test]
    fn the_direct_count_used_past_6x6_matches_the_table() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for size in 3..=6 {
            let goal = Board::goal_with_blank(size, size + 1).unwrap();
            let with_table = LinearConflict::new(&goal);
            let mut direct = with_table.clone();
            direct.table.clear();
            for _ in 0..200 {
                let b = crate::shuffle::uniform(&goal, &mut rng);
                assert_eq!(with_table.estimate(b.tiles()), direct.estimate(b.tiles()));
            }
        }
    }

    /// The per-move update (which counts only the lines the moved tile belongs to) equals a
    /// full count along long random walks, on the sizes with the line table and without it.
    #[test]
    fn updates_match_a_full_count_on_every_size() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for size in 3..=8 {
            for blank in [size * size - 1, 0, size + 1] {
                let goal = Board::goal_with_blank(size, blank).unwrap();
                let h = LinearConflict::new(&goal);
                let mut board = goal.clone();
                let mut eval = h.init(board.tiles(), &board.positions());
                for _ in 0..2000 {
                    let moves: Vec<_> = board.legal_moves().collect();
                    let dir = moves[rng.random_range(0..moves.len())];
                    let to = board.blank();
                    let from = crate::board::step(size, to, dir).unwrap();
                    let tile = board.apply(dir).unwrap();
                    eval = h.update(&eval, board.tiles(), &board.positions(), tile, from, to);
                    assert_eq!(h.value(&eval), h.estimate(board.tiles()), "{size}×{size}");
                }
            }
        }
    }
}
