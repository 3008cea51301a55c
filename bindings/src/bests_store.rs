//! The personal bests kept safe in a folder (the core's `records::Store`): both apps open one
//! on their files folder and record each win through it; no app writes the records file.
//! Every call reads or writes a small file: call them off the main thread.
use std::sync::Arc;

use slidepuzzle_core::records::store::{AsideReason, Store, StoreError};

use crate::bests::{PersonalBests, RecordEntry, RecordOutcome, RecordTally, WonGame};

/// Why the records store could not read or write. The records file on disk is as it was.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum RecordsStoreError {
    /// The folder could not be made or listed.
    #[error("{0}")]
    Folder(String),
    /// The records file is there but cannot be read (never taken for "no records").
    #[error("{0}")]
    Unreadable(String),
    /// A damaged or newer file could not be moved aside, so nothing was written over it.
    #[error("{0}")]
    KeepAside(String),
    /// The change could not be written.
    #[error("{0}")]
    Unwritable(String),
    /// The win describes no game.
    #[error("{0}")]
    InvalidWin(String),
}

impl From<StoreError> for RecordsStoreError {
    fn from(e: StoreError) -> Self {
        let text = e.to_string();
        match e {
            StoreError::Folder(_) => RecordsStoreError::Folder(text),
            StoreError::Unreadable(_) => RecordsStoreError::Unreadable(text),
            StoreError::KeepAside(_) => RecordsStoreError::KeepAside(text),
            StoreError::Unwritable(_) => RecordsStoreError::Unwritable(text),
            StoreError::Records(_) => RecordsStoreError::InvalidWin(text),
        }
    }
}

/// Why a records file was kept aside.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum KeptAsideReason {
    /// Not a whole records file.
    Damaged,
    /// Written by a newer version of the app (its format `version`); merged back once this
    /// app reads it.
    Newer {
        /// The file's format version.
        version: u32,
    },
}

/// A records file moved aside instead of being written over.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct KeptAsideFile {
    /// Its name in the folder now.
    pub file_name: String,
    /// Why.
    pub reason: KeptAsideReason,
}

/// The personal bests in one folder: loaded when opened, each win written atomically.
#[derive(uniffi::Object)]
pub struct RecordsStore(Store);

#[uniffi::export]
impl RecordsStore {
    /// The records in `folder` (made if it is not there). A damaged or newer file is moved
    /// aside (see [`RecordsStore::kept_aside`]); a file that cannot be read is an error.
    #[uniffi::constructor]
    pub fn open(folder: String) -> Result<Arc<Self>, RecordsStoreError> {
        Ok(Arc::new(RecordsStore(Store::open(folder)?)))
    }

    /// Files kept aside since the store was opened, oldest first: say it to the player once.
    pub fn kept_aside(&self) -> Vec<KeptAsideFile> {
        self.0
            .kept_aside()
            .into_iter()
            .map(|k| KeptAsideFile {
                file_name: k.file_name,
                reason: match k.reason {
                    AsideReason::Damaged(_) => KeptAsideReason::Damaged,
                    AsideReason::Newer(version) => KeptAsideReason::Newer { version },
                },
            })
            .collect()
    }

    /// Records a win, writes the records and says what it changed.
    pub fn record(&self, win: WonGame) -> Result<RecordOutcome, RecordsStoreError> {
        Ok(self.0.record(&win.into())?.into())
    }

    /// Merges other records (another device's) and writes them.
    pub fn merge(&self, other: Arc<PersonalBests>) -> Result<(), RecordsStoreError> {
        Ok(self.0.merge(&other.snapshot())?)
    }

    /// Every size and picture with a win, by size then picture name.
    pub fn entries(&self) -> Vec<RecordEntry> {
        self.0.snapshot().entries().map(Into::into).collect()
    }

    /// The records of one size and picture.
    pub fn entry(&self, size: u32, picture: String) -> Option<RecordEntry> {
        self.0
            .snapshot()
            .entry(size as usize, &picture)
            .map(Into::into)
    }

    /// The best by hand of one size over every picture.
    pub fn best_of_size(&self, size: u32) -> Option<RecordTally> {
        self.0
            .snapshot()
            .best_of_size(size as usize)
            .map(Into::into)
    }

    /// The records as they are now, as a `PersonalBests` (to export or to merge elsewhere).
    pub fn bests(&self) -> Arc<PersonalBests> {
        Arc::new(PersonalBests::from_records(self.0.snapshot()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bests::{FewestKnown, Improvement};

    fn win(moves: u32) -> WonGame {
        WonGame {
            size: 3,
            picture: "aurora".into(),
            moves,
            elapsed_ms: 30_000,
            fewest: Some(FewestKnown {
                moves: 20,
                proven: true,
            }),
            helped: false,
            peeks: 1,
        }
    }

    #[test]
    fn the_store_crosses_the_boundary_and_keeps_a_damaged_file_aside() {
        let folder =
            std::env::temp_dir().join(format!("slidepuzzle-ffi-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("records.json"), "not json").unwrap();
        let path = folder.display().to_string();
        let store = RecordsStore::open(path.clone()).unwrap();
        assert_eq!(
            store.kept_aside(),
            [KeptAsideFile {
                file_name: "records.damaged-1.json".into(),
                reason: KeptAsideReason::Damaged
            }]
        );
        assert_eq!(store.record(win(30)).unwrap().moves, Improvement::First);
        let again = RecordsStore::open(path).unwrap();
        assert!(again.kept_aside().is_empty());
        let entry = again.entry(3, "aurora".into()).unwrap();
        assert_eq!(entry.by_hand.fewest_moves.unwrap().moves, 30);
        assert_eq!(entry.by_hand.won_without_peeking, 0);
        assert_eq!(again.best_of_size(3).unwrap().won, 1);
        let other = PersonalBests::new();
        other.record(win(24)).unwrap();
        again.merge(other).unwrap();
        assert_eq!(
            again
                .bests()
                .best_of_size(3)
                .unwrap()
                .fewest_moves
                .unwrap()
                .moves,
            24
        );
        assert!(matches!(
            again.record(WonGame { size: 9, ..win(5) }),
            Err(RecordsStoreError::InvalidWin(_))
        ));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
