//! Which solver runs for each [`Algorithm`]: one row per algorithm, and [`solve`], the one
//! entry point that looks the row up. A new algorithm is its file, its enum value and one row
//! in `ENTRIES`; the names, the menu order and the dispatch all come from here.
use std::sync::Arc;

use super::auto::Auto;
use super::exact::idastar_4x4::pdb_search;
use super::{
    AStar, Algorithm, Bfs, BidirectionalBfs, HeuristicKind, IdaStar, Reduction, Solution, Solver,
};
use crate::board::Board;
use crate::error::{PdbError, SolveError};
use crate::heuristic::{Heuristic, LinearConflict, Manhattan, PatternDb, PdbHeuristic, Zero};
use crate::limits::SearchLimits;

/// What to run: algorithm, heuristic for A*/IDA*, optional pattern databases for the goal.
#[derive(Debug, Clone)]
pub struct SolveRequest {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic for A* and IDA* (others ignore it).
    pub heuristic: HeuristicKind,
    /// Pattern databases for the goal; needed by [`Algorithm::PatternDb`] and
    /// [`HeuristicKind::PatternDb`], used by [`Algorithm::Auto`] when present.
    pub pdb: Option<Arc<PatternDb>>,
}

impl SolveRequest {
    /// A request for `algorithm` with linear conflict as heuristic and no databases.
    pub fn new(algorithm: Algorithm) -> SolveRequest {
        SolveRequest {
            algorithm,
            heuristic: HeuristicKind::LinearConflict,
            pdb: None,
        }
    }

    /// Uses `pdb` where it helps.
    pub fn with_pdb(mut self, pdb: Arc<PatternDb>) -> SolveRequest {
        self.pdb = Some(pdb);
        self
    }
}

/// Builds the solver a request asks for, for one goal.
type Build = fn(&Board, &SolveRequest) -> Result<Box<dyn Solver>, SolveError>;

/// One algorithm: its value, the name the CLI and the details text use, and its solver.
pub(super) struct Entry {
    pub(super) algorithm: Algorithm,
    pub(super) name: &'static str,
    build: Build,
}

/// Every algorithm, in menu order.
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        algorithm: Algorithm::Bfs,
        name: "bfs",
        build: |goal, _| Ok(Box::new(Bfs::new(goal))),
    },
    Entry {
        algorithm: Algorithm::BidirectionalBfs,
        name: "bibfs",
        build: |goal, _| Ok(Box::new(BidirectionalBfs::new(goal))),
    },
    Entry {
        algorithm: Algorithm::AStar,
        name: "astar",
        build: informed::<AStarSearch>,
    },
    Entry {
        algorithm: Algorithm::IdaStar,
        name: "idastar",
        build: informed::<IdaStarSearch>,
    },
    Entry {
        algorithm: Algorithm::PatternDb,
        name: "pdb",
        build: |goal, r| Ok(pdb_search(goal, pdb_heuristic(goal, r)?)),
    },
    Entry {
        algorithm: Algorithm::Reduction,
        name: "reduction",
        build: |goal, _| Ok(Box::new(Reduction::new(goal))),
    },
    Entry {
        algorithm: Algorithm::Auto,
        name: "auto",
        build: |goal, r| Ok(Box::new(Auto::new(goal, r.pdb.clone()))),
    },
];

/// The row of `algorithm`.
pub(super) fn entry(algorithm: Algorithm) -> &'static Entry {
    ENTRIES
        .iter()
        .find(|e| e.algorithm == algorithm)
        .expect("every algorithm has a row in ENTRIES")
}

/// Solves `start` toward `goal` as `request` says.
pub fn solve(
    start: &Board,
    goal: &Board,
    request: &SolveRequest,
    limits: &SearchLimits,
) -> Result<Solution, SolveError> {
    crate::parity::check_solvable(start, goal)?;
    (entry(request.algorithm).build)(goal, request)?.solve(start, limits)
}

/// The request's pattern databases read for `goal`.
pub(super) fn pdb_heuristic(
    goal: &Board,
    request: &SolveRequest,
) -> Result<PdbHeuristic, SolveError> {
    let db = request.pdb.clone().ok_or(PdbError::Missing)?;
    Ok(PdbHeuristic::new(db, goal)?)
}

/// A search that takes any heuristic (A*, IDA*).
trait Informed {
    fn with<H: Heuristic + 'static>(goal: &Board, heuristic: H) -> Box<dyn Solver>;
}

struct AStarSearch;
impl Informed for AStarSearch {
    fn with<H: Heuristic + 'static>(goal: &Board, heuristic: H) -> Box<dyn Solver> {
        Box::new(AStar::new(goal, heuristic))
    }
}

struct IdaStarSearch;
impl Informed for IdaStarSearch {
    fn with<H: Heuristic + 'static>(goal: &Board, heuristic: H) -> Box<dyn Solver> {
        Box::new(IdaStar::new(goal, heuristic))
    }
}

/// Search `S` with the request's heuristic.
fn informed<S: Informed>(
    goal: &Board,
    request: &SolveRequest,
) -> Result<Box<dyn Solver>, SolveError> {
    Ok(match request.heuristic {
        HeuristicKind::Zero => S::with(goal, Zero),
        HeuristicKind::Manhattan => S::with(goal, Manhattan::new(goal)),
        HeuristicKind::LinearConflict => S::with(goal, LinearConflict::new(goal)),
        HeuristicKind::PatternDb => S::with(goal, pdb_heuristic(goal, request)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every algorithm has one row and one name, and each row's solver solves a board as the
    /// request says.
    #[test]
    fn every_algorithm_has_one_row_that_solves() {
        let goal = Board::goal(3).unwrap();
        let start = crate::text::parse_board("1 2 3 4 0 6 7 5 8").unwrap();
        let db = Arc::new(PatternDb::build(&goal, &SearchLimits::default()).unwrap());
        for (i, e) in ENTRIES.iter().enumerate() {
            assert!(ENTRIES[i + 1..]
                .iter()
                .all(|o| o.algorithm != e.algorithm && o.name != e.name));
            assert_eq!(Algorithm::from_name(e.name), Some(e.algorithm));
            let request = SolveRequest::new(e.algorithm).with_pdb(db.clone());
            let s = solve(&start, &goal, &request, &SearchLimits::default()).unwrap();
            assert_eq!(s.len(), 2, "{}", e.name);
        }
        assert_eq!(Algorithm::ALL.len(), ENTRIES.len());
    }

    #[test]
    fn a_database_search_without_databases_says_so() {
        let goal = Board::goal(3).unwrap();
        let start = crate::text::parse_board("1 2 3 4 0 6 7 5 8").unwrap();
        for request in [SolveRequest::new(Algorithm::PatternDb), {
            let mut r = SolveRequest::new(Algorithm::AStar);
            r.heuristic = HeuristicKind::PatternDb;
            r
        }] {
            let err = solve(&start, &goal, &request, &SearchLimits::default()).unwrap_err();
            assert_eq!(err, SolveError::PatternDb(PdbError::Missing));
        }
    }
}
