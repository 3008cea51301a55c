//! The records file: versioned JSON, read whole and checked, a newer version told apart from a
//! damaged file.
use super::{check_key, Records, RecordsError, MAX_ENTRIES, MAX_JSON_BYTES, RECORDS_VERSION};
use super::{Entry, FORMAT};
use serde::{Deserialize, Serialize};

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

impl Records {
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
