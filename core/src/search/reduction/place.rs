//! The reduction's smallest steps: one or two tiles placed home by a breadth-first search over
//! those tiles and the blank (larger groups are `group.rs`'s), and a square region solved whole
//! by IDA* (optimal, or weighted with a node cap).
use super::{Region, Scratch};
use crate::board::{step, taxicab, Board, Direction};
use crate::error::{LimitKind, SolveError};
use crate::heuristic::LinearConflict;
use crate::limits::Budget;
use crate::search::exact::idastar::{IdaStar, WeightedIdaStar};
use crate::search::exact::windows::sub_search;
use crate::search::solution::Solver;

/// Moves the tiles whose goal cells are `cells` (one or two) home by the fewest blank moves
/// that touch no frozen cell, then freezes those cells. `next` is the cell of the tile to be
/// placed after these, if any: among the placements of (nearly) the fewest moves, the one
/// that leaves the blank nearest it wins.
#[allow(clippy::too_many_arguments)]
pub(super) fn place(
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
        budget.memory(states, scratch.bytes())?;
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

/// Solves a square region as a small board of its own, with the blank moves it needs on the
/// whole board: by optimal IDA* (`weighted` `None`), or by weighted IDA* with `weighted` =
/// (weight, node cap), a path at most `weight` × the region's optimum. False, and nothing
/// moved, when the cap stopped the weighted search.
pub(super) fn solve_region_with(
    board: &mut Board,
    goal: &Board,
    region: Region,
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
    weighted: Option<(f64, u64)>,
) -> Result<bool, SolveError> {
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
    let heuristic = LinearConflict::new(&sub_goal);
    let cap = weighted.map(|(_, cap)| cap);
    let found = sub_search(budget, cap, |limits| match weighted {
        None => IdaStar::new(&sub_goal, heuristic).solve(&sub_start, limits),
        Some((weight, _)) => {
            WeightedIdaStar::new(&sub_goal, heuristic, weight).solve(&sub_start, limits)
        }
    })?;
    let Some(solution) = found else {
        return Ok(false);
    };
    // A region's moves are the same blank moves on the whole board.
    board
        .apply_all(&solution.moves)
        .expect("the region's moves stay in the region");
    moves.extend(solution.moves);
    Ok(true)
}
