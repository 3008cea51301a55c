//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The non-blank tiles are split into groups. For each group a backward breadth-first search
//! from the goal over (group tiles + blank) states counts only the moves of the group's own
//! tiles (blank moves through other cells cost 0, so it is a 0-1 BFS); the table keeps, per
//! placement of the group's tiles, the least cost over all blank cells. Each move moves one tile,
//! so it is counted by at most one group and the sum over groups never overestimates.
//! Where the goal's blank lies on the main diagonal the board can also be read transposed (the
//! tiles relabelled so the goal maps to itself) and the larger of the two sums is used.
//!
//! Tables are derived here and only here; they serialise to bytes with a versioned header and a
//! checksum so apps can cache them.
use std::sync::Arc;

use thiserror::Error;

use super::Heuristic;
use crate::board::Board;
use crate::error::SolveError;
use crate::limits::{Budget, SearchLimits};

/// The byte format's version.
pub const FORMAT_VERSION: u16 = 1;
const MAGIC: &[u8; 4] = b"SPDB";
const UNSEEN: u8 = u8::MAX;

/// The board sides pattern databases are built for.
pub const SIZES: std::ops::RangeInclusive<usize> = 2..=5;

/// A pattern-database file or request that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PdbError {
    /// Not a pattern-database file.
    #[error("not a slidepuzzle pattern database (bad magic bytes)")]
    BadMagic,
    /// Written by another format version.
    #[error(
        "pattern database format version {found} is not supported (expected {FORMAT_VERSION})"
    )]
    WrongVersion {
        /// The version in the file.
        found: u16,
    },
    /// The file ends early.
    #[error("pattern database is truncated")]
    Truncated,
    /// The checksum does not match: the file is damaged.
    #[error("pattern database checksum mismatch: the file is damaged")]
    Checksum,
    /// The header or tables are inconsistent.
    #[error("pattern database is malformed: {0}")]
    Malformed(String),
    /// Built for another goal.
    #[error("pattern database was built for another goal")]
    WrongGoal,
    /// Built for boards of another size.
    #[error("these pattern databases are for {built}×{built} boards, not {board}×{board}")]
    WrongSize {
        /// The side the databases were built for.
        built: usize,
        /// The side of the board they were asked to serve.
        board: usize,
    },
    /// The search needs pattern databases and none were given.
    #[error("no pattern database was given for this goal (build one with `pdb build` or let the app build it)")]
    Missing,
    /// No partition is defined for this size.
    #[error("pattern databases cover 2×2 to 5×5 boards, not {0}×{0}")]
    UnsupportedSize(usize),
}

/// One group of tiles and its table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    tiles: Vec<u8>,
    /// Moves of this group's tiles to their goal, indexed by the tiles' cells: by [`rank`]
    /// (compact, as built and stored), or when `sparse` by `Σ cell_i · cells^i`, which a move
    /// updates with one addition. Unused sparse entries hold 0.
    table: Vec<u8>,
    sparse: bool,
}

impl Group {
    /// The table indexed by [`rank`], as in the byte format.
    fn compact(&self, cells: usize) -> Vec<u8> {
        if !self.sparse {
            return self.table.clone();
        }
        let mut out = Vec::with_capacity(placements(cells, self.tiles.len()));
        for_each_placement(cells, self.tiles.len(), |sparse| {
            out.push(self.table[sparse])
        });
        out
    }

    /// Re-indexes a compact table sparsely where that costs at most 4× the memory (every
    /// 4×4 and 5×5 group; not the exact 3×3 table).
    fn into_lookup(mut self, cells: usize) -> Group {
        let k = self.tiles.len();
        let sparse_len = (cells as u64).pow(k as u32);
        if self.sparse || sparse_len > 4 * self.table.len() as u64 || sparse_len > 1 << 26 {
            return self;
        }
        let mut table = vec![0u8; sparse_len as usize];
        let mut r = 0;
        for_each_placement(cells, k, |sparse| {
            table[sparse] = self.table[r];
            r += 1;
        });
        self.table = table;
        self.sparse = true;
        self
    }
}

/// Calls `f` with the sparse index (`Σ cell_i · cells^i`) of every placement of `k` distinct
/// cells, in [`rank`] order.
fn for_each_placement(cells: usize, k: usize, mut f: impl FnMut(usize)) {
    fn walk(cells: usize, k: usize, i: usize, used: u64, index: usize, f: &mut impl FnMut(usize)) {
        if i == k {
            f(index);
            return;
        }
        let weight = cells.pow(i as u32);
        for c in 0..cells {
            if used & (1 << c) == 0 {
                walk(cells, k, i + 1, used | 1 << c, index + c * weight, f);
            }
        }
    }
    walk(cells, k, 0, 0, 0, &mut f);
}

/// One group's table, built by [`PatternDb::build_group`].
#[derive(Debug, Clone)]
pub struct GroupTable(Group);

/// Additive pattern databases for one goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    size: usize,
    goal: Vec<u8>,
    groups: Vec<Group>,
    /// `group_of[label]`, `NO_GROUP` for the blank.
    group_of: Vec<u8>,
    /// Present when the goal's blank is on the main diagonal.
    reflection: Option<Reflection>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Reflection {
    /// `transpose[cell]` = the cell mirrored in the main diagonal.
    transpose: Vec<u8>,
    /// `relabel[label]` = the goal label at the mirror of `label`'s goal cell (an involution).
    relabel: Vec<u8>,
    /// `group_of[label]` = the group whose reflected part changes when `label` moves.
    group_of: Vec<u8>,
}

const NO_GROUP: u8 = u8::MAX;

/// Number of placements of `k` distinct tiles on `cells` cells.
pub fn placements(cells: usize, k: usize) -> usize {
    (cells - k + 1..=cells).product()
}

/// Perfect rank of distinct cells among [`placements`]`(cells, len)`.
#[inline(always)]
fn rank(cells: usize, positions: impl Iterator<Item = u8>) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, p) in positions.enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (cells - i) + (p as usize - below);
        used |= 1 << p;
    }
    r
}

/// The cells of each group for a goal whose blank is at `blank` (the blank's cell in none).
///
/// The shapes are compact blocks, oriented so the blank's home falls in the small group:
/// - 2×2, 3×3: one group of every tile (an exact table; 3×3 has 181 440 entries).
/// - 4×4: 6-6-3, the 3-group in the blank's edge row (Korf & Felner's partition).
/// - 5×5: 5-5-5-5-4, the 4-group in the blank's edge row.
///
/// For an inner blank the top row is used and the blank's cell trades places with the top-row
/// cell above it, keeping the group sizes.
pub fn partition(size: usize, blank: usize) -> Result<Vec<Vec<usize>>, PdbError> {
    let template: &[&str] = match size {
        2 | 3 => &[],
        4 => &["0000", "1122", "1122", "1122"],
        5 => &["00000", "11122", "11222", "33444", "33344"],
        _ => return Err(PdbError::UnsupportedSize(size)),
    };
    let cells = size * size;
    if template.is_empty() {
        return Ok(vec![(0..cells).filter(|&c| c != blank).collect()]);
    }
    let group_at = |r: usize, c: usize| (template[r].as_bytes()[c] - b'0') as usize;
    let rotate = |cell: usize, turns: usize| {
        let (mut r, mut c) = (cell / size, cell % size);
        for _ in 0..turns {
            (r, c) = (c, size - 1 - r);
        }
        (r, c)
    };
    let mut group_of: Vec<usize> = vec![0; cells];
    if let Some(turns) = (0..4).find(|&t| rotate(blank, t).0 == 0) {
        for (cell, g) in group_of.iter_mut().enumerate() {
            let (r, c) = rotate(cell, turns);
            *g = group_at(r, c);
        }
    } else {
        for (cell, g) in group_of.iter_mut().enumerate() {
            *g = group_at(cell / size, cell % size);
        }
        group_of[blank % size] = group_of[blank];
    }
    let count = group_of.iter().max().unwrap() + 1;
    let mut groups = vec![Vec::new(); count];
    for (cell, &g) in group_of.iter().enumerate() {
        if cell != blank {
            groups[g].push(cell);
        }
    }
    Ok(groups)
}

impl PatternDb {
    /// Builds the databases for `goal` (see [`partition`]), its groups spread over up to
    /// [`SearchLimits::threads`] scoped threads (one group per thread at a time); with one
    /// thread, one group after another on the caller's. Building a 4×4 set takes about twice
    /// as long on one thread as on two. `limits` can cancel the build.
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
            table,
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

    fn assemble(size: usize, goal: Vec<u8>, groups: Vec<Group>) -> PatternDb {
        let cells = size * size;
        let groups: Vec<Group> = groups.into_iter().map(|g| g.into_lookup(cells)).collect();
        let mut group_of = vec![NO_GROUP; cells];
        for (g, group) in groups.iter().enumerate() {
            for &t in &group.tiles {
                group_of[t as usize] = g as u8;
            }
        }
        let blank = goal.iter().position(|&t| t == 0).expect("goal has a blank");
        let reflection = (blank / size == blank % size && groups.len() > 1).then(|| {
            let transpose: Vec<u8> = (0..cells)
                .map(|c| ((c % size) * size + c / size) as u8)
                .collect();
            let mut goal_pos = vec![0u8; cells];
            for (c, &t) in goal.iter().enumerate() {
                goal_pos[t as usize] = c as u8;
            }
            let relabel: Vec<u8> = (0..cells)
                .map(|t| goal[transpose[goal_pos[t] as usize] as usize])
                .collect();
            let reflected_group_of = (0..cells).map(|t| group_of[relabel[t] as usize]).collect();
            Reflection {
                transpose,
                relabel,
                group_of: reflected_group_of,
            }
        });
        PatternDb {
            size,
            goal,
            groups,
            group_of,
            reflection,
        }
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The goal these tables are for.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The tiles of each group.
    pub fn groups(&self) -> Vec<Vec<u8>> {
        self.groups.iter().map(|g| g.tiles.clone()).collect()
    }

    /// Whether the transposed lookup is used too.
    pub fn uses_reflection(&self) -> bool {
        self.reflection.is_some()
    }

    /// Table bytes in memory (sparse tables included; the byte format stays compact).
    pub fn table_bytes(&self) -> usize {
        self.groups.iter().map(|g| g.table.len()).sum()
    }

    /// Serialises to bytes: header, groups with tables, FNV-1a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.push(self.size as u8);
        out.extend_from_slice(&self.goal);
        out.push(self.groups.len() as u8);
        for g in &self.groups {
            out.push(g.tiles.len() as u8);
            out.extend_from_slice(&g.tiles);
            let table = g.compact(self.size * self.size);
            out.extend_from_slice(&(table.len() as u32).to_le_bytes());
            out.extend_from_slice(&table);
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads bytes written by [`PatternDb::to_bytes`], checking version, checksum, shape and,
    /// when given, the goal.
    pub fn from_bytes(bytes: &[u8], goal: Option<&Board>) -> Result<PatternDb, PdbError> {
        if bytes.len() < 4 {
            return Err(PdbError::Truncated);
        }
        if &bytes[..4] != MAGIC {
            return Err(PdbError::BadMagic);
        }
        let mut r = Reader { bytes, at: 4 };
        let version = u16::from_le_bytes([r.u8()?, r.u8()?]);
        if version != FORMAT_VERSION {
            return Err(PdbError::WrongVersion { found: version });
        }
        if bytes.len() < 8 + 6 {
            return Err(PdbError::Truncated);
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        if fnv1a(body) != stored {
            return Err(PdbError::Checksum);
        }
        let mut r = Reader { bytes: body, at: 6 };
        let size = r.u8()? as usize;
        if !(crate::MIN_SIZE..=5).contains(&size) {
            return Err(PdbError::UnsupportedSize(size));
        }
        let cells = size * size;
        let goal_tiles = r.take(cells)?.to_vec();
        let goal_labels: Vec<u32> = goal_tiles.iter().map(|&t| t as u32).collect();
        let goal_board = Board::from_tiles(&goal_labels)
            .map_err(|e| PdbError::Malformed(format!("goal: {e}")))?;
        if let Some(expected) = goal {
            if expected.tiles() != goal_board.tiles() {
                return Err(PdbError::WrongGoal);
            }
        }
        let count = r.u8()? as usize;
        if count > MAX_GROUPS {
            return Err(PdbError::Malformed(format!("{count} groups")));
        }
        let mut groups = Vec::with_capacity(count);
        let mut covered = vec![false; cells];
        for _ in 0..count {
            let k = r.u8()? as usize;
            if k > MAX_GROUP_TILES {
                return Err(PdbError::Malformed(format!("group of {k} tiles")));
            }
            let tiles = r.take(k)?.to_vec();
            for &t in &tiles {
                if t == 0
                    || t as usize >= cells
                    || std::mem::replace(&mut covered[t as usize], true)
                {
                    return Err(PdbError::Malformed(format!("tile {t} misplaced in groups")));
                }
            }
            let len = u32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes")) as usize;
            if k == 0 || len != placements(cells, k) {
                return Err(PdbError::Malformed(format!(
                    "group of {k} tiles has {len} entries"
                )));
            }
            let table = r.take(len)?.to_vec();
            groups.push(Group {
                tiles,
                table,
                sparse: false,
            });
        }
        if covered.iter().skip(1).any(|c| !c) {
            return Err(PdbError::Malformed("groups do not cover every tile".into()));
        }
        if r.at != body.len() {
            return Err(PdbError::Malformed("trailing bytes".into()));
        }
        Ok(PatternDb::assemble(size, goal_tiles, groups))
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PdbError> {
        let end = self.at.checked_add(n).ok_or(PdbError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(PdbError::Truncated)?;
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, PdbError> {
        Ok(self.take(1)?[0])
    }
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
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

/// The breadth-first search for one group. A state is the group's cells plus the blank's,
/// packed [`FIELD`] bits a cell into a `u64`. Blank moves through cells the group does not hold
/// cost nothing, so each popped state floods its whole blank region at once (a bit-mask fill)
/// and only moves of group tiles out of the region open the next layer. `done` marks
/// (placement, blank cell) pairs whose region was settled; `queued` keeps each pair in the next
/// layer once.
fn build_table(goal: &Board, tiles: &[u8], budget: &mut Budget<'_>) -> Result<Vec<u8>, SolveError> {
    let size = goal.size();
    let cells = goal.cells();
    let k = tiles.len();
    let free_cells = cells - k;
    let full_len = placements(cells, k + 1);
    let mut done = Bits::new(full_len);
    let mut queued = Bits::new(full_len);
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
    let mut start = 0u64;
    for (i, &t) in tiles.iter().enumerate() {
        start |= (goal.cell_of(t).expect("tile on goal") as u64) << (FIELD * i);
    }
    start |= (goal.blank() as u64) << (FIELD * k);
    let mut current = vec![start];
    let mut next: Vec<u64> = Vec::new();
    let mut depth = 0u8;
    let mut pops = 0u64;
    while !current.is_empty() {
        for &s in &current {
            let occupied = (0..k).fold(0u64, |m, i| m | 1 << field(s, i));
            let part = rank(cells, (0..k).map(|i| field(s, i) as u8));
            let blank = field(s, k);
            if done.get(full_index(part, occupied, blank)) {
                continue;
            }
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
                let from = field(s, i);
                let mut into = neighbours[from] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as usize;
                    into &= into - 1;
                    let moved = (s & !(FIELD_MASK << (FIELD * i)) & !(FIELD_MASK << (FIELD * k)))
                        | ((to as u64) << (FIELD * i))
                        | ((from as u64) << (FIELD * k));
                    let occ = (occupied & !(1 << from)) | (1 << to);
                    let npart = rank(cells, (0..k).map(|j| field(moved, j) as u8));
                    let idx = full_index(npart, occ, from);
                    budget.stats.generated += 1;
                    if !done.get(idx) && queued.set(idx) {
                        next.push(moved);
                    }
                }
            }
            pops += 1;
            if pops & 0xFFF == 0 {
                let bytes = done.bytes() * 2
                    + table.len() as u64
                    + 8 * (current.capacity() + next.capacity()) as u64;
                budget.memory(current.len() + next.len(), bytes)?;
            }
        }
        current.clear();
        std::mem::swap(&mut current, &mut next);
        depth += 1;
    }
    Ok(table)
}

/// The eight symmetries of the square as cell maps, identity first.
fn symmetries(size: usize) -> Vec<Vec<u8>> {
    let cells = size * size;
    let mut out = Vec::with_capacity(8);
    for transpose in [false, true] {
        for turns in 0..4 {
            let map = (0..cells)
                .map(|cell| {
                    let (mut r, mut c) = (cell / size, cell % size);
                    if transpose {
                        (r, c) = (c, r);
                    }
                    for _ in 0..turns {
                        (r, c) = (c, size - 1 - r);
                    }
                    (r * size + c) as u8
                })
                .collect();
            out.push(map);
        }
    }
    out
}

/// The goal whose databases serve `goal`: the standard arrangement with the blank in the
/// first cell of the blank's orbit under the square's symmetries. Every goal maps onto one of
/// these (3 for 4×4: corner, edge, inner; 6 for 5×5), so a device needs only that many tables.
pub fn canonical_goal(goal: &Board) -> Board {
    let blank = goal.blank();
    let home = symmetries(goal.size())
        .iter()
        .map(|m| m[blank] as usize)
        .min()
        .expect("eight symmetries");
    Board::goal_with_blank(goal.size(), home).expect("size already checked")
}

/// A [`PatternDb`] read for one goal, as a [`Heuristic`]. The goal may be the database's own
/// or any goal that a symmetry of the square and a relabelling map onto it.
///
/// With sparse tables (see [`PatternDb`]) each node carries every group's table index, and a
/// move changes one index by an addition: no ranking on the hot path.
#[derive(Debug, Clone)]
pub struct PdbHeuristic {
    db: Arc<PatternDb>,
    plain: Reading,
    /// The transposed reading, when the database has a reflection.
    reflected: Option<Reading>,
    cells: usize,
    sparse: bool,
}

/// One way of reading the board into the tables: plain, or transposed and relabelled.
#[derive(Debug, Clone)]
struct Reading {
    /// For each group, the goal's labels whose cells (mapped by `cell_map`) fill it.
    labels: Vec<Vec<u8>>,
    /// The board's cell → the database goal's cell.
    cell_map: [u8; MAX_CELLS],
    /// The group whose part changes when a label of the goal moves.
    group_of: [u8; MAX_CELLS],
    /// `cells^slot` of a label in its group: its weight in a sparse index.
    weight: [u32; MAX_CELLS],
}

const MAX_CELLS: usize = 25;
/// Most groups a database may have (5×5 has five) and most tiles in one (3×3's exact table
/// has eight); files claiming more are refused.
const MAX_GROUPS: usize = 5;
const MAX_GROUP_TILES: usize = 8;

impl Reading {
    /// A reading of `db`'s groups: `unlabel_db` maps a database label to the goal's label it
    /// stands for, `group_of` and `map` give the fields of the same names cell by cell.
    fn new(
        db: &PatternDb,
        unlabel_db: impl Fn(u8) -> u8,
        group_of: impl Fn(usize) -> u8,
        map: impl Fn(usize) -> u8,
        cells: usize,
    ) -> Reading {
        let labels: Vec<Vec<u8>> = db
            .groups
            .iter()
            .map(|g| g.tiles.iter().map(|&u| unlabel_db(u)).collect())
            .collect();
        let mut r = Reading {
            labels,
            cell_map: [0; MAX_CELLS],
            group_of: [NO_GROUP; MAX_CELLS],
            weight: [0; MAX_CELLS],
        };
        for c in 0..cells {
            r.cell_map[c] = map(c);
            r.group_of[c] = group_of(c);
        }
        for group in &r.labels {
            for (slot, &t) in group.iter().enumerate() {
                r.weight[t as usize] = (cells as u32).pow(slot as u32);
            }
        }
        r
    }

    /// Group `g`'s table index for the board `pos` (label → cell).
    fn index(&self, g: usize, pos: &[u8], cells: usize, sparse: bool) -> u32 {
        let at = self.labels[g]
            .iter()
            .map(|&t| self.cell_map[pos[t as usize] as usize]);
        if sparse {
            at.rev().fold(0u32, |i, c| i * cells as u32 + c as u32)
        } else {
            rank(cells, at) as u32
        }
    }
}

impl PdbHeuristic {
    /// Reads `db` for `goal`; an error when no symmetry maps `goal`'s blank onto the
    /// database's.
    pub fn new(db: Arc<PatternDb>, goal: &Board) -> Result<PdbHeuristic, PdbError> {
        if goal.size() != db.size {
            return Err(PdbError::WrongSize {
                built: db.size,
                board: goal.size(),
            });
        }
        let cells = goal.cells();
        let db_blank = db
            .goal
            .iter()
            .position(|&t| t == 0)
            .expect("goal has a blank");
        let map = symmetries(goal.size())
            .into_iter()
            .find(|m| m[goal.blank()] as usize == db_blank)
            .ok_or(PdbError::WrongGoal)?;
        // relabel[label of goal] = label of the database's goal at the mapped cell
        let mut relabel = vec![0u8; cells];
        let mut unlabel = vec![0u8; cells];
        for (cell, &t) in goal.tiles().iter().enumerate() {
            let u = db.goal[map[cell] as usize];
            relabel[t as usize] = u;
            unlabel[u as usize] = t;
        }
        let plain = Reading::new(
            &db,
            |u| unlabel[u as usize],
            |t| db.group_of[relabel[t] as usize],
            |c| map[c],
            cells,
        );
        let reflected = db.reflection.as_ref().map(|r| {
            Reading::new(
                &db,
                |u| unlabel[r.relabel[u as usize] as usize],
                |t| r.group_of[relabel[t] as usize],
                |c| r.transpose[map[c] as usize],
                cells,
            )
        });
        Ok(PdbHeuristic {
            plain,
            reflected,
            cells,
            sparse: db.groups.iter().all(|g| g.sparse),
            db,
        })
    }

    /// The tables behind this heuristic.
    pub fn db(&self) -> &Arc<PatternDb> {
        &self.db
    }

    /// Reads group `g` of the board `pos` from scratch into `side`.
    fn read_group(&self, reading: &Reading, side: &mut Side, pos: &[u8], g: usize) {
        let i = reading.index(g, pos, self.cells, self.sparse);
        self.store(side, g, i);
    }

    /// Updates `side` after `tile` slid from `from` to `to` (`pos` shows the board after it):
    /// with sparse tables by one addition to its group's index, else by ranking the group anew.
    #[inline(always)]
    fn read_move(
        &self,
        reading: &Reading,
        side: &mut Side,
        pos: &[u8],
        (tile, from, to): (u8, usize, usize),
    ) {
        let g = reading.group_of[tile as usize] as usize;
        let i = if self.sparse {
            side.index[g].wrapping_add(reading.weight[tile as usize].wrapping_mul(
                (reading.cell_map[to] as u32).wrapping_sub(reading.cell_map[from] as u32),
            ))
        } else {
            reading.index(g, pos, self.cells, false)
        };
        self.store(side, g, i);
    }

    /// Puts group `g`'s table index `i` and its entry into `side`.
    #[inline(always)]
    fn store(&self, side: &mut Side, g: usize, i: u32) {
        side.index[g] = i;
        let v = self.db.groups[g].table[i as usize];
        side.sum = side.sum + v as u16 - side.parts[g] as u16;
        side.parts[g] = v;
    }
}

/// One reading's per-node state: each group's table index and part, and their sum.
#[derive(Debug, Clone, Copy, Default)]
struct Side {
    index: [u32; MAX_GROUPS],
    parts: [u8; MAX_GROUPS],
    sum: u16,
}

/// Per-node state: the plain and the reflected reading.
#[derive(Debug, Clone, Copy, Default)]
pub struct PdbEval {
    plain: Side,
    reflected: Side,
}

impl Heuristic for PdbHeuristic {
    type Eval = PdbEval;
    fn name(&self) -> &'static str {
        "pdb"
    }
    fn init(&self, _: &[u8], pos: &[u8]) -> PdbEval {
        let mut e = PdbEval::default();
        for g in 0..self.plain.labels.len() {
            self.read_group(&self.plain, &mut e.plain, pos, g);
            if let Some(r) = &self.reflected {
                self.read_group(r, &mut e.reflected, pos, g);
            }
        }
        e
    }
    #[inline(always)]
    fn value(&self, e: &PdbEval) -> u32 {
        e.plain.sum.max(e.reflected.sum) as u32
    }
    #[inline(always)]
    fn update(
        &self,
        e: &PdbEval,
        tiles: &[u8],
        pos: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> PdbEval {
        self.update_within(e, tiles, pos, tile, from, to, u32::MAX)
            .expect("nothing exceeds u32::MAX")
    }
    /// The plain sum first; the reflected lookup only when the plain sum keeps the child.
    #[inline(always)]
    fn update_within(
        &self,
        e: &PdbEval,
        _: &[u8],
        pos: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        max: u32,
    ) -> Result<PdbEval, u32> {
        let mut out = *e;
        let moved = (tile, from, to);
        self.read_move(&self.plain, &mut out.plain, pos, moved);
        if out.plain.sum as u32 > max {
            return Err(out.plain.sum as u32);
        }
        if let Some(r) = &self.reflected {
            self.read_move(r, &mut out.reflected, pos, moved);
            if out.reflected.sum as u32 > max {
                return Err(out.reflected.sum as u32);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::tests::check_against_bfs;

    /// Compact tables for the tiles on `cells[..4]` and on `cells[4..]` of `goal`.
    fn two_compact_groups(goal: &Board, cells: &[usize]) -> Vec<Group> {
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        [&cells[..4], &cells[4..]]
            .iter()
            .map(|part| {
                let tiles: Vec<u8> = part.iter().map(|&c| goal.tile_at(c)).collect();
                let table = build_table(goal, &tiles, &mut budget).unwrap();
                Group {
                    tiles,
                    table,
                    sparse: false,
                }
            })
            .collect()
    }

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
            for_each_placement(cells, k, |sparse| {
                let at = (0..k).map(|i| (sparse / cells.pow(i as u32) % cells) as u8);
                assert_eq!(rank(cells, at), next_rank);
                next_rank += 1;
            });
            assert_eq!(next_rank, placements(cells, k));
        }
    }

    /// Sparse tables (indexed by cells, updated by one addition per move) hold the same
    /// entries as the compact ones they came from, and the bytes stay compact.
    #[test]
    fn sparse_tables_round_trip_through_compact_bytes() {
        let goal = Board::goal(3).unwrap();
        let cells: Vec<usize> = (0..8).collect();
        let groups = two_compact_groups(&goal, &cells);
        let compact = groups.clone();
        let db = PatternDb::assemble(3, goal.tiles().to_vec(), groups);
        assert!(db.groups.iter().all(|g| g.sparse));
        for (g, c) in db.groups.iter().zip(&compact) {
            assert_eq!(g.table.len(), 9usize.pow(4));
            assert_eq!(g.compact(9), c.table);
        }
        let bytes = db.to_bytes();
        assert_eq!(bytes.len(), 6 + 1 + 9 + 1 + 2 * (1 + 4 + 4 + 3024) + 8);
        assert_eq!(PatternDb::from_bytes(&bytes, Some(&goal)).unwrap(), db);
    }

    #[test]
    fn partitions_cover_every_tile_once_for_every_blank() {
        for size in 2..=5 {
            for blank in 0..size * size {
                let groups = partition(size, blank).unwrap();
                let mut all: Vec<usize> = groups.concat();
                all.sort();
                let expected: Vec<usize> = (0..size * size).filter(|&c| c != blank).collect();
                assert_eq!(all, expected, "size {size} blank {blank}");
                let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
                sizes.sort();
                let want: Vec<usize> = match size {
                    2 => vec![3],
                    3 => vec![8],
                    4 => vec![3, 6, 6],
                    _ => vec![4, 5, 5, 5, 5],
                };
                assert_eq!(sizes, want, "size {size} blank {blank}");
            }
        }
        assert_eq!(partition(6, 0), Err(PdbError::UnsupportedSize(6)));
    }

    #[test]
    fn exact_3x3_table_equals_bfs_distance() {
        for blank in [8, 0, 4, 5] {
            let goal = Board::goal_with_blank(3, blank).unwrap();
            let db = PatternDb::build(&goal, &SearchLimits::default()).unwrap();
            let h = PdbHeuristic::new(Arc::new(db), &goal).unwrap();
            let table = crate::search::bfs::distance_table(&goal).unwrap();
            for (b, d) in &table {
                assert_eq!(h.estimate(b.tiles()), *d);
            }
            check_against_bfs(&h, &goal, true);
        }
    }

    /// A 3×3 split into two groups, exercising the additive path and reflection on a board
    /// small enough to check every state. Tables that keep the least cost over all blank cells
    /// are admissible but not always consistent (a move can take the blank out of a pocket
    /// walled by group tiles); this test found such states, so it checks admissibility and the
    /// incremental update only. IDA* stays optimal with them, and A* reopens states.
    #[test]
    fn additive_groups_on_3x3_are_admissible_everywhere() {
        for blank in [0, 4, 8, 1] {
            let goal = Board::goal_with_blank(3, blank).unwrap();
            let cells: Vec<usize> = (0..9).filter(|&c| c != blank).collect();
            let groups = two_compact_groups(&goal, &cells);
            let db = PatternDb::assemble(3, goal.tiles().to_vec(), groups);
            assert_eq!(db.uses_reflection(), blank == 0 || blank == 4 || blank == 8);
            let h = PdbHeuristic::new(Arc::new(db), &goal).unwrap();
            assert_eq!(h.estimate(goal.tiles()), 0);
            check_against_bfs(&h, &goal, false);
        }
    }

    #[test]
    fn bytes_round_trip_and_damage_is_rejected() {
        let goal = Board::goal(3).unwrap();
        let db = PatternDb::build(&goal, &SearchLimits::default()).unwrap();
        let bytes = db.to_bytes();
        assert_eq!(PatternDb::from_bytes(&bytes, Some(&goal)).unwrap(), db);
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 0x10;
        assert_eq!(
            PatternDb::from_bytes(&flipped, Some(&goal)),
            Err(PdbError::Checksum)
        );
        assert_eq!(
            PatternDb::from_bytes(&bytes[..bytes.len() - 3], Some(&goal)),
            Err(PdbError::Checksum)
        );
        assert_eq!(PatternDb::from_bytes(b"", None), Err(PdbError::Truncated));
        assert_eq!(
            PatternDb::from_bytes(b"PNG\0....", None),
            Err(PdbError::BadMagic)
        );
        let mut old = bytes.clone();
        old[4] = 9;
        assert_eq!(
            PatternDb::from_bytes(&old, None),
            Err(PdbError::WrongVersion { found: 9 })
        );
        let other = Board::goal_with_blank(3, 0).unwrap();
        assert_eq!(
            PatternDb::from_bytes(&bytes, Some(&other)),
            Err(PdbError::WrongGoal)
        );
        // a well-formed checksum does not make a shape the heuristic cannot hold acceptable
        let sealed = |body: Vec<u8>| {
            let mut out = body.clone();
            out.extend_from_slice(&fnv1a(&body).to_le_bytes());
            out
        };
        let head = bytes[..6 + 1 + 9].to_vec();
        let mut six_groups = head.clone();
        six_groups.push(6);
        assert!(matches!(
            PatternDb::from_bytes(&sealed(six_groups), None),
            Err(PdbError::Malformed(_))
        ));
        let mut nine_tiles = head;
        nine_tiles.extend_from_slice(&[1, 9]);
        assert!(matches!(
            PatternDb::from_bytes(&sealed(nine_tiles), None),
            Err(PdbError::Malformed(_))
        ));
    }
}
