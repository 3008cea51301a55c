//! IDA*: depth-first searches with a growing bound on f = g + h. No move sequence that another
//! no longer does the same as (the move automaton of `duplicates`: from undoing the previous
//! move to twelve-move detours), the heuristic updated per move, and no allocation per node,
//! so memory stays at one path however long the search runs. [`WeightedIdaStar`] scales h to find long solutions
//! fast, at most `weight` times the optimal length.
use crate::board::{neighbour_table, Board, Direction, MAX_SIZE, NO_NEIGHBOUR};
use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, SearchLimits};
use crate::search::exact::duplicates::{self, REFUSED, START};
use crate::search::exact::split;
use crate::search::solution::{check_start, Solution, Solver};
use crate::stats::Stats;

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// IDA* with heuristic `H`: optimal when `H` is admissible.
#[derive(Debug, Clone)]
pub struct IdaStar<H> {
    goal: Board,
    heuristic: H,
}

impl<H: Heuristic> IdaStar<H> {
    /// An IDA* solver for `goal`.
    pub fn new(goal: &Board, heuristic: H) -> IdaStar<H> {
        IdaStar {
            goal: goal.clone(),
            heuristic,
        }
    }

    /// The heuristic this solver uses.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }
}

impl<H: Heuristic> Solver for IdaStar<H> {
    fn name(&self) -> String {
        format!("idastar+{}", self.heuristic.name())
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        run(
            &self.name(),
            &self.goal,
            &self.heuristic,
            start,
            limits,
            (1, 1),
        )
    }
}

/// IDA* on f = g + w·h with w > 1: the first solution found is at most w times the optimal
/// length, and usually found far sooner than an optimal one.
#[derive(Debug, Clone)]
pub struct WeightedIdaStar<H> {
    goal: Board,
    heuristic: H,
    /// w as a fraction (numerator, denominator).
    weight: (u32, u32),
}

impl<H: Heuristic> WeightedIdaStar<H> {
    /// A weighted IDA* solver; `weight` is clamped to [1, 10] and kept to 1/100.
    pub fn new(goal: &Board, heuristic: H, weight: f64) -> WeightedIdaStar<H> {
        let w = (weight.clamp(1.0, 10.0) * 100.0).round() as u32;
        WeightedIdaStar {
            goal: goal.clone(),
            heuristic,
            weight: (w, 100),
        }
    }
}

impl<H: Heuristic> Solver for WeightedIdaStar<H> {
    fn name(&self) -> String {
        format!(
            "idastar+{}×{:.2}",
            self.heuristic.name(),
            self.weight.0 as f64 / self.weight.1 as f64
        )
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        run(
            &self.name(),
            &self.goal,
            &self.heuristic,
            start,
            limits,
            self.weight,
        )
    }
}

fn run<H: Heuristic>(
    name: &str,
    goal: &Board,
    heuristic: &H,
    start: &Board,
    limits: &SearchLimits,
    weight: (u32, u32),
) -> Result<Solution, SolveError> {
    check_start(start, goal)?;
    let n = start.size();
    let cells = start.cells();
    let neighbours = neighbour_table::<MAX_CELLS>(n);
    let mut search = Search::new(
        heuristic,
        goal.tiles(),
        neighbours,
        Budget::new(limits),
        weight,
    );
    search.set(start.tiles(), start.blank(), &[]);
    let eval = heuristic.init(&search.tiles[..cells], &search.pos[..cells]);
    let h0 = heuristic.value(&eval);
    let optimal = weight.0 == weight.1;
    // Every path to the goal has the parity of the blank's taxicab distance to its home, so an
    // optimal search skips bounds of the other parity: they cannot hold a solution.
    let parity = crate::board::taxicab(n, start.blank(), goal.blank()) & 1;
    let round = |bound: u32| {
        if optimal && bound != u32::MAX && bound & 1 != parity {
            bound + 1
        } else {
            bound
        }
    };
    search.bound = round(h0 * weight.0);
    let threads = limits.threads.max(1);
    loop {
        if optimal {
            search.budget.stats.lower_bound = search.bound;
        }
        search.next_bound = u32::MAX;
        search.shown_bound = search.bound / weight.1;
        search.budget.check(search.shown_bound)?;
        let found = if search.bound < h0 * weight.0 {
            false
        } else if threads > 1 {
            search.parallel(start, eval, threads)?
        } else {
            let found = search.dfs(0, eval, START);
            if let Some(e) = search.stopped.take() {
                return Err(e);
            }
            found
        };
        if found {
            let moves = std::mem::take(&mut search.path);
            let stats = search.budget.finish();
            return Ok(Solution::new(name, start, moves, optimal, h0, stats));
        }
        log::debug!(
            "{name}: bound {} done, {} nodes",
            search.bound / weight.1,
            search.budget.stats.expanded
        );
        search.bound = round(search.next_bound);
    }
}

/// A node where a worker of a parallel iteration starts: the moves from the root, the
/// evaluation after them, and the move automaton's state after them.
struct Subtree<E> {
    moves: Vec<Direction>,
    eval: E,
    state: u16,
}

struct Search<'a, H: Heuristic> {
    heuristic: &'a H,
    goal: &'a [u8],
    cells: usize,
    tiles: [u8; MAX_CELLS],
    pos: [u8; MAX_CELLS],
    blank: usize,
    neighbours: [[u8; 4]; MAX_CELLS],
    /// The move automaton (see `duplicates`): a move it refuses is not searched.
    automaton: &'static [[u16; 4]],
    path: Vec<Direction>,
    budget: Budget<'a>,
    /// Bound on g·w_den + h·w_num.
    bound: u32,
    /// The bound in moves, for progress reports.
    shown_bound: u32,
    next_bound: u32,
    weight: (u32, u32),
    /// Why the search stopped early (a limit or the cancel token).
    stopped: Option<SolveError>,
}

impl<'a, H: Heuristic> Search<'a, H> {
    /// A search toward `goal` with no board set yet (see [`Search::set`]) and bound 0.
    fn new(
        heuristic: &'a H,
        goal: &'a [u8],
        neighbours: [[u8; 4]; MAX_CELLS],
        budget: Budget<'a>,
        weight: (u32, u32),
    ) -> Search<'a, H> {
        Search {
            heuristic,
            goal,
            cells: goal.len(),
            tiles: [0; MAX_CELLS],
            pos: [0; MAX_CELLS],
            blank: 0,
            neighbours,
            automaton: duplicates::automaton(),
            path: Vec::with_capacity(256),
            budget,
            bound: 0,
            shown_bound: 0,
            next_bound: u32::MAX,
            weight,
            stopped: None,
        }
    }

    /// Whether the board, whose evaluation is `eval`, is the goal.
    #[inline(always)]
    fn at_goal(&self, eval: &H::Eval) -> bool {
        self.heuristic.value(eval) == 0 && self.tiles[..self.cells] == *self.goal
    }

    /// Generates the child where the tile at `to` slides into the blank at `blank`: counts it
    /// and evaluates it. A child within the bound is returned with the board showing it; one
    /// over the bound (`max_h`, the largest estimate within it, lets the heuristic stop early)
    /// offers its f as the next bound and is slid back.
    #[inline(always)]
    fn child(
        &mut self,
        eval: &H::Eval,
        blank: usize,
        to: usize,
        child_g: u32,
        max_h: u32,
    ) -> Option<(u8, H::Eval)> {
        let tile = self.slide(blank, to);
        self.budget.stats.generated += 1;
        let next = self.heuristic.update_within(
            eval,
            &self.tiles[..self.cells],
            &self.pos[..self.cells],
            tile,
            to,
            blank,
            max_h,
        );
        let f = child_g
            + match &next {
                Ok(e) => self.heuristic.value(e),
                Err(v) => *v,
            } * self.weight.0;
        match next {
            Ok(e) if f <= self.bound => Some((tile, e)),
            _ => {
                self.next_bound = self.next_bound.min(f);
                self.unslide(blank, to, tile);
                None
            }
        }
    }

    /// Slides the tile at `to` into the blank at `blank`; returns the tile.
    #[inline(always)]
    fn slide(&mut self, blank: usize, to: usize) -> u8 {
        let tile = self.tiles[to];
        self.tiles[blank] = tile;
        self.tiles[to] = 0;
        self.pos[tile as usize] = blank as u8;
        self.pos[0] = to as u8;
        tile
    }

    /// Undoes [`Search::slide`].
    #[inline(always)]
    fn unslide(&mut self, blank: usize, to: usize, tile: u8) {
        self.tiles[to] = tile;
        self.tiles[blank] = 0;
        self.pos[tile as usize] = to as u8;
        self.pos[0] = blank as u8;
    }

    /// Puts the board at `root` (tiles, blank cell) followed by `moves`.
    fn set(&mut self, root: &[u8], blank: usize, moves: &[Direction]) {
        self.tiles[..self.cells].copy_from_slice(root);
        for cell in 0..self.cells {
            self.pos[self.tiles[cell] as usize] = cell as u8;
        }
        self.blank = blank;
        for &dir in moves {
            let to = self.neighbours[self.blank][dir.index()] as usize;
            self.slide(self.blank, to);
            self.blank = to;
        }
    }

    /// One iteration on `threads` threads. The tree is first opened breadth-first, on this
    /// thread, until it has [`split::SUBTREES_PER_THREAD`] nodes per thread within the bound; the
    /// threads then take those subtrees one at a time and search each depth-first. Any
    /// solution within the bound is as good as any other, so the first found ends the
    /// iteration; a limit on one thread stops them all.
    fn parallel(
        &mut self,
        start: &Board,
        eval: H::Eval,
        threads: usize,
    ) -> Result<bool, SolveError> {
        let root = start.tiles();
        let mut layer = vec![Subtree {
            moves: Vec::new(),
            eval,
            state: START,
        }];
        let mut depth = 0u32;
        while !layer.is_empty() && layer.len() < threads * split::SUBTREES_PER_THREAD {
            let mut next = Vec::with_capacity(layer.len() * 2);
            let child_g = (depth + 1) * self.weight.1;
            let max_h = self.bound.saturating_sub(child_g) / self.weight.0;
            for node in &layer {
                self.set(root, start.blank(), &node.moves);
                if self.at_goal(&node.eval) {
                    self.path = node.moves.clone();
                    return Ok(true);
                }
                self.budget.expand(self.shown_bound)?;
                let blank = self.blank;
                for dir in Direction::ALL {
                    let d = dir.index() as u8;
                    let to = self.neighbours[blank][d as usize];
                    let state = self.automaton[node.state as usize][d as usize];
                    if state == REFUSED || to == NO_NEIGHBOUR {
                        continue;
                    }
                    let to = to as usize;
                    let Some((tile, e)) = self.child(&node.eval, blank, to, child_g, max_h) else {
                        continue;
                    };
                    self.unslide(blank, to, tile);
                    let mut moves = node.moves.clone();
                    moves.push(dir);
                    next.push(Subtree {
                        moves,
                        eval: e,
                        state,
                    });
                }
            }
            layer = next;
            depth += 1;
        }
        if layer.is_empty() {
            return Ok(false);
        }
        let limits = self.budget.limits();
        let shared = split::shared(&self.budget);
        let (heuristic, goal, neighbours) = (self.heuristic, self.goal, self.neighbours);
        let (bound, shown_bound, weight) = (self.bound, self.shown_bound, self.weight);
        let (root, blank) = (root, start.blank());
        let make = || {
            let mut w = Search::new(
                heuristic,
                goal,
                neighbours,
                Budget::worker(limits, &shared),
                weight,
            );
            w.bound = bound;
            w.shown_bound = shown_bound;
            Worker {
                search: w,
                root,
                blank,
                depth,
            }
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
    /// Searches below the current node, which is within the bound; true when the goal was
    /// reached (path holds the moves). Children over the bound are pruned before the call.
    /// A limit sets `stopped` and unwinds with false, keeping the hot path's return a bool.
    fn dfs(&mut self, g: u32, eval: H::Eval, state: u16) -> bool {
        if self.at_goal(&eval) {
            return true;
        }
        if let Err(e) = self.budget.expand(self.shown_bound) {
            self.stopped = Some(e);
            return false;
        }
        let blank = self.blank;
        let child_g = (g + 1) * self.weight.1;
        // the largest child estimate within the bound
        let max_h = self.bound.saturating_sub(child_g) / self.weight.0;
        for dir in Direction::ALL {
            let d = dir.index();
            let after = self.automaton[state as usize][d];
            let to = self.neighbours[blank][d];
            if after == REFUSED || to == NO_NEIGHBOUR {
                continue;
            }
            let to = to as usize;
            let Some((tile, next)) = self.child(&eval, blank, to, child_g, max_h) else {
                continue;
            };
            self.blank = to;
            self.path.push(dir);
            if self.dfs(g + 1, next, after) {
                return true;
            }
            if self.stopped.is_some() {
                return false;
            }
            self.path.pop();
            self.blank = blank;
            self.unslide(blank, to, tile);
        }
        false
    }
}

/// A thread's search in a split iteration: subtrees below `root` (its blank at `blank`), each
/// `depth` moves deep.
struct Worker<'a, 'r, H: Heuristic> {
    search: Search<'a, H>,
    root: &'r [u8],
    blank: usize,
    depth: u32,
}

impl<H: Heuristic> split::Worker<Subtree<H::Eval>> for Worker<'_, '_, H> {
    fn search(&mut self, node: &Subtree<H::Eval>) -> bool {
        let w = &mut self.search;
        w.set(self.root, self.blank, &node.moves);
        w.path.clear();
        w.path.extend_from_slice(&node.moves);
        w.dfs(self.depth, node.eval, node.state)
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
