//! Building the tables: one breadth-first search per group, the groups spread over threads.
use super::index::{placements, rank};
use super::partition::partition;
use super::{Group, PatternDb, UNSEEN};
use crate::board::Board;
use crate::error::{PdbError, SolveError};
use crate::limits::{Budget, SearchLimits};

/// One group's table, built by [`PatternDb::build_group`].
#[derive(Debug, Clone)]
pub struct GroupTable(Group);

impl PatternDb {
    /// Builds the databases for `goal` (see [`partition`]), its groups spread over up to
    /// [`SearchLimits::threads`] scoped threads (one group per thread at a time); with one
    /// thread, one group after another on the caller's. `limits` can cancel the build.
    pub fn build(goal: &Board, limits: &SearchLimits) -> Result<PatternDb, SolveError> {
        let count = PatternDb::group_count(goal)?;
        let threads = limits.threads.clamp(1, count.max(1));
        // Workers take groups from a shared counter; the caller's thread is one of them, so
        // one thread builds every group in turn on the caller's thread and spawns none.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let built: Vec<std::sync::Mutex<Option<Result<GroupTable, SolveError>>>> =
            (0..count).map(|_| std::sync::Mutex::new(None)).collect();
        let worker = || loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if i >= count {
                return;
            }
            let table = PatternDb::build_group(goal, i, limits);
            *built[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(table);
        };
        let joined = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            worker();
            helpers.into_iter().all(|h| h.join().is_ok())
        });
        if !joined {
            return Err(PdbError::Malformed("a builder thread failed".into()).into());
        }
        let tables = built
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .unwrap_or_else(|| {
                        Err(PdbError::Malformed("a group was not built".into()).into())
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PatternDb::from_groups(goal, tables)?)
    }

    /// How many groups [`partition`] gives for `goal`.
    pub fn group_count(goal: &Board) -> Result<usize, PdbError> {
        Ok(partition(goal.size(), goal.blank())?.len())
    }

    /// Builds group `index` of `goal`'s partition.
    pub fn build_group(
        goal: &Board,
        index: usize,
        limits: &SearchLimits,
    ) -> Result<GroupTable, SolveError> {
        let groups = partition(goal.size(), goal.blank())?;
        let cells = groups
            .get(index)
            .ok_or_else(|| PdbError::Malformed(format!("no group {index}")))?;
        let tiles: Vec<u8> = cells.iter().map(|&c| goal.tile_at(c)).collect();
        let mut budget = Budget::new(limits);
        let table = build_table(goal, &tiles, &mut budget)?;
        log::debug!("pattern group {tiles:?} built");
        Ok(GroupTable(Group {
            tiles,
            table: table.into(),
            sparse: false,
        }))
    }

    /// Puts built groups together; they must be every group of `goal`'s partition, in order.
    pub fn from_groups(goal: &Board, tables: Vec<GroupTable>) -> Result<PatternDb, PdbError> {
        let groups = partition(goal.size(), goal.blank())?;
        let matches = groups.len() == tables.len()
            && groups.iter().zip(&tables).all(|(cells, t)| {
                cells.len() == t.0.tiles.len()
                    && cells
                        .iter()
                        .zip(&t.0.tiles)
                        .all(|(&c, &tile)| goal.tile_at(c) == tile)
            });
        if !matches {
            return Err(PdbError::WrongGoal);
        }
        Ok(PatternDb::assemble(
            goal.size(),
            goal.tiles().to_vec(),
            tables.into_iter().map(|t| t.0).collect(),
        ))
    }
}

/// Bits per cell in a packed build state (up to 10 cells in a `u64`).
const FIELD: usize = 6;
const FIELD_MASK: u64 = (1 << FIELD) - 1;

/// A fixed-size bit set.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline(always)]
    fn get(&self, i: usize) -> bool {
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
    /// Sets bit `i`; true when it was clear.
    #[inline(always)]
    fn set(&mut self, i: usize) -> bool {
        let word = &mut self.0[i >> 6];
        let bit = 1 << (i & 63);
        let was_clear = *word & bit == 0;
        *word |= bit;
        was_clear
    }
    fn bytes(&self) -> u64 {
        self.0.len() as u64 * 8
    }
}

/// The placement of rank `r` among placements of `k` tiles on `cells` cells (the inverse of
/// [`rank`]): its cells packed [`FIELD`] bits each, and the mask of the cells it holds.
fn unrank(cells: usize, k: usize, mut r: usize) -> (u64, u64) {
    let mut digits = [0usize; super::MAX_GROUP_TILES + 1];
    for i in (0..k).rev() {
        let radix = cells - i;
        digits[i] = r % radix;
        r /= radix;
    }
    let (mut state, mut used) = (0u64, 0u64);
    for (i, &d) in digits[..k].iter().enumerate() {
        let cell = nth_clear(used, cells, d);
        used |= 1 << cell;
        state |= (cell as u64) << (FIELD * i);
    }
    (state, used)
}

/// The `n`th cell (from 0, lowest first) of `cells` that `used` does not hold.
#[inline(always)]
fn nth_clear(used: u64, cells: usize, n: usize) -> usize {
    let mut free = !used & ((1u64 << cells) - 1);
    for _ in 0..n {
        free &= free - 1;
    }
    free.trailing_zeros() as usize
}

/// The breadth-first search for one group. A state is the group's cells (packed [`FIELD`] bits a
/// cell into a `u64`) and the blank's cell. Blank moves through cells the group does not hold
/// cost nothing, so each popped state floods its whole blank region at once (a bit-mask fill)
/// and only moves of group tiles out of the region open the next layer. `done` marks
/// (placement, blank cell) pairs whose region was settled. A layer is a bit set over the same
/// pairs, read back in index order, not a list of states: on 5×5 a group of five holds three
/// sets of 16 MB however wide its layers grow (lists of states grew to hundreds of MB).
fn build_table(goal: &Board, tiles: &[u8], budget: &mut Budget<'_>) -> Result<Vec<u8>, SolveError> {
    let size = goal.size();
    let cells = goal.cells();
    let k = tiles.len();
    let free_cells = cells - k;
    let full_len = placements(cells, k + 1);
    let mut done = Bits::new(full_len);
    let mut current = Bits::new(full_len);
    let mut next = Bits::new(full_len);
    let mut table = vec![UNSEEN; placements(cells, k)];
    let mut neighbours = vec![0u64; cells];
    for (cell, mask) in neighbours.iter_mut().enumerate() {
        for dir in crate::Direction::ALL {
            if let Some(to) = crate::board::step(size, cell, dir) {
                *mask |= 1 << to;
            }
        }
    }
    let field = |s: u64, i: usize| ((s >> (FIELD * i)) & FIELD_MASK) as usize;
    // index of (placement rank, blank cell) among full_len
    let full_index = |part: usize, occupied: u64, blank: usize| {
        part * free_cells + blank - (occupied & ((1u64 << blank) - 1)).count_ones() as usize
    };
    let cells_of: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.cell_of(t).expect("tile on goal") as u8)
        .collect();
    let start_occupied = cells_of.iter().fold(0u64, |m, &c| m | 1 << c);
    current.set(full_index(
        rank(cells, cells_of.iter().copied()),
        start_occupied,
        goal.blank(),
    ));
    let bytes = done.bytes() * 3 + table.len() as u64;
    let mut depth = 0u8;
    let mut pops = 0u64;
    loop {
        let mut layer = 0usize;
        for w in 0..current.0.len() {
            let mut word = current.0[w];
            while word != 0 {
                let idx = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                layer += 1;
                if done.get(idx) {
                    continue;
                }
                let part = idx / free_cells;
                let (placed, occupied) = unrank(cells, k, part);
                let blank = nth_clear(occupied, cells, idx % free_cells);
                budget.expand(depth as u32)?;
                if table[part] == UNSEEN {
                    table[part] = depth;
                }
                // flood the blank's region
                let free = !occupied & ((1u64 << cells) - 1);
                let mut region = 1u64 << blank;
                let mut frontier = region;
                while frontier != 0 {
                    let c = frontier.trailing_zeros() as usize;
                    frontier &= frontier - 1;
                    let grow = neighbours[c] & free & !region;
                    region |= grow;
                    frontier |= grow;
                }
                let mut rest = region;
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    done.set(full_index(part, occupied, c));
                }
                // each group tile next to the region can slide into it
                for i in 0..k {
                    let from = field(placed, i);
                    let mut into = neighbours[from] & region;
                    while into != 0 {
                        let to = into.trailing_zeros() as usize;
                        into &= into - 1;
                        let moved =
                            (placed & !(FIELD_MASK << (FIELD * i))) | ((to as u64) << (FIELD * i));
                        let occ = (occupied & !(1 << from)) | (1 << to);
                        let npart = rank(cells, (0..k).map(|j| field(moved, j) as u8));
                        let idx = full_index(npart, occ, from);
                        budget.stats.generated += 1;
                        if !done.get(idx) {
                            next.set(idx);
                        }
                    }
                }
                pops += 1;
                if pops & 0xFFF == 0 {
                    budget.memory(layer, bytes)?;
                }
            }
        }
        if layer == 0 {
            break;
        }
        std::mem::swap(&mut current, &mut next);
        next.0.fill(0);
        depth += 1;
    }
    Ok(table)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Compact tables for the tiles on `cells[..4]` and on `cells[4..]` of `goal`.
    pub(in crate::heuristic::pattern_db) fn two_compact_groups(
        goal: &Board,
        cells: &[usize],
    ) -> Vec<Group> {
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        [&cells[..4], &cells[4..]]
            .iter()
            .map(|part| {
                let tiles: Vec<u8> = part.iter().map(|&c| goal.tile_at(c)).collect();
                let table = build_table(goal, &tiles, &mut budget).unwrap();
                Group {
                    tiles,
                    table: table.into(),
                    sparse: false,
                }
            })
            .collect()
    }

    /// Reading a layer's bit back into cells undoes [`rank`] for every placement, and the
    /// blank's index among the free cells finds its cell.
    #[test]
    fn unrank_undoes_rank() {
        for (cells, k) in [(9, 3), (16, 2), (25, 1), (6, 5)] {
            for r in 0..placements(cells, k) {
                let (state, used) = unrank(cells, k, r);
                let back = rank(
                    cells,
                    (0..k).map(|i| ((state >> (FIELD * i)) & FIELD_MASK) as u8),
                );
                assert_eq!(back, r, "{cells} cells, {k} tiles");
                assert_eq!(used.count_ones() as usize, k);
                let free: Vec<usize> = (0..cells).filter(|&c| used & 1 << c == 0).collect();
                for (n, &c) in free.iter().enumerate() {
                    assert_eq!(nth_clear(used, cells, n), c);
                }
            }
        }
    }
}
