//! The coaching hint: the method's next goal on a board mid-game, and the next move toward it.
//!
//! The goal is the first of the method's goals not met on the board; the tiles of the goals
//! before it are placed, and its move never moves them. So the hint depends on the board alone,
//! a teaching solve is these hints followed from the start, and following them from any board
//! reaches the goal.
use crate::board::{Board, Direction};

use super::block::last_block;
use super::goals::Goal;
use super::place::place_tile;
use super::trick::last_two;

/// The method's next step on a board: the goal being worked on and the move toward it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The goal's index in the method's order (see [`goals`](super::goals())).
    pub phase: usize,
    /// The goal being worked on.
    pub goal: Goal,
    /// The blank's move.
    pub direction: Direction,
    /// The tile that slides (the other way).
    pub tile: u8,
}

/// The first of `goals` not met on `board`, if any.
pub(super) fn current(board: &Board, goals: &[Goal]) -> Option<usize> {
    goals.iter().position(|g| !g.is_met(board))
}

/// The next move toward `goals[phase]`, the tiles of the goals before it held in place;
/// `Ok(None)` when that goal is met. `Err(())` only for a board that cannot reach its goal.
pub(super) fn next_move(
    board: &Board,
    goals: &[Goal],
    phase: usize,
) -> Result<Option<Direction>, ()> {
    let mut open = vec![true; board.cells()];
    for g in &goals[..phase] {
        g.cells().iter().for_each(|&c| open[c] = false);
    }
    match &goals[phase] {
        Goal::PlaceTile { tile, cell, .. } => place_tile(board, &open, *tile, *cell),
        Goal::LastTwo { tiles, cells, .. } => last_two(board, &open, *tiles, *cells),
        Goal::LastBlock { tiles, cells, .. } => last_block(board, &open, tiles, cells),
    }
}
