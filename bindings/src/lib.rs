//! slidepuzzle-ffi: the UniFFI face of slidepuzzle-core for the Kotlin and Swift apps.
//!
//! A thin mirror: every export converts its arguments, calls the core and converts the result
//! back. What crosses the boundary is plain data (tile lists as `u32`, moves as [`Direction`],
//! pictures as one RGBA buffer) plus six objects: [`Game`], [`CancelToken`],
//! [`PatternDatabase`], [`PersonalBests`], [`RecordsStore`] and the foreign
//! [`ProgressListener`].
//!
//! Every fallible export returns `Result<_, PuzzleError>`; nothing here unwraps. Solves block
//! and are meant for a background thread; no lock is held while a solve runs, so the
//! progress callback may call back into a [`Game`].
#![deny(missing_docs)]

mod bests;
mod bests_store;
mod board;
mod error;
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
pub use bests_store::{KeptAsideFile, KeptAsideReason, RecordsStore, RecordsStoreError};
pub use board::{goal_tiles, is_solvable, parse_tiles};
pub use error::PuzzleError;
pub use game::{Game, ShuffleKind, Slide};
pub use limits::{
    CancelToken, Limits, Progress, ProgressListener, DEFAULT_MAX_BYTES, DEFAULT_MAX_THREADS,
};
pub use pdb::{canonical_goal, PatternDatabase};
pub use picture::{
    builtin_picture, builtin_pictures, load_picture, load_picture_cropped,
    load_picture_with_limits, load_preview, picture_from_pixels, picture_png, picture_size,
    tile_rect, BuiltinPicture, Crop, PhotoPreview, Picture, PictureSize, TileRect,
};
pub use records::{Algorithm, Direction, Heuristic, SearchStats, Solution};
pub use solving::{best_count, hint, solve};
pub use teach::{
    coaching_hint, teaching_plan, CoachingHint, TeachGoal, TeachLine, TeachPhase, TeachPlan,
};

uniffi::setup_scaffolding!("slidepuzzle");

/// The version of the core library.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
