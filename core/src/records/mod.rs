//! Personal bests: for each board size and picture, the fewest moves and the shortest time of a
//! won game, how many games were won, and the fewest possible moves of the game that set the
//! best (when the app knew it, and whether it was proven). Both apps keep them through this
//! one type, serialized as versioned JSON.
//!
//! [`Store`] keeps them in a folder for both apps: every change written atomically under a
//! lock that holds across processes, a damaged or newer file kept aside and never written over.
//!
//! A game finished by Auto, or in which Auto or a hint was used, is *helped*: it is tallied
//! apart and never beats a game played by hand. Peeks at the whole picture are counted, and a
//! win without one is marked.
//!
//! Each win may carry the id the app gave its game when it started ([`new_game_id`]): recording
//! the same id again returns what the first recording said and counts nothing, so an app
//! killed between the store's write and its own can record the win again safely. The last
//! [`MAX_RECENT`] ids are kept in the file.
//!
//! Games won are counted per *origin* (see [`Counts`]), so merging another device's records,
//! or a newer version's file back, adds their games instead of keeping the larger count.
//!
//! ```
//! use slidepuzzle_core::records::{Change, Fewest, Records, Win};
//!
//! let mut records = Records::new();
//! let win = Win { size: 4, picture: "sunset".into(), moves: 52, elapsed_ms: 61_000,
//!                 fewest: Some(Fewest { moves: 44, proven: true }), helped: false, peeks: 0 };
//! assert_eq!(records.record_once("game-1", &win).unwrap().moves, Change::First);
//! // The same game again (the app was killed before it knew the win was saved): no change.
//! assert_eq!(records.record_once("game-1", &win).unwrap().won, 1);
//! let better = Win { moves: 44, elapsed_ms: 75_000, ..win.clone() };
//! let outcome = records.record_once("game-2", &better).unwrap();
//! assert_eq!(outcome.moves, Change::Better { was: 52 });
//! assert_eq!(outcome.matched_fewest, Some(true));
//! assert_eq!(outcome.won, 2);
//! let text = records.to_json();
//! assert_eq!(Records::from_json(&text).unwrap(), records);
//! ```
use std::collections::{BTreeMap, VecDeque};

use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{MAX_SIZE, MIN_SIZE};

/// What the JSON's `format` field says.
const FORMAT: &str = "slidepuzzle-records";
/// The version this build writes; a file of a newer one is refused, never rewritten. Version 1
/// (one count per tally) is read and written back as 2 (counts per origin, game ids).
pub const RECORDS_VERSION: u32 = 2;
/// The longest records file read. Every file this version writes fits: [`MAX_ENTRIES`]
/// entries with the longest names, the largest numbers and [`MAX_ORIGINS`] origins per tally,
/// and [`MAX_RECENT`] game ids (a test writes that file).
pub const MAX_JSON_BYTES: usize = 4 << 20;
/// The most (size, picture) entries a file may hold.
pub const MAX_ENTRIES: usize = 1024;
/// The longest picture name: a built-in's id, or "photo".
pub const MAX_PICTURE_NAME: usize = 64;
/// The most game ids kept, the latest: far more than the games an app can lose track of.
pub const MAX_RECENT: usize = 64;
/// The longest game id.
pub const MAX_GAME_ID: usize = 64;

/// The picture name a game on the player's own photo is recorded under.
pub const PHOTO: &str = "photo";

/// Why records could not be read or a win not recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordsError {
    /// The text is not a records file, or is one with damaged or impossible contents. The app
    /// keeps such a file aside instead of writing over it.
    #[error("the records file is damaged: {0}")]
    Damaged(String),
    /// Written by a newer version of the app, which this one cannot read without losing what
    /// that version added.
    #[error("the records file was written by a newer version of the app (format {found}, this one reads up to {RECORDS_VERSION})")]
    Newer {
        /// The file's version.
        found: u32,
    },
    /// A win that describes no game (a size outside 2–8, no picture name, a bad game id).
    #[error("{0}")]
    InvalidWin(String),
}

/// One won game, as the app hands it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    /// Board side, 2 to 8.
    pub size: usize,
    /// A built-in picture's id, or [`PHOTO`].
    pub picture: String,
    /// Moves the game took.
    pub moves: u32,
    /// Play time in milliseconds.
    pub elapsed_ms: u64,
    /// The fewest possible from its shuffled start, when known.
    pub fewest: Option<Fewest>,
    /// Finished by Auto, or Auto or a hint was used during it.
    pub helped: bool,
    /// How many times the player looked at the whole picture.
    pub peeks: u32,
}

/// How a result compares with the best before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change<T> {
    /// The first win of its kind for this size and picture.
    First,
    /// A new best; the best before it.
    Better {
        /// The best before.
        was: T,
    },
    /// As good as the best, not better.
    Equal,
    /// Not better; the best that stands.
    NotBetter {
        /// The best that stands.
        best: T,
    },
}

impl<T: Ord + Copy> Change<T> {
    fn of(new: T, old: Option<T>) -> Change<T> {
        match old {
            None => Change::First,
            Some(was) if new < was => Change::Better { was },
            Some(was) if new == was => Change::Equal,
            Some(best) => Change::NotBetter { best },
        }
    }
}

/// What one recorded win changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Recorded apart, as a game with help: it did not compete with games by hand.
    pub helped: bool,
    /// Its moves against the best of its kind.
    pub moves: Change<u32>,
    /// Its time against the best of its kind.
    pub time: Change<u64>,
    /// Whether its moves matched the fewest possible (`None` when that was not known).
    pub matched_fewest: Option<bool>,
    /// Games of its kind won for this size and picture, this one included.
    pub won: u32,
}

/// A game id recorded, and what its recording said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Recorded {
    pub(crate) id: String,
    pub(crate) outcome: Outcome,
    /// The game it won, so that a fewest possible found after the win completes its record
    /// ([`Records::record_fewest`]). Files written before it was kept have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) won: Option<RecordedGame>,
}

/// Where a recorded game's win was tallied, and the game as it was kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RecordedGame {
    pub(crate) size: usize,
    pub(crate) picture: String,
    pub(crate) helped: bool,
    pub(crate) game: BestGame,
}

/// Whether `new` says more about a game's fewest possible than `old`: something over
/// nothing, proven over found within a budget, then the shorter.
fn knows_more(new: Fewest, old: Option<Fewest>) -> bool {
    match old {
        None => true,
        Some(old) => (!new.proven, new.moves) < (!old.proven, old.moves),
    }
}

/// Every size and picture's records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Records {
    entries: BTreeMap<(usize, String), Entry>,
    /// The origin this copy counts its wins under; named at its first win.
    origin: Option<String>,
    /// The latest game ids recorded, oldest first.
    recent: VecDeque<Recorded>,
    /// The highest number a file kept aside from this folder was given.
    aside_serial: u32,
    /// Fields a later version of the app wrote, kept and written back.
    unknown: serde_json::Map<String, serde_json::Value>,
}

fn check_key(size: usize, picture: &str) -> Result<(), String> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!(
            "a {size}×{size} board is out of range: boards are {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE}"
        ));
    }
    if picture.is_empty() || picture.len() > MAX_PICTURE_NAME {
        return Err(format!(
            "a picture name has 1 to {MAX_PICTURE_NAME} characters"
        ));
    }
    Ok(())
}

fn check_game_id(id: &str) -> Result<(), String> {
    if id.is_empty()
        || id.len() > MAX_GAME_ID
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(format!(
            "a game id has 1 to {MAX_GAME_ID} letters, digits, '-' or '_'"
        ));
    }
    Ok(())
}

/// `bytes` random bytes as lowercase hex.
fn hex_id(rng: &mut impl Rng, bytes: usize) -> String {
    (0..bytes)
        .map(|_| format!("{:02x}", rng.random::<u8>()))
        .collect()
}

/// A new game's id: 128 random bits as 32 hex digits. The app mints one when a game starts,
/// keeps it with the game's session and records the win under it.
pub fn new_game_id() -> String {
    game_id_from(&mut rand::rng())
}

/// A game id drawn from `rng` (tests use a seeded one).
pub fn game_id_from(rng: &mut impl Rng) -> String {
    hex_id(rng, 16)
}

impl Records {
    /// No records.
    pub fn new() -> Records {
        Records::default()
    }

    /// No records, counting wins under `origin` (1 to 64 characters).
    pub fn with_origin(origin: &str) -> Records {
        Records {
            origin: Some(origin.to_string()),
            ..Records::default()
        }
    }

    /// The origin this copy counts its wins under, once it has counted one.
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    /// Records `win` and says what it changed. A helped game is tallied apart.
    pub fn record(&mut self, win: &Win) -> Result<Outcome, RecordsError> {
        check_key(win.size, &win.picture).map_err(RecordsError::InvalidWin)?;
        let key = (win.size, win.picture.clone());
        if self.entries.len() >= MAX_ENTRIES && !self.entries.contains_key(&key) {
            return Err(RecordsError::InvalidWin(format!(
                "records hold at most {MAX_ENTRIES} sizes and pictures"
            )));
        }
        let origin = self
            .origin
            .get_or_insert_with(|| hex_id(&mut rand::rng(), 8))
            .clone();
        let entry = self
            .entries
            .entry(key)
            .or_insert_with(|| Entry::empty(win.size, &win.picture));
        let before = *entry.tally_mut(win.helped);
        entry.add(&origin, win);
        let after = *entry.tally_mut(win.helped);
        Ok(Outcome {
            helped: win.helped,
            moves: Change::of(win.moves, before.fewest_moves.map(|b| b.moves)),
            time: Change::of(win.elapsed_ms, before.fastest.map(|b| b.elapsed_ms)),
            matched_fewest: win.fewest.map(|f| win.moves <= f.moves),
            won: after.won,
        })
    }

    /// Records the win of the game `game_id` once: recording the same id again returns what
    /// the first recording said and changes nothing. The last [`MAX_RECENT`] ids are kept.
    pub fn record_once(&mut self, game_id: &str, win: &Win) -> Result<Outcome, RecordsError> {
        check_game_id(game_id).map_err(RecordsError::InvalidWin)?;
        if let Some(outcome) = self.recorded(game_id) {
            return Ok(outcome);
        }
        let outcome = self.record(win)?;
        self.recent.push_back(Recorded {
            id: game_id.to_string(),
            outcome,
            won: Some(RecordedGame {
                size: win.size,
                picture: win.picture.clone(),
                helped: win.helped,
                game: BestGame::of(win),
            }),
        });
        while self.recent.len() > MAX_RECENT {
            self.recent.pop_front();
        }
        Ok(outcome)
    }

    /// Completes the win of the game `game_id`, recorded with [`Records::record_once`] before
    /// its fewest possible was known, with the `fewest` found after it: the game keeps it
    /// wherever it is still a best (as if it had been known at the win), and what its
    /// recording said now says whether it matched. Returns that outcome, or `None` when the
    /// id is not among the [`MAX_RECENT`] kept (or was kept by a version that did not keep its
    /// game). A fewest that says no more than the one known (see [`Fewest`]: proven over
    /// found, then the shorter) changes nothing, so asking again is safe. A proven fewest
    /// above the moves the game took is `InvalidWin`.
    ///
    /// ```
    /// use slidepuzzle_core::records::{Fewest, Records, Win};
    ///
    /// let mut records = Records::new();
    /// let win = Win { size: 4, picture: "sunset".into(), moves: 52, elapsed_ms: 61_000,
    ///                 fewest: None, helped: false, peeks: 0 };
    /// assert_eq!(records.record_once("game-1", &win).unwrap().matched_fewest, None);
    /// // The search for the fewest possible ends after the win.
    /// let fewest = Fewest { moves: 52, proven: true };
    /// let outcome = records.record_fewest("game-1", fewest).unwrap().unwrap();
    /// assert_eq!(outcome.matched_fewest, Some(true));
    /// let best = records.entry(4, "sunset").unwrap().by_hand.fewest_moves.unwrap();
    /// assert_eq!(best.fewest, Some(fewest));
    /// ```
    pub fn record_fewest(
        &mut self,
        game_id: &str,
        fewest: Fewest,
    ) -> Result<Option<Outcome>, RecordsError> {
        Ok(self
            .complete_fewest(game_id, fewest)?
            .map(|(outcome, _)| outcome))
    }

    /// [`Records::record_fewest`], and whether it changed anything.
    pub(crate) fn complete_fewest(
        &mut self,
        game_id: &str,
        fewest: Fewest,
    ) -> Result<Option<(Outcome, bool)>, RecordsError> {
        check_game_id(game_id).map_err(RecordsError::InvalidWin)?;
        let Some(recorded) = self.recent.iter_mut().find(|r| r.id == game_id) else {
            return Ok(None);
        };
        let Some(won) = recorded.won.as_mut() else {
            return Ok(None);
        };
        if fewest.proven && fewest.moves > won.game.moves {
            return Err(RecordsError::InvalidWin(format!(
                "the fewest possible ({}) cannot be more than the {} moves the game took",
                fewest.moves, won.game.moves
            )));
        }
        if !knows_more(fewest, won.game.fewest) {
            return Ok(Some((recorded.outcome, false)));
        }
        let was = won.game;
        won.game.fewest = Some(fewest);
        let now = won.game;
        recorded.outcome.matched_fewest = Some(now.moves <= fewest.moves);
        let outcome = recorded.outcome;
        let key = (won.size, won.picture.clone());
        if let Some(entry) = self.entries.get_mut(&key) {
            let tally = entry.tally_mut(won.helped);
            for best in [&mut tally.fewest_moves, &mut tally.fastest] {
                if *best == Some(was) {
                    *best = Some(now);
                }
            }
        }
        Ok(Some((outcome, true)))
    }

    /// What recording the game `game_id` said, if it is among the ids kept.
    pub fn recorded(&self, game_id: &str) -> Option<Outcome> {
        self.recent
            .iter()
            .find(|r| r.id == game_id)
            .map(|r| r.outcome)
    }

    /// The records of `size` and `picture`, if a game was won there.
    pub fn entry(&self, size: usize, picture: &str) -> Option<&Entry> {
        self.entries.get(&(size, picture.to_string()))
    }

    /// Every entry, by size, then picture name.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    /// The best of `size` over every picture, by hand: the game of the fewest moves, the game
    /// of the shortest time, and the games won.
    pub fn best_of_size(&self, size: usize) -> Option<Tally> {
        let mut best: Option<Tally> = None;
        for entry in self.entries.values().filter(|e| e.size == size) {
            if entry.by_hand.won == 0 {
                continue;
            }
            let mut sum = best.unwrap_or_default();
            sum.won = sum.won.saturating_add(entry.by_hand.won);
            sum.won_without_peeking = sum
                .won_without_peeking
                .saturating_add(entry.by_hand.won_without_peeking);
            sum.merge_bests(&entry.by_hand);
            best = Some(sum);
        }
        best
    }

    /// Adds another copy's records (another device's, a newer version's file): for every size
    /// and picture, the games won per origin by the larger count (so what both saw counts
    /// once and what each added is added), the fewer moves and the shorter time. Over the
    /// entries it is commutative, associative and idempotent (ties are broken on every field),
    /// and it keeps at most [`MAX_ENTRIES`] sizes and pictures, the first by size and picture
    /// name, so a merged file always reads back. This copy keeps its own origin; the game ids
    /// of both are kept, this copy's first.
    pub fn merge(&mut self, other: &Records) {
        for (key, theirs) in &other.entries {
            match self.entries.get_mut(key) {
                Some(ours) => ours.merge(theirs, self.origin.as_deref()),
                None => {
                    self.entries.insert(key.clone(), theirs.clone());
                }
            }
        }
        while self.entries.len() > MAX_ENTRIES {
            self.entries.pop_last();
        }
        for recorded in &other.recent {
            if self.recorded(&recorded.id).is_none() && self.recent.len() < MAX_RECENT {
                self.recent.push_back(recorded.clone());
            }
        }
        self.aside_serial = self.aside_serial.max(other.aside_serial);
        tally::merge_unknown(&mut self.unknown, &other.unknown);
    }

    pub(crate) fn aside_serial(&self) -> u32 {
        self.aside_serial
    }

    pub(crate) fn set_aside_serial(&mut self, serial: u32) {
        self.aside_serial = self.aside_serial.max(serial);
    }
}

mod aside;
mod disk;
mod json;
pub mod store;
mod tally;

pub use json::{DroppedEntry, ReadRecords};
pub use store::Store;
pub use tally::{
    BestGame, Count, Counts, Entry, Fewest, Tally, FOLDED, MAX_ORIGINS, MAX_ORIGIN_NAME,
};

#[cfg(test)]
mod tests;
