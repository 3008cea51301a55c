//! Data-driven checks against the shared instance sets (optimal lengths known).
use std::sync::Arc;

use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{text, Algorithm, Board, HeuristicKind, SearchLimits};

fn data(name: &str) -> String {
    let path = format!("{}/../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (optimal, board) per instance line.
fn instances(name: &str) -> Vec<(u32, Board)> {
    data(name)
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && l.contains('|'))
        .map(|l| {
            let (head, tiles) = l.split_once('|').unwrap();
            let fields: Vec<&str> = head.split_whitespace().collect();
            let optimal = if fields.len() == 1 {
                fields[0]
            } else {
                fields[1]
            };
            (optimal.parse().unwrap(), text::parse_board(tiles).unwrap())
        })
        .collect()
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
    let goal = Board::goal(3).unwrap();
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
    let all = instances("puzzle8.txt");
    assert_eq!(all.len(), 102);
    for (optimal, board) in &all {
        for r in &requests {
            check(board, &goal, r, *optimal, 1);
        }
        // IDA* split across two threads
        check(board, &goal, &requests[2], *optimal, 2);
    }
    // uninformed search (h = 0) on the shorter instances: iterative deepening grows as 2.1^depth
    for (optimal, board) in all.iter().filter(|(o, _)| *o <= 18).take(6) {
        for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
            let mut r = SolveRequest::new(algorithm);
            r.heuristic = HeuristicKind::Zero;
            check(board, &goal, &r, *optimal, 1);
            check(board, &goal, &r, *optimal, 2);
        }
    }
}

#[test]
fn idastar_with_linear_conflict_is_optimal_on_easy_korf_instances() {
    let goal = Board::goal_with_blank(4, 0).unwrap();
    let request = SolveRequest::new(Algorithm::IdaStar);
    // the instances Korf's IDA* solved with the fewest nodes (each under a second here)
    let text = data("korf100_subset.txt");
    let mut easy: Vec<(u64, u32, Board)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains('|'))
        .map(|l| {
            let (head, tiles) = l.split_once('|').unwrap();
            let f: Vec<u64> = head
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            (f[2], f[1] as u32, text::parse_board(tiles).unwrap())
        })
        .collect();
    easy.sort_by_key(|e| e.0);
    for (_, optimal, board) in easy.iter().take(6) {
        check(board, &goal, &request, *optimal, 1);
        check(board, &goal, &request, *optimal, 2);
    }
}
