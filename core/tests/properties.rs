//! Property tests and behaviour under limits.
mod common;
use common::hard_4x4;
use std::time::Duration;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{
    parity, shuffle, Algorithm, Board, Direction, LimitKind, SearchLimits, SolveError,
};

proptest! {
    #[test]
    fn random_walks_stay_solvable(size in 2usize..=8, blank_pick in 0usize..64, seed: u64, moves in 0usize..400) {
        let goal = Board::goal_with_blank(size, blank_pick % (size * size)).unwrap();
        let b = shuffle::random_walk(&goal, moves, &mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert!(parity::is_solvable(&b, &goal));
    }

    #[test]
    fn apply_then_opposite_is_identity(size in 2usize..=8, seed: u64, dirs in prop::collection::vec(0usize..4, 0..50)) {
        let goal = Board::goal(size).unwrap();
        let start = shuffle::random_walk(&goal, 30, &mut ChaCha8Rng::seed_from_u64(seed));
        let mut b = start.clone();
        let mut done = Vec::new();
        for d in dirs {
            let dir = Direction::ALL[d];
            if b.apply(dir).is_ok() {
                done.push(dir);
            }
        }
        for dir in done.iter().rev() {
            b.apply(dir.opposite()).unwrap();
        }
        prop_assert_eq!(b, start);
    }

    #[test]
    fn uniform_and_swapped_boards_agree_with_parity_on_3x3(seed: u64) {
        let goal = Board::goal(3).unwrap();
        let b = shuffle::uniform(&goal, &mut ChaCha8Rng::seed_from_u64(seed));
        let s = search::solve(&b, &goal, &SolveRequest::new(Algorithm::IdaStar), &SearchLimits::default());
        prop_assert!(s.is_ok());
        let mut t = b.to_u32s();
        let cells: Vec<usize> = (0..9).filter(|&c| t[c] != 0).take(2).collect();
        t.swap(cells[0], cells[1]);
        let swapped = Board::from_tiles(&t).unwrap();
        prop_assert!(!parity::is_solvable(&swapped, &goal));
    }
}

/// Parity agrees with reachability for every arrangement of 2×2 and 3×3, for every goal blank.
#[test]
fn parity_matches_bfs_reachability_exhaustively() {
    for size in [2usize, 3] {
        let cells = size * size;
        for blank in 0..cells {
            let goal = Board::goal_with_blank(size, blank).unwrap();
            let reachable: std::collections::HashSet<Vec<u8>> =
                slidepuzzle_core::search::bfs::distance_table(&goal)
                    .unwrap()
                    .into_iter()
                    .map(|(b, _)| b.tiles().to_vec())
                    .collect();
            let mut perm: Vec<u32> = (0..cells as u32).collect();
            let mut total = 0;
            permutations(&mut perm, 0, &mut |p| {
                total += 1;
                let b = Board::from_tiles(p).unwrap();
                let t: Vec<u8> = p.iter().map(|&x| x as u8).collect();
                assert_eq!(parity::is_solvable(&b, &goal), reachable.contains(&t));
            });
            assert_eq!(total, (1..=cells).product::<usize>());
            assert_eq!(reachable.len(), total / 2);
        }
    }
}

fn permutations(p: &mut Vec<u32>, k: usize, f: &mut impl FnMut(&[u32])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, f);
        p.swap(k, i);
    }
}

#[test]
fn limits_end_searches_with_typed_results_and_stats() {
    let (start, goal) = hard_4x4();
    let nodes = SearchLimits::default().nodes(10_000);
    match search::solve(
        &start,
        &goal,
        &SolveRequest::new(Algorithm::IdaStar),
        &nodes,
    ) {
        Err(SolveError::LimitReached {
            limit: LimitKind::Nodes,
            stats,
        }) => {
            assert!(stats.expanded >= 10_000 && stats.expanded < 12_000)
        }
        other => panic!("{other:?}"),
    }
    // on two threads the limit counts both threads' nodes, and the error carries their sum
    match search::solve(
        &start,
        &goal,
        &SolveRequest::new(Algorithm::IdaStar),
        &SearchLimits::default().nodes(200_000).threads(2),
    ) {
        Err(SolveError::LimitReached {
            limit: LimitKind::Nodes,
            stats,
        }) => {
            assert!(
                stats.expanded >= 200_000 && stats.expanded < 210_000,
                "{stats:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    let time = SearchLimits::with_timeout(Duration::from_millis(30));
    match search::solve(&start, &goal, &SolveRequest::new(Algorithm::AStar), &time) {
        Err(SolveError::LimitReached { limit, .. }) => {
            assert!(matches!(limit, LimitKind::Time | LimitKind::Memory))
        }
        other => panic!("{other:?}"),
    }
    let unsolvable = slidepuzzle_core::text::parse_board("2 1 3 4 5 6 7 8 0").unwrap();
    let r = search::solve(
        &unsolvable,
        &Board::goal(3).unwrap(),
        &SolveRequest::new(Algorithm::Bfs),
        &SearchLimits::default(),
    );
    assert!(matches!(
        r,
        Err(SolveError::Board(slidepuzzle_core::BoardError::Unsolvable))
    ));
    let solvable = slidepuzzle_core::text::parse_board("1 2 3 4 5 6 7 0 8").unwrap();
    let goal = Board::goal(3).unwrap();
    let request = SolveRequest::new(Algorithm::PatternDb);
    let r = search::solve(&solvable, &goal, &request, &SearchLimits::default());
    assert!(matches!(
        r,
        Err(SolveError::PatternDb(
            slidepuzzle_core::heuristic::pattern_db::PdbError::Missing
        ))
    ));
}

#[test]
fn weighted_auto_on_5x5_without_databases_returns_a_path_and_a_bound() {
    let goal = Board::goal(5).unwrap();
    let start = shuffle::random_walk(&goal, 250, &mut ChaCha8Rng::seed_from_u64(11));
    let limits = SearchLimits::with_timeout(Duration::from_millis(1500));
    let s = search::solve(&start, &goal, &SolveRequest::new(Algorithm::Auto), &limits).unwrap();
    let mut b = start.clone();
    b.apply_all(&s.moves).unwrap();
    assert_eq!(b, goal);
    assert!(s.lower_bound as usize <= s.len());
}
