//! `slidepuzzle`: play in a terminal, solve, shuffle, build pattern databases and benchmark.
mod bench;
mod bench_large;
mod common;
mod error;
mod files;
mod output;
mod play;
mod teach;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::{
    search::{self, SolveRequest},
    shuffle, text, Algorithm, SearchLimits, SolveError,
};

use common::PdbOptions;
use error::CliError;
use output::out;

/// The most random blank moves `shuffle --moves` makes: far past mixing (an 8×8 board is
/// random after a few thousand), and done in well under a second.
const MAX_WALK: usize = 10_000_000;

#[derive(Parser)]
#[command(
    name = "slidepuzzle",
    version,
    about = "Sliding puzzle: play, solve, shuffle, bench"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a board and print the moves.
    Solve {
        /// Tiles row-major, 0 = blank, e.g. "8 6 7 2 5 4 3 0 1". The count sets the size.
        #[arg(long)]
        tiles: String,
        /// The goal (default: 1..n²−1 row-major, blank last).
        #[arg(long)]
        goal: Option<String>,
        /// bfs, bibfs, astar, idastar, pdb, reduction or auto.
        #[arg(long, default_value = "auto", value_parser = common::parse_algorithm)]
        algorithm: Algorithm,
        /// Heuristic for astar/idastar: zero, manhattan, lc or pdb.
        #[arg(long, default_value = "lc", value_parser = common::parse_heuristic)]
        heuristic: slidepuzzle_core::HeuristicKind,
        /// Stop after this many expanded nodes.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Stop after this many milliseconds (auto uses it as its whole budget).
        #[arg(long)]
        timeout_ms: Option<u64>,
        /// Memory budget for the search's own tables, in MiB.
        #[arg(long, default_value_t = 1024)]
        max_mb: u64,
        #[command(flatten)]
        threads: common::ThreadOptions,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Solve the way a person is taught to, phase by phase (top row, left column, the last
        /// two of a line together, the last 2×3 by turning it round), and print each phase.
        #[arg(long, conflicts_with_all = ["algorithm", "heuristic", "max_nodes", "timeout_ms"])]
        teach: bool,
        #[command(flatten)]
        pdb: PdbOptions,
    },
    /// Print a shuffled, solvable tile list.
    Shuffle {
        /// Board side, 2 to 8.
        #[arg(long, default_value_t = 4)]
        size: usize,
        /// Random blank moves (default n²·10, at most 10 000 000).
        #[arg(long, conflicts_with_all = ["uniform", "distance"],
              value_parser = clap::value_parser!(u64).range(0..=MAX_WALK as u64))]
        moves: Option<u64>,
        /// Uniformly random solvable board.
        #[arg(long, conflicts_with = "distance")]
        uniform: bool,
        /// A board exactly this many moves from the goal (3×3 and 4×4).
        #[arg(long)]
        distance: Option<u32>,
        /// RNG seed (random when omitted).
        #[arg(long)]
        seed: Option<u64>,
        /// The goal (default: blank last).
        #[arg(long)]
        goal: Option<String>,
        #[command(flatten)]
        pdb: PdbOptions,
    },
    /// Solve every instance of a data file, check each, print a table.
    Bench(bench::BenchArgs),
    /// Auto on large boards: time to the first path, and length against Manhattan distance.
    BenchLarge(bench_large::BenchLargeArgs),
    /// Pattern databases.
    Pdb {
        #[command(subcommand)]
        command: PdbCommand,
    },
    /// Play in the terminal.
    Play(play::PlayArgs),
    /// Write a puzzle picture (built-in or your photo, upright and cropped square) as PNG.
    Picture {
        #[command(flatten)]
        source: common::PictureSource,
        /// Edge of the square picture in pixels.
        #[arg(long, default_value_t = 1080)]
        edge: u32,
        /// Output PNG file (replaced only once the new one is complete; a symbolic link is
        /// followed to its file; a device, a pipe or /dev/stdout is written as a stream).
        #[arg(long, required_unless_present = "info")]
        out: Option<std::path::PathBuf>,
        /// Print the photo's upright size as WIDTHxHEIGHT (from its header) instead.
        #[arg(long, conflicts_with_all = ["out", "grid"])]
        info: bool,
        /// Draw the tile grid of this size over the picture.
        #[arg(long)]
        grid: Option<usize>,
        /// Replace the photo itself when --out names the file given with --image.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand)]
enum PdbCommand {
    /// Build the pattern databases for a goal and write them to a file.
    Build {
        /// Board side, 2 to 5.
        #[arg(long, default_value_t = 4)]
        size: usize,
        /// The goal (default: blank last).
        #[arg(long)]
        goal: Option<String>,
        /// Output file (replaced only once the new one is complete; a symbolic link is
        /// followed to its file; a device, a pipe or /dev/stdout is written as a stream).
        #[arg(long)]
        out: std::path::PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli).and_then(|()| output::flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_closed_pipe() => ExitCode::from(e.exit_code()),
        Err(e) => {
            output::note_line(format_args!("{e}"));
            ExitCode::from(e.exit_code())
        }
    }
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Solve {
            tiles,
            goal,
            algorithm,
            heuristic,
            max_nodes,
            timeout_ms,
            max_mb,
            threads,
            json,
            teach,
            pdb,
        } => {
            let start = text::parse_board(&tiles)?;
            let goal = common::goal_for(start.size(), goal.as_deref())?;
            slidepuzzle_core::parity::check_solvable(&start, &goal)?;
            if teach {
                let plan = slidepuzzle_core::teach::plan(&start, &goal)?;
                return teach::print_plan(&start, &plan, json);
            }
            let mut limits = match timeout_ms {
                Some(ms) => SearchLimits::with_timeout(Duration::from_millis(ms)),
                None => SearchLimits::default(),
            };
            limits.max_nodes = max_nodes;
            limits.max_bytes = max_mb.saturating_mul(1 << 20);
            limits.threads = threads.count();
            let mut request = SolveRequest::new(algorithm);
            request.heuristic = heuristic;
            request.pdb = pdb.for_request(&goal, algorithm, heuristic)?;
            let solution = match search::solve(&start, &goal, &request, &limits) {
                Ok(s) => s,
                Err(SolveError::LimitReached { limit, stats }) => {
                    return Err(CliError::Limit(common::limit_message(
                        limit,
                        &stats,
                        limits.max_bytes,
                    )))
                }
                Err(e) => return Err(e.into()),
            };
            common::print_solution(&start, &solution, json)
        }
        Command::Shuffle {
            size,
            moves,
            uniform,
            distance,
            seed,
            goal,
            pdb,
        } => {
            let goal = common::goal_for(size, goal.as_deref())?;
            let mut rng = match seed {
                Some(s) => ChaCha8Rng::seed_from_u64(s),
                None => ChaCha8Rng::from_os_rng(),
            };
            let board = if uniform {
                shuffle::uniform(&goal, &mut rng)
            } else if let Some(k) = distance {
                common::exact_shuffle(&goal, k, &mut rng, &pdb)?
            } else {
                let m = moves.map_or_else(|| shuffle::default_walk_length(size), |m| m as usize);
                shuffle::shuffled(&goal, m, &mut rng)
            };
            out!("{}", text::format_tiles(board.tiles()));
            Ok(())
        }
        Command::Bench(args) => bench::run(args),
        Command::BenchLarge(args) => bench_large::run(args),
        Command::Picture {
            source,
            edge,
            out,
            grid,
            info,
            force,
        } => {
            if info {
                let ((width, height), colour) = source.info()?;
                out!("{width}x{height}");
                out!("colour: {colour}");
                return Ok(());
            }
            let out = out.expect("clap requires --out without --info");
            // The output name is checked before the picture is made: a photo's own name (not
            // .png) or a folder is refused with nothing touched.
            files::check_target(&out, Some("png"))?;
            if let Some(image) = &source.image {
                if !force && files::same_file(image, &out) {
                    return Err(CliError::Input(format!(
                        "--out {} is the photo given with --image: give another name, or \
                         --force to replace the photo",
                        out.display()
                    )));
                }
            }
            let mut picture = source.load(edge)?;
            if let Some(size) = grid {
                common::draw_grid(&mut picture, size)?;
            }
            common::write_png(&picture, &out)
        }
        Command::Pdb {
            command: PdbCommand::Build { size, goal, out },
        } => {
            if !slidepuzzle_core::heuristic::pattern_db::SIZES.contains(&size) {
                return Err(CliError::Input(format!(
                    "--size {size}: pattern databases are built for 2×2 to 5×5 boards"
                )));
            }
            let goal = common::goal_for(size, goal.as_deref())?;
            // Checked before a build of seconds, not after.
            files::check_target(&out, None)?;
            let started = std::time::Instant::now();
            let db = slidepuzzle_core::heuristic::PatternDb::build(&goal, &common::build_limits())?;
            let bytes = db.to_bytes();
            files::write_atomic(&out, &bytes)?;
            output::note_line(format_args!(
                "built groups {:?} ({} bytes, reflection {}) in {:.1} s -> {}",
                db.groups(),
                bytes.len(),
                db.uses_reflection(),
                started.elapsed().as_secs_f64(),
                out.display()
            ));
            Ok(())
        }
        Command::Play(args) => play::run(args),
    }
}
