//! `slidepuzzle bench-large`: Auto on 6×6 to 8×8 seed-style shuffles. For each board: how soon
//! the reduction's first path comes, and its length against the start's Manhattan distance at
//! each budget, beside what Auto ran on these sizes before (weighted IDA* with falling
//! weights) at the largest budget, all in one run.
use std::time::{Duration, Instant};

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidepuzzle_core::search::{Reduction, WeightedIdaStar};
use slidepuzzle_core::{shuffle, Board, SearchLimits, SolveError, Solver};

use crate::common::{CliError, ThreadOptions};
use crate::output::{out, out_part};

#[derive(Args)]
pub struct BenchLargeArgs {
    /// Board sides.
    #[arg(long, value_delimiter = ',', default_value = "6,7,8")]
    sizes: Vec<usize>,
    /// Boards per size: the walk shuffles of seeds 1..=N (n²·10 random moves, as `shuffle`).
    #[arg(long, default_value_t = 15)]
    count: u64,
    /// Time budgets in milliseconds.
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000")]
    budgets: Vec<u64>,
    /// Skip the baseline (weighted IDA*, what Auto ran before).
    #[arg(long)]
    no_baseline: bool,
    #[command(flatten)]
    threads: ThreadOptions,
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NAN, f64::max)
}

pub fn run(args: BenchLargeArgs) -> Result<(), CliError> {
    if args.count == 0 || args.budgets.is_empty() {
        return Err(CliError::Input(
            "give at least one board and one budget".into(),
        ));
    }
    if let Some(&n) = args.sizes.iter().find(|&&n| !(2..=8).contains(&n)) {
        return Err(CliError::Input(format!("size {n} is outside 2–8")));
    }
    let top = *args.budgets.iter().max().expect("not empty");
    let threads = args.threads.count();
    out_part!("{:>5} {:>10} {:>10}", "size", "first ms", "worst ms");
    for b in &args.budgets {
        out_part!(
            " {:>12} {:>6} {:>6}",
            format!("len/md@{b}"),
            "mean",
            "worst"
        );
    }
    if !args.no_baseline {
        out_part!(" {:>14} {:>8}", format!("old@{top}"), "no path");
    }
    out!("");
    // Boards that got no path within a budget: named under the table, and the exit says so.
    let mut misses = Vec::new();
    for &n in &args.sizes {
        let goal = Board::goal(n)?;
        let manhattan = Manhattan::new(&goal);
        let mut first = Vec::new();
        let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); args.budgets.len()];
        let (mut baseline, mut baseline_failed) = (Vec::new(), 0);
        for seed in 1..=args.count {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let start = shuffle::shuffled(&goal, shuffle::default_walk_length(n), &mut rng);
            let md = manhattan.estimate(start.tiles()).max(1) as f64;
            let began = Instant::now();
            let s = Reduction::new(&goal)
                .first_path_only()
                .solve(&start, &SearchLimits::default())?;
            first.push(began.elapsed().as_secs_f64() * 1000.0);
            check(&start, &goal, &s.moves)?;
            for (i, &ms) in args.budgets.iter().enumerate() {
                let limits = SearchLimits::with_timeout(Duration::from_millis(ms)).threads(threads);
                match Reduction::new(&goal).solve(&start, &limits) {
                    Ok(s) => {
                        check(&start, &goal, &s.moves)?;
                        ratios[i].push(s.len() as f64 / md);
                    }
                    Err(SolveError::LimitReached { .. }) => {
                        misses.push(format!("{n}×{n} seed {seed}: no path within {ms} ms"));
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            if !args.no_baseline {
                match weighted_anytime(&goal, &start, Duration::from_millis(top), threads) {
                    Some(len) => baseline.push(len as f64 / md),
                    None => baseline_failed += 1,
                }
            }
        }
        out_part!(
            "{:>5} {:>10.1} {:>10.1}",
            format!("{n}×{n}"),
            median(&mut first.clone()),
            worst(&first)
        );
        for r in &mut ratios {
            let w = worst(r);
            // A budget in which some boards got no path: the ratio is over those that did,
            // marked with the count that did not.
            let missed = args.count as usize - r.len();
            let mark = if missed > 0 {
                format!("{missed}✗")
            } else {
                String::new()
            };
            // NaN with no path at all, as the median and the worst
            let mean = r.iter().sum::<f64>() / r.len() as f64;
            out_part!(
                " {:>12} {:>6.2} {:>6.2}",
                format!("{mark}{:.2}", median(r)),
                mean,
                w
            );
        }
        if !args.no_baseline {
            out_part!(
                " {:>14.2} {:>8}",
                median(&mut baseline),
                format!("{baseline_failed}/{}", args.count)
            );
        }
        out!("");
    }
    if !misses.is_empty() {
        for m in &misses {
            out!("{m}");
        }
        return Err(CliError::Limit(format!(
            "{} boards got no path within their budget (✗ in the table)",
            misses.len()
        )));
    }
    Ok(())
}

/// What Auto ran on 6×6 and larger before the reduction: weighted IDA* with falling weights
/// until the budget ends, keeping the shortest path; `None` when none was found in time.
fn weighted_anytime(
    goal: &Board,
    start: &Board,
    budget: Duration,
    threads: usize,
) -> Option<usize> {
    let limits = SearchLimits::with_timeout(budget).threads(threads);
    let mut best: Option<usize> = None;
    for w in [8.0, 4.0, 3.0, 2.0, 1.5, 1.3, 1.2] {
        match WeightedIdaStar::new(goal, LinearConflict::new(goal), w).solve(start, &limits) {
            Ok(s) => best = Some(best.map_or(s.len(), |b| b.min(s.len()))),
            Err(_) => break,
        }
    }
    best
}

fn check(
    start: &Board,
    goal: &Board,
    moves: &[slidepuzzle_core::Direction],
) -> Result<(), CliError> {
    let mut b = start.clone();
    if b.apply_all(moves).is_err() || &b != goal {
        return Err(CliError::Input("a path did not reach the goal".into()));
    }
    Ok(())
}
