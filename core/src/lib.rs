//! slidepuzzle-core: the engine behind the slidepuzzle picture puzzle.
//!
//! - [`Board`] holds an n×n arrangement (2 ≤ n ≤ 8, blank written 0) and applies moves;
//!   the goal is any arrangement, so the blank's home may be any cell.
//! - [`parity`] decides solvability for every width and every goal.
//! - [`shuffle`] makes boards that are always solvable, from an injected RNG.
//! - [`search`] holds one optimal solver per file behind the [`Solver`] trait; all share
//!   [`SearchLimits`] (nodes, bytes, deadline, cancel token, progress) and return a [`Solution`].
//! - [`heuristic`] holds the admissible estimates behind the [`Heuristic`] trait, including
//!   additive pattern databases.
//! - [`picture`] decodes a photo, turns it upright, crops and cuts it; it also draws the
//!   built-in pictures.
//! - [`game`] is a play session: board, goal, undo/redo history, save and restore.
//! - [`dataset`] reads the instance files (boards with their optimal lengths) and the shuffle
//!   vectors the tests share.
#![deny(missing_docs)]

pub mod board;
pub mod dataset;
pub mod direction;
pub mod error;
pub mod game;
pub mod heuristic;
pub mod limits;
pub mod parity;
pub mod picture;
pub mod search;
pub mod shuffle;
pub mod stats;
pub mod text;

pub use board::{Board, Direction, MAX_SIZE, MIN_SIZE};
pub use error::{BoardError, LimitKind, MoveError, SaveError, ShuffleError, SolveError};
pub use game::Game;
pub use heuristic::Heuristic;
pub use limits::{CancelToken, Progress, SearchLimits};
pub use picture::{Picture, PictureError, PictureLimits, TileRect};
pub use search::{Algorithm, HeuristicKind, Solution, Solver, Stats};
