//! `slidepuzzle bench`: every instance of a data file, each solution replayed and compared with
//! the listed optimal length.
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use slidepuzzle_core::dataset::InstanceSet;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{Algorithm, Board, HeuristicKind, SearchLimits};

use crate::common::{self, CliError, PdbOptions};

#[derive(Args)]
pub struct BenchArgs {
    /// Data file: lines `optimal | tiles` or `id optimal nodes | tiles`; `#` comments, one
    /// naming the goal ("Goal: 0 1 2 ... 15").
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
    /// Per-instance time budget in milliseconds.
    #[arg(long)]
    timeout_ms: Option<u64>,
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

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.data)
        .map_err(|e| CliError::Io(format!("cannot read {}: {e}", args.data.display())))?;
    let InstanceSet {
        goal: header,
        mut instances,
    } = InstanceSet::parse(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", args.data.display())))?;
    if let Some(limit) = args.limit {
        if limit == 0 {
            return Err(CliError::Input(
                "--limit 0 leaves no instance to run (give at least 1)".into(),
            ));
        }
        instances.truncate(limit);
    }
    let Some(first) = instances.first() else {
        return Err(CliError::Input("no instances in the data file".into()));
    };
    let size = first.board.size();
    let goal = match (&args.goal, header) {
        (Some(g), _) => common::goal_for(size, Some(g))?,
        (None, Some(g)) => g,
        (None, None) => Board::goal(size)?,
    };
    // A bad data file is bad input, found before any solving: every board must be the goal's
    // size and able to reach it.
    for inst in &instances {
        let at = |m: String| {
            CliError::Input(format!("{}: line {}: {m}", args.data.display(), inst.line))
        };
        if inst.board.size() != goal.size() {
            return Err(at(format!(
                "the board is {0}×{0} but the goal is {1}×{1}",
                inst.board.size(),
                goal.size()
            )));
        }
        if !slidepuzzle_core::parity::is_solvable(&inst.board, &goal) {
            return Err(at(
                "this board cannot reach the goal (two tiles are swapped)".into(),
            ));
        }
    }
    let mut request = SolveRequest::new(args.algorithm);
    request.heuristic = args.heuristic;
    request.pdb = args
        .pdb
        .for_request(&goal, args.algorithm, args.heuristic)?;
    if !args.json {
        println!(
            "{:>5} {:>4} {:>6} {:>8} {:>13} {:>13} {:>10} {:>8}",
            "id", "opt", "length", "optimal", "expanded", "generated", "ms", "vs ref"
        );
    }
    let mut times = Vec::new();
    let (mut generated, mut reference, mut wrong, mut failed) = (0u64, 0u64, 0usize, 0usize);
    let started = Instant::now();
    for inst in &instances {
        let limits = match args.timeout_ms {
            Some(ms) => SearchLimits::with_timeout(Duration::from_millis(ms)),
            None => SearchLimits::default(),
        }
        .threads(args.threads.count());
        match search::solve(&inst.board, &goal, &request, &limits) {
            Ok(s) => {
                let mut replay = inst.board.clone();
                let reaches = replay.apply_all(&s.moves).is_ok() && replay == goal;
                let len = s.len() as u32;
                let matches = len == inst.optimal;
                if !reaches || len < inst.optimal || (s.optimal && !matches) {
                    wrong += 1;
                }
                let ms = s.stats.elapsed.as_secs_f64() * 1000.0;
                times.push(ms);
                generated += s.stats.generated;
                let ratio = inst.reference_nodes.map(|r| {
                    reference += r;
                    s.stats.generated as f64 / r as f64
                });
                if args.json {
                    println!(
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
                    println!(
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
            Err(e) => {
                failed += 1;
                println!("{:>5} {:>4} {e}", inst.id, inst.optimal);
            }
        }
    }
    let total = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let ratio = if reference > 0 {
        format!(
            ", generated/reference {:.5}",
            generated as f64 / reference as f64
        )
    } else {
        String::new()
    };
    println!(
        "total: {} instances, {} solved, {} wrong, {} not finished; {:.2} s, median {:.1} ms, generated {}{}",
        instances.len(),
        times.len(),
        wrong,
        failed,
        total,
        median,
        generated,
        ratio
    );
    if wrong > 0 {
        return Err(CliError::Input(format!("{wrong} solutions were wrong")));
    }
    Ok(())
}
