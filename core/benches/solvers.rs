//! Criterion benches over the instance sets of `tests/data`. Run: `cargo bench -p slidepuzzle-core`.
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use slidepuzzle_core::dataset::InstanceSet;
use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::search::{self, bfs, SolveRequest};
use slidepuzzle_core::{Algorithm, Board, HeuristicKind, SearchLimits};

/// A file of `tests/data` as (optimal, board) pairs, with the goal its header names.
fn load(name: &str) -> (Board, Vec<(u32, Board)>) {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let set = InstanceSet::parse(&std::fs::read_to_string(path).expect("tests/data"))
        .expect("a well-formed instance file");
    let pairs = set
        .instances
        .into_iter()
        .map(|i| (i.optimal, i.board))
        .collect();
    (set.goal.expect("the file names its goal"), pairs)
}

fn solve_all(set: &[(u32, Board)], goal: &Board, request: &SolveRequest) {
    solve_all_on(set, goal, request, 1)
}

fn solve_all_on(set: &[(u32, Board)], goal: &Board, request: &SolveRequest, threads: usize) {
    let limits = SearchLimits::default().threads(threads);
    for (opt, b) in set {
        let s = search::solve(b, goal, request, &limits).unwrap();
        assert_eq!(s.len() as u32, *opt);
    }
}

fn puzzle8(c: &mut Criterion) {
    let (goal, set) = load("puzzle8.txt");
    c.bench_function("bfs full 3x3 space", |b| {
        b.iter(|| bfs::explore(&goal, &SearchLimits::default()).unwrap())
    });
    let mut group = c.benchmark_group("puzzle8 (102 instances)");
    group.sample_size(10);
    for (name, algorithm, heuristic) in [
        (
            "astar+manhattan",
            Algorithm::AStar,
            HeuristicKind::Manhattan,
        ),
        ("astar+lc", Algorithm::AStar, HeuristicKind::LinearConflict),
        (
            "idastar+manhattan",
            Algorithm::IdaStar,
            HeuristicKind::Manhattan,
        ),
        (
            "idastar+lc",
            Algorithm::IdaStar,
            HeuristicKind::LinearConflict,
        ),
        ("bibfs", Algorithm::BidirectionalBfs, HeuristicKind::Zero),
    ] {
        let mut r = SolveRequest::new(algorithm);
        r.heuristic = heuristic;
        group.bench_function(name, |b| b.iter(|| solve_all(&set, &goal, &r)));
    }
    group.finish();
}

fn korf(c: &mut Criterion) {
    let (goal, set) = load("korf100_subset.txt");
    // the five instances Korf's IDA* needed fewest nodes for, so the LC baseline runs in seconds
    let mut easy = set.clone();
    easy.sort_by_key(|(opt, _)| *opt);
    let easy: Vec<_> = easy.into_iter().take(5).collect();
    let db = Arc::new(PatternDb::build(&goal, &SearchLimits::default()).unwrap());
    let mut group = c.benchmark_group("korf 4x4");
    group.sample_size(10);
    group.bench_function("idastar+lc, 5 shortest", |b| {
        b.iter(|| solve_all(&easy, &goal, &SolveRequest::new(Algorithm::IdaStar)))
    });
    let pdb = SolveRequest::new(Algorithm::PatternDb).with_pdb(db);
    group.bench_function("pdb 6-6-3, 5 shortest", |b| {
        b.iter(|| solve_all(&easy, &goal, &pdb))
    });
    group.bench_function("pdb 6-6-3, all 40", |b| {
        b.iter(|| solve_all(&set, &goal, &pdb))
    });
    group.bench_function("pdb 6-6-3, all 40, 2 threads", |b| {
        b.iter(|| solve_all_on(&set, &goal, &pdb, 2))
    });
    group.finish();
}

/// Beams 20 000 wide on three 7×7 boards (`shuffle`'s walks, seeds 1–3): keeping the boards
/// of recent depths out of later ones, against the plain beam in the same run.
fn beams(c: &mut Criterion) {
    use rand::SeedableRng;
    use slidepuzzle_core::heuristic::{FarTiles, LinearConflict};
    use slidepuzzle_core::search::Beam;
    use slidepuzzle_core::Solver;
    let goal = Board::goal(7).unwrap();
    let boards: Vec<Board> = (1..=3u64)
        .map(|seed| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            slidepuzzle_core::shuffle::shuffled(&goal, 490, &mut rng)
        })
        .collect();
    let h = FarTiles::new(LinearConflict::new(&goal), &goal);
    let plain = Beam::new(&goal, h.clone(), 20_000);
    let kept_out = plain.clone().recent_kept_out();
    let limits = SearchLimits::default().threads(2);
    let mut group = c.benchmark_group("beam 7x7, 20 000 wide, 3 boards");
    group.sample_size(10);
    for (name, beam) in [("plain", &plain), ("recent boards kept out", &kept_out)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for start in &boards {
                    beam.solve(start, &limits).unwrap();
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, puzzle8, korf, beams);
criterion_main!(benches);
