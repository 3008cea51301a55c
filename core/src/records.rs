//! Personal bests: for each board size and picture, the fewest moves and the shortest time of a
//! won game, how many games were won, and the fewest possible moves of the game that set the
//! best (when the app knew it, and whether it was proven). Both apps keep them through this
//! one type, serialized as versioned JSON that they store as they like.
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
        if let Some(b) = other.fewest_moves {
            if self.fewest_moves.is_none_or(|a| b.fewer_moves_than(&a)) {
                self.fewest_moves = Some(b);
            }
        }
        if let Some(b) = other.fastest {
            if self.fastest.is_none_or(|a| b.faster_than(&a)) {
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

/// The file as written.
#[derive(Serialize, Deserialize)]
struct File {
    format: String,
    version: u32,
    #[serde(default)]
    records: Vec<Entry>,
}

/// Only the header, read first so that a newer file is told apart from a damaged one.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
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
    /// and the larger count of games of either. Merging a file into itself changes nothing.
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
    }

    /// The records as versioned JSON.
    pub fn to_json(&self) -> String {
        let file = File {
            format: FORMAT.into(),
            version: RECORDS_VERSION,
            records: self.entries.values().cloned().collect(),
        };
        serde_json::to_string_pretty(&file).expect("records serialize")
    }

    /// Records from [`Records::to_json`]'s text. A newer version is refused as
    /// [`RecordsError::Newer`]; anything else that is not a whole, consistent records file
    /// as [`RecordsError::Damaged`].
    pub fn from_json(text: &str) -> Result<Records, RecordsError> {
        let damaged = |why: String| RecordsError::Damaged(why);
        if text.len() > MAX_JSON_BYTES {
            return Err(damaged(format!(
                "it is {} bytes, more than the {MAX_JSON_BYTES} a records file may be",
                text.len()
            )));
        }
        let header: Header = serde_json::from_str(text)
            .map_err(|e| damaged(format!("it is not a records file ({e})")))?;
        if header.format != FORMAT {
            return Err(damaged(format!(
                "its format is '{}', not '{FORMAT}'",
                header.format
            )));
        }
        if header.version > RECORDS_VERSION {
            return Err(RecordsError::Newer {
                found: header.version,
            });
        }
        if header.version == 0 {
            return Err(damaged("its version is 0".into()));
        }
        let file: File = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        if file.records.len() > MAX_ENTRIES {
            return Err(damaged(format!(
                "it holds {} entries, more than {MAX_ENTRIES}",
                file.records.len()
            )));
        }
        let mut records = Records::new();
        for entry in file.records {
            check_key(entry.size, &entry.picture).map_err(damaged)?;
            entry
                .by_hand
                .check()
                .and_then(|()| entry.helped.check())
                .map_err(|why| {
                    damaged(format!(
                        "{}×{} {}: {why}",
                        entry.size, entry.size, entry.picture
                    ))
                })?;
            let key = (entry.size, entry.picture.clone());
            if records.entries.insert(key, entry).is_some() {
                return Err(damaged("a size and picture appear twice".into()));
            }
        }
        Ok(records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(moves: u32, seconds: u64) -> Win {
        Win {
            size: 4,
            picture: "sunset".into(),
            moves,
            elapsed_ms: seconds * 1000,
            fewest: Some(Fewest {
                moves: 44,
                proven: true,
            }),
            helped: false,
            peeks: 0,
        }
    }

    #[test]
    fn a_better_game_says_what_it_beat() {
        let mut r = Records::new();
        let first = r.record(&win(52, 90)).unwrap();
        assert_eq!((first.moves, first.time), (Change::First, Change::First));
        assert_eq!(first.matched_fewest, Some(false));
        assert_eq!(first.won, 1);
        let fewer = r.record(&win(48, 120)).unwrap();
        assert_eq!(fewer.moves, Change::Better { was: 52 });
        assert_eq!(fewer.time, Change::NotBetter { best: 90_000 });
        let faster = r.record(&win(60, 45)).unwrap();
        assert_eq!(faster.moves, Change::NotBetter { best: 48 });
        assert_eq!(faster.time, Change::Better { was: 90_000 });
        let matched = r.record(&win(44, 200)).unwrap();
        assert_eq!(matched.moves, Change::Better { was: 48 });
        assert_eq!(matched.matched_fewest, Some(true));
        assert_eq!(r.record(&win(44, 300)).unwrap().moves, Change::Equal);
        let e = r.entry(4, "sunset").unwrap();
        assert_eq!(e.by_hand.won, 5);
        assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 44);
        assert_eq!(e.by_hand.fewest_moves.unwrap().elapsed_ms, 200_000);
        assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 45_000);
        assert_eq!(
            e.by_hand.fewest_moves.unwrap().fewest,
            Some(Fewest {
                moves: 44,
                proven: true
            })
        );
        assert!(r.entry(4, "aurora").is_none());
        assert!(r.entry(3, "sunset").is_none());
    }

    #[test]
    fn a_helped_game_is_apart_and_never_beats_a_game_by_hand() {
        let mut r = Records::new();
        r.record(&win(60, 100)).unwrap();
        let helped = r
            .record(&Win {
                helped: true,
                ..win(44, 10)
            })
            .unwrap();
        assert!(helped.helped);
        assert_eq!(helped.moves, Change::First);
        let e = r.entry(4, "sunset").unwrap();
        assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 60);
        assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 100_000);
        assert_eq!((e.by_hand.won, e.helped.won), (1, 1));
        assert_eq!(e.helped.fewest_moves.unwrap().moves, 44);
        assert_eq!(r.best_of_size(4).unwrap().fewest_moves.unwrap().moves, 60);
        // A helped game alone leaves no best by hand.
        let mut only_helped = Records::new();
        only_helped
            .record(&Win {
                helped: true,
                ..win(44, 10)
            })
            .unwrap();
        assert!(only_helped.best_of_size(4).is_none());
    }

    #[test]
    fn peeks_are_counted_and_a_calm_win_is_marked() {
        let mut r = Records::new();
        r.record(&Win {
            peeks: 3,
            ..win(50, 60)
        })
        .unwrap();
        r.record(&win(55, 70)).unwrap();
        let e = r.entry(4, "sunset").unwrap();
        assert_eq!((e.by_hand.won, e.by_hand.won_without_peeking), (2, 1));
        assert_eq!(e.by_hand.fewest_moves.unwrap().peeks, 3);
    }

    #[test]
    fn best_of_a_size_spans_its_pictures() {
        let mut r = Records::new();
        r.record(&win(52, 90)).unwrap();
        r.record(&Win {
            picture: PHOTO.into(),
            ..win(48, 120)
        })
        .unwrap();
        r.record(&Win {
            size: 3,
            ..win(20, 10)
        })
        .unwrap();
        let four = r.best_of_size(4).unwrap();
        assert_eq!(four.won, 2);
        assert_eq!(four.fewest_moves.unwrap().moves, 48);
        assert_eq!(four.fastest.unwrap().elapsed_ms, 90_000);
        assert!(r.best_of_size(5).is_none());
        let order: Vec<(usize, &str)> = r.entries().map(|e| (e.size, e.picture.as_str())).collect();
        assert_eq!(order, [(3, "sunset"), (4, "photo"), (4, "sunset")]);
    }

    #[test]
    fn json_round_trips_and_a_damaged_or_newer_file_is_refused() {
        let mut r = Records::new();
        r.record(&win(52, 90)).unwrap();
        r.record(&Win {
            helped: true,
            fewest: None,
            ..win(40, 30)
        })
        .unwrap();
        let text = r.to_json();
        assert!(text.contains("\"version\": 1"), "{text}");
        assert_eq!(Records::from_json(&text).unwrap(), r);
        let newer = text.replace("\"version\": 1", "\"version\": 2");
        assert_eq!(
            Records::from_json(&newer),
            Err(RecordsError::Newer { found: 2 })
        );
        for damaged in [
            String::new(),
            "not json".into(),
            text[..text.len() / 2].to_string(),
            text.replace("slidepuzzle-records", "something-else"),
            text.replace("\"size\": 4", "\"size\": 9"),
            text.replace("\"won\": 1", "\"won\": 0"),
            text.replace("\"moves\": 52", "\"moves\": -1"),
            "x".repeat(MAX_JSON_BYTES + 1),
        ] {
            assert!(
                matches!(Records::from_json(&damaged), Err(RecordsError::Damaged(_))),
                "{damaged:.80}"
            );
        }
        // The same size and picture twice.
        let entry = serde_json::to_string(r.entry(4, "sunset").unwrap()).unwrap();
        let doubled =
            format!("{{\"format\":\"{FORMAT}\",\"version\":1,\"records\":[{entry},{entry}]}}");
        assert!(matches!(
            Records::from_json(&doubled),
            Err(RecordsError::Damaged(_))
        ));
        // An older file without the later optional fields still reads.
        let minimal = format!(
            "{{\"format\":\"{FORMAT}\",\"version\":1,\"records\":[{{\"size\":3,\"picture\":\"photo\",\
             \"by_hand\":{{\"won\":1,\"fewest_moves\":{{\"moves\":20,\"elapsed_ms\":5}},\
             \"fastest\":{{\"moves\":20,\"elapsed_ms\":5}}}}}}]}}"
        );
        let read = Records::from_json(&minimal).unwrap();
        assert_eq!(read.entry(3, PHOTO).unwrap().helped, Tally::default());
    }

    #[test]
    fn merging_two_devices_keeps_the_best_of_each_and_is_idempotent() {
        let mut phone = Records::new();
        phone.record(&win(52, 60)).unwrap();
        phone.record(&win(50, 90)).unwrap();
        let mut tablet = Records::new();
        tablet.record(&win(46, 120)).unwrap();
        tablet
            .record(&Win {
                size: 5,
                ..win(150, 400)
            })
            .unwrap();
        let mut merged = phone.clone();
        merged.merge(&tablet);
        let e = merged.entry(4, "sunset").unwrap();
        assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 46);
        assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 60_000);
        assert_eq!(e.by_hand.won, 2);
        assert!(merged.entry(5, "sunset").is_some());
        let again = {
            let mut m = merged.clone();
            m.merge(&merged);
            m.merge(&tablet);
            m
        };
        assert_eq!(again, merged);
        // Either order gives the same bests.
        let mut other_way = tablet.clone();
        other_way.merge(&phone);
        assert_eq!(other_way, merged);
    }

    #[test]
    fn a_win_outside_the_boards_is_refused() {
        let mut r = Records::new();
        assert!(matches!(
            r.record(&Win {
                size: 9,
                ..win(1, 1)
            }),
            Err(RecordsError::InvalidWin(_))
        ));
        assert!(matches!(
            r.record(&Win {
                picture: String::new(),
                ..win(1, 1)
            }),
            Err(RecordsError::InvalidWin(_))
        ));
        assert_eq!(r, Records::new());
    }
}
