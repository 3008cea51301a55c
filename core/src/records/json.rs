//! The records file: versioned JSON, read whole and checked, a newer version told apart from a
//! damaged file, a bad entry dropped alone.
//!
//! Version 2 (written since game ids and per-origin counts):
//! `{"format":"slidepuzzle-records","version":2,"origin":"…","kept_aside":3,
//!   "records":[{"size":4,"picture":"sunset","by_hand":{"origins":{"…":[won,calm]},
//!   "fewest_moves":{…},"fastest":{…}},"helped":{…}}],"recent":[{"id":"…","outcome":{…},"won":{…}}]}`.
//! Version 1 had `"won"` and `"won_without_peeking"` in each tally instead of `"origins"`: its
//! counts are read as one origin named after the file's contents, so reading the same file
//! twice counts its games once. Fields this version does not know, in the file and in each
//! entry, are kept and written back.
use std::collections::{btree_map, BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::tally::{BestGame, Count, Counts, Entry, MAX_ORIGIN_NAME};
use super::{check_game_id, check_key, Recorded, Records, RecordsError};
use super::{FORMAT, MAX_ENTRIES, MAX_JSON_BYTES, MAX_RECENT, RECORDS_VERSION};

/// One entry of a file that could not be read, left out of the records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedEntry {
    /// Its place in the file's list, from 0.
    pub position: usize,
    /// What is wrong with it, in words.
    pub why: String,
}

/// What [`Records::read`] found: the records, and the entries it had to leave out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadRecords {
    /// Every entry that reads.
    pub records: Records,
    /// Entries left out, in file order.
    pub dropped: Vec<DroppedEntry>,
}

#[derive(Serialize)]
struct WriteFile<'a> {
    format: &'a str,
    version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    origin: Option<&'a str>,
    #[serde(skip_serializing_if = "is_zero")]
    kept_aside: u32,
    records: Vec<WriteEntry<'a>>,
    #[serde(skip_serializing_if = "VecDeque::is_empty")]
    recent: &'a VecDeque<Recorded>,
    #[serde(flatten)]
    unknown: &'a Map<String, Value>,
}

#[derive(Serialize)]
struct WriteEntry<'a> {
    size: usize,
    picture: &'a str,
    by_hand: WriteTally<'a>,
    helped: WriteTally<'a>,
    #[serde(flatten)]
    unknown: &'a Map<String, Value>,
}

#[derive(Serialize)]
struct WriteTally<'a> {
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    origins: BTreeMap<&'a str, (u32, u32)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fewest_moves: Option<BestGame>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fastest: Option<BestGame>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Only the header, read first so that a newer file is told apart from a damaged one.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct ReadFile {
    #[serde(rename = "format")]
    _format: String,
    #[serde(rename = "version")]
    _version: u32,
    #[serde(default)]
    origin: Option<Value>,
    #[serde(default)]
    kept_aside: u32,
    #[serde(default)]
    records: Vec<Value>,
    #[serde(default)]
    recent: Vec<Value>,
    #[serde(flatten)]
    unknown: Map<String, Value>,
}

#[derive(Deserialize)]
struct ReadEntry {
    size: usize,
    picture: String,
    #[serde(default)]
    by_hand: ReadTally,
    #[serde(default)]
    helped: ReadTally,
    #[serde(flatten)]
    unknown: Map<String, Value>,
}

#[derive(Deserialize, Default)]
struct ReadTally {
    /// Version 1's count.
    #[serde(default)]
    won: u32,
    /// Version 1's count.
    #[serde(default)]
    won_without_peeking: u32,
    /// Version 2's counts.
    #[serde(default)]
    origins: BTreeMap<String, (u32, u32)>,
    #[serde(default)]
    fewest_moves: Option<BestGame>,
    #[serde(default)]
    fastest: Option<BestGame>,
}

impl ReadTally {
    fn counts(&self, version: u32, legacy: &str) -> Counts {
        let map = if version == 1 {
            let mut map = BTreeMap::new();
            if self.won > 0 || self.won_without_peeking > 0 {
                map.insert(
                    legacy.to_string(),
                    Count {
                        won: self.won,
                        won_without_peeking: self.won_without_peeking,
                    },
                );
            }
            map
        } else {
            self.origins
                .iter()
                .map(|(origin, &(won, won_without_peeking))| {
                    let count = Count {
                        won,
                        won_without_peeking,
                    };
                    (origin.clone(), count)
                })
                .collect()
        };
        Counts::from_map(map)
    }
}

fn write_tally<'a>(counts: &'a Counts, tally: &super::Tally) -> WriteTally<'a> {
    WriteTally {
        origins: counts
            .as_map()
            .iter()
            .map(|(origin, c)| (origin.as_str(), (c.won, c.won_without_peeking)))
            .collect(),
        fewest_moves: tally.fewest_moves,
        fastest: tally.fastest,
    }
}

/// The origin a version-1 file's counts are read under: named after its text (FNV-1a), so
/// the same file read twice is one origin, and two devices' files are two.
fn legacy_origin(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("v1-{hash:016x}")
}

fn entry_of(value: Value, version: u32, legacy: &str) -> Result<Entry, String> {
    let read: ReadEntry = serde_json::from_value(value).map_err(|e| e.to_string())?;
    check_key(read.size, &read.picture)?;
    let mut entry = Entry::empty(read.size, &read.picture);
    entry.counts = [
        read.by_hand.counts(version, legacy),
        read.helped.counts(version, legacy),
    ];
    entry.by_hand.fewest_moves = read.by_hand.fewest_moves;
    entry.by_hand.fastest = read.by_hand.fastest;
    entry.helped.fewest_moves = read.helped.fewest_moves;
    entry.helped.fastest = read.helped.fastest;
    entry.unknown = read.unknown;
    entry.settle();
    entry
        .check()
        .map_err(|why| format!("{}×{} {}: {why}", read.size, read.size, read.picture))?;
    Ok(entry)
}

impl Records {
    /// The records as versioned, compact JSON. It is never longer than [`MAX_JSON_BYTES`]
    /// unless fields of a later version make it so (the store then leaves those out).
    pub fn to_json(&self) -> String {
        let file = WriteFile {
            format: FORMAT,
            version: RECORDS_VERSION,
            origin: self.origin.as_deref(),
            kept_aside: self.aside_serial,
            records: self
                .entries
                .values()
                .map(|e| WriteEntry {
                    size: e.size,
                    picture: &e.picture,
                    by_hand: write_tally(&e.counts[0], &e.by_hand),
                    helped: write_tally(&e.counts[1], &e.helped),
                    unknown: &e.unknown,
                })
                .collect(),
            recent: &self.recent,
            unknown: &self.unknown,
        };
        serde_json::to_string(&file).expect("records serialize")
    }

    /// These records without the fields of a later version (to fit a file).
    pub(crate) fn without_unknown_fields(&self) -> Records {
        let mut known = self.clone();
        known.unknown.clear();
        for entry in known.entries.values_mut() {
            entry.unknown.clear();
        }
        known
    }

    /// Records from [`Records::to_json`]'s text, all or nothing: a newer version is refused
    /// as [`RecordsError::Newer`]; anything else that is not a whole, consistent records file,
    /// down to one bad entry, as [`RecordsError::Damaged`].
    pub fn from_json(text: &str) -> Result<Records, RecordsError> {
        let read = Records::read(text)?;
        match read.dropped.first() {
            None => Ok(read.records),
            Some(first) => Err(RecordsError::Damaged(format!(
                "entry {} {}",
                first.position + 1,
                first.why
            ))),
        }
    }

    /// Records from a records file, leaving out each entry that does not read (said in
    /// [`ReadRecords::dropped`]). The file as a whole must be one: a newer version is
    /// refused as [`RecordsError::Newer`], text that is not a records file as
    /// [`RecordsError::Damaged`].
    pub fn read(text: &str) -> Result<ReadRecords, RecordsError> {
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
        let file: ReadFile = serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        let legacy = legacy_origin(text);
        let mut records = Records::new();
        let mut dropped = Vec::new();
        for (position, value) in file.records.into_iter().enumerate() {
            let entry = if records.entries.len() >= MAX_ENTRIES {
                Err(format!("is past the {MAX_ENTRIES} entries a file may hold"))
            } else {
                entry_of(value, header.version, &legacy)
            };
            match entry {
                Ok(entry) => match records.entries.entry((entry.size, entry.picture.clone())) {
                    btree_map::Entry::Occupied(_) => {
                        let (size, picture) = (entry.size, &entry.picture);
                        let why = format!("{size}×{size} {picture} appears twice");
                        dropped.push(DroppedEntry { position, why });
                    }
                    btree_map::Entry::Vacant(place) => {
                        place.insert(entry);
                    }
                },
                Err(why) => dropped.push(DroppedEntry { position, why }),
            }
        }
        // The own origin, the game ids and the count of files kept aside only help: one that
        // does not read is left out, and the records stand.
        records.origin = file
            .origin
            .and_then(|v| v.as_str().map(str::to_string))
            .filter(|o| !o.is_empty() && o.len() <= MAX_ORIGIN_NAME);
        for value in file.recent {
            if let Ok(mut recorded) = serde_json::from_value::<Recorded>(value) {
                // A game that names no entry completes nothing: the id and outcome stand.
                if let Some(won) = &recorded.won {
                    if check_key(won.size, &won.picture).is_err() {
                        recorded.won = None;
                    }
                }
                if check_game_id(&recorded.id).is_ok()
                    && records.recorded(&recorded.id).is_none()
                    && records.recent.len() < MAX_RECENT
                {
                    records.recent.push_back(recorded);
                }
            }
        }
        records.aside_serial = file.kept_aside;
        records.unknown = file.unknown;
        Ok(ReadRecords { records, dropped })
    }
}
