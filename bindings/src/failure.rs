//! The typed failure kinds: [`PuzzleFailure`], thrown only by the `…_typed` calls, says as data
//! what [`PuzzleError`](crate::PuzzleError) says in English — which budget stopped a search and
//! how far it got, why a picture was refused, what is wrong with a table file — so an app picks
//! its words from the case and never reads the core's sentences. The old calls and their
//! `PuzzleError` are unchanged; `bindings/ERRORS.md` maps each old case to its new one.
use std::time::{Duration, Instant};

use slidepuzzle_core::heuristic::pattern_db::PdbError;
use slidepuzzle_core::picture::PictureError;
use slidepuzzle_core::search::auto::AUTO_DEFAULT_BUDGET;
use slidepuzzle_core::{BoardError, LimitKind, ShuffleError, SolveError};

use crate::limits::{Limits, DEFAULT_MAX_BYTES};
use crate::records::SearchStats;

/// A failure by kind, with the facts a player's words need. `detail` is the core's English,
/// for a details view or a log: never parsed, never the text shown first.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum PuzzleFailure {
    /// A search (a solve, a hint, the fewest count, a distance shuffle, a table build) stopped
    /// before it finished.
    #[error("{detail}")]
    SearchStopped {
        /// What stopped it.
        stop: SearchStop,
        /// The work it did until then.
        stats: SearchStats,
        /// The core's sentence.
        detail: String,
    },
    /// A photo or picture that cannot be used.
    #[error("{detail}")]
    PictureRefused {
        /// Why.
        problem: PictureProblem,
        /// The core's sentence.
        detail: String,
    },
    /// Pattern databases (a file, bytes, or the ones a search was given) that cannot be used.
    #[error("{detail}")]
    TablesRefused {
        /// Why.
        problem: TableProblem,
        /// The core's sentence.
        detail: String,
    },
    /// A tile list, size or cell that does not describe a board.
    #[error("{detail}")]
    InvalidBoard {
        /// The core's sentence.
        detail: String,
    },
    /// The board cannot reach the goal.
    #[error("{detail}")]
    Unsolvable {
        /// The core's sentence.
        detail: String,
    },
    /// The algorithm does not take boards this large (plain BFS on 6×6).
    #[error("{detail}")]
    Unsupported {
        /// The largest side the algorithm takes.
        max_size: u32,
        /// The core's sentence.
        detail: String,
    },
    /// An argument out of range: an edge, a distance, a built-in picture's id.
    #[error("{detail}")]
    InvalidArgument {
        /// The core's sentence.
        detail: String,
    },
}

/// What stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SearchStop {
    /// Its time ran out.
    Time {
        /// The time it had, in milliseconds (`Limits.timeout_ms`, or Auto's own 10 s).
        budget_ms: u64,
        /// How long it ran, in milliseconds.
        elapsed_ms: u64,
    },
    /// Its tables reached the memory budget.
    Memory {
        /// The budget, in bytes.
        budget_bytes: u64,
        /// What its tables held when it stopped, in bytes.
        held_bytes: u64,
        /// What the step it refused would have needed (above the budget; 0 when unknown).
        needed_bytes: u64,
    },
    /// It expanded as many positions as it was allowed.
    Nodes {
        /// `Limits.max_nodes`; `None` when one of the solver's own stages set the count.
        budget: Option<u64>,
        /// Positions expanded.
        expanded: u64,
    },
    /// Its cancel token was set.
    Cancelled {
        /// How long it ran, in milliseconds.
        elapsed_ms: u64,
    },
}

/// Why a photo or picture was refused.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PictureProblem {
    /// No bytes, or a header that gives no pixels.
    Empty,
    /// Not a picture in any format the core knows.
    NotAPicture,
    /// A picture in a format the core does not decode (`format`: "HEIF", "AVIF", "TIFF", …):
    /// the platform's decoder may read it and hand its pixels to `picture_from_pixels`.
    FormatNotRead {
        /// The format's name.
        format: String,
    },
    /// A JPEG, PNG, WebP or GIF that uses a feature of its format the core does not read: the
    /// platform's decoder may read it.
    FeatureNotRead {
        /// The format's name.
        format: String,
    },
    /// The file is damaged (it does not decode, or a checksum fails).
    Damaged {
        /// The format's name ("image" when the picture could not be made from its pixels).
        format: String,
    },
    /// The file ends before the picture does (a download or copy cut short).
    Truncated,
    /// More pixels than the budget.
    TooManyPixels {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
        /// The budget.
        max_pixels: u64,
    },
    /// Decoding would need more memory than the budget.
    TooMuchMemory {
        /// The budget, in bytes.
        max_bytes: u64,
    },
    /// The file is longer than any picture the budget takes.
    FileTooLarge {
        /// The file's length.
        bytes: u64,
        /// The budget.
        max_bytes: u64,
    },
    /// The chosen square is not finite, has no area or leaves the photo.
    CropOutside,
    /// Pixels handed over by the platform that do not make the picture they claim.
    PixelsDoNotFit,
}

/// Why pattern databases cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TableProblem {
    /// There is no file at the path given.
    FileMissing,
    /// Written by another format version: build them again.
    StaleVersion {
        /// The version in the file.
        found: u16,
        /// The version this core reads.
        expected: u16,
    },
    /// Tables of an earlier set of tile groups (written by an earlier core): they would give
    /// the fewest moves, only more slowly, so the typed loaders refuse them: build them again.
    StaleGroups,
    /// Damaged: not a table file, cut short, a checksum that fails, or inconsistent.
    Damaged,
    /// Built for a goal that does not serve this board.
    OtherGoal,
    /// Built for boards of another size.
    OtherSize {
        /// The side they were built for.
        built: u32,
        /// The side of the board they were asked to serve.
        board: u32,
    },
    /// The search needs pattern databases and none were given.
    NoneGiven,
    /// Pattern databases cover 2×2 to 5×5 boards, not this size.
    UnsupportedSize {
        /// The board's side.
        size: u32,
    },
}

impl From<BoardError> for PuzzleFailure {
    fn from(e: BoardError) -> Self {
        let detail = e.to_string();
        match e {
            BoardError::Unsolvable => PuzzleFailure::Unsolvable { detail },
            _ => PuzzleFailure::InvalidBoard { detail },
        }
    }
}

impl From<PdbError> for TableProblem {
    fn from(e: PdbError) -> Self {
        match e {
            PdbError::FileMissing(_) => TableProblem::FileMissing,
            PdbError::WrongVersion { found, expected } => {
                TableProblem::StaleVersion { found, expected }
            }
            PdbError::BadMagic | PdbError::Truncated | PdbError::Checksum => TableProblem::Damaged,
            PdbError::Malformed(_) => TableProblem::Damaged,
            PdbError::WrongGoal => TableProblem::OtherGoal,
            PdbError::WrongSize { built, board } => TableProblem::OtherSize {
                built: built as u32,
                board: board as u32,
            },
            PdbError::Missing => TableProblem::NoneGiven,
            PdbError::UnsupportedSize(size) => TableProblem::UnsupportedSize { size: size as u32 },
        }
    }
}

impl From<PdbError> for PuzzleFailure {
    fn from(e: PdbError) -> Self {
        let detail = e.to_string();
        PuzzleFailure::TablesRefused {
            problem: e.into(),
            detail,
        }
    }
}

impl From<PictureError> for PuzzleFailure {
    fn from(e: PictureError) -> Self {
        use PictureError as E;
        use PictureProblem as P;
        let detail = e.to_string();
        let problem = match e {
            E::Empty | E::NoPixels { .. } => P::Empty,
            E::UnknownFormat => P::NotAPicture,
            E::FormatNotRead { format } => P::FormatNotRead { format },
            E::FeatureNotRead { format } => P::FeatureNotRead {
                format: format.into(),
            },
            E::Damaged { format, .. } => P::Damaged {
                format: format.into(),
            },
            E::Corrupt(_) => P::Damaged {
                format: "image".into(),
            },
            E::Truncated => P::Truncated,
            E::TooManyPixels {
                width,
                height,
                max_pixels,
            } => P::TooManyPixels {
                width,
                height,
                max_pixels,
            },
            E::OverMemory { max_bytes } => P::TooMuchMemory { max_bytes },
            E::FileTooLarge { bytes, max_bytes } => P::FileTooLarge { bytes, max_bytes },
            E::BadCrop(_) => P::CropOutside,
            E::BadPixels(_) => P::PixelsDoNotFit,
            E::EdgeOutOfRange { .. } | E::NoSuchBuiltin(_) => {
                return PuzzleFailure::InvalidArgument { detail }
            }
        };
        PuzzleFailure::PictureRefused { problem, detail }
    }
}

/// The budgets a search ran under, kept to say which one stopped it and how far it got.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budgets {
    max_nodes: Option<u64>,
    max_bytes: u64,
    time: Duration,
    started: Instant,
}

impl Budgets {
    /// The budgets of `limits` as the searches apply them, starting now.
    pub(crate) fn of(limits: &Limits) -> Budgets {
        Budgets {
            max_nodes: limits.max_nodes,
            max_bytes: limits.max_bytes.unwrap_or(DEFAULT_MAX_BYTES),
            time: limits
                .timeout_ms
                .map_or(AUTO_DEFAULT_BUDGET, Duration::from_millis),
            started: Instant::now(),
        }
    }

    /// `e` as a typed failure: a limit or a cancel says which, with these budgets.
    pub(crate) fn failure(&self, e: SolveError) -> PuzzleFailure {
        let detail = e.to_string();
        let elapsed_ms = self.started.elapsed().as_millis() as u64;
        let (stop, stats) = match e {
            SolveError::Board(b) => return b.into(),
            SolveError::PatternDb(p) => return p.into(),
            SolveError::Unsupported { max, .. } => {
                return PuzzleFailure::Unsupported {
                    max_size: max as u32,
                    detail,
                }
            }
            SolveError::Cancelled { stats } => (SearchStop::Cancelled { elapsed_ms }, stats),
            SolveError::LimitReached { limit, stats } => {
                let stop = match limit {
                    LimitKind::Time => SearchStop::Time {
                        budget_ms: self.time.as_millis() as u64,
                        elapsed_ms,
                    },
                    LimitKind::Memory => SearchStop::Memory {
                        budget_bytes: self.max_bytes,
                        held_bytes: stats.peak_bytes,
                        needed_bytes: stats.refused_bytes,
                    },
                    LimitKind::Nodes => SearchStop::Nodes {
                        budget: self.max_nodes,
                        expanded: stats.expanded,
                    },
                };
                (stop, stats)
            }
        };
        let mut stats = SearchStats::from(&stats);
        stats.elapsed_ms = stats.elapsed_ms.max(elapsed_ms);
        PuzzleFailure::SearchStopped {
            stop,
            stats,
            detail,
        }
    }

    /// A shuffle's failure: its searches' stops as [`Budgets::failure`], the rest by kind.
    pub(crate) fn shuffle_failure(&self, e: ShuffleError) -> PuzzleFailure {
        let detail = e.to_string();
        match e {
            ShuffleError::Solve(s) => self.failure(s),
            ShuffleError::NeedsPatternDb { .. } => PuzzleFailure::TablesRefused {
                problem: TableProblem::NoneGiven,
                detail,
            },
            ShuffleError::Size { .. }
            | ShuffleError::Distance { .. }
            | ShuffleError::Unreachable { .. } => PuzzleFailure::InvalidArgument { detail },
        }
    }
}
#[cfg(test)]
mod tests;
