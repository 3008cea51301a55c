//! The cells a group search works in (a box around the group, less the frozen cells) and the
//! exact distances of each pair of the group's tiles within it, the search's estimate.
use crate::board::{step, Direction};

/// No cell (a box index that is not there), and a pair table's unreachable state.
pub(super) const NONE: u8 = u8::MAX;

/// The cells a search may use: the unfrozen cells of the bounding box of the blank, the tiles
/// and their homes, grown by `margin` on each side.
pub(super) struct Cells {
    /// The board cell of each box index.
    pub(super) cell: Vec<usize>,
    /// The box index of each board cell, [`NONE`] outside the box or frozen.
    pub(super) index: Vec<u8>,
    /// The box index beside each box index, by [`Direction::ALL`], [`NONE`] where there is none.
    pub(super) next: Vec<[u8; 4]>,
}

impl Cells {
    pub(super) fn new(n: usize, around: &[usize], margin: usize, frozen: &[bool]) -> Cells {
        let rows = around.iter().map(|c| c / n);
        let cols = around.iter().map(|c| c % n);
        let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
        let (r0, c0) = (r0.saturating_sub(margin), c0.saturating_sub(margin));
        let (r1, c1) = ((r1 + margin).min(n - 1), (c1 + margin).min(n - 1));
        let mut index = vec![NONE; n * n];
        let mut cell = Vec::new();
        for r in r0..=r1 {
            for c in c0..=c1 {
                if !frozen[r * n + c] {
                    index[r * n + c] = cell.len() as u8;
                    cell.push(r * n + c);
                }
            }
        }
        let next = cell
            .iter()
            .map(|&c| Direction::ALL.map(|d| step(n, c, d).map_or(NONE, |to| index[to])))
            .collect();
        Cells { cell, index, next }
    }

    pub(super) fn len(&self) -> usize {
        self.cell.len()
    }
}

/// The fewest blank moves from each (blank, tile a, tile b) to a state with a and b home at
/// box indices `home_a` and `home_b`, by a breadth-first search back from those states.
pub(super) fn pair_table(
    cells: &Cells,
    home_a: u8,
    home_b: u8,
    table: &mut Vec<u8>,
    queue: &mut Vec<u32>,
) {
    let m = cells.len();
    let at = |b: usize, a: usize, c: usize| (b * m + a) * m + c;
    table.clear();
    table.resize(m * m * m, NONE);
    queue.clear();
    for b in 0..m {
        if b != home_a as usize && b != home_b as usize {
            let s = at(b, home_a as usize, home_b as usize);
            table[s] = 0;
            queue.push(s as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        let (b, a, c) = (s / (m * m), s / m % m, s % m);
        let d = table[s];
        for &to in &cells.next[b] {
            if to == NONE {
                continue;
            }
            let to = to as usize;
            let a2 = if to == a { b } else { a };
            let c2 = if to == c { b } else { c };
            let t = at(to, a2, c2);
            if table[t] == NONE {
                table[t] = d + 1;
                queue.push(t as u32);
            }
        }
    }
}
