//! slidepuzzle's 4×4 solver beside slidy's (its STM solver: IDA* over 4-4-4-3 pattern databases
//! that include the blank), on the same boards, with the same number of threads, in one run.
//!
//! ```text
//! cargo run --release --manifest-path tests/peers/Cargo.toml -- [--data FILE] [--threads N]
//!     [--cache FILE]
//! ```
//!
//! Reads a Korf-format instance file (`tests/data/korf100_subset.txt` by default; any file
//! of the core's formats, such as `tests/data/korf100.txt`) through the core's one reader,
//! checks every answer against the optimal length the file lists, and prints per solver, each
//! line with its threads: boards solved optimally, total, median and worst time (and the worst
//! board), nodes where it reports them, the tables' build or load time and the resident memory
//! their construction added to the process (slidy's measured before ours exist), then the
//! ratio of the totals.
//!
//! slidy's goal has the blank last (`1 2 … 15 0`) and Korf's first (`0 1 … 15`): each board is
//! turned half a turn and relabelled t → 16 − t, which maps Korf's goal onto slidy's and keeps
//! every path's length (the moves turn with it). [`to_slidy`] does it; its tests check both.
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use slidepuzzle_core::dataset::InstanceReader;
use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{Algorithm, Board, SearchLimits};
use slidy::puzzle::sliding_puzzle::SlidingPuzzle;
use slidy::puzzle::small::Puzzle4x4;
use slidy::solver::Solver4x4Stm;

/// Korf's board as slidy reads it: turned half a turn, tiles relabelled t → 16 − t (the blank
/// stays 0), so Korf's goal `0 1 … 15` becomes slidy's `1 2 … 15 0`.
fn to_slidy(tiles: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (cell, &t) in tiles.iter().enumerate() {
        out[15 - cell] = if t == 0 { 0 } else { 16 - t };
    }
    out
}

/// The process's resident memory in MiB (Linux), or none elsewhere.
fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

struct Args {
    data: PathBuf,
    threads: usize,
    cache: PathBuf,
    /// Each board is solved this many times by each solver, the two alternating board by
    /// board; its fastest time counts (the machine's noise only ever adds time).
    rounds: usize,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        data: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/korf100_subset.txt"
        )),
        threads: 1,
        cache: std::env::temp_dir().join("slidepuzzle-peers-4x4.pdb"),
        rounds: 3,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--data" => out.data = value.into(),
            "--threads" => out.threads = value.parse().map_err(|_| format!("--threads {value}"))?,
            "--cache" => out.cache = value.into(),
            "--rounds" => out.rounds = value.parse().map_err(|_| format!("--rounds {value}"))?,
            _ => {
                return Err(format!(
                    "unknown flag {flag} (--data FILE, --threads N, --cache FILE, --rounds N)"
                ))
            }
        }
    }
    if out.threads == 0 || out.rounds == 0 {
        return Err("--threads and --rounds take 1 or more".into());
    }
    Ok(out)
}

/// One solver's figures over the boards.
#[derive(Default)]
struct Tally {
    times: Vec<Duration>,
    /// The board of each time.
    ids: Vec<String>,
    nodes: Option<u64>,
    wrong: Vec<String>,
}

impl Tally {
    fn total(&self) -> Duration {
        self.times.iter().sum()
    }

    fn line(&self, name: &str, tables: &str) -> String {
        let mut sorted = self.times.clone();
        sorted.sort();
        let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
        let worst = self
            .times
            .iter()
            .zip(&self.ids)
            .max_by_key(|(t, _)| **t)
            .map_or("-".into(), |(t, id)| format!("{} (#{id})", ms(*t)));
        format!(
            "{name:<24} {:>7} {:>10} {:>9} {:>16} {:>13} {tables}",
            format!("{}/{}", self.times.len() - self.wrong.len(), self.times.len()),
            ms(self.total()),
            sorted.get(sorted.len() / 2).map_or("-".into(), |d| ms(*d)),
            worst,
            self.nodes.map_or("-".into(), |n| n.to_string()),
        )
    }
}

fn main() {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("peers: {e}");
            std::process::exit(2);
        }
    };
    let file = std::fs::File::open(&args.data).unwrap_or_else(|e| {
        eprintln!("peers: cannot read {}: {e}", args.data.display());
        std::process::exit(2);
    });
    let mut reader = InstanceReader::new(std::io::BufReader::new(file));
    let mut boards = Vec::new();
    while let Some(inst) = reader.next_instance().unwrap_or_else(|e| {
        eprintln!("peers: {}: {e}", args.data.display());
        std::process::exit(2);
    }) {
        boards.push(inst);
    }
    let goal = reader
        .goal()
        .cloned()
        .unwrap_or_else(|| Board::goal_with_blank(4, 0).unwrap());
    if goal.size() != 4 || goal.tiles() != (0..16).collect::<Vec<u8>>().as_slice() {
        eprintln!("peers: the boards must be 4×4 with Korf's goal 0 1 … 15");
        std::process::exit(2);
    }

    // slidy first, so that the memory its tables add is measured alone: its tables are built
    // at construction, and it has one thread.
    let before = resident_mib();
    let built = Instant::now();
    let solver = Solver4x4Stm::new();
    let theirs_tables = built.elapsed();
    let theirs_mib = resident_mib().zip(before).map(|(a, b)| a - b);

    // slidepuzzle: the tables read in place from the cache file, else built (two threads at
    // most, as the app builds them) and cached.
    let before = resident_mib();
    let built = Instant::now();
    let (db, how) = match PatternDb::map_file(&args.cache, Some(&goal))
        .ok()
        .filter(PatternDb::groups_are_current)
    {
        Some(db) => (db, "loaded"),
        None => {
            let db =
                PatternDb::build(&goal, &SearchLimits::default().threads(2)).expect("tables build");
            let _ = std::fs::write(&args.cache, db.to_bytes());
            (db, "built")
        }
    };
    let ours_tables = built.elapsed();
    let ours_mib = resident_mib().zip(before).map(|(a, b)| a - b);
    let db = Arc::new(db);
    let mut request = SolveRequest::new(Algorithm::PatternDb);
    request.pdb = Some(db);
    let limits = SearchLimits::default().threads(args.threads);

    let mut ours = Tally {
        nodes: Some(0),
        ..Tally::default()
    };
    let mut theirs = Tally::default();
    for inst in &boards {
        let puzzle = Puzzle4x4::try_from(to_slidy(inst.board.tiles())).expect("a 4×4 board");
        let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
        for round in 0..args.rounds {
            let t = Instant::now();
            let s = search::solve(&inst.board, &goal, &request, &limits).expect("solved");
            best_ours = best_ours.min(t.elapsed());
            let t = Instant::now();
            let solution = solver.solve(&puzzle).expect("solved");
            best_theirs = best_theirs.min(t.elapsed());
            if round > 0 {
                continue;
            }
            *ours.nodes.as_mut().unwrap() += s.stats.expanded;
            let mut replay = inst.board.clone();
            if s.len() as u32 != inst.optimal
                || replay.apply_all(&s.moves).is_err()
                || replay != goal
            {
                ours.wrong.push(format!(
                    "{}: {} moves, optimal {}",
                    inst.id,
                    s.len(),
                    inst.optimal
                ));
            }
            let mut replay = puzzle;
            replay.apply_alg(&solution);
            let len: u64 = solution.len_stm();
            if len != u64::from(inst.optimal) || !replay.is_solved() {
                theirs.wrong.push(format!(
                    "{}: {len} moves, optimal {}",
                    inst.id, inst.optimal
                ));
            }
        }
        ours.times.push(best_ours);
        theirs.times.push(best_theirs);
        ours.ids.push(inst.id.clone());
        theirs.ids.push(inst.id.clone());
    }

    let mib = |m: Option<f64>| m.map_or("-".into(), |m| format!("{m:.0} MiB"));
    let threads = |n: usize| if n == 1 { "1 thread".to_string() } else { format!("{n} threads") };
    println!(
        "{} boards of {}, each board's fastest of {} rounds",
        boards.len(),
        args.data.display(),
        args.rounds
    );
    println!(
        "{:<24} {:>7} {:>10} {:>9} {:>16} {:>13} tables",
        "solver", "optimal", "total ms", "median", "worst", "nodes"
    );
    println!(
        "{}",
        ours.line(
            &format!("slidepuzzle, {}", threads(args.threads)),
            &format!(
                "{how} in {:.0} ms; resident +{}",
                ours_tables.as_secs_f64() * 1000.0,
                mib(ours_mib)
            )
        )
    );
    println!(
        "{}",
        theirs.line(
            "slidy, 1 thread",
            &format!(
                "built in {:.0} ms; resident +{}",
                theirs_tables.as_secs_f64() * 1000.0,
                mib(theirs_mib)
            )
        )
    );
    println!(
        "slidepuzzle on {} / slidy on 1 thread, total time: {:.3}",
        threads(args.threads),
        ours.total().as_secs_f64() / theirs.total().as_secs_f64()
    );
    let wrong: Vec<String> = ours
        .wrong
        .iter()
        .map(|w| format!("slidepuzzle {w}"))
        .chain(theirs.wrong.iter().map(|w| format!("slidy {w}")))
        .collect();
    if !wrong.is_empty() {
        eprintln!("peers: answers that are not optimal: {}", wrong.join("; "));
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korfs_goal_becomes_slidys_and_lengths_agree() {
        let goal: Vec<u8> = (0..16).collect();
        let mapped = to_slidy(&goal);
        assert_eq!(mapped.to_vec(), (1..16).chain([0]).collect::<Vec<u8>>());
        assert!(Puzzle4x4::try_from(mapped).unwrap().is_solved());
        // A few moves from the goal: both solvers find the same length on the mapped board.
        let korf = Board::goal_with_blank(4, 0).unwrap();
        let start =
            slidepuzzle_core::text::parse_board("4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15").unwrap();
        let s = search::solve(
            &start,
            &korf,
            &SolveRequest::new(Algorithm::IdaStar),
            &SearchLimits::default(),
        )
        .unwrap();
        let theirs = Solver4x4Stm::new()
            .solve(&Puzzle4x4::try_from(to_slidy(start.tiles())).unwrap())
            .unwrap();
        assert_eq!(s.len() as u64, theirs.len_stm::<u64>());
        assert_eq!(s.len(), 2);
    }
}
