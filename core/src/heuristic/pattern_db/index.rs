//! Placements of a group's tiles on the board's cells: how many there are, their compact rank
//! (the byte format's order) and their sparse index (`Σ cell_i · cells^(k−1−i)`, which a move
//! updates with one addition). Both orders put the first tile's cell first, so re-indexing a
//! compact table reads it and writes the sparse one front to back.
use super::Group;

/// Number of placements of `k` distinct tiles on `cells` cells.
pub fn placements(cells: usize, k: usize) -> usize {
    (cells - k + 1..=cells).product()
}

/// Perfect rank of distinct cells among [`placements`]`(cells, len)`.
#[inline(always)]
pub(super) fn rank(cells: usize, positions: impl Iterator<Item = u8>) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, p) in positions.enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (cells - i) + (p as usize - below);
        used |= 1 << p;
    }
    r
}

/// The weight of the tile in `slot` of a group of `k` in a sparse index: `cells^(k−1−slot)`.
pub(super) fn sparse_weight(cells: usize, k: usize, slot: usize) -> usize {
    cells.pow((k - 1 - slot) as u32)
}

/// Calls `f` with the sparse index of every placement of `k` distinct cells, in [`rank`]
/// order, which is also increasing sparse order: the walk goes through memory front to back.
fn for_each_placement(cells: usize, k: usize, mut f: impl FnMut(usize)) {
    /// Visits the free cells of `free` (a bit mask) in increasing order.
    fn walk(weights: &[usize], free: u64, index: usize, f: &mut impl FnMut(usize)) {
        match weights {
            [] => f(index),
            // The last tile has weight 1: its placements are `index + c` for each free c.
            [_] => {
                let mut rest = free;
                while rest != 0 {
                    f(index + rest.trailing_zeros() as usize);
                    rest &= rest - 1;
                }
            }
            [weight, tail @ ..] => {
                let mut rest = free;
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    walk(tail, free & !(1 << c), index + c * weight, f);
                    rest &= rest - 1;
                }
            }
        }
    }
    let weights: Vec<usize> = (0..k).map(|slot| sparse_weight(cells, k, slot)).collect();
    let all = if cells >= 64 {
        u64::MAX
    } else {
        (1u64 << cells) - 1
    };
    walk(&weights, all, 0, &mut f);
}

impl Group {
    /// The table indexed by [`rank`], as version 1 of the byte format stores it.
    #[cfg(test)]
    pub(super) fn compact(&self, cells: usize) -> Vec<u8> {
        if !self.sparse {
            return self.table.to_vec();
        }
        let mut out = Vec::with_capacity(placements(cells, self.tiles.len()));
        for_each_placement(cells, self.tiles.len(), |sparse| {
            out.push(self.table[sparse])
        });
        out
    }

    /// Whether a group of `k` tiles on `cells` cells is held sparsely: where that costs at
    /// most 4× the memory of the compact table (every 4×4 and 5×5 group; not the exact 3×3
    /// table).
    pub(super) fn held_sparse(cells: usize, k: usize) -> bool {
        let sparse_len = (cells as u64).pow(k as u32);
        sparse_len <= 4 * placements(cells, k) as u64 && sparse_len <= 1 << 26
    }

    /// Re-indexes a compact table sparsely where [`Group::held_sparse`] says so.
    pub(super) fn into_lookup(mut self, cells: usize) -> Group {
        let k = self.tiles.len();
        if self.sparse || !Group::held_sparse(cells, k) {
            return self;
        }
        let sparse_len = (cells as u64).pow(k as u32);
        let mut table = vec![0u8; sparse_len as usize];
        let mut r = 0;
        for_each_placement(cells, k, |sparse| {
            table[sparse] = self.table[r];
            r += 1;
        });
        self.table = table.into();
        self.sparse = true;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_on_small_placements() {
        let cells = 5;
        let mut seen = vec![false; placements(cells, 3)];
        for a in 0..5u8 {
            for b in 0..5u8 {
                for c in 0..5u8 {
                    if a != b && b != c && a != c {
                        let r = rank(cells, [a, b, c].into_iter());
                        assert!(!std::mem::replace(&mut seen[r], true));
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn placements_are_walked_in_rank_order() {
        for (cells, k) in [(9, 4), (16, 3), (4, 3)] {
            let mut next_rank = 0;
            let mut last = None;
            for_each_placement(cells, k, |sparse| {
                let at = (0..k).map(|i| (sparse / sparse_weight(cells, k, i) % cells) as u8);
                assert_eq!(rank(cells, at), next_rank);
                assert!(last < Some(sparse), "sparse indices increase with the rank");
                last = Some(sparse);
                next_rank += 1;
            });
            assert_eq!(next_rank, placements(cells, k));
        }
    }
}
