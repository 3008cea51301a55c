//! A*: best-first on f = g + h, ties broken toward the larger g (deeper nodes finish sooner),
//! with a closed table of the best g seen per state. Optimal with an admissible heuristic.
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::memory::{growth, map_bytes, map_growth};
use super::packed::{self, MAX_CELLS};
use super::trace_back;
use crate::board::{step, Board, Direction};
use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::{Budget, SearchLimits};
use crate::search::solution::{check_start, Solution, Solver};

/// A* with heuristic `H`.
#[derive(Debug, Clone)]
pub struct AStar<H> {
    goal: Board,
    heuristic: H,
}

impl<H: Heuristic> AStar<H> {
    /// An A* solver for `goal`.
    pub fn new(goal: &Board, heuristic: H) -> AStar<H> {
        AStar {
            goal: goal.clone(),
            heuristic,
        }
    }
}

impl<H: Heuristic> Solver for AStar<H> {
    fn name(&self) -> String {
        format!("astar+{}", self.heuristic.name())
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        packed::check_fits("astar", start)?;
        let (size, cells) = (start.size(), start.cells());
        let goal = packed::pack(self.goal.tiles());
        let start_key = packed::pack(start.tiles());
        let mut budget = Budget::new(limits);
        // value: g << 3 | direction index (7 = start)
        let mut best: FxHashMap<u128, u32> = FxHashMap::default();
        let mut open = BinaryHeap::new();
        let h0 = self.heuristic.estimate(start.tiles());
        best.insert(start_key, 7);
        open.push((Reverse(h0), 0u32, start_key));
        let mut tiles = [0u8; MAX_CELLS];
        let mut pos = [0u8; MAX_CELLS];
        let tiles = &mut tiles[..cells];
        let pos = &mut pos[..cells];
        while let Some((Reverse(f), g, key)) = open.pop() {
            let entry = best[&key];
            if entry >> 3 < g {
                continue; // reached more cheaply since it was queued
            }
            if key == goal {
                let moves = trace_back(cells, size, key, start_key, |k| {
                    Direction::ALL[(best[&k] & 7) as usize]
                });
                return Ok(Solution::new(
                    self.name(),
                    start,
                    moves,
                    true,
                    0,
                    budget.finish(),
                ));
            }
            budget.expand(f)?;
            // Checked before the children are stored: what the table and the open list hold,
            // plus what they would allocate if this node's children made them grow.
            let open_entry = std::mem::size_of::<(Reverse<u32>, u32, u128)>();
            let bytes = map_bytes(&best)
                + map_growth(&best, 4)
                + (open.capacity() * open_entry) as u64
                + growth(open.len(), open.capacity(), 4, open_entry);
            budget.memory(best.len() + open.len(), bytes)?;
            packed::unpack(key, tiles);
            let blank = packed::blank(tiles);
            for dir in Direction::ALL {
                if entry & 7 == dir.opposite().index() as u32 {
                    continue;
                }
                let Some(to) = step(size, blank, dir) else {
                    continue;
                };
                tiles.swap(blank, to);
                let next = packed::pack(tiles);
                budget.stats.generated += 1;
                let ng = g + 1;
                let better = best.get(&next).is_none_or(|&v| v >> 3 > ng);
                if better {
                    best.insert(next, (ng << 3) | dir.index() as u32);
                    for (cell, &t) in tiles.iter().enumerate() {
                        pos[t as usize] = cell as u8;
                    }
                    let h = self.heuristic.value(&self.heuristic.init(tiles, pos));
                    open.push((Reverse(ng + h), ng, next));
                }
                tiles.swap(blank, to);
            }
        }
        unreachable!("a solvable board always reaches its goal")
    }
}
