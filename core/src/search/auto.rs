//! The `auto` mode, which picks the best search for the board size and time budget, and the
//! hint and best count built on it.
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{check_start, IdaStar, Reduction, Solution, Solver, WeightedIdaStar};
use crate::board::Board;
use crate::error::SolveError;
use crate::heuristic::{LinearConflict, PatternDb, PdbHeuristic};
use crate::limits::SearchLimits;

/// The time `auto` allows itself when the limits set no deadline.
pub const AUTO_DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The most time `auto` spends improving a reduction path (6×6 and larger): by then the
/// improvements have mostly been found.
pub const REDUCTION_BUDGET: Duration = Duration::from_secs(1);

/// The share of its budget `auto` gives the optimal search before weighted ones take over.
const OPTIMAL_SHARE: f64 = 0.4;

/// The weights `auto` tries, largest first, once an optimal search runs out of its share.
const WEIGHTS: [f64; 6] = [2.0, 1.5, 1.3, 1.2, 1.1, 1.05];

/// The `auto` mode: the best search for the board's size, the databases at hand and the time
/// budget (see the module documentation of [`crate::search`] and ARCHITECTURE.md).
pub struct Auto {
    goal: Board,
    pdb: Option<Arc<PatternDb>>,
}

impl Auto {
    /// `auto` toward `goal`, with pattern databases when the caller has them.
    pub fn new(goal: &Board, pdb: Option<Arc<PatternDb>>) -> Auto {
        Auto {
            goal: goal.clone(),
            pdb,
        }
    }
}

impl Solver for Auto {
    fn name(&self) -> String {
        "auto".into()
    }

    fn goal(&self) -> &Board {
        &self.goal
    }

    /// Databases that match the goal: optimal IDA* on them, then weighted ones. Without them:
    /// IDA* with linear conflict on 3×3 and smaller, the same anytime search to 5×5, and the
    /// reduction past that.
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        let goal = &self.goal;
        check_start(start, goal)?;
        let matching = self
            .pdb
            .as_ref()
            .and_then(|db| PdbHeuristic::new(db.clone(), goal).ok());
        match matching {
            Some(h) => anytime(start, goal, h, limits),
            None if start.size() <= 3 => {
                IdaStar::new(goal, LinearConflict::new(goal)).solve(start, limits)
            }
            None if start.size() <= 5 => anytime(start, goal, LinearConflict::new(goal), limits),
            None => {
                // No optimal search finishes past 5×5: reduction, then improving the path
                // for at most REDUCTION_BUDGET, so Auto answers in a blink.
                let cap = Instant::now() + REDUCTION_BUDGET;
                let mut bounded = limits.clone();
                bounded.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
                let mut s = Reduction::new(goal).solve(start, &bounded)?;
                s.algorithm = format!("auto:{}", s.algorithm);
                Ok(s)
            }
        }
    }
}

/// Optimal IDA* for [`OPTIMAL_SHARE`] of the budget; if it has not finished, weighted IDA* with
/// the falling [`WEIGHTS`] for the rest, keeping the shortest path found and the best proven
/// lower bound.
fn anytime<H: crate::Heuristic + Clone>(
    start: &Board,
    goal: &Board,
    heuristic: H,
    limits: &SearchLimits,
) -> Result<Solution, SolveError> {
    let began = Instant::now();
    let deadline = limits.deadline.unwrap_or(began + AUTO_DEFAULT_BUDGET);
    let budget = deadline.saturating_duration_since(began);
    let mut first = limits.clone();
    first.deadline = Some(began + budget.mul_f64(OPTIMAL_SHARE));
    // The node limit is one budget across the phases: the optimal search gets its share, and
    // each weighted search what the ones before it left.
    first.max_nodes = limits
        .max_nodes
        .map(|max| (max as f64 * OPTIMAL_SHARE) as u64);
    let optimal = IdaStar::new(goal, heuristic.clone());
    // The optimal search's stats carry the lower bound it proved. `last_limit` is the limit
    // that stopped the last search, reported if no path was found at all.
    let (mut stats, mut last_limit) = match optimal.solve(start, &first) {
        Ok(mut s) => {
            s.algorithm = format!("auto:{}", s.algorithm);
            return Ok(s);
        }
        Err(SolveError::LimitReached { stats, limit }) => (stats, limit),
        Err(e) => return Err(e),
    };
    let lower_bound = stats.lower_bound;
    let mut best: Option<Solution> = None;
    let mut rest = limits.clone();
    rest.deadline = Some(deadline);
    for &w in &WEIGHTS {
        rest.max_nodes = limits
            .max_nodes
            .map(|max| max.saturating_sub(stats.expanded));
        if rest.max_nodes == Some(0) {
            last_limit = crate::error::LimitKind::Nodes;
            break;
        }
        let solver = WeightedIdaStar::new(goal, heuristic.clone(), w);
        match solver.solve(start, &rest) {
            Ok(s) => {
                stats.absorb(&s.stats);
                let shorter = best.as_ref().is_none_or(|b| s.len() < b.len());
                if shorter {
                    best = Some(s);
                }
                if best.as_ref().is_some_and(|b| b.len() as u32 <= lower_bound) {
                    break;
                }
            }
            Err(SolveError::LimitReached { stats: s, limit }) => {
                stats.absorb(&s);
                last_limit = limit;
                break;
            }
            Err(e) => return Err(e),
        }
    }
    stats.elapsed = began.elapsed();
    stats.lower_bound = lower_bound;
    match best {
        Some(mut s) => {
            let optimal = s.len() as u32 <= lower_bound;
            s.algorithm = format!("auto:{}", s.algorithm);
            s.optimal = optimal;
            s.lower_bound = lower_bound.min(s.len() as u32);
            s.stats = stats;
            Ok(s)
        }
        None => Err(SolveError::LimitReached {
            limit: last_limit,
            stats,
        }),
    }
}

/// The best next move from `start`: the first move of an optimal (or best found) solution;
/// `None` when `start` is the goal.
pub fn hint(
    start: &Board,
    goal: &Board,
    pdb: Option<Arc<PatternDb>>,
    limits: &SearchLimits,
) -> Result<Option<crate::Direction>, SolveError> {
    Ok(best_count(start, goal, pdb, limits)?.moves.first().copied())
}

/// The best possible move count from `start` ("best: 52"): the length of an optimal solution,
/// or, when the budget ends first, the best length found with `optimal` false and the proven
/// lower bound in the solution.
pub fn best_count(
    start: &Board,
    goal: &Board,
    pdb: Option<Arc<PatternDb>>,
    limits: &SearchLimits,
) -> Result<Solution, SolveError> {
    // What the registry's `solve` does for `Algorithm::Auto`, without this module importing
    // the registry that imports it.
    crate::parity::check_solvable(start, goal)?;
    Auto::new(goal, pdb).solve(start, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LimitKind;
    use crate::text::parse_board;

    /// The node limit is one budget for every phase: the optimal search, then each weighted
    /// one, together expand no more than asked (one check past the limit per phase at most).
    #[test]
    fn the_node_limit_holds_across_every_phase() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        for max in [0, 1_000, 50_000, 300_000] {
            let limits = SearchLimits::default().threads(1).nodes(max);
            let expanded = match Auto::new(&goal, None).solve(&start, &limits) {
                Ok(s) => {
                    let mut replay = start.clone();
                    replay.apply_all(&s.moves).unwrap();
                    assert_eq!(replay, goal);
                    s.stats.expanded
                }
                Err(SolveError::LimitReached {
                    limit: LimitKind::Nodes,
                    stats,
                }) => stats.expanded,
                Err(other) => panic!("cap {max}: {other}"),
            };
            let phases = WEIGHTS.len() as u64 + 1;
            assert!(expanded <= max + phases, "cap {max}: expanded {expanded}");
        }
    }
}
