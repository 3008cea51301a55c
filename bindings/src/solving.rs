//! Solving, hints and the best possible count: one flat call each, blocking, for a background
//! thread.
use std::sync::Arc;

use slidepuzzle_core::search::{self, SolveRequest};

use slidepuzzle_core::{Board, SolveError};

use crate::board::board;
use crate::error::Result;
use crate::failure::{Budgets, PuzzleFailure};
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
    Ok(solve_core(start, goal, request, &limits, progress, cancel)?)
}

/// [`hint`] on boards.
pub(crate) fn hint_boards(
    start: &Board,
    goal: &Board,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Option<Direction>> {
    Ok(hint_core(start, goal, &limits, pdb, cancel)?)
}

/// [`best_count`] on boards.
pub(crate) fn best_count_boards(
    start: &Board,
    goal: &Board,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    Ok(best_count_core(start, goal, &limits, pdb, cancel)?)
}

/// A solve with the core's own error, for both the old call and the typed one.
pub(crate) fn solve_core(
    start: &Board,
    goal: &Board,
    request: &SolveRequest,
    limits: &Limits,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Solution, SolveError> {
    let limits = search_limits(limits, progress, cancel);
    Ok(search::solve(start, goal, request, &limits)?.into())
}

/// A hint with the core's own error.
pub(crate) fn hint_core(
    start: &Board,
    goal: &Board,
    limits: &Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Option<Direction>, SolveError> {
    let limits = search_limits(limits, None, cancel);
    Ok(search::auto::hint(start, goal, pdb.map(|p| p.0.clone()), &limits)?.map(Into::into))
}

/// The best count with the core's own error.
pub(crate) fn best_count_core(
    start: &Board,
    goal: &Board,
    limits: &Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Solution, SolveError> {
    let limits = search_limits(limits, None, cancel);
    Ok(search::auto::best_count(start, goal, pdb.map(|p| p.0.clone()), &limits)?.into())
}

/// A tile list as a board, refused by kind.
pub(crate) fn typed_board(tiles: &[u32]) -> std::result::Result<Board, PuzzleFailure> {
    Ok(Board::from_tiles(tiles)?)
}

/// [`solve`], its failures by kind ([`PuzzleFailure`]): which budget stopped it and how far it
/// got, a board that cannot be solved, tables that do not serve it.
#[allow(clippy::too_many_arguments)]
#[uniffi::export]
pub fn solve_typed(
    start: Vec<u32>,
    goal: Vec<u32>,
    algorithm: Algorithm,
    heuristic: Heuristic,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Solution, PuzzleFailure> {
    let (start, goal) = (typed_board(&start)?, typed_board(&goal)?);
    let request = request(algorithm, heuristic, pdb);
    let budgets = Budgets::of(&limits);
    solve_core(&start, &goal, &request, &limits, progress, cancel).map_err(|e| budgets.failure(e))
}

/// [`hint`], its failures by kind ([`PuzzleFailure`]).
#[uniffi::export]
pub fn hint_typed(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Option<Direction>, PuzzleFailure> {
    let (start, goal) = (typed_board(&start)?, typed_board(&goal)?);
    let budgets = Budgets::of(&limits);
    hint_core(&start, &goal, &limits, pdb, cancel).map_err(|e| budgets.failure(e))
}

/// [`best_count`], its failures by kind ([`PuzzleFailure`]).
#[uniffi::export]
pub fn best_count_typed(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> std::result::Result<Solution, PuzzleFailure> {
    let (start, goal) = (typed_board(&start)?, typed_board(&goal)?);
    let budgets = Budgets::of(&limits);
    best_count_core(&start, &goal, &limits, pdb, cancel).map_err(|e| budgets.failure(e))
}
