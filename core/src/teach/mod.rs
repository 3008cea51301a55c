//! Teaching: a solve a person can follow and repeat, phase by phase, and the coaching hint.
//!
//! Auto's fewest moves follow no plan a person can see. This module solves the way people are
//! taught to: the top row, then the left column, alternately, until a 2×3 is left; each line's
//! tiles one by one, its last two together by the standard trick (the first parked in the
//! second's cell, the second beside it, both turned in); the last 2×3 by cycling. For a goal
//! with the blank's home elsewhere the method turns round so that it always ends at the home.
//! Boards are n×n, as everywhere in the core.
//!
//! - [`goals()`]: the method's goals for a goal board, as data (kinds and numbers);
//! - [`plan()`]: a teaching solve, every goal with the moves that meet it;
//! - [`coach()`]: for a board mid-game, the next goal and the next move toward it.
//!
//! A phase never moves a tile an earlier phase placed; within a phase each step takes the
//! fewest moves for what it moves (one tile, a pair near its corner, the last 2×2). So a
//! teaching solve is longer than Auto's (docs/benchmarks.md has the lengths).
//!
//! ```
//! use slidepuzzle_core::{teach, text, Board};
//!
//! let start = text::parse_board("4 1 3 0 2 6 7 5 8").unwrap();
//! let goal = Board::goal(3).unwrap();
//! let plan = teach::plan(&start, &goal).unwrap();
//! assert_eq!(plan.phases[0].goal.kind(), "place-tile");
//! assert_eq!(plan.phases[0].goal.tiles(), [1]);
//! let mut board = start.clone();
//! board.apply_all(&plan.moves()).unwrap();
//! assert_eq!(board, goal);
//!
//! let hint = teach::coach(&start, &goal).unwrap().expect("not solved yet");
//! assert_eq!((hint.phase, hint.direction), (0, plan.phases[0].moves[0]));
//! ```
mod bfs;
mod block;
mod coach;
mod goals;
mod place;
mod trick;

use crate::board::Board;
use crate::error::BoardError;
use crate::parity::check_solvable;

pub use coach::Hint;
pub use goals::{goals, Block, Goal, Line, Phase, Plan};

/// The most moves one phase may take: far above what any phase needs (a tile's walk across an
/// 8×8 board with the blank circling it is a few hundred), so that a fault ends in an error
/// rather than a loop.
const MAX_PHASE_MOVES: usize = 20_000;

/// The teaching solve of `start` toward `goal`: every goal of the method in order (a goal met
/// already keeps its place, with no moves), each with the moves that meet it.
pub fn plan(start: &Board, goal: &Board) -> Result<Plan, BoardError> {
    check_solvable(start, goal)?;
    let goals = goals::goals(goal);
    let mut board = start.clone();
    let mut phases = Vec::with_capacity(goals.len());
    for phase in 0..goals.len() {
        let (mut moves, mut slid) = (Vec::new(), Vec::new());
        while let Some(dir) = coach::next_move(&board, &goals, phase).map_err(|()| unreachable())? {
            slid.push(board.apply(dir).map_err(|_| unreachable())?);
            moves.push(dir);
            if moves.len() > MAX_PHASE_MOVES {
                return Err(unreachable());
            }
        }
        phases.push(Phase {
            goal: goals[phase].clone(),
            moves,
            slid,
        });
    }
    Ok(Plan { phases })
}

/// The coaching hint for `board` on its way to `goal`: the method's next goal and the next move
/// toward it; `None` when the board is solved. Following the hints is the teaching solve from
/// that board.
pub fn coach(board: &Board, goal: &Board) -> Result<Option<Hint>, BoardError> {
    check_solvable(board, goal)?;
    let goals = goals::goals(goal);
    let Some(phase) = coach::current(board, &goals) else {
        return Ok(None);
    };
    let direction = coach::next_move(board, &goals, phase)
        .map_err(|()| unreachable())?
        .ok_or_else(unreachable)?;
    let to = crate::board::step(board.size(), board.blank(), direction).ok_or_else(unreachable)?;
    Ok(Some(Hint {
        phase,
        goal: goals[phase].clone(),
        direction,
        tile: board.tile_at(to),
    }))
}

/// A step that finds no way: only a board that cannot reach its goal has none, and those are
/// refused before any step is taken.
fn unreachable() -> BoardError {
    BoardError::Unsolvable
}
