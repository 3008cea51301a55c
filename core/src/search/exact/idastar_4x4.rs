//! IDA* written for 4×4 boards over the additive pattern databases (6-6-3 and, where the goal's
//! blank is on the diagonal, the reflected reading). The search is the one
//! [`IdaStar`] makes with the databases (the same children, so the same nodes and the same path
//! with [`IdaStar4x4::ordered_levels`] at 0), with what made that one slow for this size taken
//! out:
//! - the board and both readings' three table indices live in the search and are changed in
//!   place by a move and back after it, where the generic search copies a 56-byte evaluation per
//!   child;
//! - a node looks up all its children before searching any, so their table reads (the cost of
//!   the search: two 16 MB tables read at random) are in flight together instead of one after
//!   another;
//! - near the root, a node's moves are tried lowest estimate first (see
//!   [`ORDERED_LEVELS`]).
//!
//! On two threads or more each iteration is split across them as the generic search splits
//! one.
use crate::board::{neighbour_table, taxicab, Board, Direction, NO_NEIGHBOUR};
use crate::error::SolveError;
use crate::heuristic::pattern_db::{Flat4x4, Reading4x4};
use crate::heuristic::PdbHeuristic;
use crate::limits::{Budget, SearchLimits};
use crate::search::exact::duplicates::{self, REFUSED, START};
use crate::search::exact::idastar::IdaStar;
use crate::search::exact::split;
use crate::search::solution::{check_start, Solution, Solver};
use crate::stats::Stats;

/// The nodes an iteration must have taken for the next to be split across threads: each
/// iteration is several times the one before, and below this a split costs more (threads
/// started, the tree opened) than it saves (Korf's 40 on two threads: 306 ms in all splitting
/// every iteration, against 257 ms on one thread).
const PARALLEL_AFTER: u64 = 50_000;

/// Above this depth (by default) a node's moves are tried lowest estimate first, so the last iteration
/// tends to meet the goal sooner. Measured on Korf's 100 (one thread): 14.20 M nodes without,
/// 12.99 M ordering the first 3 levels, 12.96–13.25 M for any depth from 2 to 24: the deeper
/// levels save nothing more overall and only move which hard board is lucky (#60 takes 1.29 M
/// nodes here, 1.62 M ordering 12 levels).
pub const ORDERED_LEVELS: u32 = 3;

/// Optimal IDA* for 4×4 boards over pattern databases.
#[derive(Debug, Clone)]
pub struct IdaStar4x4 {
    goal: Board,
    heuristic: PdbHeuristic,
    ordered_levels: u32,
}

impl IdaStar4x4 {
    /// The search for `goal` over `heuristic`'s tables; none unless the goal is 4×4 and the
    /// tables are the three sparse groups this crate builds for that size.
    pub fn new(goal: &Board, heuristic: PdbHeuristic) -> Option<IdaStar4x4> {
        (goal.size() == 4 && heuristic.flat_4x4().is_some()).then(|| IdaStar4x4 {
            goal: goal.clone(),
            heuristic,
            ordered_levels: ORDERED_LEVELS,
        })
    }

    /// The same search with the moves of the first `levels` levels tried lowest estimate
    /// first ([`ORDERED_LEVELS`] unless set); at 0 every node tries its moves in the fixed
    /// order, and the search expands the nodes the generic [`IdaStar`] does.
    pub fn ordered_levels(mut self, levels: u32) -> IdaStar4x4 {
        self.ordered_levels = levels;
        self
    }
}

impl Solver for IdaStar4x4 {
    fn name(&self) -> String {
        "idastar+pdb".into()
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        let threads = limits.threads.max(1);
        let flat = self.heuristic.flat_4x4().expect("checked when made");
        let mut search = Search::new(flat, &self.goal, start, Budget::new(limits));
        search.ordered_levels = self.ordered_levels;
        let h0 = search.value();
        // every path to the goal has the parity of the blank's taxicab distance to its home
        let parity = taxicab(4, start.blank(), self.goal.blank()) & 1;
        let round = |bound: u32| bound + ((bound & 1) ^ parity);
        search.bound = round(h0);
        let mut last_iteration = 0;
        loop {
            search.budget.stats.lower_bound = search.bound;
            search.budget.check(search.bound)?;
            search.next_bound = u32::MAX;
            // an iteration a few times the last one's size; small ones are not worth threads
            let before = search.budget.stats.expanded;
            let found = match threads > 1 && last_iteration >= PARALLEL_AFTER {
                false => search.dfs_from(0, start.blank(), START),
                true => search.parallel(&self.goal, start, threads)?,
            };
            last_iteration = search.budget.stats.expanded - before;
            if let Some(e) = search.stopped.take() {
                return Err(e);
            }
            if found {
                let moves = std::mem::take(&mut search.path);
                let stats = search.budget.finish();
                return Ok(Solution::new(self.name(), start, moves, true, h0, stats));
            }
            log::debug!(
                "idastar_4x4: bound {} done, {} nodes",
                search.bound,
                search.budget.stats.expanded
            );
            search.bound = round(search.next_bound);
        }
    }
}

/// Optimal IDA* over pattern databases: [`IdaStar4x4`] where it serves, else the generic one.
pub(crate) fn pdb_search(goal: &Board, heuristic: PdbHeuristic) -> Box<dyn Solver> {
    match IdaStar4x4::new(goal, heuristic.clone()) {
        Some(search) => Box::new(search),
        None => Box::new(IdaStar::new(goal, heuristic)),
    }
}

/// A child looked up before any child is searched: the cell the blank moves to, and per
/// reading the changed group, its new index and its entry.
#[derive(Clone, Copy, Default)]
struct Child {
    dir: u8,
    cell: u8,
    group: [u8; 2],
    index: [u32; 2],
    entry: [u8; 2],
    /// The move automaton's state after the move.
    state: u16,
}

struct Search<'a> {
    /// Whether the database has a reflected reading.
    reflect: bool,
    /// The plain reading, then the reflected one (the plain again where there is none).
    readings: [Reading4x4; 2],
    /// The database's readings, for a board read anew.
    flat: Flat4x4<'a>,
    tables: [&'a [u8]; 3],
    neighbours: [[u8; 4]; 16],
    /// The move automaton (see `duplicates.rs`).
    automaton: &'static [[u16; 4]],
    goal: [u8; 16],
    tiles: [u8; 16],
    /// Per reading: each group's index and entry, and the entries' sum.
    index: [[u32; 3]; 2],
    entry: [[u8; 3]; 2],
    sum: [u32; 2],
    path: Vec<Direction>,
    budget: Budget<'a>,
    bound: u32,
    next_bound: u32,
    /// How many levels from the root try their moves lowest estimate first.
    ordered_levels: u32,
    /// Why the search stopped early (a limit or the cancel token).
    stopped: Option<SolveError>,
}

impl<'a> Search<'a> {
    fn new(flat: Flat4x4<'a>, goal: &Board, start: &Board, budget: Budget<'a>) -> Search<'a> {
        let mut s = Search {
            reflect: flat.reflected.is_some(),
            readings: [flat.plain, flat.reflected.unwrap_or(flat.plain)],
            flat,
            tables: flat.tables,
            neighbours: neighbour_table(4),
            automaton: duplicates::automaton(),
            goal: goal.tiles().try_into().expect("4×4"),
            tiles: [0; 16],
            index: [[0; 3]; 2],
            entry: [[0; 3]; 2],
            sum: [0; 2],
            path: Vec::with_capacity(96),
            budget,
            bound: 0,
            next_bound: u32::MAX,
            ordered_levels: 0,
            stopped: None,
        };
        s.reset(start);
        s
    }

    /// Puts `board` on the search: its tiles and both readings read anew.
    fn reset(&mut self, board: &Board) {
        self.tiles = board.tiles().try_into().expect("4×4");
        self.index = self.flat.indices(&board.positions());
        for r in 0..2 {
            for g in 0..3 {
                self.entry[r][g] = self.tables[g][self.index[r][g] as usize];
            }
            self.sum[r] = self.entry[r].iter().map(|&e| e as u32).sum();
        }
    }

    /// [`Search::dfs`] with or without the reflected reading, as the database has it.
    fn dfs_from(&mut self, g: u32, blank: usize, state: u16) -> bool {
        match self.reflect {
            true => self.dfs::<true>(g, blank, state),
            false => self.dfs::<false>(g, blank, state),
        }
    }

    /// One iteration on `threads` threads, as the generic IDA* splits one: the tree is opened
    /// breadth-first on this thread until it has [`split::SUBTREES_PER_THREAD`] nodes per thread
    /// within the bound, then the threads take those subtrees one at a time. The first
    /// solution found ends the iteration; a limit on one thread stops them all.
    fn parallel(
        &mut self,
        goal: &Board,
        start: &Board,
        threads: usize,
    ) -> Result<bool, SolveError> {
        let mut layer = vec![(start.clone(), Vec::new(), START)];
        let mut depth = 0u32;
        while !layer.is_empty() && layer.len() < threads * split::SUBTREES_PER_THREAD {
            let mut next = Vec::with_capacity(layer.len() * 2);
            for (board, moves, state) in &layer {
                if board.tiles() == self.goal {
                    self.path = moves.clone();
                    return Ok(true);
                }
                self.budget.expand(self.bound)?;
                for dir in Direction::ALL {
                    let after = self.automaton[*state as usize][dir.index()];
                    let mut child = board.clone();
                    if after == REFUSED || child.apply(dir).is_err() {
                        continue;
                    }
                    self.budget.stats.generated += 1;
                    self.reset(&child);
                    let f = depth + 1 + self.value();
                    if f > self.bound {
                        self.next_bound = self.next_bound.min(f);
                        continue;
                    }
                    let mut moves = moves.clone();
                    moves.push(dir);
                    next.push((child, moves, after));
                }
            }
            layer = next;
            depth += 1;
        }
        // the most promising subtrees first, as the one-thread search orders its first moves
        if self.ordered_levels > 0 {
            layer.sort_by_cached_key(|(board, _, _)| {
                self.reset(board);
                self.value()
            });
        }
        // the opening read its nodes on this search: back to the root for the next iteration
        self.reset(start);
        if layer.is_empty() {
            return Ok(false);
        }
        let limits = self.budget.limits();
        let shared = split::shared(&self.budget);
        let (flat, bound, ordered_levels) = (self.flat, self.bound, self.ordered_levels);
        let make = || {
            let mut w = Search::new(flat, goal, start, Budget::worker(limits, &shared));
            w.bound = bound;
            w.ordered_levels = ordered_levels;
            Worker { search: w, depth }
        };
        let found = split::split(
            &mut self.budget,
            &mut self.next_bound,
            &shared,
            threads,
            &layer,
            make,
        )?;
        Ok(found.map(|path| self.path = path).is_some())
    }

    /// The estimate: the larger reading's sum.
    fn value(&self) -> u32 {
        self.sum[0].max(self.sum[1])
    }

    /// Searches below the current node (blank at `blank`, the move automaton in `state`),
    /// which is within the bound; true when the goal was reached (path holds the moves). A
    /// limit sets `stopped` and unwinds with false.
    fn dfs<const REFLECT: bool>(&mut self, g: u32, blank: usize, state: u16) -> bool {
        if self.sum[0] == 0 && self.tiles == self.goal {
            return true;
        }
        if let Err(e) = self.budget.expand(self.bound) {
            self.stopped = Some(e);
            return false;
        }
        let mut children = [Child::default(); 4];
        let mut count = 0;
        for dir in 0..4 {
            let cell = self.neighbours[blank][dir];
            let next = self.automaton[state as usize][dir];
            if next == REFUSED || cell == NO_NEIGHBOUR {
                continue;
            }
            let tile = self.tiles[cell as usize] as usize;
            let child = &mut children[count];
            child.dir = dir as u8;
            child.state = next;
            child.cell = cell;
            for r in 0..if REFLECT { 2 } else { 1 } {
                let reading = &self.readings[r];
                let group = reading.group_of[tile] as usize;
                let moved = (reading.cell_map[blank] as u32)
                    .wrapping_sub(reading.cell_map[cell as usize] as u32);
                let index =
                    self.index[r][group].wrapping_add(reading.weight[tile].wrapping_mul(moved));
                child.group[r] = group as u8;
                child.index[r] = index;
                child.entry[r] = self.tables[group][index as usize];
            }
            count += 1;
        }
        self.budget.stats.generated += count as u64;
        let child_g = g + 1;
        if g < self.ordered_levels {
            let key = |c: &Child| {
                let s0 =
                    self.sum[0] - self.entry[0][c.group[0] as usize] as u32 + c.entry[0] as u32;
                if !REFLECT {
                    return s0;
                }
                let s1 =
                    self.sum[1] - self.entry[1][c.group[1] as usize] as u32 + c.entry[1] as u32;
                s0.max(s1)
            };
            children[..count].sort_by_key(key);
        }
        for child in &children[..count] {
            let sums = [0, 1].map(|r| {
                let group = child.group[r] as usize;
                self.sum[r] - self.entry[r][group] as u32 + child.entry[r] as u32
            });
            let f = child_g
                + if REFLECT {
                    sums[0].max(sums[1])
                } else {
                    sums[0]
                };
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let (cell, dir) = (child.cell as usize, child.dir as usize);
            let saved = (self.index, self.entry, self.sum);
            let readings = if REFLECT { 2 } else { 1 };
            for (r, (&group, &sum)) in child.group.iter().zip(&sums).enumerate().take(readings) {
                self.index[r][group as usize] = child.index[r];
                self.entry[r][group as usize] = child.entry[r];
                self.sum[r] = sum;
            }
            self.tiles[blank] = self.tiles[cell];
            self.tiles[cell] = 0;
            self.path.push(Direction::ALL[dir]);
            if self.dfs::<REFLECT>(child_g, cell, child.state) {
                return true;
            }
            if self.stopped.is_some() {
                return false;
            }
            self.path.pop();
            self.tiles[cell] = self.tiles[blank];
            self.tiles[blank] = 0;
            (self.index, self.entry, self.sum) = saved;
        }
        false
    }
}

/// A thread's search in a split iteration: subtrees (board, moves from the root, automaton
/// state), each `depth` moves deep.
struct Worker<'a> {
    search: Search<'a>,
    depth: u32,
}

impl split::Worker<(Board, Vec<Direction>, u16)> for Worker<'_> {
    fn search(&mut self, (board, moves, state): &(Board, Vec<Direction>, u16)) -> bool {
        let w = &mut self.search;
        w.reset(board);
        w.path.clear();
        w.path.extend_from_slice(moves);
        w.dfs_from(self.depth, board.blank(), *state)
    }
    fn take_path(&mut self) -> Vec<Direction> {
        std::mem::take(&mut self.search.path)
    }
    fn take_stop(&mut self) -> Option<SolveError> {
        self.search.stopped.take()
    }
    fn halted(&self) -> bool {
        self.search.budget.halted()
    }
    fn end(self) -> (Stats, u32) {
        (self.search.budget.stats, self.search.next_bound)
    }
}
