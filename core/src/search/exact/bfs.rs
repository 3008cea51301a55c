//! Breadth-first search, layer by layer: visited is marked when a state is queued, each state
//! remembers the blank move that reached it, and the path is rebuilt from those links.
use rustc_hash::FxHashMap;

use super::memory::{map_bytes, map_growth, vec_bytes, vec_growth};
use super::packed::{self, MAX_CELLS};
use super::trace_back;
use crate::board::{step, Board, Direction};
use crate::error::SolveError;
use crate::limits::{Budget, SearchLimits};
use crate::search::solution::{check_start, Solution, Solver};

/// Marks the start state in a [`Frontier`] (no move reached it).
const START: u16 = 7;

/// Boards up to this many cells use a dense table indexed by permutation rank (9! slots of
/// 2 bytes for 3×3: it stays in cache where a hash table would not).
const DENSE_MAX_CELLS: usize = 9;
const DENSE_UNSEEN: u16 = u16::MAX;
/// Bits of a queued key above the packed board (≤ 125 bits) that carry the arriving move.
const CAME_SHIFT: u32 = 125;
const BOARD_MASK: u128 = (1u128 << CAME_SHIFT) - 1;

/// What a frontier has seen: state → `depth << 3 | direction index` (or [`START`]).
pub(crate) enum Seen {
    Hash(FxHashMap<u128, u16>),
    Dense {
        cells: usize,
        slots: Vec<u16>,
        len: usize,
    },
}

/// Lexicographic rank of a permutation of `0..tiles.len()`.
fn permutation_rank(tiles: &[u8]) -> usize {
    let n = tiles.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count();
        rank = rank * (n - i) + smaller;
    }
    rank
}

impl Seen {
    fn new(cells: usize) -> Seen {
        if cells <= DENSE_MAX_CELLS {
            let space: usize = (1..=cells).product();
            Seen::Dense {
                cells,
                slots: vec![DENSE_UNSEEN; space],
                len: 0,
            }
        } else {
            Seen::Hash(FxHashMap::default())
        }
    }

    pub fn get(&self, key: u128) -> Option<u16> {
        match self {
            Seen::Hash(m) => m.get(&key).copied(),
            Seen::Dense { cells, slots, .. } => {
                let mut tiles = [0u8; DENSE_MAX_CELLS];
                packed::unpack(key, &mut tiles[..*cells]);
                let v = slots[permutation_rank(&tiles[..*cells])];
                (v != DENSE_UNSEEN).then_some(v)
            }
        }
    }

    /// Records `key` (whose board is `tiles`) unless already seen; true when it was new.
    #[inline]
    fn insert_new(&mut self, key: u128, tiles: &[u8], value: u16) -> bool {
        match self {
            Seen::Hash(m) => match m.entry(key) {
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(value);
                    true
                }
                std::collections::hash_map::Entry::Occupied(_) => false,
            },
            Seen::Dense { slots, len, .. } => {
                let slot = &mut slots[permutation_rank(tiles)];
                let new = *slot == DENSE_UNSEEN;
                if new {
                    *slot = value;
                    *len += 1;
                }
                new
            }
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Seen::Hash(m) => m.len(),
            Seen::Dense { len, .. } => *len,
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Seen::Hash(m) => map_bytes(m),
            Seen::Dense { slots, .. } => vec_bytes(slots),
        }
    }

    /// Bytes the next `more` inserts would allocate (a grown table; a dense one never grows).
    fn growth(&self, more: usize) -> u64 {
        match self {
            Seen::Hash(m) => map_growth(m, more),
            Seen::Dense { .. } => 0,
        }
    }
}

/// One side of a breadth-first search: everything seen, with how it was reached, and the
/// current layer.
pub(crate) struct Frontier {
    size: usize,
    cells: usize,
    seen: Seen,
    layer: Vec<u128>,
    pub depth: u32,
    next: Vec<u128>,
    pub start: u128,
}

impl Frontier {
    pub fn new(board: &Board) -> Frontier {
        let start = packed::pack(board.tiles());
        let mut seen = Seen::new(board.cells());
        seen.insert_new(start, board.tiles(), START);
        Frontier {
            size: board.size(),
            cells: board.cells(),
            seen,
            layer: vec![start | (u128::from(START) << CAME_SHIFT)],
            depth: 0,
            next: Vec::new(),
            start,
        }
    }

    pub fn bytes(&self) -> u64 {
        self.seen.bytes() + vec_bytes(&self.layer) + vec_bytes(&self.next)
    }

    /// [`Frontier::bytes`] plus what expanding one more node (up to four children) could
    /// allocate while the old table or queue is still alive.
    fn projected_bytes(&self) -> u64 {
        self.bytes() + self.seen.growth(4) + vec_growth(&self.next, 4)
    }

    /// Whether `key` was reached.
    pub fn contains(&self, key: u128) -> bool {
        self.seen.get(key).is_some()
    }

    /// The moves from this side's start to `key`.
    pub fn path_to(&self, key: u128) -> Vec<Direction> {
        trace_back(self.cells, self.size, key, self.start, |k| {
            Direction::ALL[(self.seen.get(k).expect("on the path") & 7) as usize]
        })
    }

    /// Keys of the current layer.
    pub fn layer_len(&self) -> usize {
        self.layer.len()
    }

    /// Expands the whole current layer. `on_new` sees every newly reached key; returning true
    /// stops at once and returns that key.
    pub fn expand_layer(
        &mut self,
        budget: &mut Budget<'_>,
        extra_bytes: u64,
        mut on_new: impl FnMut(u128) -> bool,
    ) -> Result<Option<u128>, SolveError> {
        let mut tiles = [0u8; MAX_CELLS];
        let tiles = &mut tiles[..self.cells];
        let depth = self.depth + 1;
        self.next.clear();
        for i in 0..self.layer.len() {
            let entry = self.layer[i];
            let key = entry & BOARD_MASK;
            let came = (entry >> CAME_SHIFT) as u16;
            budget.expand(self.depth)?;
            // Checked before the children are stored, so a table about to double is refused
            // before the doubling, not after.
            budget.memory(
                self.seen.len() + self.next.len(),
                self.projected_bytes() + extra_bytes,
            )?;
            packed::unpack(key, tiles);
            let blank = packed::blank(tiles);
            for dir in Direction::ALL {
                if came != START && came as usize == dir.opposite().index() {
                    continue;
                }
                let Some(to) = step(self.size, blank, dir) else {
                    continue;
                };
                tiles.swap(blank, to);
                let next = packed::pack(tiles);
                let new =
                    self.seen
                        .insert_new(next, tiles, ((depth as u16) << 3) | dir.index() as u16);
                tiles.swap(blank, to);
                budget.stats.generated += 1;
                if new {
                    self.next.push(next | ((dir.index() as u128) << CAME_SHIFT));
                    if on_new(next) {
                        return Ok(Some(next));
                    }
                }
            }
        }
        std::mem::swap(&mut self.layer, &mut self.next);
        self.depth = depth;
        Ok(None)
    }
}

/// Breadth-first search to one goal.
#[derive(Debug, Clone)]
pub struct Bfs {
    goal: Board,
}

impl Bfs {
    /// A BFS solver for `goal`.
    pub fn new(goal: &Board) -> Bfs {
        Bfs { goal: goal.clone() }
    }
}

impl Solver for Bfs {
    fn name(&self) -> String {
        "bfs".into()
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        packed::check_fits("bfs", start)?;
        let goal = packed::pack(self.goal.tiles());
        let mut budget = Budget::new(limits);
        let mut frontier = Frontier::new(start);
        let mut found = (frontier.start == goal).then_some(goal);
        while found.is_none() {
            found = frontier.expand_layer(&mut budget, 0, |k| k == goal)?;
        }
        let moves = frontier.path_to(goal);
        Ok(Solution::new("bfs", start, moves, true, 0, budget.finish()))
    }
}

/// The whole state space reachable from `goal`: the number of states at each depth.
pub fn explore(goal: &Board, limits: &SearchLimits) -> Result<Vec<u64>, SolveError> {
    packed::check_fits("bfs", goal)?;
    let mut budget = Budget::new(limits);
    let mut frontier = Frontier::new(goal);
    let mut counts = vec![1u64];
    loop {
        frontier.expand_layer(&mut budget, 0, |_| false)?;
        if frontier.layer_len() == 0 {
            return Ok(counts);
        }
        counts.push(frontier.layer_len() as u64);
    }
}

/// Every board exactly `depth` moves from `goal` by its optimal distance, in a fixed order
/// (empty when `depth` is beyond the farthest board). Up to 5×5 by packing; meant for 2×2 and
/// 3×3, whose whole space is small.
pub fn layer(goal: &Board, depth: u32, limits: &SearchLimits) -> Result<Vec<Board>, SolveError> {
    packed::check_fits("bfs", goal)?;
    if depth == 0 {
        return Ok(vec![goal.clone()]);
    }
    let mut budget = Budget::new(limits);
    let mut frontier = Frontier::new(goal);
    let mut found = Vec::new();
    loop {
        let next = frontier.depth + 1;
        frontier.expand_layer(&mut budget, 0, |k| {
            if next == depth {
                found.push(k);
            }
            false
        })?;
        if next == depth || frontier.layer_len() == 0 {
            break;
        }
    }
    found.sort_unstable();
    Ok(found
        .into_iter()
        .map(|k| unpack_board(k, goal.cells()))
        .collect())
}

/// The board a packed key of `cells` cells stands for.
fn unpack_board(key: u128, cells: usize) -> Board {
    let mut tiles = [0u8; MAX_CELLS];
    packed::unpack(key, &mut tiles[..cells]);
    let labels: Vec<u32> = tiles[..cells].iter().map(|&t| u32::from(t)).collect();
    Board::from_tiles(&labels).expect("a packed key holds a permutation")
}

/// Every state reachable from `goal` with its exact distance (for checks on small boards).
pub fn distance_table(goal: &Board) -> Result<Vec<(Board, u32)>, SolveError> {
    packed::check_fits("bfs", goal)?;
    let limits = SearchLimits::default();
    let mut budget = Budget::new(&limits);
    let mut frontier = Frontier::new(goal);
    let mut found = vec![(frontier.start, 0u32)];
    loop {
        let depth = frontier.depth + 1;
        frontier.expand_layer(&mut budget, 0, |k| {
            found.push((k, depth));
            false
        })?;
        if frontier.layer_len() == 0 {
            break;
        }
    }
    let mut out: Vec<(Board, u32)> = found
        .into_iter()
        .map(|(k, d)| (unpack_board(k, goal.cells()), d))
        .collect();
    out.sort_by(|a, b| a.0.tiles().cmp(b.0.tiles()));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LimitKind;

    #[test]
    fn the_3x3_space_has_181440_states_and_two_at_depth_31() {
        let counts = explore(&Board::goal(3).unwrap(), &SearchLimits::default()).unwrap();
        assert_eq!(counts.iter().sum::<u64>(), 181_440);
        assert_eq!(counts.len() - 1, 31);
        assert_eq!(counts[31], 2);
    }

    #[test]
    fn the_2x2_space_has_12_states() {
        let counts = explore(&Board::goal(2).unwrap(), &SearchLimits::default()).unwrap();
        assert_eq!(counts, vec![1, 2, 2, 2, 2, 2, 1]);
    }

    #[test]
    fn bfs_on_4x4_with_a_memory_limit_refuses_cleanly() {
        let goal = Board::goal(4).unwrap();
        let start = crate::text::parse_board("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0").unwrap();
        let limits = SearchLimits::default().bytes(64 << 20);
        match Bfs::new(&goal).solve(&start, &limits) {
            Err(SolveError::LimitReached {
                limit: LimitKind::Memory,
                stats,
            }) => {
                // What it held stays within the budget; the step it refused would not have.
                assert!(stats.peak_bytes <= 64 << 20, "held {}", stats.peak_bytes);
                assert!(stats.refused_bytes > 64 << 20);
                assert!(
                    stats.refused_bytes < 200 << 20,
                    "the refused step is a doubling, not more: {}",
                    stats.refused_bytes
                );
            }
            other => panic!("expected a memory limit, got {other:?}"),
        }
    }
}
