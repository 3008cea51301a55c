//! Three tiles placed home at once: A* over the positions of those three tiles and the blank
//! (other loose tiles are interchangeable), inside a box around them, guided by the exact
//! distances of each pair of the three. Placing a line three tiles at a time instead of two
//! takes fewer moves: each search sees one more of the tiles its moves disturb.
use rustc_hash::FxHashMap;

use super::Scratch;
use crate::board::{step, taxicab, Board, Direction};
use crate::error::SolveError;
use crate::limits::Budget;

/// No cell (a box index that is not there), and a pair table's unreachable state.
const NONE: u8 = u8::MAX;

/// The cells a search may use: the unfrozen cells of the bounding box of the blank, the tiles
/// and their homes, grown by `margin` on each side.
struct Cells {
    /// The board cell of each box index.
    cell: Vec<usize>,
    /// The box index of each board cell, [`NONE`] outside the box or frozen.
    index: Vec<u8>,
    /// The box index beside each box index, by [`Direction::ALL`], [`NONE`] where there is none.
    next: Vec<[u8; 4]>,
}

impl Cells {
    fn new(n: usize, around: &[usize], margin: usize, frozen: &[bool]) -> Cells {
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

    fn len(&self) -> usize {
        self.cell.len()
    }
}

/// The fewest blank moves from each (blank, tile a, tile b) to a state with a and b home at
/// box indices `home_a` and `home_b`, by a breadth-first search back from those states.
fn pair_table(cells: &Cells, home_a: u8, home_b: u8, table: &mut Vec<u8>, queue: &mut Vec<u32>) {
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

/// Moves the three tiles whose goal cells are `homes` home by the fewest blank moves inside a
/// box around them that touch no frozen cell, then freezes those cells; of the fewest, the
/// one that leaves the blank nearest `next` (the cell of the tile placed after these). False,
/// and nothing moved, when no path stays inside the box with `margin`.
#[allow(clippy::too_many_arguments)]
pub(super) fn place_three(
    board: &mut Board,
    goal: &Board,
    homes: [usize; 3],
    next: Option<usize>,
    margin: usize,
    frozen: &mut [bool],
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<bool, SolveError> {
    let n = board.size();
    let tiles = homes.map(|h| board.cell_of(goal.tile_at(h)).expect("every tile is on the board"));
    let mut around = vec![board.blank()];
    around.extend(homes);
    around.extend(tiles);
    let cells = Cells::new(n, &around, margin, frozen);
    let m = cells.len();
    let home = homes.map(|h| cells.index[h]);
    for (table, (a, b)) in scratch.pairs.iter_mut().zip([(0, 1), (0, 2), (1, 2)]) {
        pair_table(&cells, home[a], home[b], table, &mut scratch.queue);
    }
    budget.memory(3 * m * m * m, scratch.bytes())?;
    let [t01, t02, t12] = &scratch.pairs;
    let pair = |t: &[u8], b: usize, a: usize, c: usize| t[(b * m + a) * m + c];
    // A lower bound on the moves left: the three pairs' exact distances, the largest.
    let estimate = |b: usize, p: [usize; 3]| {
        pair(t01, b, p[0], p[1])
            .max(pair(t02, b, p[0], p[2]))
            .max(pair(t12, b, p[1], p[2]))
    };
    let encode = |b: usize, p: [usize; 3]| (((b * m + p[0]) * m + p[1]) * m + p[2]) as u32;
    let decode = |s: u32| {
        let s = s as usize;
        (s / (m * m * m), [s / (m * m) % m, s / m % m, s % m])
    };
    let done = home.map(|h| h as usize);
    let p0 = tiles.map(|t| cells.index[t] as usize);
    let b0 = cells.index[board.blank()] as usize;
    let h0 = estimate(b0, p0);
    if h0 == NONE {
        return Ok(false);
    }
    let start = encode(b0, p0);
    // state → (moves to it, the direction of the last), and the states by moves + estimate
    let mut seen: FxHashMap<u32, (u8, u8)> = FxHashMap::default();
    seen.insert(start, (0, 0));
    let mut open: Vec<Vec<u32>> = vec![Vec::new(); NONE as usize];
    open[h0 as usize].push(start);
    let mut best: Option<(u32, u32)> = None; // (blank's distance to the next tile, state)
    for f in h0 as usize..open.len() {
        // Of the placements of the fewest moves, every one is in this bucket or reached from it.
        while let Some(s) = open[f].pop() {
            let (g, _) = seen[&s];
            let (b, p) = decode(s);
            if g as usize + estimate(b, p) as usize != f {
                continue; // reached again by fewer moves
            }
            if p == done {
                let distance = next.map_or(0, |t| taxicab(n, cells.cell[b], t));
                if best.is_none_or(|(d, _)| distance < d) {
                    best = Some((distance, s));
                }
                continue;
            }
            budget.expand(f as u32)?;
            for (dir, &to) in cells.next[b].iter().enumerate() {
                if to == NONE {
                    continue;
                }
                let to = to as usize;
                let q = p.map(|x| if x == to { b } else { x });
                let h = estimate(to, q);
                if h == NONE || g as usize + 1 + h as usize >= open.len() {
                    continue;
                }
                budget.stats.generated += 1;
                let child = encode(to, q);
                if seen.get(&child).is_none_or(|&(old, _)| old > g + 1) {
                    seen.insert(child, (g + 1, dir as u8));
                    open[g as usize + 1 + h as usize].push(child);
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    budget.memory(seen.len(), scratch.bytes() + seen.capacity() as u64 * 7)?;
    let Some((_, mut state)) = best else {
        return Ok(false);
    };
    let mut path = Vec::new();
    while state != start {
        let dir = Direction::ALL[seen[&state].1 as usize];
        path.push(dir);
        let (b, p) = decode(state);
        let from = cells.next[b][dir.opposite().index()] as usize;
        state = encode(from, p.map(|x| if x == from { b } else { x }));
    }
    path.reverse();
    board
        .apply_all(&path)
        .expect("the search makes legal moves");
    moves.extend(path);
    for c in homes {
        frozen[c] = true;
    }
    Ok(true)
}
