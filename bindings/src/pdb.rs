//! Pattern databases: built by code, saved as bytes, read for any goal of their symmetry class.
use std::sync::Arc;

use slidepuzzle_core as core;

use slidepuzzle_core::Board;

use crate::board::board;
use crate::error::Result;
use crate::failure::{Budgets, PuzzleFailure, TableProblem};
use crate::limits::{search_limits, CancelToken, Limits};
use crate::solving::typed_board;

/// Pattern databases for one goal (and every goal a symmetry of the square maps onto it):
/// built by code in seconds, or loaded from bytes the app cached.
#[derive(uniffi::Object)]
pub struct PatternDatabase(pub(crate) Arc<core::heuristic::PatternDb>);

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

    /// Loads databases from a file [`PatternDatabase::to_bytes`] wrote, in place: the file is
    /// mapped into memory and the tables read from its pages (nothing is copied, nothing
    /// crosses the boundary). Replace such a file by writing a new one and renaming it over the
    /// old, never in place. A missing, damaged or foreign file is a `PatternDatabase` error.
    #[uniffi::constructor]
    pub fn from_file(path: String) -> Result<Arc<Self>> {
        let db = core::heuristic::PatternDb::map_file(std::path::Path::new(&path), None)
            .map_err(|e| crate::error::PuzzleError::PatternDatabase(format!("{path}: {e}")))?;
        Ok(Arc::new(PatternDatabase(Arc::new(db))))
    }

    /// [`PatternDatabase::build`], a stop by kind ([`PuzzleFailure::SearchStopped`] with
    /// [`SearchStop::Cancelled`](crate::SearchStop::Cancelled) when `cancel` was set).
    #[uniffi::constructor]
    pub fn build_typed(
        goal: Vec<u32>,
        cancel: Option<Arc<CancelToken>>,
    ) -> std::result::Result<Arc<Self>, PuzzleFailure> {
        let goal = typed_board(&goal)?;
        let mut limits = search_limits(&Limits::default(), None, cancel);
        let budgets = Budgets::of(&Limits::default());
        limits.threads = core::heuristic::PatternDb::group_count(&goal)?;
        let db =
            core::heuristic::PatternDb::build(&goal, &limits).map_err(|e| budgets.failure(e))?;
        Ok(Arc::new(PatternDatabase(Arc::new(db))))
    }

    /// [`PatternDatabase::from_bytes`], a refusal by kind ([`PuzzleFailure::TablesRefused`]);
    /// tables of an earlier set of groups are refused as
    /// [`TableProblem::StaleGroups`], to be built again.
    #[uniffi::constructor]
    pub fn from_bytes_typed(bytes: Vec<u8>) -> std::result::Result<Arc<Self>, PuzzleFailure> {
        current(core::heuristic::PatternDb::from_bytes(&bytes, None)?)
    }

    /// [`PatternDatabase::from_file`], a refusal by kind ([`PuzzleFailure::TablesRefused`]): a
    /// missing file is [`TableProblem::FileMissing`], one of
    /// another format version or an earlier set of groups is stale, the rest is damaged.
    #[uniffi::constructor]
    pub fn from_file_typed(path: String) -> std::result::Result<Arc<Self>, PuzzleFailure> {
        current(core::heuristic::PatternDb::map_file(
            std::path::Path::new(&path),
            None,
        )?)
    }

    /// The bytes to cache (versioned header and checksum).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }

    /// The goal these databases were built for.
    pub fn goal(&self) -> Vec<u32> {
        self.0.goal().iter().map(|&t| u32::from(t)).collect()
    }

    /// Whether their groups are the ones this build of the core makes. Databases cached by an
    /// earlier build may hold an earlier partition: they still give the fewest moves, only
    /// more slowly, so an app that can build them again should.
    pub fn is_current(&self) -> bool {
        self.0.groups_are_current()
    }

    /// Whether they serve `goal` (the same goal or one a symmetry maps onto it).
    pub fn serves(&self, goal: Vec<u32>) -> bool {
        Board::from_tiles(&goal)
            .is_ok_and(|g| core::heuristic::PdbHeuristic::new(self.0.clone(), &g).is_ok())
    }
}

/// `db` if its groups are the ones this core builds; stale otherwise.
fn current(
    db: core::heuristic::PatternDb,
) -> std::result::Result<Arc<PatternDatabase>, PuzzleFailure> {
    if !db.groups_are_current() {
        return Err(PuzzleFailure::TablesRefused {
            problem: TableProblem::StaleGroups,
            detail: "these pattern databases hold an earlier set of tile groups".into(),
        });
    }
    Ok(Arc::new(PatternDatabase(Arc::new(db))))
}

/// The goal whose databases serve `goal`: build for it and cache under it, and one set serves
/// every goal with the same canonical goal (3 sets cover every 4×4 goal).
#[uniffi::export]
pub fn canonical_goal(goal: Vec<u32>) -> Result<Vec<u32>> {
    Ok(core::heuristic::canonical_goal(&board(&goal)?).to_u32s())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn databases_load_from_their_file_and_a_damaged_file_is_refused() {
        let goal: Vec<u32> = (1..9).chain([0]).collect();
        let db = PatternDatabase::build(goal.clone(), None).unwrap();
        let path = std::env::temp_dir().join(format!("slidepuzzle-pdb-{}.bin", std::process::id()));
        let bytes = db.to_bytes();
        std::fs::write(&path, &bytes).unwrap();
        let loaded = PatternDatabase::from_file(path.display().to_string()).unwrap();
        assert_eq!(loaded.to_bytes(), bytes);
        assert!(loaded.serves(goal) && loaded.is_current());
        let mut damaged = bytes.clone();
        damaged[bytes.len() / 2] ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        assert!(PatternDatabase::from_file(path.display().to_string()).is_err());
        std::fs::write(&path, [&bytes[..], b"x"].concat()).unwrap();
        assert!(PatternDatabase::from_file(path.display().to_string()).is_err());
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(
            PatternDatabase::from_file(path.display().to_string()),
            Err(crate::error::PuzzleError::PatternDatabase(_))
        ));
    }
}
