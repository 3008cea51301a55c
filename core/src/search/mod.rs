//! Solvers: one algorithm per file, all behind [`Solver`], all returning a [`Solution`].
//!
//! Every solver finds a path from a start board to its goal, respects the same
//! [`SearchLimits`], and ends with a typed error when a limit, the cancel
//! token or the board stops it. BFS, bidirectional BFS, A* and IDA* with an admissible heuristic
//! return optimal paths; the weighted search trades optimality for speed and says so.
use std::fmt;

use crate::board::{Board, Direction};
use crate::error::SolveError;
use crate::limits::SearchLimits;

pub(crate) mod anytime;
pub mod astar;
pub mod auto;
pub(crate) mod backward;
pub mod beam;
pub(crate) mod best;
pub mod bfs;
pub mod bidirectional;
pub(crate) mod expand;
pub mod idastar;
pub(crate) mod kept;
pub(crate) mod memory;
pub(crate) mod pace;
pub(crate) mod packed;
pub mod reduction;
pub mod registry;
pub(crate) mod windows;

pub use crate::stats::Stats;
pub use astar::AStar;
pub use auto::Auto;
pub use beam::Beam;
pub use bfs::Bfs;
pub use bidirectional::BidirectionalBfs;
pub use idastar::{IdaStar, WeightedIdaStar};
pub use reduction::Reduction;
pub use registry::{solve, SolveRequest};

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

/// The algorithms a caller can choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search: optimal, memory-hungry; fine for 3×3.
    Bfs,
    /// Bidirectional breadth-first search: optimal, far fewer nodes than BFS.
    BidirectionalBfs,
    /// A* with the chosen heuristic: optimal.
    AStar,
    /// IDA* with the chosen heuristic: optimal, tiny memory.
    IdaStar,
    /// IDA* over additive pattern databases: optimal, the fastest for 4×4.
    PatternDb,
    /// Solves the board line by line from the outside in, then shortens the path: a short
    /// path on any board in milliseconds, not proven optimal; for 6×6 and larger.
    Reduction,
    /// Picks the best mode for the size and time budget; optimal when it can prove it.
    Auto,
}

impl Algorithm {
    /// Every algorithm, in menu order (the order of the rows in `registry.rs`).
    pub const ALL: [Algorithm; registry::ENTRIES.len()] = {
        let mut all = [Algorithm::Auto; registry::ENTRIES.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = registry::ENTRIES[i].algorithm;
            i += 1;
        }
        all
    };

    /// The CLI name.
    pub fn name(self) -> &'static str {
        registry::entry(self).name
    }

    /// Parses a CLI name.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The heuristics a caller can choose for A* and IDA*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// 0 everywhere.
    Zero,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (built or loaded for the goal).
    PatternDb,
}

impl HeuristicKind {
    /// Every heuristic.
    pub const ALL: [HeuristicKind; 4] = [
        HeuristicKind::Zero,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::PatternDb,
    ];
    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "lc",
            HeuristicKind::PatternDb => "pdb",
        }
    }
    /// Parses a CLI name.
    pub fn from_name(name: &str) -> Option<HeuristicKind> {
        HeuristicKind::ALL.into_iter().find(|h| h.name() == name)
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rebuilds the moves from `start` given a `parent` lookup: for each state, the blank move that
/// reached it. Shared by the breadth-first searches and A*.
pub(crate) fn trace_back(
    cells: usize,
    size: usize,
    mut key: u128,
    start: u128,
    mut came_by: impl FnMut(u128) -> Direction,
) -> Vec<Direction> {
    let mut moves = Vec::new();
    let mut tiles = [0u8; packed::MAX_CELLS];
    while key != start {
        let dir = came_by(key);
        moves.push(dir);
        packed::unpack(key, &mut tiles[..cells]);
        let blank = packed::blank(&tiles[..cells]);
        let back = crate::board::step(size, blank, dir.opposite()).expect("parent is on the board");
        tiles.swap(blank, back);
        key = packed::pack(&tiles[..cells]);
    }
    moves.reverse();
    moves
}
