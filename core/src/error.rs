//! Typed errors: one enum per concern, each message readable by a person.
use thiserror::Error;

use crate::direction::Direction;
use crate::stats::Stats;

/// A tile list or goal that does not describe a valid, solvable board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The side length is outside the supported range.
    #[error("a {size}×{size} board is out of range: boards are {min}×{min} to {max}×{max}")]
    SizeOutOfRange {
        /// The requested side length.
        size: usize,
        /// Smallest supported side.
        min: usize,
        /// Largest supported side.
        max: usize,
    },
    /// The number of tiles is not n² for a supported n.
    #[error("{count} tiles given: a board needs a square count (4, 9, 16, 25, …, 64)")]
    WrongCount {
        /// How many tiles were given.
        count: usize,
    },
    /// A goal of a different size from the board it is used with (`board.check_same_size(goal)`).
    #[error("the goal is a {got}×{got} board but the board is {expected}×{expected}")]
    SizeMismatch {
        /// The board's side length.
        expected: usize,
        /// The goal's side length.
        got: usize,
    },
    /// A tile label appears more than once.
    #[error("tile {tile} appears twice")]
    Duplicate {
        /// The repeated label.
        tile: u32,
    },
    /// A tile label is larger than n² − 1.
    #[error("tile {tile} is out of range: labels are 0 (blank) to {max}")]
    OutOfRange {
        /// The offending label.
        tile: u32,
        /// The largest label allowed.
        max: u32,
    },
    /// A word of the tile list is not a number.
    #[error("'{word}' is not a tile number")]
    NotANumber {
        /// The word that failed to parse.
        word: String,
    },
    /// A cell index is not on the board.
    #[error("cell {cell} is not on a {size}×{size} board")]
    CellOutOfRange {
        /// The cell index.
        cell: usize,
        /// The side length.
        size: usize,
    },
    /// The board cannot reach the goal by legal moves.
    #[error(
        "this board cannot be solved: it has the wrong parity for the goal (two tiles are swapped)"
    )]
    Unsolvable,
}

/// A move that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The blank is on the edge in that direction.
    #[error("the blank cannot move {0}: it is on the edge")]
    OffBoard(Direction),
    /// The tapped tile shares neither row nor column with the blank.
    #[error("tile {tile} is not in the blank's row or column")]
    NotInLine {
        /// The tapped tile.
        tile: u8,
    },
    /// The tapped cell is the blank itself.
    #[error("that is the blank")]
    TappedBlank,
    /// The tile label does not exist on this board.
    #[error("there is no tile {tile} on this board")]
    NoSuchTile {
        /// The requested label.
        tile: u32,
    },
    /// The cell index is off the board.
    #[error("cell {cell} is not on the board")]
    NoSuchCell {
        /// The cell index.
        cell: usize,
    },
    /// Nothing to undo or redo.
    #[error("nothing to {0}")]
    NothingTo(&'static str),
}

/// Why a search ended without a solution.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SolveError {
    /// Start or goal is not a valid board, or the board cannot reach the goal.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A limit (nodes, memory, time) was reached first; `stats` says how far the search got.
    #[error("{limit} limit reached after {} expanded nodes", stats.expanded)]
    LimitReached {
        /// Which limit stopped the search.
        limit: LimitKind,
        /// Work done until then.
        stats: Stats,
    },
    /// The cancel token was set.
    #[error("search cancelled after {} expanded nodes", stats.expanded)]
    Cancelled {
        /// Work done until then.
        stats: Stats,
    },
    /// The algorithm cannot handle a board this large.
    #[error("{algorithm} does not support {size}×{size} boards (largest: {max}×{max})")]
    Unsupported {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The board side.
        size: usize,
        /// The largest side the algorithm handles.
        max: usize,
    },
    /// A pattern database does not belong to this goal or is damaged.
    #[error("pattern database: {0}")]
    PatternDb(#[from] PdbError),
}

impl SolveError {
    /// The same error with `stats` in place of the work it reports (a limit or cancel).
    pub(crate) fn with_stats(self, stats: Stats) -> SolveError {
        match self {
            SolveError::LimitReached { limit, .. } => SolveError::LimitReached { limit, stats },
            SolveError::Cancelled { .. } => SolveError::Cancelled { stats },
            other => other,
        }
    }
}

/// The limit that ended a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// `max_nodes` expanded.
    Nodes,
    /// `max_bytes` of estimated memory.
    Memory,
    /// The deadline passed.
    Time,
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node",
            LimitKind::Memory => "memory",
            LimitKind::Time => "time",
        })
    }
}

/// A saved game that cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveError {
    /// Not a slidepuzzle save, or a field is missing.
    #[error("not a slidepuzzle save: {0}")]
    Format(String),
    /// Written by another version.
    #[error("save version {0} is not supported")]
    Version(String),
    /// The checksum does not match: the save was damaged.
    #[error("the save is damaged (checksum mismatch)")]
    Checksum,
    /// A board in the save is invalid or cannot reach the goal.
    #[error("the saved board is invalid: {0}")]
    Board(#[from] BoardError),
    /// The saved moves are not legal from the saved start.
    #[error("the saved moves are not legal: {0}")]
    Moves(#[from] MoveError),
}

/// An exact-distance shuffle that cannot be made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ShuffleError {
    /// Exact distances are offered for 2×2 to 4×4 only.
    #[error("exact-distance shuffles are for 2×2 to 4×4 boards, not {size}×{size}")]
    Size {
        /// The board side.
        size: usize,
    },
    /// The distance is 0 or deeper than the size offers.
    #[error("distance {k} is out of range: 1 to {max} on a {size}×{size} board")]
    Distance {
        /// The distance asked for.
        k: u32,
        /// The deepest offered.
        max: u32,
        /// The board side.
        size: usize,
    },
    /// 4×4 distances are measured with pattern databases, and none were given.
    #[error("a {size}×{size} exact-distance shuffle needs the pattern databases")]
    NeedsPatternDb {
        /// The board side.
        size: usize,
    },
    /// No board that far was reached (a goal whose deepest boards are nearer).
    #[error("no board is {k} moves from this goal")]
    Unreachable {
        /// The distance asked for.
        k: u32,
    },
    /// Measuring a distance failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A pattern-database file or request that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PdbError {
    /// Not a pattern-database file.
    #[error("not a slidepuzzle pattern database (bad magic bytes)")]
    BadMagic,
    /// Written by another format version.
    #[error("pattern database format version {found} is not supported (expected {expected})")]
    WrongVersion {
        /// The version in the file.
        found: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// The file ends early.
    #[error("pattern database is truncated")]
    Truncated,
    /// The checksum does not match: the file is damaged.
    #[error("pattern database checksum mismatch: the file is damaged")]
    Checksum,
    /// The header or tables are inconsistent.
    #[error("pattern database is malformed: {0}")]
    Malformed(String),
    /// There is no file at the path given (the text is the system's reason). Said as the
    /// unreadable file it was before it had a case of its own.
    #[error("pattern database is malformed: cannot read it: {0}")]
    FileMissing(String),
    /// Built for another goal.
    #[error("pattern database was built for another goal")]
    WrongGoal,
    /// Built for boards of another size.
    #[error("these pattern databases are for {built}×{built} boards, not {board}×{board}")]
    WrongSize {
        /// The side the databases were built for.
        built: usize,
        /// The side of the board they were asked to serve.
        board: usize,
    },
    /// The search needs pattern databases and none were given.
    #[error("no pattern database was given for this goal (build one with `pdb build` or let the app build it)")]
    Missing,
    /// No partition is defined for this size.
    #[error("pattern databases cover 2×2 to 5×5 boards, not {0}×{0}")]
    UnsupportedSize(usize),
}
