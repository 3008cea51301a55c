//! Reduction: a fast, short path on any board, for sizes no optimal search can finish (6×6 to
//! 8×8).
//!
//! The board is solved from the outside in. At each step the unsolved region (a rectangle that
//! always holds the blank's home) gives up the row or column on its side farthest from that
//! home: its tiles are placed up to four at a time by A* over the positions of those tiles and
//! the blank alone (other loose tiles are interchangeable), which finds the fewest blank moves
//! that place the group without touching a solved tile. Placed tiles are then frozen. When the
//! region is 3×3, IDA* solves it optimally.
//!
//! With the rest of the time budget the path is improved: other reduction orders are tried,
//! cycles are cut out (a board reached twice), short windows of the path are replaced by
//! optimal ones (IDA* between the window's two boards), and beams over every order of lines
//! look for a shorter reduction, from the start toward the goal and from the goal toward the
//! start (on two threads when the limits allow). The shortest path found is returned, with the
//! linear-conflict estimate of the start as its honest lower bound.

mod beam;
mod group;
mod improve;
mod pairs;
mod place;
mod scratch;

use std::time::Instant;

use crate::board::{Board, Direction};
use crate::error::SolveError;
use crate::heuristic::{Heuristic, LinearConflict};
use crate::limits::{Budget, SearchLimits};
use crate::search::exact::windows::cut_cycles;
use crate::search::solution::{check_start, Solution, Solver};
use group::{place_tiles, GROUP};
use improve::improve;
use place::solve_region_with;
use scratch::Scratch;

/// The reduction solver for one goal (any blank home).
#[derive(Debug, Clone)]
pub struct Reduction {
    goal: Board,
    improve: bool,
    /// When the improving stops, if before the limits' deadline.
    improve_until: Option<Instant>,
    /// A path to improve instead of finding a first one, when it solves the board given.
    first: Option<Vec<Direction>>,
}

impl Reduction {
    /// A reduction solver for `goal`.
    pub fn new(goal: &Board) -> Reduction {
        Reduction {
            goal: goal.clone(),
            improve: true,
            improve_until: None,
            first: None,
        }
    }

    /// The same solver improving its path until `until` at the latest, so that a caller can
    /// give the rest of its time to another search. The first path may still take until the
    /// limits' deadline: it is the one answer there is.
    pub fn improving_until(mut self, until: Instant) -> Reduction {
        self.improve_until = Some(until);
        self
    }

    /// The same solver improving `path` instead of finding its own first path, so that a
    /// caller that has the first path already does not wait for it twice. A path that does not
    /// take the board given to the goal is set aside, and the first path found as usual.
    pub fn improving_from(mut self, path: Vec<Direction>) -> Reduction {
        self.first = Some(path);
        self
    }

    /// The same solver returning its first path, unimproved (to measure how soon a path
    /// comes).
    pub fn first_path_only(mut self) -> Reduction {
        self.improve = false;
        self
    }
}

/// The side of the final region, solved optimally.
const LAST_REGION: usize = 3;
/// The side of the region the beam leaves to weighted IDA* ([`REGION_WEIGHT`], at most
/// [`REGION_NODES`] nodes): on 7×7 and 8×8 that shortened the median path by 3–4 % against
/// placing the region's lines (slidepuzzle bench-large).
const WEIGHTED_REGION: usize = 5;
/// The weight of that search: its path is at most this × the region's optimum.
const REGION_WEIGHT: f64 = 1.5;
/// The nodes that search may expand before the region is reduced line by line instead.
const REGION_NODES: u64 = 500_000;

impl Solver for Reduction {
    fn name(&self) -> String {
        "reduction".into()
    }

    fn goal(&self) -> &Board {
        &self.goal
    }

    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        let mut budget = Budget::new(limits);
        let lower_bound = LinearConflict::new(&self.goal).estimate(start.tiles());
        let mut scratch = Scratch::default();
        let given = self.first.as_ref().filter(|path| {
            let mut board = start.clone();
            board.apply_all(path).is_ok() && board == self.goal
        });
        let mut best = match given {
            Some(path) => path.clone(),
            None => reduce(start, &self.goal, PLANS[0], &mut budget, &mut scratch)?,
        };
        let improved = match self.improve && start.size() > LAST_REGION {
            true => {
                // its own account against the shorter deadline, from the counts so far
                let mut shorter = limits.clone();
                if let Some(until) = self.improve_until {
                    shorter.deadline = Some(limits.deadline.map_or(until, |d| d.min(until)));
                }
                let mut account = Budget::new(&shorter);
                account.stats = budget.stats.clone();
                let done = improve(
                    start,
                    &self.goal,
                    &mut best,
                    lower_bound,
                    &mut account,
                    &mut scratch,
                );
                budget.stats = account.stats;
                done
            }
            false => Ok(()),
        };
        if let Err(e) = improved {
            // The token ends the solve; a spent budget only ends the improving.
            if matches!(e, SolveError::Cancelled { .. }) {
                return Err(e.with_stats(budget.stats_now()));
            }
        }
        // A board no larger than the last region was solved whole by optimal IDA*, unless
        // the path was given.
        let found_whole = given.is_none() && start.size() <= LAST_REGION;
        let optimal = found_whole || best.len() as u32 <= lower_bound;
        Ok(Solution::new(
            self.name(),
            start,
            best,
            optimal,
            lower_bound,
            budget.finish(),
        ))
    }
}

/// The order a plain reduction pass follows: at each square region whether a row (else a
/// column) goes first, and whether each line's tiles are placed from the end nearer the blank's
/// home (else the far end). The line given up is always the one farther from that home. The
/// four plans are the first path and its first alternatives; the beam tries every order.
#[derive(Debug, Clone, Copy)]
struct Plan {
    rows_first: bool,
    from_near_end: bool,
}

const PLANS: [Plan; 4] = [
    Plan {
        rows_first: true,
        from_near_end: false,
    },
    Plan {
        rows_first: false,
        from_near_end: false,
    },
    Plan {
        rows_first: true,
        from_near_end: true,
    },
    Plan {
        rows_first: false,
        from_near_end: true,
    },
];

/// The unsolved rectangle: rows `r0..=r1`, columns `c0..=c1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Region {
    r0: usize,
    r1: usize,
    c0: usize,
    c1: usize,
}

impl Region {
    fn height(&self) -> usize {
        self.r1 - self.r0 + 1
    }
    fn width(&self) -> usize {
        self.c1 - self.c0 + 1
    }
}

/// A reduction under way: the board, the moves so far, the solved cells and the unsolved
/// region.
#[derive(Clone)]
struct Partial {
    board: Board,
    moves: Vec<Direction>,
    frozen: Vec<bool>,
    region: Region,
}

impl Partial {
    /// What it holds, in bytes.
    fn bytes(&self) -> u64 {
        (std::mem::size_of::<Partial>()
            + self.board.cells()
            + self.moves.capacity()
            + self.frozen.capacity()) as u64
    }
}

/// One line a region can give up: a row (else a column), which one, and whether its tiles are
/// placed from the end nearer the blank's home.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Line {
    row: bool,
    at: usize,
    near_end_first: bool,
}

impl Partial {
    fn new(start: &Board) -> Partial {
        let n = start.size();
        Partial {
            board: start.clone(),
            moves: Vec::new(),
            frozen: vec![false; n * n],
            region: Region {
                r0: 0,
                r1: n - 1,
                c0: 0,
                c1: n - 1,
            },
        }
    }

    /// Whether the region is at most `side` × `side`.
    fn within(&self, side: usize) -> bool {
        self.region.height() <= side && self.region.width() <= side
    }

    /// Whether only the last region is left.
    fn reduced(&self) -> bool {
        self.region.height() <= LAST_REGION && self.region.width() <= LAST_REGION
    }

    /// The ends of the region along rows (`row`) or columns: (low, high, the home's line).
    fn ends(&self, goal: &Board, row: bool) -> (usize, usize, usize) {
        let n = goal.size();
        let r = self.region;
        if row {
            (r.r0, r.r1, goal.blank() / n)
        } else {
            (r.c0, r.c1, goal.blank() % n)
        }
    }

    /// The line `plan` gives up next: the one farther from the blank's home.
    fn planned_line(&self, goal: &Board, plan: Plan) -> Line {
        let row = match self.region.height().cmp(&self.region.width()) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => plan.rows_first,
        };
        let (lo, hi, home) = self.ends(goal, row);
        Line {
            row,
            at: if home - lo >= hi - home { lo } else { hi },
            near_end_first: plan.from_near_end,
        }
    }

    /// Every line the region may give up next: rows and columns of a square region (else the
    /// longer side's), either end that is not the home's line, from either end.
    fn lines(&self, goal: &Board) -> Vec<Line> {
        let (h, w) = (self.region.height(), self.region.width());
        let mut out = Vec::new();
        for row in [true, false] {
            if (row && h < w) || (!row && w < h) {
                continue;
            }
            let (lo, hi, home) = self.ends(goal, row);
            for at in [lo, hi] {
                if at == home {
                    continue;
                }
                for near_end_first in [false, true] {
                    out.push(Line {
                        row,
                        at,
                        near_end_first,
                    });
                }
            }
        }
        out
    }

    /// Places the tiles of `line` (in pairs; an odd line starts with one tile) and shrinks the
    /// region past it.
    fn take_line(
        &mut self,
        goal: &Board,
        line: Line,
        budget: &mut Budget,
        scratch: &mut Scratch,
    ) -> Result<(), SolveError> {
        let n = goal.size();
        let (hr, hc) = (goal.blank() / n, goal.blank() % n);
        let r = self.region;
        let (along_lo, along_hi, along_home) = if line.row {
            (r.c0, r.c1, hc)
        } else {
            (r.r0, r.r1, hr)
        };
        let at = line.at;
        let mut cells: Vec<usize> = (along_lo..=along_hi)
            .map(|along| {
                if line.row {
                    at * n + along
                } else {
                    along * n + at
                }
            })
            .collect();
        if (along_home - along_lo <= along_hi - along_home) != line.near_end_first {
            cells.reverse();
        }
        let key = (self.board.tiles().to_vec(), r, line);
        let low = at == if line.row { r.r0 } else { r.c0 };
        match (line.row, low) {
            (true, true) => self.region.r0 += 1,
            (true, false) => self.region.r1 -= 1,
            (false, true) => self.region.c0 += 1,
            (false, false) => self.region.c1 -= 1,
        }
        if let Some(known) = scratch.lines.get(&key) {
            self.board
                .apply_all(known)
                .expect("a line's moves stay in the region");
            self.moves.extend_from_slice(known);
            for &c in &cells {
                self.frozen[c] = true;
            }
            return Ok(());
        }
        let before = self.moves.len();
        // The odd tiles first, then groups of GROUP, so the line's last tiles go home together.
        let lead = cells.len() % GROUP;
        let mut groups: Vec<&[usize]> = Vec::new();
        if lead > 0 {
            groups.push(&cells[..lead]);
        }
        groups.extend(cells[lead..].chunks(GROUP));
        for (i, group) in groups.iter().enumerate() {
            let next = groups.get(i + 1).map(|g| {
                self.board
                    .cell_of(goal.tile_at(g[0]))
                    .expect("every tile is on the board")
            });
            place_tiles(
                &mut self.board,
                goal,
                group,
                next,
                &mut self.frozen,
                &mut self.moves,
                budget,
                scratch,
            )?;
        }
        scratch.keep_line(key, self.moves[before..].to_vec(), budget)
    }

    /// Solves the region (square) whole by weighted IDA* instead of reducing it further;
    /// `None` when the search passes its node cap ([`REGION_NODES`]) before the budget's own
    /// limit.
    fn finish_weighted(
        mut self,
        start: &Board,
        goal: &Board,
        budget: &mut Budget,
    ) -> Result<Option<Vec<Direction>>, SolveError> {
        let weighted = Some((REGION_WEIGHT, REGION_NODES));
        let solved = solve_region_with(
            &mut self.board,
            goal,
            self.region,
            &mut self.moves,
            budget,
            weighted,
        )?;
        Ok(solved.then(|| {
            cut_cycles(start, &mut self.moves);
            self.moves
        }))
    }

    /// Solves the last region and returns the whole path, cycles cut out.
    fn finish(
        mut self,
        start: &Board,
        goal: &Board,
        budget: &mut Budget,
    ) -> Result<Vec<Direction>, SolveError> {
        solve_region_with(
            &mut self.board,
            goal,
            self.region,
            &mut self.moves,
            budget,
            None,
        )?;
        cut_cycles(start, &mut self.moves);
        Ok(self.moves)
    }
}

/// One reduction pass from `start` as `plan` chooses: the blank moves to the goal, with cycles
/// cut out.
fn reduce(
    start: &Board,
    goal: &Board,
    plan: Plan,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Vec<Direction>, SolveError> {
    let mut partial = Partial::new(start);
    while !partial.reduced() {
        let line = partial.planned_line(goal, plan);
        partial.take_line(goal, line, budget, scratch)?;
    }
    partial.finish(start, goal, budget)
}

#[cfg(test)]
pub(super) mod tests;
