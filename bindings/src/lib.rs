//! slidepuzzle-ffi: the UniFFI face of slidepuzzle-core for the Kotlin and Swift apps.
//!
//! A thin mirror: every export converts its arguments, calls the core and converts the result
//! back. What crosses the boundary is plain data (tile lists as `u32`, moves as [`Direction`],
//! pictures as one RGBA buffer) plus six objects: [`Game`], [`CancelToken`],
//! [`PatternDatabase`], [`PersonalBests`], [`RecordsStore`] and the foreign
//! [`ProgressListener`].
//!
//! Every fallible export returns `Result<_, PuzzleError>`, or, for the `…_typed` calls beside
//! them, `Result<_, PuzzleFailure>` whose cases carry their facts as data; nothing here unwraps. Solves block
//! and are meant for a background thread; no lock is held while a solve runs, so the
//! progress callback may call back into a [`Game`].
#![deny(missing_docs)]

mod bests;
mod bests_store;
mod board;
mod error;
mod failure;
mod game;
mod limits;
mod pdb;
mod picture;
mod records;
mod solving;
mod teach;

pub use bests::{
    BestGame, FewestKnown, Improvement, PersonalBests, RecordEntry, RecordOutcome, RecordTally,
    RecordsError, WonGame,
};
pub use bests_store::{
    new_game_id, AsideCause, AsideFile, DroppedRecordEntry, KeptAsideFile, KeptAsideReason,
    RecordsStore, RecordsStoreError,
};
pub use board::{goal_tiles, is_solvable, parse_tiles};
pub use error::PuzzleError;
pub use failure::{PictureProblem, PuzzleFailure, SearchStop, TableProblem};
pub use game::{Game, ShuffleKind, Slide};
pub use limits::{
    CancelToken, Limits, Progress, ProgressListener, DEFAULT_MAX_BYTES, DEFAULT_MAX_THREADS,
};
pub use pdb::{canonical_goal, PatternDatabase};
pub use picture::{
    builtin_picture, builtin_pictures, load_picture, load_picture_cropped,
    load_picture_cropped_typed, load_picture_typed, load_picture_with_limits,
    load_picture_with_limits_typed, load_preview, load_preview_typed, picture_from_pixels,
    picture_from_pixels_typed, picture_png, picture_size, picture_size_typed, tile_rect,
    BuiltinPicture, Crop, PhotoPreview, Picture, PictureSize, TileRect,
};
pub use records::{Algorithm, Direction, Heuristic, SearchStats, Solution};
pub use solving::{best_count, best_count_typed, hint, hint_typed, solve, solve_typed};
pub use teach::{
    coaching_hint, teaching_plan, CoachingHint, TeachGoal, TeachLine, TeachPhase, TeachPlan,
};

uniffi::setup_scaffolding!("slidepuzzle");

/// The version of the core library.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
