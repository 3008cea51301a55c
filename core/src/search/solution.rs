//! What every search returns and the trait they all implement: the lowest floor of the search
//! folder, which uses no other file of it.
use crate::board::{Board, Direction};
use crate::error::SolveError;
use crate::limits::SearchLimits;
use crate::stats::Stats;

/// A path to the goal and what it cost to find.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The algorithm that produced it.
    pub algorithm: String,
    /// Blank moves, in order.
    pub moves: Vec<Direction>,
    /// The label of the tile each move slides.
    pub tiles: Vec<u8>,
    /// Whether no shorter path exists.
    pub optimal: bool,
    /// A proven lower bound on the optimal length (equal to the length when optimal).
    pub lower_bound: u32,
    /// Work done.
    pub stats: Stats,
}

impl Solution {
    /// Builds a solution from blank moves, replaying them on `start` to name the tiles.
    pub(crate) fn new(
        algorithm: impl Into<String>,
        start: &Board,
        moves: Vec<Direction>,
        optimal: bool,
        lower_bound: u32,
        stats: Stats,
    ) -> Solution {
        let mut board = start.clone();
        let tiles = board
            .apply_all(&moves)
            .expect("a solver returned an illegal move");
        let lower_bound = if optimal {
            moves.len() as u32
        } else {
            lower_bound
        };
        Solution {
            algorithm: algorithm.into(),
            moves,
            tiles,
            optimal,
            lower_bound,
            stats,
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the start was already the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Moves as a `U`/`D`/`L`/`R` string.
    pub fn directions(&self) -> String {
        self.moves.iter().map(|d| d.letter()).collect()
    }
}

/// A search from a start board to the goal it was built for.
pub trait Solver {
    /// Short name, as the CLI spells it.
    fn name(&self) -> String;
    /// The goal this solver was built for.
    fn goal(&self) -> &Board;
    /// Finds a path from `start` to the goal within `limits`.
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError>;
}

/// Checks size and solvability before a search starts.
pub(crate) fn check_start(start: &Board, goal: &Board) -> Result<(), SolveError> {
    crate::parity::check_solvable(start, goal)?;
    Ok(())
}
