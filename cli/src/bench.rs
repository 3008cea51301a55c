//! `slidepuzzle bench`: every instance of a data file, each solution replayed and compared with
//! the listed optimal length.
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use slidepuzzle_core::dataset::{Instance, InstanceReader};
use slidepuzzle_core::heuristic::{Heuristic, Manhattan};
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{Algorithm, Board, HeuristicKind, SearchLimits, SolveError};

use crate::common::{self, PdbOptions};
use crate::error::CliError;
use crate::files;
use crate::output::out;

#[derive(Args)]
pub struct BenchArgs {
    /// Data file: lines `optimal | tiles`, `id optimal | tiles` or `id optimal nodes | tiles`;
    /// `#` comments, one before the boards naming the goal ("Goal: 0 1 2 ... 15"). Read one
    /// line at a time; `-` or a pipe is copied to a temporary file first (at most 256 MiB).
    #[arg(long)]
    data: PathBuf,
    /// Algorithm (default auto).
    #[arg(long, default_value = "auto", value_parser = common::parse_algorithm)]
    algorithm: Algorithm,
    /// Heuristic for astar/idastar.
    #[arg(long, default_value = "lc", value_parser = common::parse_heuristic)]
    heuristic: HeuristicKind,
    /// Only the first N instances.
    #[arg(long)]
    limit: Option<usize>,
    /// Per-instance time budget in milliseconds; several (`100,1000,10000`) run the set once
    /// per budget, each with its own summary.
    #[arg(long, value_delimiter = ',')]
    timeout_ms: Vec<u64>,
    #[command(flatten)]
    threads: common::ThreadOptions,
    /// The goal (overrides the file's header).
    #[arg(long)]
    goal: Option<String>,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pdb: PdbOptions,
}

/// The data file's instances from its start, read one line at a time (memory does not grow
/// with the file).
fn instances(
    args: &BenchArgs,
    data: &std::fs::File,
) -> Result<InstanceReader<std::io::BufReader<std::fs::File>>, CliError> {
    use std::io::Seek;
    let file = data
        .try_clone()
        .and_then(|mut f| f.rewind().map(|()| f))
        .map_err(|e| {
            CliError::Io(format!(
                "cannot read {} again: {}",
                files::stream_name(&args.data),
                crate::error::Words(&e)
            ))
        })?;
    Ok(InstanceReader::new(std::io::BufReader::new(file)))
}

/// The next instance of `reader`, with the file's name on an error.
fn next(
    args: &BenchArgs,
    reader: &mut InstanceReader<std::io::BufReader<std::fs::File>>,
) -> Result<Option<Instance>, CliError> {
    reader
        .next_instance()
        .map_err(|e| CliError::Input(format!("{}: {e}", files::stream_name(&args.data))))
}

/// Solves every instance within `timeout`, printing a row each and a summary; the counts of
/// wrong and unfinished solutions.
fn run_budget(
    args: &BenchArgs,
    data: &std::fs::File,
    goal: &Board,
    request: &SolveRequest,
    manhattan: &Manhattan,
    count: usize,
    timeout: Option<u64>,
) -> Result<(usize, usize), CliError> {
    if !args.json {
        out!(
            "{:>5} {:>4} {:>6} {:>8} {:>13} {:>13} {:>10} {:>8}",
            "id",
            "opt",
            "length",
            "optimal",
            "expanded",
            "generated",
            "ms",
            "vs ref"
        );
    }
    let mut times = Vec::new();
    let (mut generated, mut reference, mut wrong, mut failed) = (0u64, 0u64, 0usize, 0usize);
    // length / optimal and length / Manhattan distance of the start, per solved board
    let (mut over_optimal, mut over_manhattan) = (Vec::new(), Vec::new());
    let started = Instant::now();
    // Second pass: the same instances, solved as they are read.
    let mut reader = instances(args, data)?;
    for _ in 0..count {
        let Some(inst) = next(args, &mut reader)? else {
            return Err(CliError::Io(format!(
                "{} changed while it was read",
                files::stream_name(&args.data)
            )));
        };
        let limits = match timeout {
            Some(ms) => SearchLimits::with_timeout(Duration::from_millis(ms)),
            None => SearchLimits::default(),
        }
        .threads(args.threads.count());
        match search::solve(&inst.board, goal, request, &limits) {
            Ok(s) => {
                let mut replay = inst.board.clone();
                let reaches = replay.apply_all(&s.moves).is_ok() && &replay == goal;
                let len = s.len() as u32;
                let matches = len == inst.optimal;
                if !reaches || len < inst.optimal || (s.optimal && !matches) {
                    wrong += 1;
                }
                let ms = s.stats.elapsed.as_secs_f64() * 1000.0;
                over_optimal.push(len as f64 / inst.optimal.max(1) as f64);
                over_manhattan
                    .push(len as f64 / manhattan.estimate(inst.board.tiles()).max(1) as f64);
                times.push(ms);
                generated += s.stats.generated;
                let ratio = inst.reference_nodes.map(|r| {
                    reference += r;
                    s.stats.generated as f64 / r as f64
                });
                if args.json {
                    out!(
                        "{}",
                        serde_json::json!({"id": inst.id, "optimal": inst.optimal,
                            "length": len, "proven_optimal": s.optimal, "replayed": reaches,
                            "lower_bound": s.lower_bound,
                            "expanded": s.stats.expanded, "generated": s.stats.generated,
                            "ms": ms, "reference_nodes": inst.reference_nodes})
                    );
                } else {
                    let mark = match (reaches, matches, s.optimal) {
                        (false, _, _) => "WRONG",
                        (true, true, true) => "yes",
                        (true, true, false) => "=opt",
                        (true, false, _) => "no",
                    };
                    out!(
                        "{:>5} {:>4} {:>6} {:>8} {:>13} {:>13} {:>10.1} {:>8}",
                        inst.id,
                        inst.optimal,
                        len,
                        mark,
                        s.stats.expanded,
                        s.stats.generated,
                        ms,
                        ratio.map(|r| format!("{r:.4}")).unwrap_or_default()
                    );
                }
            }
            // A board the solver refuses is bad data, not a limit: said with its line, exit 2.
            Err(e @ (SolveError::LimitReached { .. } | SolveError::Cancelled { .. })) => {
                failed += 1;
                if args.json {
                    out!(
                        "{}",
                        serde_json::json!({"id": inst.id, "optimal": inst.optimal,
                            "error": e.to_string()})
                    );
                } else {
                    out!("{:>5} {:>4} {e}", inst.id, inst.optimal);
                }
            }
            Err(e) => {
                return Err(CliError::Input(format!(
                    "{}: line {}: {e}",
                    files::stream_name(&args.data),
                    inst.line
                )))
            }
        }
    }
    let total = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    if args.json {
        let summary = |ratios: &mut [f64]| {
            spread(ratios).map(|(median, mean, worst)| {
                serde_json::json!({"median": median, "mean": mean, "worst": worst})
            })
        };
        out!(
            "{}",
            serde_json::json!({"summary": {"budget_ms": timeout, "instances": count,
                "solved": times.len(), "wrong": wrong, "not_finished": failed,
                "seconds": total, "median_ms": median, "generated": generated,
                "reference_nodes": (reference > 0).then_some(reference),
                "length_over_optimal": summary(&mut over_optimal),
                "length_over_manhattan": summary(&mut over_manhattan)}})
        );
        return Ok((wrong, failed));
    }
    let ratio = if reference > 0 {
        format!(
            ", generated/reference {:.5}",
            generated as f64 / reference as f64
        )
    } else {
        String::new()
    };
    let budget = timeout.map_or("no time limit".to_string(), |ms| format!("{ms} ms budget"));
    out!(
        "{budget}: length/optimal {}; length/Manhattan {}",
        ratio_summary(&mut over_optimal),
        ratio_summary(&mut over_manhattan)
    );
    out!(
        "total: {} instances, {} solved, {} wrong, {} not finished; {:.2} s, median {:.1} ms, generated {}{}",
        count,
        times.len(),
        wrong,
        failed,
        total,
        median,
        generated,
        ratio
    );
    Ok((wrong, failed))
}

/// "median 1.04, mean 1.05, worst 1.12" of `ratios`, or "none" when empty.
fn ratio_summary(ratios: &mut [f64]) -> String {
    match spread(ratios) {
        Some((median, mean, worst)) => {
            format!("median {median:.3}, mean {mean:.3}, worst {worst:.3}")
        }
        None => "none".into(),
    }
}

/// The median, mean and worst (largest) of `ratios`, sorting them; none when empty.
fn spread(ratios: &mut [f64]) -> Option<(f64, f64, f64)> {
    ratios.sort_by(f64::total_cmp);
    let worst = *ratios.last()?;
    let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
    Some((ratios[ratios.len() / 2], mean, worst))
}

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    if args.limit == Some(0) {
        return Err(CliError::Input(
            "--limit 0 leaves no instance to run (give at least 1)".into(),
        ));
    }
    let limit = args.limit.unwrap_or(usize::MAX);
    // First pass: a bad data file is bad input, found before any solving. Every board must be
    // the goal's size and able to reach it. The goal is the one given, else the header's
    // (named before the first board), else the default for the first board's size.
    // Read twice (checked, then solved): a pipe or `-` is spooled to a temporary file first.
    let data = files::open_rewindable(&args.data, "data", files::MAX_SPOOL_BYTES)?;
    let mut reader = instances(&args, &data)?;
    let mut goal: Option<Board> = None;
    let mut count = 0;
    while count < limit {
        let Some(inst) = next(&args, &mut reader)? else {
            break;
        };
        let goal = match &goal {
            Some(g) => g,
            None => goal.insert(match (&args.goal, reader.goal()) {
                (Some(g), _) => common::goal_for(inst.board.size(), Some(g))?,
                (None, Some(g)) => g.clone(),
                (None, None) => Board::goal(inst.board.size())?,
            }),
        };
        let at = |m: String| {
            CliError::Input(format!(
                "{}: line {}: {m}",
                files::stream_name(&args.data),
                inst.line
            ))
        };
        if inst.board.size() != goal.size() {
            return Err(at(format!(
                "the board is {0}×{0} but the goal is {1}×{1}",
                inst.board.size(),
                goal.size()
            )));
        }
        if !slidepuzzle_core::parity::is_solvable(&inst.board, goal) {
            return Err(at(
                "this board cannot reach the goal (two tiles are swapped)".into(),
            ));
        }
        count += 1;
    }
    let Some(goal) = goal else {
        return Err(CliError::Input("no instances in the data file".into()));
    };
    let mut request = SolveRequest::new(args.algorithm);
    request.heuristic = args.heuristic;
    request.pdb = args
        .pdb
        .for_request(&goal, args.algorithm, args.heuristic)?;
    let budgets: Vec<Option<u64>> = if args.timeout_ms.is_empty() {
        vec![None]
    } else {
        args.timeout_ms.iter().map(|&ms| Some(ms)).collect()
    };
    let manhattan = Manhattan::new(&goal);
    let (mut wrong, mut unfinished) = (0usize, Vec::new());
    for timeout in budgets {
        let (w, f) = run_budget(&args, &data, &goal, &request, &manhattan, count, timeout)?;
        wrong += w;
        if f > 0 {
            let within = timeout.map_or("without a time limit".into(), |ms| format!("in {ms} ms"));
            unfinished.push(format!("{f} of {count} {within}"));
        }
    }
    if wrong > 0 {
        return Err(CliError::Input(format!("{wrong} solutions were wrong")));
    }
    if !unfinished.is_empty() {
        return Err(CliError::Limit(format!(
            "instances not finished within their limits: {}",
            unfinished.join(", ")
        )));
    }
    Ok(())
}
