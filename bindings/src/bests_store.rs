//! The personal bests kept safe in a folder (the core's `records::Store`): both apps open one
//! on their files folder and record each win through it; no app writes the records file.
//! Every call reads or writes a small file: call them off the main thread.
//!
//! What the store promises, as the core keeps it:
//! - Any number of stores and processes may use one folder (the app and a widget, two
//!   instances during an update): every change runs under a lock that holds across processes
//!   (`flock` on `records.lock`, held only for the change) and re-reads the file first, so
//!   no win is lost. Where the file system has no locks, changes from one process still run
//!   one at a time, and the write goes through (said in the log).
//! - A change is saved once its file is flushed and renamed into place; a failure after the
//!   rename (flushing the folder) does not report it lost.
//! - A win recorded with [`RecordsStore::record_once`] under the id the app minted when the
//!   game started ([`new_game_id`], kept with the game's session) counts once, however often
//!   the app records it: after a kill between the store's write and the app's own save,
//!   recording it again returns what the first recording said.
//! - Games won are counted per origin (each install, each branch started after a file was
//!   kept aside), so [`RecordsStore::merge`] of another device's records, or a newer
//!   version's file merged back, adds their games.
//! - A damaged or newer file is moved aside, never written over; a file with bad entries
//!   keeps its good ones and is copied aside for the record ([`RecordsStore::kept_aside_files`]
//!   says which and why). At most eight kept-aside files of each kind stay; older ones are
//!   removed when a store opens ([`RecordsStore::removed_aside_files`]).
//!
//! Old calls and their successors (the old ones stay, unchanged in shape, for apps built
//! before; apps should move off them):
//!
//! | old (stop using)                         | new                                                |
//! |------------------------------------------|----------------------------------------------------|
//! | `RecordsStore.record(win)`               | `RecordsStore.recordOnce(gameId, win)`, the id from `newGameId()` minted when the game starts and kept with its session |
//! | `RecordsStore.keptAside()` → `KeptAsideFile` / `KeptAsideReason` | `RecordsStore.keptAsideFiles()` → `AsideFile` / `AsideCause` (`Damaged { detail }`, `Newer { version }`, `EntriesDropped { dropped }`); the old call says `Damaged` for a file whose bad entries were dropped |
//! | (none)                                   | `RecordsStore.removedAsideFiles()`: kept-aside files removed past eight of a kind |
//! | (none)                                   | `RecordsStore.recordFewest(gameId, fewest)`: the fewest possible found after the win, completing its record |
//! | `PersonalBests.record(win)`              | `PersonalBests.recordOnce(gameId, win)`            |
//! | an app writing `PersonalBests.toJson()` to its own file | `RecordsStore` alone writes records; `PersonalBests` carries records to merge (`RecordsStore.merge`) or export |
//!
//! `RecordsStoreError` keeps its cases: `Unwritable` now means the change was not renamed
//! into place (a failure after the rename is logged and the change reported saved), and
//! `InvalidWin` also covers a game id that is not 1 to 64 letters, digits, '-' or '_'.
use std::sync::Arc;

use slidepuzzle_core::records::store::{AsideReason, KeptAside, Store, StoreError};

use crate::bests::{FewestKnown, PersonalBests, RecordEntry, RecordOutcome, RecordTally, WonGame};

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

/// Why a records file was kept aside, with the details for a report (the player reads words
/// from the app's resources, chosen by the case).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum AsideCause {
    /// Not a whole records file: moved aside, the store started without it.
    Damaged {
        /// What is wrong, for a report.
        detail: String,
    },
    /// Written by a newer version of the app: moved aside, merged back once this app reads
    /// it.
    Newer {
        /// The file's format version.
        version: u32,
    },
    /// Some entries could not be read: they were left out, every other one kept, and the file
    /// as it was copied aside.
    EntriesDropped {
        /// The entries left out.
        dropped: Vec<DroppedRecordEntry>,
    },
}

/// One entry of a records file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DroppedRecordEntry {
    /// Its place in the file's list, from 0.
    pub position: u32,
    /// What is wrong with it, for a report.
    pub detail: String,
}

/// A records file kept aside, and why.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct AsideFile {
    /// Its name in the folder now.
    pub file_name: String,
    /// Why.
    pub cause: AsideCause,
}

impl From<KeptAside> for AsideFile {
    fn from(k: KeptAside) -> Self {
        AsideFile {
            file_name: k.file_name,
            cause: match k.reason {
                AsideReason::Damaged(detail) => AsideCause::Damaged { detail },
                AsideReason::Newer(version) => AsideCause::Newer { version },
                AsideReason::EntriesDropped(dropped) => AsideCause::EntriesDropped {
                    dropped: dropped
                        .into_iter()
                        .map(|d| DroppedRecordEntry {
                            position: u32::try_from(d.position).unwrap_or(u32::MAX),
                            detail: d.why,
                        })
                        .collect(),
                },
            },
        }
    }
}

/// A new game's id: 128 random bits as 32 hex digits. Mint one when a game starts, keep it
/// with the game's session, and record its win with [`RecordsStore::record_once`].
#[uniffi::export]
pub fn new_game_id() -> String {
    slidepuzzle_core::records::new_game_id()
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
                    AsideReason::Damaged(_) | AsideReason::EntriesDropped(_) => {
                        KeptAsideReason::Damaged
                    }
                    AsideReason::Newer(version) => KeptAsideReason::Newer { version },
                },
            })
            .collect()
    }

    /// Files kept aside since the store was opened, oldest first, with why: say it to the
    /// player once. Prefer it to [`RecordsStore::kept_aside`].
    pub fn kept_aside_files(&self) -> Vec<AsideFile> {
        self.0.kept_aside().into_iter().map(Into::into).collect()
    }

    /// Kept-aside files removed when the store opened (past eight of a kind), oldest first.
    pub fn removed_aside_files(&self) -> Vec<String> {
        self.0.removed_aside()
    }

    /// Records a win, writes the records and says what it changed.
    pub fn record(&self, win: WonGame) -> Result<RecordOutcome, RecordsStoreError> {
        Ok(self.0.record(&win.into())?.into())
    }

    /// Records the win of the game `game_id` (from [`new_game_id`], minted when the game
    /// started) once: recording the same id again returns what the first recording said and
    /// counts nothing. An id that is not 1 to 64 letters, digits, '-' or '_' is
    /// `InvalidWin`.
    pub fn record_once(
        &self,
        game_id: String,
        win: WonGame,
    ) -> Result<RecordOutcome, RecordsStoreError> {
        Ok(self.0.record_once(&game_id, &win.into())?.into())
    }

    /// Completes the win of the game `game_id`, recorded with [`RecordsStore::record_once`]
    /// before its fewest possible was known, with the `fewest` found after it (a search that
    /// ended after the win): the game keeps it wherever it is still a best, as if it had been
    /// known at the win, and its outcome now says whether it matched. Returns that outcome,
    /// or none when the id is not among the last 64 recorded. A fewest that says no more than
    /// the one known (proven over found within a budget, then the shorter) changes and writes
    /// nothing, so asking again is safe. A proven fewest above the game's moves is
    /// `InvalidWin`.
    pub fn record_fewest(
        &self,
        game_id: String,
        fewest: FewestKnown,
    ) -> Result<Option<RecordOutcome>, RecordsStoreError> {
        Ok(self
            .0
            .record_fewest(&game_id, fewest.into())?
            .map(Into::into))
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
        let aside = store.kept_aside();
        assert_eq!(aside.len(), 1);
        assert_eq!(aside[0].reason, KeptAsideReason::Damaged);
        assert!(aside[0].file_name.starts_with("records.damaged-1-"));
        let files = store.kept_aside_files();
        assert_eq!(files[0].file_name, aside[0].file_name);
        assert!(matches!(files[0].cause, AsideCause::Damaged { .. }));
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

    #[test]
    fn a_game_recorded_twice_counts_once_and_a_bad_entry_is_reported() {
        let folder =
            std::env::temp_dir().join(format!("slidepuzzle-ffi-once-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let path = folder.display().to_string();
        let store = RecordsStore::open(path.clone()).unwrap();
        let id = new_game_id();
        assert_eq!(id.len(), 32);
        assert_ne!(id, new_game_id());
        let first = store.record_once(id.clone(), win(30)).unwrap();
        let again = RecordsStore::open(path.clone()).unwrap();
        assert_eq!(again.record_once(id, win(30)).unwrap(), first);
        assert_eq!(again.entry(3, "aurora".into()).unwrap().by_hand.won, 1);
        assert!(matches!(
            again.record_once("not an id".into(), win(30)),
            Err(RecordsStoreError::InvalidWin(_))
        ));
        // A file with one bad entry: the rest kept, the entry reported.
        let text = std::fs::read_to_string(folder.join("records.json")).unwrap();
        let bad = text.replacen(
            "\"records\":[",
            "\"records\":[{\"size\":99,\"picture\":\"x\"},",
            1,
        );
        std::fs::write(folder.join("records.json"), bad).unwrap();
        let reopened = RecordsStore::open(path).unwrap();
        let files = reopened.kept_aside_files();
        let AsideCause::EntriesDropped { dropped } = &files[0].cause else {
            panic!("{files:?}");
        };
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped[0].position, 0);
        assert_eq!(reopened.kept_aside()[0].reason, KeptAsideReason::Damaged);
        assert_eq!(reopened.entry(3, "aurora".into()).unwrap().by_hand.won, 1);
        assert!(reopened.removed_aside_files().is_empty());
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn a_fewest_found_after_the_win_completes_its_record() {
        let folder =
            std::env::temp_dir().join(format!("slidepuzzle-ffi-fewest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let path = folder.display().to_string();
        let store = RecordsStore::open(path.clone()).unwrap();
        let id = new_game_id();
        let unknown = WonGame {
            fewest: None,
            ..win(22)
        };
        assert_eq!(
            store
                .record_once(id.clone(), unknown)
                .unwrap()
                .matched_fewest,
            None
        );
        let fewest = FewestKnown {
            moves: 22,
            proven: true,
        };
        let outcome = store.record_fewest(id.clone(), fewest).unwrap().unwrap();
        assert_eq!(outcome.matched_fewest, Some(true));
        let again = RecordsStore::open(path).unwrap();
        let best = again
            .entry(3, "aurora".into())
            .unwrap()
            .by_hand
            .fewest_moves
            .unwrap();
        assert_eq!(best.fewest, Some(fewest));
        assert_eq!(again.record_fewest(new_game_id(), fewest).unwrap(), None);
        assert!(matches!(
            again.record_fewest(
                id,
                FewestKnown {
                    moves: 30,
                    proven: true
                }
            ),
            Err(RecordsStoreError::InvalidWin(_))
        ));
        // The same through PersonalBests, the records carried in memory.
        let bests = PersonalBests::new();
        bests
            .record_once(
                "g".into(),
                WonGame {
                    fewest: None,
                    ..win(24)
                },
            )
            .unwrap();
        let outcome = bests.record_fewest("g".into(), fewest).unwrap().unwrap();
        assert_eq!(outcome.matched_fewest, Some(false));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
