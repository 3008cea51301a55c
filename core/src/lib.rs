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
//! - [`records`] keeps personal bests per size and picture, games with help apart.
//! - [`teach`] solves the way a person is taught to (row, column, the last two by the trick,
//!   the last 2×3 by cycling), phase by phase, and coaches a player through the same method.
//! - [`dataset`] reads the instance files (boards with their optimal lengths) and the shuffle
//!   vectors the tests share.
//!
//! Parse a board and solve it (the fewest moves, with the tiles that slide):
//!
//! ```
//! use slidepuzzle_core::search::{self, SolveRequest};
//! use slidepuzzle_core::{text, Algorithm, Board, SearchLimits};
//!
//! let start = text::parse_board("1 2 3 4 0 6 7 5 8").unwrap();
//! let goal = Board::goal(3).unwrap();
//! let request = SolveRequest::new(Algorithm::IdaStar);
//! let solution = search::solve(&start, &goal, &request, &SearchLimits::default()).unwrap();
//! assert_eq!((solution.len(), solution.optimal), (2, true));
//! assert_eq!(solution.tiles, [5, 8]);
//! let mut replay = start.clone();
//! replay.apply_all(&solution.moves).unwrap();
//! assert_eq!(replay, goal);
//! ```
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
pub mod records;
pub mod search;
pub mod shuffle;
pub mod stats;
pub mod teach;
pub mod text;

pub use board::{Board, Direction, MAX_SIZE, MIN_SIZE};
pub use error::{BoardError, LimitKind, MoveError, SaveError, ShuffleError, SolveError};
pub use game::Game;
pub use heuristic::Heuristic;
pub use limits::{CancelToken, Progress, SearchLimits};
pub use picture::{Picture, PictureError, PictureLimits, TileRect};
pub use search::{Algorithm, HeuristicKind, Solution, Solver, Stats};
