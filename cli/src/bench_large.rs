//! `slidepuzzle bench-large`: Auto on 6×6 to 8×8 seed-style shuffles. For each board: how soon
//! the reduction's first path comes, and Auto's length against the start's Manhattan distance
//! at each budget, beside what Auto ran on these sizes before (the reduction, improving its own
//! path for at most 1 s) at the largest budget, all in one run.
use std::time::{Duration, Instant};

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::{Heuristic, Manhattan};
use slidepuzzle_core::search::auto::REDUCTION_BUDGET;
use slidepuzzle_core::search::{Auto, Reduction};
use slidepuzzle_core::{shuffle, Board, SearchLimits, SolveError, Solver};

use crate::common::ThreadOptions;
use crate::error::CliError;
use crate::output::{out, out_part};

#[derive(Args)]
pub struct BenchLargeArgs {
    /// Board sides.
    #[arg(long, value_delimiter = ',', default_value = "6,7,8")]
    sizes: Vec<usize>,
    /// Boards per size: the walk shuffles of N seeds from `--first-seed` on (n²·10 random
    /// moves, as `shuffle`), at most 10 000.
    #[arg(long, default_value_t = 15,
          value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    count: u64,
    /// The first seed: boards other than the usual fifteen, to check that a change did not
    /// fit them alone.
    #[arg(long, default_value_t = 1)]
    first_seed: u64,
    /// Time budgets in milliseconds.
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000")]
    budgets: Vec<u64>,
    /// Skip the baseline (the reduction alone, what Auto ran before).
    #[arg(long)]
    no_baseline: bool,
    #[command(flatten)]
    threads: ThreadOptions,
}

/// The most boards a size takes: hours of solving at the default budgets, and a bounded table.
const MAX_COUNT: u64 = 10_000;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// NaN for no values, as the median and the worst.
fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NAN, f64::max)
}

/// A ratio column's figures (median, mean, worst) as the table prints them, with the number of
/// boards that got no path marked before the median; "—" where no board got one.
fn ratio_cells(r: &mut [f64], missed: usize, widths: [usize; 3]) -> String {
    let mark = if missed > 0 {
        format!("{missed}✗")
    } else {
        String::new()
    };
    let [a, b, c] = widths;
    if r.is_empty() {
        return format!(" {:>a$} {:>b$} {:>c$}", format!("{mark}—"), "—", "—");
    }
    let w = worst(r);
    format!(
        " {:>a$} {:>b$.2} {:>c$.2}",
        format!("{mark}{:.2}", median(r)),
        mean(r),
        w
    )
}

pub fn run(args: BenchLargeArgs) -> Result<(), CliError> {
    if args.budgets.is_empty() {
        return Err(CliError::Input("give at least one budget".into()));
    }
    let Some(last_seed) = args.first_seed.checked_add(args.count - 1) else {
        return Err(CliError::Input(format!(
            "--first-seed {} with --count {} runs past the last seed, {}: give a first seed up \
             to {}",
            args.first_seed,
            args.count,
            u64::MAX,
            u64::MAX - (args.count - 1)
        )));
    };
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
        out_part!(
            " {:>14} {:>6} {:>6}",
            format!("before@{top}"),
            "mean",
            "worst"
        );
    }
    out!("");
    // Boards that got no path within a budget: named under the table, and the exit says so.
    let mut misses = Vec::new();
    for &n in &args.sizes {
        let goal = Board::goal(n)?;
        let manhattan = Manhattan::new(&goal);
        let mut first = Vec::new();
        let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); args.budgets.len()];
        let mut baseline = Vec::new();
        for seed in args.first_seed..=last_seed {
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
                match Auto::new(&goal, None).solve(&start, &limits) {
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
                // Auto before: the reduction, improving its path for at most 1 s
                let budget = Duration::from_millis(top).min(REDUCTION_BUDGET);
                let limits = SearchLimits::with_timeout(budget).threads(threads);
                match Reduction::new(&goal).solve(&start, &limits) {
                    Ok(s) => {
                        check(&start, &goal, &s.moves)?;
                        baseline.push(s.len() as f64 / md);
                    }
                    Err(SolveError::LimitReached { .. }) => misses.push(format!(
                        "{n}×{n} seed {seed}: no path within {} ms before (the baseline)",
                        budget.as_millis()
                    )),
                    Err(e) => return Err(e.into()),
                }
            }
        }
        out_part!(
            "{:>5} {:>10.1} {:>10.1}",
            format!("{n}×{n}"),
            median(&mut first.clone()),
            worst(&first)
        );
        // A budget in which some boards got no path: the ratio is over those that did, marked
        // with the count that did not.
        for r in &mut ratios {
            let missed = args.count as usize - r.len();
            out_part!("{}", ratio_cells(r, missed, [12, 6, 6]));
        }
        if !args.no_baseline {
            let missed = args.count as usize - baseline.len();
            out_part!("{}", ratio_cells(&mut baseline, missed, [14, 6, 6]));
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
