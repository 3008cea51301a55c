//! The plain records and enums that cross the boundary: directions, algorithms, heuristics,
//! and what a search returns.
use slidepuzzle_core as core;

#[cfg(doc)]
use crate::PatternDatabase;

/// The way the blank moves (the tile next to it slides the opposite way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Direction {
    /// Blank one row up.
    Up,
    /// Blank one row down.
    Down,
    /// Blank one column left.
    Left,
    /// Blank one column right.
    Right,
}

impl From<core::Direction> for Direction {
    fn from(d: core::Direction) -> Self {
        match d {
            core::Direction::Up => Direction::Up,
            core::Direction::Down => Direction::Down,
            core::Direction::Left => Direction::Left,
            core::Direction::Right => Direction::Right,
        }
    }
}

impl From<Direction> for core::Direction {
    fn from(d: Direction) -> Self {
        match d {
            Direction::Up => core::Direction::Up,
            Direction::Down => core::Direction::Down,
            Direction::Left => core::Direction::Left,
            Direction::Right => core::Direction::Right,
        }
    }
}

/// A search algorithm the player can pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Algorithm {
    /// Breadth-first search (optimal; 3×3 in milliseconds, runs out of memory on 4×4).
    Bfs,
    /// Breadth-first search from both ends (optimal).
    BidirectionalBfs,
    /// A* with the chosen heuristic (optimal).
    AStar,
    /// Iterative-deepening A* with the chosen heuristic (optimal, little memory).
    IdaStar,
    /// IDA* over additive pattern databases (optimal; needs a [`PatternDatabase`]).
    PatternDb,
    /// The best mode for the size and budget: optimal where it can, else the best path found
    /// with its proven lower bound.
    Auto,
    /// Line by line from the outside in, then a shortened path: a short path on any board in
    /// milliseconds, not proven optimal (what `Auto` uses from 6×6 on). Added after `Auto`, so
    /// the earlier cases keep their places.
    Reduction,
}

impl From<Algorithm> for core::Algorithm {
    fn from(a: Algorithm) -> Self {
        match a {
            Algorithm::Bfs => core::Algorithm::Bfs,
            Algorithm::BidirectionalBfs => core::Algorithm::BidirectionalBfs,
            Algorithm::AStar => core::Algorithm::AStar,
            Algorithm::IdaStar => core::Algorithm::IdaStar,
            Algorithm::PatternDb => core::Algorithm::PatternDb,
            Algorithm::Auto => core::Algorithm::Auto,
            Algorithm::Reduction => core::Algorithm::Reduction,
        }
    }
}

/// The estimate A* and IDA* use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Heuristic {
    /// No estimate (uniform-cost search).
    Zero,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (needs a [`PatternDatabase`]).
    PatternDb,
}

impl From<Heuristic> for core::HeuristicKind {
    fn from(h: Heuristic) -> Self {
        match h {
            Heuristic::Zero => core::HeuristicKind::Zero,
            Heuristic::Manhattan => core::HeuristicKind::Manhattan,
            Heuristic::LinearConflict => core::HeuristicKind::LinearConflict,
            Heuristic::PatternDb => core::HeuristicKind::PatternDb,
        }
    }
}

/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SearchStats {
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Largest memory of the search's own tables, in bytes.
    pub peak_bytes: u64,
    /// Wall time in milliseconds.
    pub elapsed_ms: u64,
}

impl From<&core::Stats> for SearchStats {
    fn from(s: &core::Stats) -> Self {
        SearchStats {
            expanded: s.expanded,
            generated: s.generated,
            peak_bytes: s.peak_bytes,
            elapsed_ms: s.elapsed.as_millis() as u64,
        }
    }
}

/// A solve's result: the moves to play and what it cost.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Solution {
    /// The algorithm that found it, e.g. "pdb" or "auto(idastar)".
    pub algorithm: String,
    /// Blank moves from the start to the goal.
    pub moves: Vec<Direction>,
    /// The tile that slides at each move.
    pub tiles: Vec<u32>,
    /// Whether the length is proven optimal.
    pub optimal: bool,
    /// A proven lower bound on the optimal length (equal to the length when optimal).
    pub lower_bound: u32,
    /// What the search did.
    pub stats: SearchStats,
}

impl From<core::Solution> for Solution {
    fn from(s: core::Solution) -> Self {
        Solution {
            stats: (&s.stats).into(),
            algorithm: s.algorithm,
            moves: s.moves.into_iter().map(Direction::from).collect(),
            tiles: s.tiles.into_iter().map(u32::from).collect(),
            optimal: s.optimal,
            lower_bound: s.lower_bound,
        }
    }
}
