//! The `auto` mode, which picks the best search for the board size and time budget, and the
//! hint and best count built on it.
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use super::anytime::AUTO_DEFAULT_BUDGET;
use super::anytime::{anytime, shorten_with_beams};
use super::{check_start, IdaStar, Reduction, Solution, Solver};
use crate::board::Board;
use crate::error::SolveError;
use crate::heuristic::{LinearConflict, PatternDb, PdbHeuristic};
use crate::limits::SearchLimits;

/// The most time `auto` spends on 6×6 and larger boards, whatever the caller allows: by then
/// the improvements have mostly been found, and Auto answers in a blink.
pub const REDUCTION_BUDGET: Duration = Duration::from_secs(1);

/// The largest side on which `auto` shortens the reduction's first path with beams (linear
/// conflict): on 6×6 and 7×7 they beat the reduction's own improving in the same second
/// (`slidepuzzle bench-large`); on 8×8 a beam wide enough not to lose its way takes longer than
/// that, and the reduction improves its own path instead.
const BEAM_MAX_SIDE: usize = 7;

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

    /// Databases that match the goal: optimal IDA* on them, then beams. Without them:
    /// IDA* with linear conflict on 3×3 and smaller, the same anytime search to 5×5, the
    /// reduction's first path shortened by beams on 6×6 and 7×7, and the reduction improving
    /// its own path on 8×8.
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
                // No optimal search finishes past 5×5: the reduction's path, then shortening
                // it for at most REDUCTION_BUDGET, with beams up to BEAM_MAX_SIDE and by the
                // reduction's own improving above.
                let cap = Instant::now() + REDUCTION_BUDGET;
                let mut bounded = limits.clone();
                bounded.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
                if start.size() <= BEAM_MAX_SIDE {
                    let mut first = Reduction::new(goal)
                        .first_path_only()
                        .solve(start, &bounded)?;
                    first.algorithm = format!("auto:{}", first.algorithm);
                    let h = LinearConflict::new(goal);
                    return shorten_with_beams(start, goal, &h, &bounded, first);
                }
                let mut s = Reduction::new(goal).solve(start, &bounded)?;
                s.algorithm = format!("auto:{}", s.algorithm);
                Ok(s)
            }
        }
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
