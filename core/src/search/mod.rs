//! Solvers: one algorithm per file, all behind [`Solver`], all returning a [`Solution`].
//!
//! Every solver finds a path from a start board to its goal, respects the same
//! [`SearchLimits`](crate::limits::SearchLimits), and ends with a typed error when a limit, the
//! cancel token or the board stops it. BFS, bidirectional BFS, A* and IDA* with an admissible
//! heuristic return optimal paths; the weighted search trades optimality for speed and says so.
//!
//! The folder reads from the bottom up, each floor using only those below it (`tests/layers.rs`
//! checks):
//! - [`solution`]: the [`Solver`] trait and the [`Solution`] every search returns;
//! - [`exact`]: the searches a reader comes to see (BFS, bidirectional BFS, A*, IDA*) with their
//!   packing and memory helpers, and optimal windows over a path;
//! - [`reduction`]: 6×6–8×8 solved line by line from the outside in;
//! - [`auto`]: Auto's anytime machinery (beams, their pacing, the beams from the goal);
//! - this file and [`registry`]: the [`Algorithm`]s a caller picks and the one entry point,
//!   [`solve`].
use std::fmt;

pub mod auto;
pub mod exact;
pub mod reduction;
pub mod registry;
pub mod solution;

// The searches under the names they had before the folders (the public API is unchanged).
pub use crate::stats::Stats;
pub use auto::beam;
pub use auto::beam::Beam;
pub use auto::Auto;
pub use exact::astar::AStar;
pub use exact::bfs::Bfs;
pub use exact::bidirectional::BidirectionalBfs;
pub use exact::idastar::{IdaStar, WeightedIdaStar};
pub use exact::idastar_4x4::IdaStar4x4;
pub use exact::{astar, bfs, bidirectional, idastar};
pub use reduction::Reduction;
pub use registry::{solve, SolveRequest};
pub use solution::{Solution, Solver};

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
