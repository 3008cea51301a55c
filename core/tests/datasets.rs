//! Data-driven checks against the instance sets of `tests/data` (optimal lengths known).
use std::sync::Arc;

use slidepuzzle_core::dataset::{Instance, InstanceSet};
use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{Algorithm, Board, HeuristicKind, SearchLimits};

/// A file of `tests/data`, read by the core's one instance reader; its goal comes from its
/// header.
fn set(name: &str) -> (Board, Vec<Instance>) {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set = InstanceSet::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    (set.goal.expect("the file names its goal"), set.instances)
}

fn check(start: &Board, goal: &Board, request: &SolveRequest, optimal: u32, threads: usize) {
    let limits = SearchLimits::default().threads(threads);
    let s = search::solve(start, goal, request, &limits).unwrap();
    let mut replay = start.clone();
    replay.apply_all(&s.moves).unwrap();
    assert_eq!(&replay, goal, "{} does not reach the goal", s.algorithm);
    assert_eq!(s.len() as u32, optimal, "{} on {start:?}", s.algorithm);
    assert!(s.optimal);
}

#[test]
fn every_algorithm_is_optimal_on_every_8_puzzle_instance() {
    let (goal, all) = set("puzzle8.txt");
    assert_eq!(goal, Board::goal(3).unwrap());
    let db = Arc::new(PatternDb::build(&goal, &SearchLimits::default()).unwrap());
    let mut requests = vec![
        SolveRequest::new(Algorithm::Bfs),
        SolveRequest::new(Algorithm::BidirectionalBfs),
        SolveRequest::new(Algorithm::PatternDb).with_pdb(db.clone()),
        SolveRequest::new(Algorithm::Auto).with_pdb(db.clone()),
    ];
    for h in [
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::PatternDb,
    ] {
        for a in [Algorithm::AStar, Algorithm::IdaStar] {
            let mut r = SolveRequest::new(a).with_pdb(db.clone());
            r.heuristic = h;
            requests.push(r);
        }
    }
    assert_eq!(all.len(), 102);
    for i in &all {
        for r in &requests {
            check(&i.board, &goal, r, i.optimal, 1);
        }
        // IDA* split across two threads
        check(&i.board, &goal, &requests[2], i.optimal, 2);
    }
    // uninformed search (h = 0) on the shorter instances: iterative deepening grows as 2.1^depth
    for i in all.iter().filter(|i| i.optimal <= 18).take(6) {
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let mut r = SolveRequest::new(algorithm);
            r.heuristic = HeuristicKind::Zero;
            check(&i.board, &goal, &r, i.optimal, 1);
            check(&i.board, &goal, &r, i.optimal, 2);
        }
    }
}

#[test]
fn idastar_with_linear_conflict_is_optimal_on_easy_korf_instances() {
    let (goal, mut easy) = set("korf100_subset.txt");
    assert_eq!(goal, Board::goal_with_blank(4, 0).unwrap());
    let request = SolveRequest::new(Algorithm::IdaStar);
    // the instances Korf's IDA* solved with the fewest nodes (each under a second here)
    easy.sort_by_key(|i| i.reference_nodes.expect("Korf's node counts"));
    for i in easy.iter().take(6) {
        check(&i.board, &goal, &request, i.optimal, 1);
        check(&i.board, &goal, &request, i.optimal, 2);
    }
}
