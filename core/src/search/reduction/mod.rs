//! Reduction: a fast, short path on any board, for sizes no optimal search can finish (6×6 to
//! 8×8).
//!
//! The board is solved from the outside in. At each step the unsolved region (a rectangle that
//! always holds the blank's home) gives up the row or column on its side farthest from that
//! home: its tiles are placed two at a time by a breadth-first search over the positions of
//! those two tiles and the blank alone (other loose tiles are interchangeable), which finds the
//! fewest blank moves that place the pair without touching a solved tile. Placed tiles are then
//! frozen. When the region is 3×3, IDA* solves it optimally.
//!
//! With the rest of the time budget the path is improved: other reduction orders are tried,
//! cycles are cut out (a board reached twice), and short windows of the path are replaced by
//! optimal ones (IDA* between the window's two boards). The shortest path found is returned,
//! with the linear-conflict estimate of the start as its honest lower bound.

mod improve;

use super::{check_start, IdaStar, Solution, Solver};
use crate::board::{step, Board, Direction};
use crate::error::{LimitKind, SolveError};
use crate::heuristic::{Heuristic, LinearConflict};
use crate::limits::{Budget, SearchLimits};
use improve::{cut_cycles, improve};

/// The reduction solver for one goal (any blank home).
#[derive(Debug, Clone)]
pub struct Reduction {
    goal: Board,
    improve: bool,
}

impl Reduction {
    /// A reduction solver for `goal`.
    pub fn new(goal: &Board) -> Reduction {
        Reduction {
            goal: goal.clone(),
            improve: true,
        }
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
        let mut best = reduce(start, &self.goal, PLANS[0], &mut budget, &mut scratch)?;
        let improved = match self.improve && start.size() > LAST_REGION {
            true => improve(
                start,
                &self.goal,
                &mut best,
                lower_bound,
                &mut budget,
                &mut scratch,
            ),
            false => Ok(()),
        };
        if let Err(e) = improved {
            // The token ends the solve; a spent budget only ends the improving.
            if matches!(e, SolveError::Cancelled { .. }) {
                return Err(e.with_stats(budget.stats_now()));
            }
        }
        // A board no larger than the last region was solved whole by optimal IDA*.
        let optimal = start.size() <= LAST_REGION || best.len() as u32 <= lower_bound;
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

/// The choices a reduction pass makes: at each square region, whether a row (else a column)
/// goes first; which side's line goes (the side farther from the blank's home, or for a drawn
/// plan either side that keeps the home); and for each line, whether its tiles are placed from
/// the end nearer the blank's home (else the far end). Four fixed plans come first; later ones draw every choice from a
/// seeded generator, so a longer budget tries more orders.
#[derive(Debug, Clone, Copy)]
enum Plan {
    Fixed {
        rows_first: bool,
        from_near_end: bool,
    },
    Drawn(u64),
}

const PLANS: [Plan; 4] = [
    Plan::Fixed {
        rows_first: true,
        from_near_end: false,
    },
    Plan::Fixed {
        rows_first: false,
        from_near_end: false,
    },
    Plan::Fixed {
        rows_first: true,
        from_near_end: true,
    },
    Plan::Fixed {
        rows_first: false,
        from_near_end: true,
    },
];

/// A plan's choices in order.
struct Choices {
    plan: Plan,
    state: u64,
}

impl Choices {
    fn new(plan: Plan) -> Choices {
        let state = match plan {
            Plan::Drawn(seed) => seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            Plan::Fixed { .. } => 0,
        };
        Choices { plan, state }
    }

    /// xorshift64: cheap, and enough to vary the order.
    fn draw(&mut self) -> bool {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state & 1 == 1
    }

    fn rows_first(&mut self) -> bool {
        match self.plan {
            Plan::Fixed { rows_first, .. } => rows_first,
            Plan::Drawn(_) => self.draw(),
        }
    }

    /// Which end line (`low` or `high`) the region gives up: the one farther from the home
    /// line `home`, or for a drawn plan either one that is not the home line.
    fn side(&mut self, far: usize, low: usize, high: usize, home: usize) -> usize {
        match self.plan {
            Plan::Fixed { .. } => far,
            Plan::Drawn(_) if low == home || high == home => far,
            Plan::Drawn(_) => {
                if self.draw() {
                    low
                } else {
                    high
                }
            }
        }
    }

    fn near_end_first(&mut self) -> bool {
        match self.plan {
            Plan::Fixed { from_near_end, .. } => from_near_end,
            Plan::Drawn(_) => self.draw(),
        }
    }
}

/// The unsolved rectangle: rows `r0..=r1`, columns `c0..=c1`.
#[derive(Debug, Clone, Copy)]
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

/// Buffers the pair searches reuse.
#[derive(Default)]
struct Scratch {
    came: Vec<u8>,
    queue: Vec<u32>,
}

/// One reduction pass from `start`: the blank moves to the goal, with cycles cut out.
fn reduce(
    start: &Board,
    goal: &Board,
    plan: Plan,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Vec<Direction>, SolveError> {
    let n = start.size();
    let (hr, hc) = (goal.blank() / n, goal.blank() % n);
    let mut board = start.clone();
    let mut moves = Vec::new();
    let mut frozen = vec![false; n * n];
    let mut choices = Choices::new(plan);
    let mut region = Region {
        r0: 0,
        r1: n - 1,
        c0: 0,
        c1: n - 1,
    };
    while region.height() > LAST_REGION || region.width() > LAST_REGION {
        let take_row = match region.height().cmp(&region.width()) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => choices.rows_first(),
        };
        // Rows and columns alike: the line's own axis (which row, or which column) and the
        // axis along it.
        let (lo, hi, home, along_lo, along_hi, along_home) = if take_row {
            (region.r0, region.r1, hr, region.c0, region.c1, hc)
        } else {
            (region.c0, region.c1, hc, region.r0, region.r1, hr)
        };
        let far = if home - lo >= hi - home { lo } else { hi };
        let at = choices.side(far, lo, hi, home);
        let cell = |along: usize| {
            if take_row {
                at * n + along
            } else {
                along * n + at
            }
        };
        let mut line: Vec<usize> = (along_lo..=along_hi).map(cell).collect();
        if (along_home - along_lo <= along_hi - along_home) != choices.near_end_first() {
            line.reverse();
        }
        match (take_row, at == lo) {
            (true, true) => region.r0 += 1,
            (true, false) => region.r1 -= 1,
            (false, true) => region.c0 += 1,
            (false, false) => region.c1 -= 1,
        }
        // Pairs along the line; an odd line starts with a single tile.
        let mut groups: Vec<&[usize]> = Vec::new();
        let odd = line.len() % 2;
        if odd == 1 {
            groups.push(&line[..1]);
        }
        groups.extend(line[odd..].chunks(2));
        for (i, group) in groups.iter().enumerate() {
            let next = groups.get(i + 1).map(|g| {
                board
                    .cell_of(goal.tile_at(g[0]))
                    .expect("every tile is on the board")
            });
            place(
                &mut board,
                goal,
                group,
                next,
                &mut frozen,
                &mut moves,
                budget,
                scratch,
            )?;
        }
    }
    solve_region(&mut board, goal, region, &mut moves, budget)?;
    cut_cycles(start, &mut moves);
    Ok(moves)
}

/// Moves the tiles whose goal cells are `cells` (one or two) home by the fewest blank moves
/// that touch no frozen cell, then freezes those cells. `next` is the cell of the tile to be
/// placed after these, if any: among the placements of (nearly) the fewest moves, the one
/// that leaves the blank nearest it wins.
#[allow(clippy::too_many_arguments)]
fn place(
    board: &mut Board,
    goal: &Board,
    cells: &[usize],
    next: Option<usize>,
    frozen: &mut [bool],
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<(), SolveError> {
    let n = board.size();
    let count = n * n;
    let targets: Vec<usize> = cells.iter().map(|&c| goal.tile_at(c) as usize).collect();
    let at = |b: &Board, t: usize| b.cell_of(t as u8).expect("every tile is on the board");
    let (g1, g2) = (cells[0], *cells.get(1).unwrap_or(&cells[0]));
    let two = cells.len() == 2;
    // state = (blank · count + p1) · count + p2, with p2 = p1 for a single tile
    let encode = |b: usize, p1: usize, p2: usize| ((b * count + p1) * count + p2) as u32;
    let decode = |s: u32| {
        let s = s as usize;
        (s / (count * count), s / count % count, s % count)
    };
    let p1 = at(board, targets[0]);
    let p2 = if two { at(board, targets[1]) } else { p1 };
    let start = encode(board.blank(), p1, p2);
    let done = |p1: usize, p2: usize| p1 == g1 && (!two || p2 == g2);
    let mut found = done(p1, p2).then_some(start);
    if found.is_none() {
        let states = count * count * count;
        scratch.came.clear();
        scratch.came.resize(states, 0);
        scratch.queue.clear();
        budget.memory(states, (states + scratch.queue.capacity() * 4) as u64)?;
        const START: u8 = 5;
        scratch.came[start as usize] = START;
        scratch.queue.push(start);
        // Layer by layer. Of the placements in the first layer that has one, the one that
        // leaves the blank nearest the next tile wins: each step the blank is nearer is a move
        // the next search saves. (A deeper placement never scores better: the blank could
        // walk those steps after the shallow one.)
        let mut best: Option<(u32, u32)> = None; // (blank's distance to the next tile, state)
        let (mut head, mut depth) = (0, 0u32);
        while head < scratch.queue.len() && best.is_none() {
            let layer_end = scratch.queue.len();
            depth += 1;
            while head < layer_end {
                let state = scratch.queue[head];
                head += 1;
                budget.expand(depth)?;
                let (b, p1, p2) = decode(state);
                for dir in Direction::ALL {
                    let Some(to) = step(n, b, dir) else { continue };
                    if frozen[to] {
                        continue;
                    }
                    let q1 = if to == p1 { b } else { p1 };
                    let q2 = match (two, to == p2) {
                        (false, _) => q1,
                        (true, true) => b,
                        (true, false) => p2,
                    };
                    let child = encode(to, q1, q2);
                    budget.stats.generated += 1;
                    if scratch.came[child as usize] == 0 {
                        scratch.came[child as usize] = dir.index() as u8 + 1;
                        if done(q1, q2) {
                            let distance = next.map_or(0, |t| taxicab(n, to, t));
                            if best.is_none_or(|(d, _)| distance < d) {
                                best = Some((distance, child));
                            }
                        } else {
                            scratch.queue.push(child);
                        }
                    }
                }
            }
        }
        found = best.map(|(_, state)| state);
    }
    let Some(mut state) = found else {
        // Cannot happen on a region of at least 3×3 with other tiles free; say so plainly.
        return Err(SolveError::LimitReached {
            limit: LimitKind::Nodes,
            stats: budget.stats_now(),
        });
    };
    let mut path = Vec::new();
    while state != start {
        let dir = Direction::ALL[scratch.came[state as usize] as usize - 1];
        path.push(dir);
        let (b, p1, p2) = decode(state);
        let from = step(n, b, dir.opposite()).expect("the blank came from a cell");
        // the tile now on the blank's old cell came from where the blank is
        let q1 = if p1 == from { b } else { p1 };
        let q2 = if two && p2 == from {
            b
        } else if two {
            p2
        } else {
            q1
        };
        state = encode(from, q1, q2);
    }
    path.reverse();
    board
        .apply_all(&path)
        .expect("the pair search makes legal moves");
    moves.extend(path);
    for &c in cells {
        frozen[c] = true;
    }
    Ok(())
}

/// Solves the last region optimally with IDA*: the region is a small board of its own.
fn solve_region(
    board: &mut Board,
    goal: &Board,
    region: Region,
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
) -> Result<(), SolveError> {
    let n = board.size();
    let cells: Vec<usize> = (region.r0..=region.r1)
        .flat_map(|r| (region.c0..=region.c1).map(move |c| r * n + c))
        .collect();
    let mut relabel = vec![0u32; n * n];
    let mut next = 1;
    for &c in &cells {
        let t = goal.tile_at(c) as usize;
        if t != 0 {
            relabel[t] = next;
            next += 1;
        }
    }
    let sub = |b: &Board| -> Vec<u32> {
        cells
            .iter()
            .map(|&c| relabel[b.tile_at(c) as usize])
            .collect()
    };
    let (sub_goal, sub_start) = (
        Board::from_tiles(&sub(goal))?,
        Board::from_tiles(&sub(board))?,
    );
    let mut limits = budget.limits().clone();
    limits.progress = None;
    limits.threads = 1;
    let solution = IdaStar::new(&sub_goal, LinearConflict::new(&sub_goal))
        .solve(&sub_start, &limits)
        .map_err(|e| e.with_stats(budget.stats_now()))?;
    budget.stats.expanded += solution.stats.expanded;
    budget.stats.generated += solution.stats.generated;
    budget.check(0)?;
    // A region's moves are the same blank moves on the whole board.
    board
        .apply_all(&solution.moves)
        .expect("the region's moves stay in the region");
    moves.extend(solution.moves);
    Ok(())
}

fn taxicab(n: usize, a: usize, b: usize) -> u32 {
    ((a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)) as u32
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::limits::CancelToken;
    use crate::shuffle;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    pub(super) fn shuffled(goal: &Board, seed: u64) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        shuffle::shuffled(goal, shuffle::default_walk_length(goal.size()), &mut rng)
    }

    fn replays(start: &Board, goal: &Board, s: &Solution) {
        let mut b = start.clone();
        b.apply_all(&s.moves).unwrap();
        assert_eq!(b.tiles(), goal.tiles(), "path does not reach the goal");
        assert!(s.lower_bound as usize <= s.len());
    }

    #[test]
    fn every_size_and_blank_home_reaches_the_goal() {
        for n in 2..=8 {
            let corner = 0;
            let edge = n / 2;
            let inside = (n / 2) * n + (n - 1) / 2;
            let last = n * n - 1;
            for blank in [corner, edge, inside, last] {
                let goal = Board::goal_with_blank(n, blank).unwrap();
                for seed in 0..2 {
                    let start = shuffled(&goal, seed + n as u64 * 31);
                    let first = Reduction::new(&goal)
                        .first_path_only()
                        .solve(&start, &SearchLimits::default())
                        .unwrap();
                    replays(&start, &goal, &first);
                    if seed == 0 {
                        let limits = SearchLimits::with_timeout(Duration::from_millis(60));
                        let improved = Reduction::new(&goal).solve(&start, &limits).unwrap();
                        replays(&start, &goal, &improved);
                        assert!(improved.len() <= first.len());
                    }
                }
            }
        }
    }

    #[test]
    fn the_solved_board_needs_no_moves() {
        let goal = Board::goal_with_blank(7, 10).unwrap();
        let s = Reduction::new(&goal)
            .solve(&goal, &SearchLimits::default())
            .unwrap();
        assert!(s.is_empty() && s.optimal);
    }

    #[test]
    fn a_node_limit_before_the_first_path_is_a_limit_error() {
        let goal = Board::goal(8).unwrap();
        let start = shuffled(&goal, 9);
        let err = Reduction::new(&goal)
            .solve(&start, &SearchLimits::default().nodes(1_000))
            .unwrap_err();
        assert!(matches!(
            err,
            SolveError::LimitReached {
                limit: LimitKind::Nodes,
                ..
            }
        ));
    }

    #[test]
    fn a_cancelled_token_stops_it() {
        let goal = Board::goal(8).unwrap();
        let start = shuffled(&goal, 4);
        let token = CancelToken::new();
        token.cancel();
        let err = Reduction::new(&goal)
            .solve(&start, &SearchLimits::default().cancel_token(token))
            .unwrap_err();
        assert!(matches!(err, SolveError::Cancelled { .. }));
    }

    #[test]
    fn progress_is_reported_while_it_improves() {
        let goal = Board::goal(8).unwrap();
        let start = shuffled(&goal, 5);
        let calls = Arc::new(AtomicU64::new(0));
        let seen = calls.clone();
        let limits = SearchLimits {
            progress_interval: Duration::from_millis(10),
            ..SearchLimits::with_timeout(Duration::from_millis(400))
        }
        .on_progress(Arc::new(move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        }));
        let s = Reduction::new(&goal).solve(&start, &limits).unwrap();
        replays(&start, &goal, &s);
        assert!(calls.load(Ordering::Relaxed) >= 1);
    }
}
