//! Personal bests per board size and picture (the core's `records` module): one object the
//! app keeps, records wins into and stores as JSON.
use std::sync::{Arc, Mutex};

use slidepuzzle_core::records as core;

/// Why personal bests could not be read, or a win not recorded.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum RecordsError {
    /// Not a records file, or one with damaged contents: keep it aside, never write over it.
    #[error("{0}")]
    Damaged(String),
    /// Written by a newer version of the app: keep it aside, never write over it.
    #[error("{0}")]
    Newer(String),
    /// A win that describes no game (a size outside 2–8, no picture name).
    #[error("{0}")]
    InvalidWin(String),
}

impl From<core::RecordsError> for RecordsError {
    fn from(e: core::RecordsError) -> Self {
        let text = e.to_string();
        match e {
            core::RecordsError::Damaged(_) => RecordsError::Damaged(text),
            core::RecordsError::Newer { .. } => RecordsError::Newer(text),
            core::RecordsError::InvalidWin(_) => RecordsError::InvalidWin(text),
        }
    }
}

/// The fewest possible moves from a game's start, as far as the app knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct FewestKnown {
    /// The count.
    pub moves: u32,
    /// Proven (3×3, 4×4), or the best the search found within its budget.
    pub proven: bool,
}

impl From<core::Fewest> for FewestKnown {
    fn from(f: core::Fewest) -> Self {
        FewestKnown {
            moves: f.moves,
            proven: f.proven,
        }
    }
}

impl From<FewestKnown> for core::Fewest {
    fn from(f: FewestKnown) -> Self {
        core::Fewest {
            moves: f.moves,
            proven: f.proven,
        }
    }
}

/// One won game, as the app hands it over.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WonGame {
    /// Board side, 2 to 8.
    pub size: u32,
    /// A built-in picture's id, or "photo".
    pub picture: String,
    /// Moves the game took.
    pub moves: u32,
    /// Play time in milliseconds.
    pub elapsed_ms: u64,
    /// The fewest possible from its start, when known.
    pub fewest: Option<FewestKnown>,
    /// Finished by Auto, or Auto or a hint was used during it.
    pub helped: bool,
    /// Peeks at the whole picture.
    pub peeks: u32,
}

/// A game that set a best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct BestGame {
    /// Its moves.
    pub moves: u32,
    /// Its time in milliseconds.
    pub elapsed_ms: u64,
    /// The fewest possible from its start, when known.
    pub fewest: Option<FewestKnown>,
    /// Its peeks.
    pub peeks: u32,
}

impl From<core::BestGame> for BestGame {
    fn from(b: core::BestGame) -> Self {
        BestGame {
            moves: b.moves,
            elapsed_ms: b.elapsed_ms,
            fewest: b.fewest.map(Into::into),
            peeks: b.peeks,
        }
    }
}

/// The wins of one kind (by hand, or helped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct RecordTally {
    /// Games won.
    pub won: u32,
    /// Of those, won without a peek.
    pub won_without_peeking: u32,
    /// The game of the fewest moves.
    pub fewest_moves: Option<BestGame>,
    /// The game of the shortest time.
    pub fastest: Option<BestGame>,
}

impl From<core::Tally> for RecordTally {
    fn from(t: core::Tally) -> Self {
        RecordTally {
            won: t.won,
            won_without_peeking: t.won_without_peeking,
            fewest_moves: t.fewest_moves.map(Into::into),
            fastest: t.fastest.map(Into::into),
        }
    }
}

/// The records of one size and picture.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RecordEntry {
    /// Board side.
    pub size: u32,
    /// A built-in picture's id, or "photo".
    pub picture: String,
    /// Games by hand alone.
    pub by_hand: RecordTally,
    /// Games with help.
    pub helped: RecordTally,
}

impl From<&core::Entry> for RecordEntry {
    fn from(e: &core::Entry) -> Self {
        RecordEntry {
            size: e.size as u32,
            picture: e.picture.clone(),
            by_hand: e.by_hand.into(),
            helped: e.helped.into(),
        }
    }
}

/// How a result compares with the best before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Improvement {
    /// The first win of its kind here.
    First,
    /// A new best; `was` the best before.
    Better {
        /// The best before.
        was: u64,
    },
    /// As good as the best.
    Equal,
    /// Not better; `best` stands.
    NotBetter {
        /// The best that stands.
        best: u64,
    },
}

impl<T: Into<u64>> From<core::Change<T>> for Improvement {
    fn from(c: core::Change<T>) -> Self {
        match c {
            core::Change::First => Improvement::First,
            core::Change::Better { was } => Improvement::Better { was: was.into() },
            core::Change::Equal => Improvement::Equal,
            core::Change::NotBetter { best } => Improvement::NotBetter { best: best.into() },
        }
    }
}

impl From<WonGame> for core::Win {
    fn from(win: WonGame) -> Self {
        core::Win {
            size: win.size as usize,
            picture: win.picture,
            moves: win.moves,
            elapsed_ms: win.elapsed_ms,
            fewest: win.fewest.map(Into::into),
            helped: win.helped,
            peeks: win.peeks,
        }
    }
}

/// What one recorded win changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct RecordOutcome {
    /// Tallied apart, as a game with help.
    pub helped: bool,
    /// Its moves against the best of its kind.
    pub moves: Improvement,
    /// Its time (milliseconds) against the best of its kind.
    pub time: Improvement,
    /// Whether it matched the fewest possible (none when that was not known).
    pub matched_fewest: Option<bool>,
    /// Games of its kind won here, this one included.
    pub won: u32,
}

impl From<core::Outcome> for RecordOutcome {
    fn from(outcome: core::Outcome) -> Self {
        RecordOutcome {
            helped: outcome.helped,
            moves: outcome.moves.into(),
            time: outcome.time.into(),
            matched_fewest: outcome.matched_fewest,
            won: outcome.won,
        }
    }
}

/// Every size and picture's personal bests. The app records each win, reads the entries for
/// its screens and stores [`PersonalBests::to_json`] as it likes.
#[derive(uniffi::Object)]
pub struct PersonalBests(Mutex<core::Records>);

impl PersonalBests {
    /// `records` as the object the apps hold.
    pub(crate) fn from_records(records: core::Records) -> PersonalBests {
        PersonalBests(Mutex::new(records))
    }

    /// A copy of the records.
    pub(crate) fn snapshot(&self) -> core::Records {
        self.records().clone()
    }

    fn records(&self) -> std::sync::MutexGuard<'_, core::Records> {
        // A panic never happens while the lock is held (every method is plain data work), so a
        // poisoned lock still holds whole records.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[uniffi::export]
impl PersonalBests {
    /// No records yet.
    #[uniffi::constructor]
    pub fn new() -> Arc<Self> {
        Arc::new(PersonalBests(Mutex::new(core::Records::new())))
    }

    /// Records from [`PersonalBests::to_json`]'s text; a damaged file or one of a newer version
    /// is refused (keep it aside).
    #[uniffi::constructor]
    pub fn from_json(text: String) -> Result<Arc<Self>, RecordsError> {
        Ok(Arc::new(PersonalBests(Mutex::new(
            core::Records::from_json(&text)?,
        ))))
    }

    /// The records as versioned JSON.
    pub fn to_json(&self) -> String {
        self.records().to_json()
    }

    /// Records a win and says what it changed.
    pub fn record(&self, win: WonGame) -> Result<RecordOutcome, RecordsError> {
        Ok(self.records().record(&win.into())?.into())
    }

    /// Records the win of the game `game_id` once: the same id again returns what the first
    /// recording said and counts nothing (see `RecordsStore.record_once`).
    pub fn record_once(
        &self,
        game_id: String,
        win: WonGame,
    ) -> Result<RecordOutcome, RecordsError> {
        Ok(self.records().record_once(&game_id, &win.into())?.into())
    }

    /// Completes the win of the game `game_id` with the fewest possible found after it was
    /// recorded (see `RecordsStore.record_fewest`): the completed outcome, or none when the id
    /// is not among those kept.
    pub fn record_fewest(
        &self,
        game_id: String,
        fewest: FewestKnown,
    ) -> Result<Option<RecordOutcome>, RecordsError> {
        Ok(self
            .records()
            .record_fewest(&game_id, fewest.into())?
            .map(Into::into))
    }

    /// Every size and picture with a win, by size then picture name.
    pub fn entries(&self) -> Vec<RecordEntry> {
        self.records().entries().map(Into::into).collect()
    }

    /// The records of one size and picture.
    pub fn entry(&self, size: u32, picture: String) -> Option<RecordEntry> {
        self.records()
            .entry(size as usize, &picture)
            .map(Into::into)
    }

    /// The best by hand of one size over every picture.
    pub fn best_of_size(&self, size: u32) -> Option<RecordTally> {
        self.records().best_of_size(size as usize).map(Into::into)
    }

    /// Keeps the best of each (two devices' files); merging a file into itself changes nothing.
    pub fn merge(&self, other: Arc<PersonalBests>) {
        // The same object: nothing to add, and its lock is not taken twice.
        if std::ptr::eq(self, Arc::as_ptr(&other)) {
            return;
        }
        let theirs = other.records().clone();
        self.records().merge(&theirs);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(moves: u32, helped: bool) -> WonGame {
        WonGame {
            size: 4,
            picture: "sunset".into(),
            moves,
            elapsed_ms: 60_000,
            fewest: Some(FewestKnown {
                moves: 44,
                proven: true,
            }),
            helped,
            peeks: 0,
        }
    }

    #[test]
    fn bests_cross_the_boundary() {
        let bests = PersonalBests::new();
        assert_eq!(
            bests.record(win(52, false)).unwrap().moves,
            Improvement::First
        );
        let outcome = bests.record(win(44, false)).unwrap();
        assert_eq!(outcome.moves, Improvement::Better { was: 52 });
        assert_eq!(outcome.time, Improvement::Equal);
        assert_eq!(outcome.matched_fewest, Some(true));
        assert!(bests.record(win(30, true)).unwrap().helped);
        let entry = bests.entry(4, "sunset".into()).unwrap();
        assert_eq!(entry.by_hand.fewest_moves.unwrap().moves, 44);
        assert_eq!(entry.helped.won, 1);
        let copy = PersonalBests::from_json(bests.to_json()).unwrap();
        assert_eq!(copy.entries(), bests.entries());
        assert!(matches!(
            PersonalBests::from_json("{".into()),
            Err(RecordsError::Damaged(_))
        ));
        let newer = bests.to_json().replace("\"version\":2", "\"version\":7");
        assert!(matches!(
            PersonalBests::from_json(newer),
            Err(RecordsError::Newer(_))
        ));
        let other = PersonalBests::new();
        other.record(win(40, false)).unwrap();
        bests.merge(other);
        assert_eq!(
            bests.best_of_size(4).unwrap().fewest_moves.unwrap().moves,
            40
        );
        let before = bests.entries();
        bests.merge(bests.clone());
        assert_eq!(bests.entries(), before);
        let once = bests.record_once("g1".into(), win(38, false)).unwrap();
        assert_eq!(
            bests.record_once("g1".into(), win(38, false)).unwrap(),
            once
        );
        assert_eq!(
            bests.entry(4, "sunset".into()).unwrap().by_hand.won,
            once.won
        );
    }
}
