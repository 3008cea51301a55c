//! slidepuzzle-ffi: the UniFFI face of slidepuzzle-core for the Kotlin and Swift apps.
//!
//! A thin mirror: every export converts its arguments, calls the core and converts the result
//! back. What crosses the boundary is plain data (tile lists as `u32`, moves as [`Direction`],
//! pictures as one RGBA buffer) plus four objects: [`Game`], [`CancelToken`],
//! [`PatternDatabase`] and the foreign [`ProgressListener`].
//!
//! Every fallible export returns `Result<_, PuzzleError>`; nothing here unwraps. Solves block
//! and are meant for a background thread; no lock is held while a solve runs, so the
//! progress callback may call back into a [`Game`].
#![deny(missing_docs)]

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core as core;
use slidepuzzle_core::heuristic::pattern_db::PdbError;
use slidepuzzle_core::picture::{self as pic, PictureError};
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{
    shuffle, Board, BoardError, MoveError, SaveError, SearchLimits, ShuffleError, SolveError,
};

uniffi::setup_scaffolding!("slidepuzzle");

/// Memory budget of a search when [`Limits::max_bytes`] is not set: 256 MiB, a phone's share.
pub const DEFAULT_MAX_BYTES: u64 = 256 << 20;

/// Everything that can go wrong, one variant per kind; the message says what happened.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum PuzzleError {
    /// A tile list, size or cell that does not describe a valid board.
    #[error("{0}")]
    InvalidBoard(String),
    /// The board cannot reach the goal.
    #[error("{0}")]
    Unsolvable(String),
    /// A move or tap that cannot be made.
    #[error("{0}")]
    IllegalMove(String),
    /// A node, memory or time budget ran out before a solution was found.
    #[error("{0}")]
    LimitReached(String),
    /// The cancel token was set.
    #[error("{0}")]
    Cancelled(String),
    /// The algorithm cannot handle this board (e.g. plain BFS on 6×6).
    #[error("{0}")]
    Unsupported(String),
    /// Pattern databases missing, damaged or for another goal.
    #[error("{0}")]
    PatternDatabase(String),
    /// A save that cannot be restored.
    #[error("{0}")]
    BadSave(String),
    /// An image that cannot be used.
    #[error("{0}")]
    BadPicture(String),
    /// An argument out of range (edge, distance, …).
    #[error("{0}")]
    InvalidArgument(String),
}

impl From<BoardError> for PuzzleError {
    fn from(e: BoardError) -> Self {
        match e {
            BoardError::Unsolvable => PuzzleError::Unsolvable(e.to_string()),
            _ => PuzzleError::InvalidBoard(e.to_string()),
        }
    }
}

impl From<MoveError> for PuzzleError {
    fn from(e: MoveError) -> Self {
        PuzzleError::IllegalMove(e.to_string())
    }
}

impl From<SaveError> for PuzzleError {
    fn from(e: SaveError) -> Self {
        PuzzleError::BadSave(e.to_string())
    }
}

impl From<PictureError> for PuzzleError {
    fn from(e: PictureError) -> Self {
        match e {
            PictureError::EdgeOutOfRange { .. } | PictureError::NoSuchBuiltin(_) => {
                PuzzleError::InvalidArgument(e.to_string())
            }
            _ => PuzzleError::BadPicture(e.to_string()),
        }
    }
}

impl From<PdbError> for PuzzleError {
    fn from(e: PdbError) -> Self {
        PuzzleError::PatternDatabase(e.to_string())
    }
}

impl From<ShuffleError> for PuzzleError {
    fn from(e: ShuffleError) -> Self {
        match e {
            ShuffleError::Solve(s) => s.into(),
            ShuffleError::NeedsPatternDb { .. } => PuzzleError::PatternDatabase(e.to_string()),
            _ => PuzzleError::InvalidArgument(e.to_string()),
        }
    }
}

impl From<SolveError> for PuzzleError {
    fn from(e: SolveError) -> Self {
        let message = e.to_string();
        match e {
            SolveError::Board(b) => b.into(),
            SolveError::LimitReached { .. } => PuzzleError::LimitReached(message),
            SolveError::Cancelled { .. } => PuzzleError::Cancelled(message),
            SolveError::Unsupported { .. } => PuzzleError::Unsupported(message),
            SolveError::PatternDb(_) => PuzzleError::PatternDatabase(message),
        }
    }
}

type Result<T> = std::result::Result<T, PuzzleError>;

/// The way the blank moves (the tile next to it slides the opposite way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Direction {
    /// Blank one row up.
    Up,
    /// Blank one row down.
    Down,
    /// Blank one column left.
    Left,
    /// Blank one column right.
    Right,
}

impl From<core::Direction> for Direction {
    fn from(d: core::Direction) -> Self {
        match d {
            core::Direction::Up => Direction::Up,
            core::Direction::Down => Direction::Down,
            core::Direction::Left => Direction::Left,
            core::Direction::Right => Direction::Right,
        }
    }
}

impl From<Direction> for core::Direction {
    fn from(d: Direction) -> Self {
        match d {
            Direction::Up => core::Direction::Up,
            Direction::Down => core::Direction::Down,
            Direction::Left => core::Direction::Left,
            Direction::Right => core::Direction::Right,
        }
    }
}

/// A search algorithm the player can pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Algorithm {
    /// Breadth-first search (optimal; 3×3 in milliseconds, runs out of memory on 4×4).
    Bfs,
    /// Breadth-first search from both ends (optimal).
    BidirectionalBfs,
    /// A* with the chosen heuristic (optimal).
    AStar,
    /// Iterative-deepening A* with the chosen heuristic (optimal, little memory).
    IdaStar,
    /// IDA* over additive pattern databases (optimal; needs a [`PatternDatabase`]).
    PatternDb,
    /// The best mode for the size and budget: optimal where it can, else the best path found
    /// with its proven lower bound.
    Auto,
    /// Line by line from the outside in, then a shortened path: a short path on any board in
    /// milliseconds, not proven optimal (what `Auto` uses from 6×6 on). Added after `Auto`, so
    /// the earlier cases keep their places.
    Reduction,
}

impl From<Algorithm> for core::Algorithm {
    fn from(a: Algorithm) -> Self {
        match a {
            Algorithm::Bfs => core::Algorithm::Bfs,
            Algorithm::BidirectionalBfs => core::Algorithm::BidirectionalBfs,
            Algorithm::AStar => core::Algorithm::AStar,
            Algorithm::IdaStar => core::Algorithm::IdaStar,
            Algorithm::PatternDb => core::Algorithm::PatternDb,
            Algorithm::Auto => core::Algorithm::Auto,
            Algorithm::Reduction => core::Algorithm::Reduction,
        }
    }
}

/// The estimate A* and IDA* use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Heuristic {
    /// No estimate (uniform-cost search).
    Zero,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (needs a [`PatternDatabase`]).
    PatternDb,
}

impl From<Heuristic> for core::HeuristicKind {
    fn from(h: Heuristic) -> Self {
        match h {
            Heuristic::Zero => core::HeuristicKind::Zero,
            Heuristic::Manhattan => core::HeuristicKind::Manhattan,
            Heuristic::LinearConflict => core::HeuristicKind::LinearConflict,
            Heuristic::PatternDb => core::HeuristicKind::PatternDb,
        }
    }
}

/// Budgets for one search. Unset fields: no node limit, [`DEFAULT_MAX_BYTES`], no deadline
/// (`Auto` then allows itself 10 s), progress at most every 100 ms, up to
/// [`DEFAULT_MAX_THREADS`] cores.
#[derive(Debug, Clone, Default, uniffi::Record)]
pub struct Limits {
    /// Stop after this many expanded nodes.
    #[uniffi(default = None)]
    pub max_nodes: Option<u64>,
    /// Stop before the search's tables exceed this many bytes.
    #[uniffi(default = None)]
    pub max_bytes: Option<u64>,
    /// Stop after this many milliseconds.
    #[uniffi(default = None)]
    pub timeout_ms: Option<u64>,
    /// Least milliseconds between two progress calls.
    #[uniffi(default = None)]
    pub progress_interval_ms: Option<u64>,
    /// Threads an IDA* search may use (unset: the device's cores, at most
    /// [`DEFAULT_MAX_THREADS`]).
    #[uniffi(default = None)]
    pub threads: Option<u32>,
}

/// Most threads a search uses when [`Limits::threads`] is unset.
pub const DEFAULT_MAX_THREADS: usize = 4;

/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SearchStats {
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Largest memory of the search's own tables, in bytes.
    pub peak_bytes: u64,
    /// Wall time in milliseconds.
    pub elapsed_ms: u64,
}

impl From<&core::Stats> for SearchStats {
    fn from(s: &core::Stats) -> Self {
        SearchStats {
            expanded: s.expanded,
            generated: s.generated,
            peak_bytes: s.peak_bytes,
            elapsed_ms: s.elapsed.as_millis() as u64,
        }
    }
}

/// A solve's result: the moves to play and what it cost.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Solution {
    /// The algorithm that found it, e.g. "pdb" or "auto(idastar)".
    pub algorithm: String,
    /// Blank moves from the start to the goal.
    pub moves: Vec<Direction>,
    /// The tile that slides at each move.
    pub tiles: Vec<u32>,
    /// Whether the length is proven optimal.
    pub optimal: bool,
    /// A proven lower bound on the optimal length (equal to the length when optimal).
    pub lower_bound: u32,
    /// What the search did.
    pub stats: SearchStats,
}

impl From<core::Solution> for Solution {
    fn from(s: core::Solution) -> Self {
        Solution {
            stats: (&s.stats).into(),
            algorithm: s.algorithm,
            moves: s.moves.into_iter().map(Direction::from).collect(),
            tiles: s.tiles.into_iter().map(u32::from).collect(),
            optimal: s.optimal,
            lower_bound: s.lower_bound,
        }
    }
}

/// A progress report from a running search.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Current depth (BFS) or cost bound (A*, IDA*).
    pub bound: u32,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
}

/// Implemented by the app to hear how a search is going. Called on the solving thread, at most
/// once per progress interval; hop to the UI thread before touching views.
#[uniffi::export(with_foreign)]
pub trait ProgressListener: Send + Sync {
    /// A search made progress.
    fn on_progress(&self, progress: Progress);
}

/// Stops a running search from another thread; one token may serve several searches.
#[derive(Debug, Default, uniffi::Object)]
pub struct CancelToken(core::CancelToken);

#[uniffi::export]
impl CancelToken {
    /// A token that is not cancelled.
    #[uniffi::constructor]
    pub fn new() -> Arc<CancelToken> {
        Arc::new(CancelToken::default())
    }

    /// Asks every search holding this token to stop; they return `Cancelled` within
    /// milliseconds.
    pub fn cancel(&self) {
        self.0.cancel();
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.is_cancelled()
    }
}

fn search_limits(
    limits: &Limits,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> SearchLimits {
    let mut out = SearchLimits {
        max_nodes: limits.max_nodes,
        max_bytes: limits.max_bytes.unwrap_or(DEFAULT_MAX_BYTES),
        deadline: limits
            .timeout_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms)),
        cancel: cancel.map(|c| c.0.clone()),
        threads: limits.threads.map_or_else(
            || core::limits::available_threads().min(DEFAULT_MAX_THREADS),
            |t| (t as usize).clamp(1, 256),
        ),
        ..SearchLimits::default()
    };
    if let Some(ms) = limits.progress_interval_ms {
        out.progress_interval = Duration::from_millis(ms);
    }
    if let Some(listener) = progress {
        out.progress = Some(Arc::new(move |p: core::Progress| {
            listener.on_progress(Progress {
                expanded: p.expanded,
                generated: p.generated,
                bound: p.bound,
                elapsed_ms: p.elapsed.as_millis() as u64,
            })
        }));
    }
    out
}

fn board(tiles: &[u32]) -> Result<Board> {
    Ok(Board::from_tiles(tiles)?)
}

fn side(size: u32) -> Result<usize> {
    let size = size as usize;
    if (core::MIN_SIZE..=core::MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(BoardError::SizeOutOfRange {
            size,
            min: core::MIN_SIZE,
            max: core::MAX_SIZE,
        }
        .into())
    }
}

/// Pattern databases for one goal (and every goal a symmetry of the square maps onto it):
/// built by code in seconds, or loaded from bytes the app cached.
#[derive(uniffi::Object)]
pub struct PatternDatabase(Arc<core::heuristic::PatternDb>);

#[uniffi::export]
impl PatternDatabase {
    /// Builds the databases for `goal` (2×2 to 5×5), one thread per group. A 4×4 takes about
    /// 10 s on two cores; `cancel` stops it.
    #[uniffi::constructor]
    pub fn build(goal: Vec<u32>, cancel: Option<Arc<CancelToken>>) -> Result<Arc<Self>> {
        let goal = board(&goal)?;
        let mut limits = search_limits(&Limits::default(), None, cancel);
        // one thread per group, as before the build moved into core
        limits.threads = core::heuristic::PatternDb::group_count(&goal)?;
        let db = core::heuristic::PatternDb::build(&goal, &limits)?;
        Ok(Arc::new(PatternDatabase(Arc::new(db))))
    }

    /// Loads databases from [`PatternDatabase::to_bytes`] output; damaged or foreign bytes are
    /// a `PatternDatabase` error.
    #[uniffi::constructor]
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Arc<Self>> {
        let db = core::heuristic::PatternDb::from_bytes(&bytes, None)?;
        Ok(Arc::new(PatternDatabase(Arc::new(db))))
    }

    /// The bytes to cache (versioned header and checksum).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }

    /// The goal these databases were built for.
    pub fn goal(&self) -> Vec<u32> {
        self.0.goal().iter().map(|&t| u32::from(t)).collect()
    }

    /// Whether they serve `goal` (the same goal or one a symmetry maps onto it).
    pub fn serves(&self, goal: Vec<u32>) -> bool {
        Board::from_tiles(&goal)
            .is_ok_and(|g| core::heuristic::PdbHeuristic::new(self.0.clone(), &g).is_ok())
    }
}

/// The goal whose databases serve `goal`: build for it and cache under it, and one set serves
/// every goal with the same canonical goal (3 sets cover every 4×4 goal).
#[uniffi::export]
pub fn canonical_goal(goal: Vec<u32>) -> Result<Vec<u32>> {
    Ok(core::heuristic::canonical_goal(&board(&goal)?).to_u32s())
}

fn request(
    algorithm: Algorithm,
    heuristic: Heuristic,
    pdb: Option<Arc<PatternDatabase>>,
) -> SolveRequest {
    SolveRequest {
        algorithm: algorithm.into(),
        heuristic: heuristic.into(),
        pdb: pdb.map(|p| p.0.clone()),
    }
}

/// Solves `start` toward `goal`. Blocks: call it from a background thread.
// One flat call reads best from Kotlin and Swift, which both have named arguments.
#[allow(clippy::too_many_arguments)]
#[uniffi::export]
pub fn solve(
    start: Vec<u32>,
    goal: Vec<u32>,
    algorithm: Algorithm,
    heuristic: Heuristic,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    let limits = search_limits(&limits, progress, cancel);
    Ok(search::solve(&start, &goal, &request(algorithm, heuristic, pdb), &limits)?.into())
}

/// The next move of an optimal (or best found) solution; `None` at the goal.
#[uniffi::export]
pub fn hint(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Option<Direction>> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    let limits = search_limits(&limits, None, cancel);
    Ok(search::auto::hint(&start, &goal, pdb.map(|p| p.0.clone()), &limits)?.map(Into::into))
}

/// The best possible move count ("best: 52"): an optimal solution, or the best found with
/// `optimal` false and the proven lower bound.
#[uniffi::export]
pub fn best_count(
    start: Vec<u32>,
    goal: Vec<u32>,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
    cancel: Option<Arc<CancelToken>>,
) -> Result<Solution> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    let limits = search_limits(&limits, None, cancel);
    Ok(search::auto::best_count(&start, &goal, pdb.map(|p| p.0.clone()), &limits)?.into())
}

/// The solved arrangement of a `size`×`size` board with the blank's home at `blank_cell`.
#[uniffi::export]
pub fn goal_tiles(size: u32, blank_cell: u32) -> Result<Vec<u32>> {
    Ok(Board::goal_with_blank(side(size)?, blank_cell as usize)?.to_u32s())
}

/// Parses a tile list such as "1 2 3 4 5 6 7 8 0" (spaces or commas), with a typed error for
/// each mistake.
#[uniffi::export]
pub fn parse_tiles(text: String) -> Result<Vec<u32>> {
    Ok(board(&core::text::parse_tiles(&text)?)?.to_u32s())
}

/// Whether `start` can reach `goal`.
#[uniffi::export]
pub fn is_solvable(start: Vec<u32>, goal: Vec<u32>) -> Result<bool> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    start.check_same_size(&goal)?;
    Ok(core::parity::is_solvable(&start, &goal))
}

/// The version of the core library.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// One tile slide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct Slide {
    /// The tile that moved.
    pub tile: u32,
    /// The cell it left (the blank is there now).
    pub from_cell: u32,
    /// The cell it moved into (the blank was there).
    pub to_cell: u32,
    /// The direction the blank moved.
    pub direction: Direction,
}

impl From<core::game::Slide> for Slide {
    fn from(s: core::game::Slide) -> Slide {
        Slide {
            tile: u32::from(s.tile),
            from_cell: s.from as u32,
            to_cell: s.to as u32,
            direction: s.direction.into(),
        }
    }
}

/// How a shuffle mixes the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ShuffleKind {
    /// A random walk of n²·10 blank moves (never back on itself).
    Walk,
    /// Uniformly random over all solvable boards.
    Uniform,
    /// Exactly `moves` optimal moves from the goal (2×2 to 4×4; 4×4 needs databases).
    Distance {
        /// The optimal distance wanted.
        moves: u32,
    },
}

/// A game in progress: board, goal, history, time. Safe to share between threads.
#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<core::Game>,
}

impl Game {
    fn lock(&self) -> MutexGuard<'_, core::Game> {
        // A panic while holding the lock cannot leave the game half-updated (every method
        // validates before it changes anything), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wrap(game: core::Game) -> Arc<Game> {
        Arc::new(Game {
            inner: Mutex::new(game),
        })
    }

    /// Runs a move-making core call and reports its slides with their cells.
    fn many(
        &self,
        f: impl FnOnce(&mut core::Game) -> std::result::Result<Vec<core::game::Slide>, MoveError>,
    ) -> Result<Vec<Slide>> {
        let made = f(&mut self.lock())?;
        Ok(made.into_iter().map(Slide::from).collect())
    }

    /// [`Game::many`] for a call that makes one slide.
    fn one(
        &self,
        f: impl FnOnce(&mut core::Game) -> std::result::Result<core::game::Slide, MoveError>,
    ) -> Result<Slide> {
        let mut out = self.many(|g| f(g).map(|s| vec![s]))?;
        out.pop()
            .ok_or_else(|| PuzzleError::IllegalMove("no move was made".into()))
    }

    /// The current board and goal, copied so no lock is held while a search runs.
    fn boards(&self) -> (Board, Board) {
        let g = self.lock();
        (g.board().clone(), g.goal().clone())
    }
}

#[uniffi::export]
impl Game {
    /// A solved `size`×`size` game whose blank's home is `blank_cell` (the first tile the
    /// player tapped); call [`Game::shuffle`] to mix it.
    #[uniffi::constructor]
    pub fn new(size: u32, blank_cell: u32) -> Result<Arc<Game>> {
        let goal = Board::goal_with_blank(side(size)?, blank_cell as usize)?;
        Ok(Game::wrap(core::Game::new(goal.clone(), goal)?))
    }

    /// A game from tile lists; refuses unsolvable pairs.
    #[uniffi::constructor]
    pub fn with_tiles(goal: Vec<u32>, start: Vec<u32>) -> Result<Arc<Game>> {
        let (goal, start) = (board(&goal)?, board(&start)?);
        start.check_same_size(&goal)?;
        Ok(Game::wrap(core::Game::new(goal, start)?))
    }

    /// A game from [`Game::save`] text; damaged saves are a `BadSave` error.
    #[uniffi::constructor]
    pub fn restore(save: String) -> Result<Arc<Game>> {
        Ok(Game::wrap(core::Game::restore(&save)?))
    }

    /// The save text: goal, start, moves, redo list and time, with a checksum.
    pub fn save(&self) -> String {
        self.lock().save()
    }

    /// The side length.
    pub fn size(&self) -> u32 {
        self.lock().board().size() as u32
    }

    /// The tiles row-major, 0 for the blank.
    pub fn tiles(&self) -> Vec<u32> {
        self.lock().board().to_u32s()
    }

    /// The goal row-major.
    pub fn goal(&self) -> Vec<u32> {
        self.lock().goal().to_u32s()
    }

    /// The blank's cell.
    pub fn blank_cell(&self) -> u32 {
        self.lock().board().blank() as u32
    }

    /// The cell where `tile` belongs (whose picture piece it shows); `None` for no such tile.
    pub fn home_cell(&self, tile: u32) -> Option<u32> {
        let g = self.lock();
        u8::try_from(tile)
            .ok()
            .and_then(|t| g.goal().cell_of(t))
            .map(|c| c as u32)
    }

    /// The cells a tap would move (the blank's row and column).
    pub fn movable_cells(&self) -> Vec<u32> {
        let g = self.lock();
        let b = g.board();
        (0..b.cells())
            .filter(|&c| b.tap_moves(c).is_ok())
            .map(|c| c as u32)
            .collect()
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.lock().is_solved()
    }

    /// Moves played (undo takes one back).
    pub fn move_count(&self) -> u32 {
        self.lock().move_count() as u32
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.lock().can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.lock().can_redo()
    }

    /// Milliseconds played, as the app reported them.
    pub fn elapsed_ms(&self) -> u64 {
        self.lock().elapsed_ms()
    }

    /// Adds played time (the app's clock ticks; the core reads none).
    pub fn add_elapsed_ms(&self, ms: u64) {
        self.lock().add_elapsed_ms(ms)
    }

    /// Taps `cell`: slides the tile there and any between it and the blank.
    pub fn tap_cell(&self, cell: u32) -> Result<Vec<Slide>> {
        self.many(|g| g.tap_cell(cell as usize))
    }

    /// Taps the tile labelled `tile`.
    pub fn tap_tile(&self, tile: u32) -> Result<Vec<Slide>> {
        self.many(|g| g.tap_tile(tile))
    }

    /// Moves the blank one cell (a swipe, or one step of an Auto solution).
    pub fn apply(&self, direction: Direction) -> Result<Slide> {
        self.one(|g| g.apply(direction.into()))
    }

    /// Takes back the last move.
    pub fn undo(&self) -> Result<Slide> {
        self.one(core::Game::undo)
    }

    /// Makes the last undone move again.
    pub fn redo(&self) -> Result<Slide> {
        self.one(core::Game::redo)
    }

    /// Mixes the board from the goal (always solvable, never the goal itself) with a seeded
    /// RNG, and starts over: moves, history and time are cleared. The same seed gives the
    /// same board on every platform.
    pub fn shuffle(
        &self,
        kind: ShuffleKind,
        seed: u64,
        pdb: Option<Arc<PatternDatabase>>,
    ) -> Result<()> {
        let goal = self.lock().goal().clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = match kind {
            ShuffleKind::Walk => {
                shuffle::shuffled(&goal, shuffle::default_walk_length(goal.size()), &mut rng)
            }
            ShuffleKind::Uniform => shuffle::uniform(&goal, &mut rng),
            ShuffleKind::Distance { moves } => {
                shuffle::to_distance(&goal, moves, &mut rng, pdb.map(|p| p.0.clone()))?
            }
        };
        self.lock().restart(start)?;
        Ok(())
    }

    /// Solves from the current board (the game is not changed; play the moves with
    /// [`Game::apply`]). Blocks: call it from a background thread. No lock is held while it
    /// runs.
    pub fn solve(
        &self,
        algorithm: Algorithm,
        heuristic: Heuristic,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        progress: Option<Arc<dyn ProgressListener>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Solution> {
        let (start, goal) = self.boards();
        let limits = search_limits(&limits, progress, cancel);
        Ok(search::solve(&start, &goal, &request(algorithm, heuristic, pdb), &limits)?.into())
    }

    /// The next best move from the current board; `None` when solved.
    pub fn hint(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Option<Direction>> {
        let (start, goal) = self.boards();
        let limits = search_limits(&limits, None, cancel);
        Ok(search::auto::hint(&start, &goal, pdb.map(|p| p.0.clone()), &limits)?.map(Into::into))
    }

    /// The best possible move count from the current board.
    pub fn best_count(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Solution> {
        let (start, goal) = self.boards();
        let limits = search_limits(&limits, None, cancel);
        Ok(search::auto::best_count(&start, &goal, pdb.map(|p| p.0.clone()), &limits)?.into())
    }
}

/// A square RGBA picture: `edge` × `edge` pixels, 4 bytes each, rows top to bottom. One buffer
/// for the whole picture; draw tile `cell` from its [`tile_rect`].
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Picture {
    /// Width and height in pixels.
    pub edge: u32,
    /// `edge * edge * 4` bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

impl From<pic::Picture> for Picture {
    fn from(p: pic::Picture) -> Self {
        Picture {
            edge: p.edge,
            rgba: p.rgba,
        }
    }
}

/// A tile's place in a picture, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct TileRect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// A picture that ships with the app.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BuiltinPicture {
    /// Id for [`builtin_picture`].
    pub id: String,
    /// Title to show.
    pub title: String,
}

/// Decodes a photo (JPEG, PNG, WebP, GIF), turns it upright by its EXIF orientation, crops the
/// centre square and resizes it to `edge` pixels. Refuses empty, truncated, corrupt and
/// oversized (over 50 Mpx or 512 MiB to decode) images with a `BadPicture` error.
#[uniffi::export]
pub fn load_picture(bytes: Vec<u8>, edge: u32) -> Result<Picture> {
    Ok(pic::load(&bytes, edge, &pic::PictureLimits::default())?.into())
}

/// [`load_picture`] with explicit budgets.
#[uniffi::export]
pub fn load_picture_with_limits(
    bytes: Vec<u8>,
    edge: u32,
    max_pixels: u64,
    max_bytes: u64,
) -> Result<Picture> {
    let limits = pic::PictureLimits {
        max_pixels,
        max_bytes,
    };
    Ok(pic::load(&bytes, edge, &limits)?.into())
}

/// The built-in pictures, in display order.
#[uniffi::export]
pub fn builtin_pictures() -> Vec<BuiltinPicture> {
    pic::builtin::BUILTINS
        .iter()
        .map(|b| BuiltinPicture {
            id: b.id.to_string(),
            title: b.title.to_string(),
        })
        .collect()
}

/// Draws built-in picture `id` at `edge` pixels.
#[uniffi::export]
pub fn builtin_picture(id: String, edge: u32) -> Result<Picture> {
    Ok(pic::builtin::render(&id, edge)?.into())
}

/// Where the piece of `cell` lies in an `edge`-pixel picture cut `size`×`size`.
#[uniffi::export]
pub fn tile_rect(size: u32, edge: u32, cell: u32) -> Result<TileRect> {
    let size = side(size)?;
    if cell as usize >= size * size {
        return Err(BoardError::CellOutOfRange {
            cell: cell as usize,
            size,
        }
        .into());
    }
    let r = pic::tile_rect(size, edge, cell as usize);
    Ok(TileRect {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_report_the_cells_each_tile_crossed() {
        let game = Game::new(3, 8).unwrap();
        // Blank at 8; tapping cell 6 slides tiles 8 (cell 7) then 7 (cell 6) right.
        let slides = game.tap_cell(6).unwrap();
        assert_eq!(
            slides,
            vec![
                Slide {
                    tile: 8,
                    from_cell: 7,
                    to_cell: 8,
                    direction: Direction::Left
                },
                Slide {
                    tile: 7,
                    from_cell: 6,
                    to_cell: 7,
                    direction: Direction::Left
                },
            ]
        );
        assert_eq!(game.blank_cell(), 6);
        let back = game.undo().unwrap();
        assert_eq!((back.tile, back.from_cell, back.to_cell), (7, 7, 6));
    }

    #[test]
    fn errors_map_to_their_variant() {
        assert!(matches!(Game::new(9, 0), Err(PuzzleError::InvalidBoard(_))));
        assert!(matches!(
            Game::with_tiles(vec![1, 2, 3, 0], vec![2, 1, 3, 0]),
            Err(PuzzleError::Unsolvable(_))
        ));
        let game = Game::new(3, 8).unwrap();
        assert!(matches!(game.tap_cell(0), Err(PuzzleError::IllegalMove(_))));
        assert!(matches!(game.undo(), Err(PuzzleError::IllegalMove(_))));
        assert!(matches!(
            Game::restore("junk".into()),
            Err(PuzzleError::BadSave(_))
        ));
        assert!(matches!(
            load_picture(vec![], 100),
            Err(PuzzleError::BadPicture(_))
        ));
        let start = goal_tiles(4, 15).unwrap();
        let mut shuffled = start.clone();
        shuffled.swap(0, 1);
        shuffled.swap(1, 2);
        let limits = Limits {
            max_nodes: Some(1000),
            ..Limits::default()
        };
        let err = solve(
            vec![0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1],
            start,
            Algorithm::Bfs,
            Heuristic::Zero,
            limits,
            None,
            None,
            None,
        )
        .unwrap_err();
        assert!(matches!(err, PuzzleError::LimitReached(_)), "{err}");
        assert!(err.to_string().contains("limit reached"), "{err}");
    }

    #[test]
    fn a_seeded_shuffle_is_reproducible_and_solvable() {
        let a = Game::new(4, 0).unwrap();
        let b = Game::new(4, 0).unwrap();
        a.shuffle(ShuffleKind::Walk, 7, None).unwrap();
        b.shuffle(ShuffleKind::Walk, 7, None).unwrap();
        assert_eq!(a.tiles(), b.tiles());
        assert!(!a.is_solved());
        assert!(is_solvable(a.tiles(), a.goal()).unwrap());
        let three = Game::new(3, 4).unwrap();
        three
            .shuffle(ShuffleKind::Distance { moves: 20 }, 1, None)
            .unwrap();
        let best = three.best_count(Limits::default(), None, None).unwrap();
        assert_eq!((best.moves.len(), best.optimal), (20, true));
        assert!(matches!(
            Game::new(4, 0)
                .unwrap()
                .shuffle(ShuffleKind::Distance { moves: 30 }, 1, None),
            Err(PuzzleError::PatternDatabase(_))
        ));
    }
}

#[cfg(test)]
mod vectors {
    use super::*;

    /// tests/data/shuffles.txt pins seeded shuffles; the Kotlin tests read the same file.
    #[test]
    fn seeded_shuffles_match_the_shared_vectors() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/shuffles.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut checked = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (head, tiles) = line.split_once('|').unwrap();
            let nums: Vec<u64> = head
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            let game = Game::new(nums[0] as u32, nums[1] as u32).unwrap();
            game.shuffle(ShuffleKind::Walk, nums[2], None).unwrap();
            assert_eq!(
                game.tiles(),
                parse_tiles(tiles.to_string()).unwrap(),
                "{line}"
            );
            checked += 1;
        }
        assert!(checked >= 6);
    }
}
