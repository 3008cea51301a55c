//! Cancel latency and progress rate, in a test binary of its own so no other test competes for the cores while
//! it measures.
mod common;
use common::hard_4x4;
use std::time::{Duration, Instant};

use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{Algorithm, CancelToken, SearchLimits, SolveError};

#[test]
fn cancel_from_another_thread_stops_every_search_within_50_ms() {
    let (start, goal) = hard_4x4();
    for (algorithm, threads) in [
        (Algorithm::Bfs, 1),
        (Algorithm::BidirectionalBfs, 1),
        (Algorithm::AStar, 1),
        (Algorithm::IdaStar, 1),
        (Algorithm::IdaStar, 2),
    ] {
        let token = CancelToken::new();
        let limits = SearchLimits::default()
            .bytes(4 << 30)
            .threads(threads)
            .cancel_token(token.clone());
        let (s, g) = (start.clone(), goal.clone());
        let handle = std::thread::spawn(move || {
            let r = search::solve(&s, &g, &SolveRequest::new(algorithm), &limits);
            (r, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(150));
        let cancelled_at = Instant::now();
        token.cancel();
        let (result, ended) = handle.join().unwrap();
        assert!(
            matches!(result, Err(SolveError::Cancelled { .. })),
            "{algorithm} on {threads} threads: {result:?}"
        );
        let latency = ended.duration_since(cancelled_at);
        assert!(
            latency < Duration::from_millis(50),
            "{algorithm} on {threads} threads took {latency:?} to stop"
        );
    }
}

#[test]
fn progress_is_reported_at_a_bounded_rate() {
    for threads in [1, 2] {
        progress_rate(threads);
    }
}

fn progress_rate(threads: usize) {
    let (start, goal) = hard_4x4();
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let c = calls.clone();
    let mut limits = SearchLimits::with_timeout(Duration::from_millis(400)).on_progress(
        std::sync::Arc::new(move |p| {
            assert!(p.expanded > 0);
            c.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }),
    );
    limits.progress_interval = Duration::from_millis(50);
    limits.threads = threads;
    let _ = search::solve(
        &start,
        &goal,
        &SolveRequest::new(Algorithm::IdaStar),
        &limits,
    );
    let n = calls.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        (3..=9).contains(&n),
        "{n} progress calls in 400 ms at 50 ms intervals on {threads} threads"
    );
}

#[test]
fn a_node_limit_of_zero_is_honoured_by_every_search() {
    let (start, goal) = hard_4x4();
    let limits = SearchLimits::default().nodes(0);
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::BidirectionalBfs,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Reduction,
        Algorithm::Auto,
    ] {
        let err = search::solve(&start, &goal, &SolveRequest::new(algorithm), &limits).unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::LimitReached {
                    limit: slidepuzzle_core::LimitKind::Nodes,
                    ..
                }
            ),
            "{algorithm}: {err:?}"
        );
    }
}
