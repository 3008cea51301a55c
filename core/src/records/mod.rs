//! Personal bests: for each board size and picture, the fewest moves and the shortest time of a
//! won game, how many games were won, and the fewest possible moves of the game that set the
//! best (when the app knew it, and whether it was proven). Both apps keep them through this
//! one type, serialized as versioned JSON.
//!
//! [`Store`] keeps them in a folder for both apps: every change written atomically, one writer
//! at a time, a damaged or newer file kept aside and never written over.
//!
//! A game finished by Auto, or in which Auto or a hint was used, is *helped*: it is tallied
//! apart and never beats a game played by hand. Peeks at the whole picture are counted, and a
//! win without one is marked.
//!
//! ```
//! use slidepuzzle_core::records::{Change, Fewest, Records, Win};
//!
//! let mut records = Records::new();
//! let win = Win { size: 4, picture: "sunset".into(), moves: 52, elapsed_ms: 61_000,
//!                 fewest: Some(Fewest { moves: 44, proven: true }), helped: false, peeks: 0 };
//! assert_eq!(records.record(&win).unwrap().moves, Change::First);
//! let better = Win { moves: 44, elapsed_ms: 75_000, ..win.clone() };
//! let outcome = records.record(&better).unwrap();
//! assert_eq!(outcome.moves, Change::Better { was: 52 });
//! assert_eq!(outcome.matched_fewest, Some(true));
//! let text = records.to_json();
//! assert_eq!(Records::from_json(&text).unwrap(), records);
//! ```
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{MAX_SIZE, MIN_SIZE};

/// What the JSON's `format` field says.
const FORMAT: &str = "slidepuzzle-records";
/// The version this build writes; a file of a newer one is refused, never rewritten.
pub const RECORDS_VERSION: u32 = 1;
/// The longest records file read: far more than every size and picture need.
pub const MAX_JSON_BYTES: usize = 1 << 20;
/// The most (size, picture) entries a file may hold.
pub const MAX_ENTRIES: usize = 1024;
/// The longest picture name: a built-in's id, or "photo".
pub const MAX_PICTURE_NAME: usize = 64;

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
    /// A win that describes no game (a size outside 2–8, no picture name).
    #[error("{0}")]
    InvalidWin(String),
}

/// The fewest possible moves from a game's shuffled start, as far as the app knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fewest {
    /// The count.
    pub moves: u32,
    /// Whether it is proven (3×3 and 4×4); otherwise it is what the search found within its
    /// budget on larger boards.
    pub proven: bool,
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

/// A game that set a best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestGame {
    /// Its moves.
    pub moves: u32,
    /// Its time in milliseconds.
    pub elapsed_ms: u64,
    /// The fewest possible from its start, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fewest: Option<Fewest>,
    /// Its peeks at the whole picture.
    #[serde(default)]
    pub peeks: u32,
}

impl BestGame {
    fn of(win: &Win) -> BestGame {
        BestGame {
            moves: win.moves,
            elapsed_ms: win.elapsed_ms,
            fewest: win.fewest,
            peeks: win.peeks,
        }
    }

    /// Fewer moves, then less time.
    fn fewer_moves_than(&self, other: &BestGame) -> bool {
        (self.moves, self.elapsed_ms) < (other.moves, other.elapsed_ms)
    }

    /// Less time, then fewer moves.
    fn faster_than(&self, other: &BestGame) -> bool {
        (self.elapsed_ms, self.moves) < (other.elapsed_ms, other.moves)
    }

    /// What a merge compares after moves and time: fewer peeks, then a proven fewest before
    /// one not proven before none, then the lower fewest. Every field takes part, so of two
    /// different games one always wins, whichever file it came from.
    fn tie_break(&self) -> (u32, u8, u32) {
        let (kind, moves) = match self.fewest {
            Some(Fewest {
                moves,
                proven: true,
            }) => (0, moves),
            Some(Fewest {
                moves,
                proven: false,
            }) => (1, moves),
            None => (2, 0),
        };
        (self.peeks, kind, moves)
    }

    /// The order a merge keeps the fewest-moves game by: moves, time, then [`Self::tie_break`].
    fn by_moves(&self) -> (u32, u64, (u32, u8, u32)) {
        (self.moves, self.elapsed_ms, self.tie_break())
    }

    /// The order a merge keeps the fastest game by: time, moves, then [`Self::tie_break`].
    fn by_time(&self) -> (u64, u32, (u32, u8, u32)) {
        (self.elapsed_ms, self.moves, self.tie_break())
    }
}

/// The wins of one kind (by hand, or helped) for one size and picture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub won: u32,
    /// Of those, won without a peek at the whole picture.
    #[serde(default)]
    pub won_without_peeking: u32,
    /// The game of the fewest moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fewest_moves: Option<BestGame>,
    /// The game of the shortest time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fastest: Option<BestGame>,
}

impl Tally {
    fn merge(&mut self, other: &Tally) {
        // Counts take the larger: merging a file with a copy of itself (two devices syncing
        // back and forth) must not count its games twice.
        self.won = self.won.max(other.won);
        self.won_without_peeking = self.won_without_peeking.max(other.won_without_peeking);
        // Ties are broken on every field, so merging a into b keeps what merging b into a does.
        if let Some(b) = other.fewest_moves {
            if self
                .fewest_moves
                .is_none_or(|a| b.by_moves() < a.by_moves())
            {
                self.fewest_moves = Some(b);
            }
        }
        if let Some(b) = other.fastest {
            if self.fastest.is_none_or(|a| b.by_time() < a.by_time()) {
                self.fastest = Some(b);
            }
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.won_without_peeking > self.won {
            return Err("more wins without a peek than wins".into());
        }
        if self.won == 0 && (self.fewest_moves.is_some() || self.fastest.is_some()) {
            return Err("a best game with no game won".into());
        }
        if self.won > 0 && (self.fewest_moves.is_none() || self.fastest.is_none()) {
            return Err("games won with no best game".into());
        }
        Ok(())
    }
}

/// The records of one size and picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Board side.
    pub size: usize,
    /// A built-in picture's id, or [`PHOTO`].
    pub picture: String,
    /// Games played by hand alone.
    #[serde(default)]
    pub by_hand: Tally,
    /// Games finished by Auto, or with Auto or a hint used.
    #[serde(default)]
    pub helped: Tally,
}

/// How a result compares with the best before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// Every size and picture's records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Records {
    entries: BTreeMap<(usize, String), Entry>,
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

impl Records {
    /// No records.
    pub fn new() -> Records {
        Records::default()
    }

    /// Records `win` and says what it changed. A helped game is tallied apart.
    pub fn record(&mut self, win: &Win) -> Result<Outcome, RecordsError> {
        check_key(win.size, &win.picture).map_err(RecordsError::InvalidWin)?;
        if self.entries.len() >= MAX_ENTRIES
            && !self.entries.contains_key(&(win.size, win.picture.clone()))
        {
            return Err(RecordsError::InvalidWin(format!(
                "records hold at most {MAX_ENTRIES} sizes and pictures"
            )));
        }
        let entry = self
            .entries
            .entry((win.size, win.picture.clone()))
            .or_insert_with(|| Entry {
                size: win.size,
                picture: win.picture.clone(),
                by_hand: Tally::default(),
                helped: Tally::default(),
            });
        let tally = if win.helped {
            &mut entry.helped
        } else {
            &mut entry.by_hand
        };
        let game = BestGame::of(win);
        let moves = Change::of(win.moves, tally.fewest_moves.map(|b| b.moves));
        let time = Change::of(win.elapsed_ms, tally.fastest.map(|b| b.elapsed_ms));
        tally.won = tally.won.saturating_add(1);
        if win.peeks == 0 {
            tally.won_without_peeking = tally.won_without_peeking.saturating_add(1);
        }
        if tally.fewest_moves.is_none_or(|b| game.fewer_moves_than(&b)) {
            tally.fewest_moves = Some(game);
        }
        if tally.fastest.is_none_or(|b| game.faster_than(&b)) {
            tally.fastest = Some(game);
        }
        Ok(Outcome {
            helped: win.helped,
            moves,
            time,
            matched_fewest: win.fewest.map(|f| win.moves <= f.moves),
            won: tally.won,
        })
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
            let won = sum.won.saturating_add(entry.by_hand.won);
            let calm = sum
                .won_without_peeking
                .saturating_add(entry.by_hand.won_without_peeking);
            sum.merge(&entry.by_hand);
            sum.won = won;
            sum.won_without_peeking = calm;
            best = Some(sum);
        }
        best
    }

    /// Keeps the best of each: for every size and picture, the fewer moves, the shorter time
    /// and the larger count of games of either. It is commutative (ties are broken on every
    /// field) and idempotent (merging a file into itself changes nothing), and it keeps at most
    /// [`MAX_ENTRIES`] sizes and pictures, the first by size and picture name, so a merged
    /// file always reads back.
    pub fn merge(&mut self, other: &Records) {
        for (key, theirs) in &other.entries {
            match self.entries.get_mut(key) {
                Some(ours) => {
                    ours.by_hand.merge(&theirs.by_hand);
                    ours.helped.merge(&theirs.helped);
                }
                None => {
                    self.entries.insert(key.clone(), theirs.clone());
                }
            }
        }
        while self.entries.len() > MAX_ENTRIES {
            self.entries.pop_last();
        }
    }
}

mod disk;
mod json;
pub mod store;

pub use store::Store;

#[cfg(test)]
mod tests;
