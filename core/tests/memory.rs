//! The memory budget bounds what the process really holds, measured as the process's peak
//! resident memory (Linux's VmHWM). In a test binary of its own: the peak is process-wide.
#![cfg(target_os = "linux")]

mod common;
use common::hard_4x4;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::Manhattan;
use slidepuzzle_core::search::{AStar, Bfs, BidirectionalBfs};
use slidepuzzle_core::{shuffle, Board, LimitKind, SearchLimits, SolveError, Solver};

/// The process's peak resident memory so far, in bytes.
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("procfs");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

fn stopped_by_memory(result: Result<slidepuzzle_core::Solution, SolveError>) {
    assert!(
        matches!(
            result,
            Err(SolveError::LimitReached {
                limit: LimitKind::Memory,
                ..
            })
        ),
        "{result:?}"
    );
}

#[test]
fn searches_stop_before_their_tables_pass_the_budget() {
    const BUDGET: u64 = 128 << 20;
    let limits = SearchLimits::default().bytes(BUDGET);
    let goal5 = Board::goal(5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start5 = shuffle::shuffled(&goal5, shuffle::default_walk_length(5), &mut rng);
    stopped_by_memory(Bfs::new(&goal5).solve(&start5, &limits));
    stopped_by_memory(BidirectionalBfs::new(&goal5).solve(&start5, &limits));
    let (start4, goal4) = hard_4x4();
    stopped_by_memory(AStar::new(&goal4, Manhattan::new(&goal4)).solve(&start4, &limits));
    // Each search's tables were freed before the next; the peak is the largest one plus the
    // test binary itself. Before tables were counted with their next doubling, a 128 MiB
    // budget let BFS reach about twice that.
    let peak = peak_rss();
    let allowed = BUDGET + BUDGET * 15 / 100 + (40 << 20);
    assert!(
        peak <= allowed,
        "peak RSS {} MB over the {} MB allowed",
        peak >> 20,
        allowed >> 20
    );
}
