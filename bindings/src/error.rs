//! One error type for every export: [`PuzzleError`], one variant per kind of failure.
use slidepuzzle_core::heuristic::pattern_db::PdbError;
use slidepuzzle_core::picture::PictureError;
use slidepuzzle_core::{BoardError, MoveError, SaveError, ShuffleError, SolveError};

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

pub(crate) type Result<T> = std::result::Result<T, PuzzleError>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

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
}
