//! Pattern-database search on 4×4 for goals with the blank in a corner, on an edge and inside:
//! the same optimal lengths as IDA* with linear conflict, and hints that walk the optimal path.
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::{PatternDb, PdbHeuristic};
use slidepuzzle_core::search::{self, IdaStar, IdaStar4x4, SolveRequest, Solver};
use slidepuzzle_core::Heuristic;
use slidepuzzle_core::{shuffle, Algorithm, Board, SearchLimits};

#[test]
fn pdb_search_matches_linear_conflict_for_corner_edge_and_inner_blanks() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let limits = SearchLimits::default();
    // corner, edge, inner; each paired with a blank in another symmetry class
    for (blank, elsewhere) in [(15, 1), (1, 5), (6, 0)] {
        let goal = Board::goal_with_blank(4, blank).unwrap();
        // built on two threads (groups taken from a shared counter): the checks below hold
        // only if every group landed in its place
        let db = Arc::new(PatternDb::build(&goal, &limits.clone().threads(2)).unwrap());
        assert!(db.groups_are_current());
        assert_eq!(
            PdbHeuristic::new(db.clone(), &goal)
                .unwrap()
                .estimate(goal.tiles()),
            0
        );
        let bytes = db.to_bytes();
        assert_eq!(PatternDb::from_bytes(&bytes, Some(&goal)).unwrap(), *db);
        let pdb = SolveRequest::new(Algorithm::PatternDb).with_pdb(db.clone());
        // the search written for 4×4, its first moves in the fixed order, is the generic IDA*
        // over the same tables, node for node; ordered, it finds a path as short
        let h = PdbHeuristic::new(db.clone(), &goal).unwrap();
        let ordered = IdaStar4x4::new(&goal, h.clone()).expect("a 4×4 database");
        let fast = ordered.clone().ordered_levels(0);
        let generic = IdaStar::new(&goal, h);
        for _ in 0..3 {
            let start = shuffle::random_walk(&goal, 80, &mut rng);
            let (a, b) = (
                fast.solve(&start, &limits).unwrap(),
                generic.solve(&start, &limits),
            );
            let b = b.unwrap();
            assert_eq!((&a.moves, a.stats.expanded), (&b.moves, b.stats.expanded));
            assert!(a.optimal && a.stats.expanded > 0);
            let o = ordered.solve(&start, &limits).unwrap();
            assert_eq!(o.len(), a.len());
            let mut replay = start.clone();
            replay.apply_all(&o.moves).unwrap();
            assert_eq!(replay, goal);
        }
        let lc = SolveRequest::new(Algorithm::IdaStar);
        for _ in 0..4 {
            let start = shuffle::random_walk(&goal, 60, &mut rng);
            let a = search::solve(&start, &goal, &pdb, &limits).unwrap();
            let b = search::solve(&start, &goal, &lc, &limits).unwrap();
            assert_eq!(a.len(), b.len(), "blank {blank}, start {start:?}");
            assert!(a.stats.expanded <= b.stats.expanded);
            // two threads: another optimal path, perhaps, of the same length
            let two = search::solve(&start, &goal, &pdb, &limits.clone().threads(2)).unwrap();
            assert_eq!(two.len(), a.len());
            assert!(two.optimal);
            let mut replay = start.clone();
            replay.apply_all(&two.moves).unwrap();
            assert_eq!(replay, goal);
        }
        // following hints from a board reaches the goal in exactly the optimal count
        let start = shuffle::random_walk(&goal, 40, &mut rng);
        let optimal = search::solve(&start, &goal, &pdb, &limits).unwrap().len();
        let mut board = start.clone();
        let mut steps = 0;
        while let Some(dir) = search::auto::hint(&board, &goal, Some(db.clone()), &limits).unwrap()
        {
            board.apply(dir).unwrap();
            steps += 1;
            assert!(steps <= optimal);
        }
        assert_eq!(board, goal);
        assert_eq!(steps, optimal);
        let best = search::auto::best_count(&start, &goal, Some(db.clone()), &limits).unwrap();
        assert!(best.optimal);
        assert_eq!(best.len(), optimal);
        // the database refuses another goal
        let other = Board::goal_with_blank(4, elsewhere).unwrap();
        let other_start = shuffle::random_walk(&other, 20, &mut rng);
        let wrong = search::solve(&other_start, &other, &pdb, &limits);
        assert!(matches!(
            wrong,
            Err(slidepuzzle_core::SolveError::PatternDb(_))
        ));
    }
}

#[test]
fn exact_distance_shuffles_are_at_that_distance() {
    let goal = Board::goal(4).unwrap();
    let limits = SearchLimits::default();
    let db = Arc::new(PatternDb::build(&goal, &limits).unwrap());
    let request = SolveRequest::new(Algorithm::PatternDb).with_pdb(db);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for k in [1, 10, 25, 40] {
        let dist = |b: &Board| Ok(search::solve(b, &goal, &request, &limits)?.len() as u32);
        let board = shuffle::exact_distance(&goal, k, &mut rng, dist).unwrap();
        assert_eq!(dist(&board).unwrap(), k);
    }
}

/// One database serves every goal that a symmetry of the square maps onto its own: here the
/// corner database serves goals with the blank in each corner, including relabelled ones.
#[test]
fn a_corner_database_serves_every_corner_goal() {
    let limits = SearchLimits::default();
    let canonical = Board::goal_with_blank(4, 0).unwrap();
    let db = Arc::new(PatternDb::build(&canonical, &limits).unwrap());
    let reversed: Vec<u32> = (0..16).map(|c| if c == 15 { 0 } else { 15 - c }).collect();
    let goals = [
        Board::goal_with_blank(4, 3).unwrap(),
        Board::goal_with_blank(4, 12).unwrap(),
        Board::goal(4).unwrap(),
        Board::from_tiles(&reversed).unwrap(),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for goal in &goals {
        assert_eq!(slidepuzzle_core::heuristic::canonical_goal(goal), canonical);
        let h = PdbHeuristic::new(db.clone(), goal).unwrap();
        assert_eq!(h.estimate(goal.tiles()), 0);
        let pdb = SolveRequest::new(Algorithm::PatternDb).with_pdb(db.clone());
        let lc = SolveRequest::new(Algorithm::IdaStar);
        for _ in 0..3 {
            let start = shuffle::random_walk(goal, 60, &mut rng);
            let a = search::solve(&start, goal, &pdb, &limits).unwrap();
            let b = search::solve(&start, goal, &lc, &limits).unwrap();
            assert_eq!(a.len(), b.len(), "goal {goal:?} start {start:?}");
            let mut end = start.clone();
            end.apply_all(&a.moves).unwrap();
            assert_eq!(&end, goal);
        }
    }
}
