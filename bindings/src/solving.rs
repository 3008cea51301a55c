//! Solving, hints and the best possible count: one flat call each, blocking, for a background
//! thread.
use std::sync::Arc;

use slidepuzzle_core::search::{self, SolveRequest};

use slidepuzzle_core::Board;

use crate::board::board;
use crate::error::Result;
use crate::limits::{search_limits, CancelToken, Limits, ProgressListener};
use crate::pdb::PatternDatabase;
use crate::records::{Algorithm, Direction, Heuristic, Solution};

pub(crate) fn request(
    algorithm: Algorithm,
    heuristic: Heuristic,
    pdb: Option<Arc<PatternDatabase>>,
) -> SolveRequest {
    SolveRequest {
        algorithm: algorithm.into(),
        heuristic: heuristic.into(),
        pdb: pdb.map(|p| p.0.clone()),
    }
}

/// Solves `start` toward `goal`. Blocks: call it from a background thread.
// One flat call reads best from Kotlin and Swift, which both have named arguments.
#[allow(clippy::too_many_arguments)]
#[uniffi::export]
pub fn solve(
    start: Vec<u32>,
    goal: Vec<u32>,
    algorithm: Algorithm,
    heuristic: Heuristic,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    let request = request(algorithm, heuristic, pdb);
    solve_boards(&start, &goal, &request, limits, progress, cancel)
}

/// The next move of an optimal (or best found) solution; `None` at the goal.
#[uniffi::export]
pub fn hint(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Option<Direction>> {
    hint_boards(&board(&start)?, &board(&goal)?, limits, pdb, cancel)
}

/// The best possible move count ("best: 52"): an optimal solution, or the best found with
/// `optimal` false and the proven lower bound.
#[uniffi::export]
pub fn best_count(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    best_count_boards(&board(&start)?, &board(&goal)?, limits, pdb, cancel)
}

/// [`solve`] on boards (the game object's solve too).
pub(crate) fn solve_boards(
    start: &Board,
    goal: &Board,
    request: &SolveRequest,
    limits: Limits,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    let limits = search_limits(&limits, progress, cancel);
    Ok(search::solve(start, goal, request, &limits)?.into())
}

/// [`hint`] on boards.
pub(crate) fn hint_boards(
    start: &Board,
    goal: &Board,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Option<Direction>> {
    let limits = search_limits(&limits, None, cancel);
    Ok(search::auto::hint(start, goal, pdb.map(|p| p.0.clone()), &limits)?.map(Into::into))
}

/// [`best_count`] on boards.
pub(crate) fn best_count_boards(
    start: &Board,
    goal: &Board,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    let limits = search_limits(&limits, None, cancel);
    Ok(search::auto::best_count(start, goal, pdb.map(|p| p.0.clone()), &limits)?.into())
}
