//! The reduction solver's tests: every size and blank home, limits, cancelling, progress, and a
//! path given to improve.
use super::*;
use crate::error::LimitKind;
use crate::limits::CancelToken;
use crate::shuffle;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub(super) fn shuffled(goal: &Board, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    shuffle::shuffled(goal, shuffle::default_walk_length(goal.size()), &mut rng)
}

fn replays(start: &Board, goal: &Board, s: &Solution) {
    let mut b = start.clone();
    b.apply_all(&s.moves).unwrap();
    assert_eq!(b.tiles(), goal.tiles(), "path does not reach the goal");
    assert!(s.lower_bound as usize <= s.len());
}

#[test]
fn every_size_and_blank_home_reaches_the_goal() {
    for n in 2..=8 {
        let corner = 0;
        let edge = n / 2;
        let inside = (n / 2) * n + (n - 1) / 2;
        let last = n * n - 1;
        for blank in [corner, edge, inside, last] {
            let goal = Board::goal_with_blank(n, blank).unwrap();
            for seed in 0..2 {
                let start = shuffled(&goal, seed + n as u64 * 31);
                let first = Reduction::new(&goal)
                    .first_path_only()
                    .solve(&start, &SearchLimits::default())
                    .unwrap();
                replays(&start, &goal, &first);
                if seed == 0 {
                    let limits = SearchLimits::with_timeout(Duration::from_millis(400));
                    let improved = Reduction::new(&goal).solve(&start, &limits).unwrap();
                    replays(&start, &goal, &improved);
                    assert!(improved.len() <= first.len());
                }
            }
        }
    }
}

#[test]
fn two_threads_improve_from_both_ends() {
    for (n, blank) in [(6, 14), (8, 63), (7, 0)] {
        let goal = Board::goal_with_blank(n, blank).unwrap();
        let start = shuffled(&goal, n as u64);
        let first = Reduction::new(&goal)
            .first_path_only()
            .solve(&start, &SearchLimits::default())
            .unwrap();
        let limits = SearchLimits::with_timeout(Duration::from_secs(1)).threads(2);
        let improved = Reduction::new(&goal).solve(&start, &limits).unwrap();
        replays(&start, &goal, &improved);
        assert!(improved.len() < first.len(), "{n}×{n}: nothing improved");
    }
}

#[test]
fn a_cancel_while_both_ends_improve_stops_it() {
    let goal = Board::goal(8).unwrap();
    let start = shuffled(&goal, 6);
    let token = CancelToken::new();
    let canceller = token.clone();
    let limits = SearchLimits::with_timeout(Duration::from_secs(30))
        .threads(2)
        .cancel_token(token);
    let cancel = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        canceller.cancel();
    });
    let err = Reduction::new(&goal).solve(&start, &limits).unwrap_err();
    cancel.join().unwrap();
    assert!(matches!(err, SolveError::Cancelled { .. }));
}

#[test]
fn the_solved_board_needs_no_moves() {
    let goal = Board::goal_with_blank(7, 10).unwrap();
    let s = Reduction::new(&goal)
        .solve(&goal, &SearchLimits::default())
        .unwrap();
    assert!(s.is_empty() && s.optimal);
}

/// Improving that must stop before it starts gives the first path, even though the limits'
/// deadline is far off; and the first path is found even when `until` has passed.
#[test]
fn improving_until_a_moment_past_gives_the_first_path() {
    let goal = Board::goal(8).unwrap();
    let start = shuffled(&goal, 4);
    let limits = SearchLimits::with_timeout(Duration::from_secs(60));
    let first = Reduction::new(&goal)
        .first_path_only()
        .solve(&start, &limits)
        .unwrap();
    let stopped = Reduction::new(&goal)
        .improving_until(Instant::now())
        .solve(&start, &limits)
        .unwrap();
    assert_eq!(stopped.moves, first.moves);
    let mut replay = start.clone();
    replay.apply_all(&stopped.moves).unwrap();
    assert_eq!(replay, goal);
}

/// An 8×8 board and a node limit that stops the reduction before its first path.
fn short_of_nodes() -> (Board, Board, SearchLimits) {
    let goal = Board::goal(8).unwrap();
    let start = shuffled(&goal, 9);
    (goal, start, SearchLimits::default().nodes(1_000))
}

/// `solve` ended by the node limit.
fn assert_node_limit<T: std::fmt::Debug>(solved: Result<T, SolveError>) {
    assert!(matches!(
        solved.unwrap_err(),
        SolveError::LimitReached {
            limit: LimitKind::Nodes,
            ..
        }
    ));
}

#[test]
fn a_node_limit_before_the_first_path_is_a_limit_error() {
    let (goal, start, limits) = short_of_nodes();
    assert_node_limit(Reduction::new(&goal).solve(&start, &limits));
}

#[test]
fn a_cancelled_token_stops_it() {
    let goal = Board::goal(8).unwrap();
    let start = shuffled(&goal, 4);
    let token = CancelToken::new();
    token.cancel();
    let err = Reduction::new(&goal)
        .solve(&start, &SearchLimits::default().cancel_token(token))
        .unwrap_err();
    assert!(matches!(err, SolveError::Cancelled { .. }));
}

#[test]
fn progress_is_reported_while_it_improves() {
    let goal = Board::goal(8).unwrap();
    let start = shuffled(&goal, 5);
    let calls = Arc::new(AtomicU64::new(0));
    let seen = calls.clone();
    let limits = SearchLimits {
        progress_interval: Duration::from_millis(10),
        ..SearchLimits::with_timeout(Duration::from_millis(400))
    }
    .on_progress(Arc::new(move |_| {
        seen.fetch_add(1, Ordering::Relaxed);
    }));
    let s = Reduction::new(&goal).solve(&start, &limits).unwrap();
    replays(&start, &goal, &s);
    assert!(calls.load(Ordering::Relaxed) >= 1);
}

/// A path given to improve is the answer when the limits leave no time to find one: the node
/// limit that stops a first path on this board returns the given path instead. A path that
/// does not solve the board is set aside, and the limit is met as without one.
#[test]
fn a_path_given_is_improved_instead_of_found_again() {
    let (goal, start, limits) = short_of_nodes();
    let first = Reduction::new(&goal)
        .first_path_only()
        .solve(&start, &SearchLimits::default())
        .unwrap();
    let given = Reduction::new(&goal)
        .improving_from(first.moves.clone())
        .solve(&start, &limits)
        .unwrap();
    replays(&start, &goal, &given);
    assert!(given.len() <= first.len());
    let mut wrong = first.moves.clone();
    wrong.pop();
    assert_node_limit(
        Reduction::new(&goal)
            .improving_from(wrong)
            .solve(&start, &limits),
    );
}

/// A path given for a 3×3, which the reduction would solve whole and optimally, is not called
/// the fewest moves unless it meets the lower bound.
#[test]
fn a_long_path_given_for_a_small_board_is_not_called_optimal() {
    let goal = Board::goal(3).unwrap();
    let start = shuffled(&goal, 2);
    let found = Reduction::new(&goal)
        .solve(&start, &SearchLimits::default())
        .unwrap();
    assert!(found.optimal);
    // the optimal path with a move and its undoing at the front
    let there = found.moves[0];
    let mut longer = vec![there, there.opposite()];
    longer.extend(&found.moves);
    let given = Reduction::new(&goal)
        .improving_from(longer.clone())
        .solve(&start, &SearchLimits::default())
        .unwrap();
    replays(&start, &goal, &given);
    assert!(!given.optimal && given.moves == longer);
}
