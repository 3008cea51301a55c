//! The records kept safe on disk, for both apps: given a folder, a [`Store`] loads the records
//! file, records each win and merges other records into it, writing every change atomically.
//!
//! - A change is written to a temporary file with a name no other write uses, flushed to the
//!   disk, renamed over the records file, and the folder flushed too: a crash leaves the old
//!   file or the new one, never a part of either. Temporary files a crash left are removed
//!   when the folder is opened again.
//! - Inside the process one change to a folder runs at a time, whatever the number of stores
//!   open on it, and each re-reads the file first, so two writers never lose each other's wins.
//! - A damaged file, or one a newer version wrote, is moved aside under a name that never
//!   replaces an earlier one, and the store says so ([`KeptAside`]); if that move fails nothing
//!   is written. A file that cannot be read (other than "there is none") is an error, never an
//!   empty store. Records kept aside as newer are merged back once this version reads them.
//!
//! The folder's file operations go through [`Disk`], so tests can inject each failure; the
//! apps use [`Folder`], the real file system.
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use thiserror::Error;

use super::{Outcome, Records, RecordsError, Win, MAX_JSON_BYTES};

/// The records file's name in its folder.
pub const FILE_NAME: &str = "records.json";
/// What every temporary file of a write starts with.
const TEMPORARY_PREFIX: &str = "records.json.";
const TEMPORARY_SUFFIX: &str = ".tmp";
/// Names of files kept aside: `records.damaged-3.json`, `records.newer-1.json`.
const DAMAGED_PREFIX: &str = "records.damaged-";
const NEWER_PREFIX: &str = "records.newer-";
const ASIDE_SUFFIX: &str = ".json";

/// The file operations a [`Store`] needs in its folder, by file name.
pub trait Disk: Send + Sync {
    /// Names the folder: stores with the same name share one writer lock.
    fn id(&self) -> String;
    /// The file's bytes, at most `max + 1` of them (more is too long); `None` when there is
    /// no such file.
    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>>;
    /// Writes a new file (refusing one that exists) and flushes it to the disk.
    fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()>;
    /// Renames `from` over `to`, replacing it in one step.
    fn replace(&self, from: &str, to: &str) -> io::Result<()>;
    /// Gives `from` the name `to` if no file has that name; `AlreadyExists` otherwise.
    fn rename_new(&self, from: &str, to: &str) -> io::Result<()>;
    /// Removes a file.
    fn remove(&self, name: &str) -> io::Result<()>;
    /// Flushes the folder itself, so that a rename survives a crash.
    fn sync(&self) -> io::Result<()>;
    /// The names of the files in the folder.
    fn list(&self) -> io::Result<Vec<String>>;
}

/// A folder of the file system.
pub struct Folder(PathBuf);

impl Folder {
    /// The folder at `path`, made (with its parents) if it is not there.
    pub fn new(path: impl Into<PathBuf>) -> io::Result<Folder> {
        let path = path.into();
        fs::create_dir_all(&path)?;
        Ok(Folder(path))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Disk for Folder {
    fn id(&self) -> String {
        fs::canonicalize(&self.0)
            .unwrap_or_else(|_| self.0.clone())
            .display()
            .to_string()
    }

    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>> {
        let file = match File::open(self.path(name)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut bytes = Vec::new();
        file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let mut file = File::options()
            .write(true)
            .create_new(true)
            .open(self.path(name))?;
        file.write_all(bytes)?;
        file.sync_all()
    }

    fn replace(&self, from: &str, to: &str) -> io::Result<()> {
        fs::rename(self.path(from), self.path(to))
    }

    fn rename_new(&self, from: &str, to: &str) -> io::Result<()> {
        // A hard link fails where `to` exists, which a rename would replace.
        fs::hard_link(self.path(from), self.path(to))?;
        fs::remove_file(self.path(from))
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        fs::remove_file(self.path(name))
    }

    fn sync(&self) -> io::Result<()> {
        #[cfg(unix)]
        {
            File::open(&self.0)?.sync_all()
        }
        #[cfg(not(unix))]
        {
            Ok(())
        }
    }

    fn list(&self) -> io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in fs::read_dir(&self.0)? {
            names.push(entry?.file_name().to_string_lossy().into_owned());
        }
        Ok(names)
    }
}

/// Why the records could not be read or a change not written. Nothing the player had is lost
/// by any of these: the file on disk stays as it was.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The folder could not be made or listed.
    #[error("the records folder cannot be used: {0}")]
    Folder(String),
    /// The records file is there but cannot be read.
    #[error("the records file cannot be read: {0}")]
    Unreadable(String),
    /// A damaged or newer file could not be moved aside, so nothing was written over it.
    #[error("the records file could not be kept aside, so nothing was written: {0}")]
    KeepAside(String),
    /// The change could not be written; the records file is as it was.
    #[error("the records could not be saved: {0}")]
    Unwritable(String),
    /// The win describes no game.
    #[error(transparent)]
    Records(#[from] RecordsError),
}

/// Why a file was kept aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AsideReason {
    /// It is not a whole records file.
    Damaged(String),
    /// A newer version of the app wrote it; it is merged back once this version reads it.
    Newer(u32),
}

/// A records file moved aside instead of being written over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAside {
    /// Its name in the folder now.
    pub file_name: String,
    /// Why.
    pub reason: AsideReason,
}

/// The records of one folder.
pub struct Store {
    disk: Arc<dyn Disk>,
    lock: Arc<Mutex<()>>,
    records: Mutex<Records>,
    kept_aside: Mutex<Vec<KeptAside>>,
}

/// One lock per folder in this process, however many stores are open on it.
fn folder_lock(id: String) -> Arc<Mutex<()>> {
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    locks.entry(id).or_default().clone()
}

/// A name no other write in this process uses.
fn temporary_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(
        "{TEMPORARY_PREFIX}{}-{n}{TEMPORARY_SUFFIX}",
        std::process::id()
    )
}

fn words(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

impl Store {
    /// The records in the folder at `path` (made if it is not there).
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let folder = Folder::new(path.as_ref()).map_err(|e| StoreError::Folder(words(&e)))?;
        Store::open_on(Arc::new(folder))
    }

    /// The records on `disk`: temporary files of earlier writes removed, a damaged or newer
    /// file kept aside, records kept aside as newer merged back where this version reads them.
    pub fn open_on(disk: Arc<dyn Disk>) -> Result<Store, StoreError> {
        let store = Store {
            lock: folder_lock(disk.id()),
            disk,
            records: Mutex::new(Records::new()),
            kept_aside: Mutex::new(Vec::new()),
        };
        let writer = store.writer();
        let names = store
            .disk
            .list()
            .map_err(|e| StoreError::Folder(words(&e)))?;
        for name in &names {
            if name.starts_with(TEMPORARY_PREFIX) && name.ends_with(TEMPORARY_SUFFIX) {
                // Left by a write that never reached its rename: the file it was for is whole.
                let _ = store.disk.remove(name);
            }
        }
        let mut records = store.load()?;
        let mut merged = Vec::new();
        for name in names
            .iter()
            .filter(|n| n.starts_with(NEWER_PREFIX) && n.ends_with(ASIDE_SUFFIX))
        {
            if let Ok(Some(bytes)) = store.disk.read(name, MAX_JSON_BYTES as u64) {
                let text = String::from_utf8_lossy(&bytes);
                if let Ok(newer) = Records::from_json(&text) {
                    records.merge(&newer);
                    merged.push(name.clone());
                }
            }
        }
        if !merged.is_empty() {
            store.write(&records)?;
            for name in merged {
                let _ = store.disk.remove(&name);
            }
        }
        *store.records() = records;
        drop(writer);
        Ok(store)
    }

    fn writer(&self) -> MutexGuard<'_, ()> {
        self.lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn records(&self) -> MutexGuard<'_, Records> {
        // Plain data: a panic never leaves it half changed.
        self.records.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn aside(&self) -> MutexGuard<'_, Vec<KeptAside>> {
        // Plain data, as above.
        self.kept_aside.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The records as last read or written.
    pub fn snapshot(&self) -> Records {
        self.records().clone()
    }

    /// Files kept aside since this store was opened (when it opened, or by a later change
    /// that found the file damaged), oldest first.
    pub fn kept_aside(&self) -> Vec<KeptAside> {
        self.aside().clone()
    }

    /// Records `win`, writes the records and says what the win changed.
    pub fn record(&self, win: &Win) -> Result<Outcome, StoreError> {
        self.change(|records| records.record(win).map_err(StoreError::from))
    }

    /// Merges `other` into the records and writes them.
    pub fn merge(&self, other: &Records) -> Result<(), StoreError> {
        self.change(|records| {
            records.merge(other);
            Ok(())
        })
    }

    /// Reads the file again (another store may have written it), applies `apply`, writes.
    fn change<T>(
        &self,
        apply: impl FnOnce(&mut Records) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let _writer = self.writer();
        let mut records = self.load()?;
        // What this store knew stays, should the file have gone meanwhile.
        records.merge(&self.records());
        let out = apply(&mut records)?;
        self.write(&records)?;
        *self.records() = records;
        Ok(out)
    }

    /// The records file's records; a damaged or newer file is kept aside (and said), leaving
    /// none.
    fn load(&self) -> Result<Records, StoreError> {
        let bytes = match self.disk.read(FILE_NAME, MAX_JSON_BYTES as u64) {
            Ok(None) => return Ok(Records::new()),
            Ok(Some(bytes)) => bytes,
            Err(e) => return Err(StoreError::Unreadable(words(&e))),
        };
        let problem = match std::str::from_utf8(&bytes) {
            Err(_) => RecordsError::Damaged("it is not text".into()),
            Ok(text) => match Records::from_json(text) {
                Ok(records) => return Ok(records),
                Err(e) => e,
            },
        };
        let (prefix, reason) = match problem {
            RecordsError::Newer { found } => (NEWER_PREFIX, AsideReason::Newer(found)),
            other => (DAMAGED_PREFIX, AsideReason::Damaged(other.to_string())),
        };
        let file_name = self.keep_aside(prefix)?;
        log::warn!("records file kept aside as {file_name}: {reason:?}");
        self.aside().push(KeptAside { file_name, reason });
        Ok(Records::new())
    }

    /// Moves the records file to the first `prefix<n>.json` no file has.
    fn keep_aside(&self, prefix: &str) -> Result<String, StoreError> {
        for n in 1..=10_000u32 {
            let name = format!("{prefix}{n}{ASIDE_SUFFIX}");
            match self.disk.rename_new(FILE_NAME, &name) {
                Ok(()) => {
                    self.disk
                        .sync()
                        .map_err(|e| StoreError::KeepAside(words(&e)))?;
                    return Ok(name);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(StoreError::KeepAside(words(&e))),
            }
        }
        Err(StoreError::KeepAside(
            "ten thousand files are kept aside already".into(),
        ))
    }

    /// Writes `records` whole: a new temporary file, flushed, renamed over the records file,
    /// the folder flushed. On a failure the temporary file is removed and the old file stays.
    fn write(&self, records: &Records) -> Result<(), StoreError> {
        let temporary = temporary_name();
        let fail = |e: io::Error| StoreError::Unwritable(words(&e));
        if let Err(e) = self
            .disk
            .write_new(&temporary, records.to_json().as_bytes())
            .and_then(|()| self.disk.replace(&temporary, FILE_NAME))
        {
            let _ = self.disk.remove(&temporary);
            return Err(fail(e));
        }
        self.disk.sync().map_err(fail)
    }
}
