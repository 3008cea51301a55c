//! The records kept safe on disk, for both apps: given a folder, a [`Store`] loads the records
//! file, records each win and merges other records into it, writing every change atomically.
//!
//! What it promises, and how:
//! - **One change at a time per folder, across processes.** Every change (and the clean-up
//!   when a store opens) runs under the store's in-process lock and then the folder's
//!   [`Disk::lock`] (`flock` on `records.lock`), held for the change alone. Each change reads
//!   the file again first, so two stores, two processes or an app and its widget never lose
//!   each other's wins. Where the file system has no locks, the in-process lock alone holds
//!   (said in the log); the write still goes through.
//! - **A crash leaves the old file or the new one.** A change is written to a temporary file
//!   with a name no other write uses, flushed to the disk ([`Disk::sync_file`]), then renamed
//!   over the records file. Temporary files a crash left are removed, under the lock, when
//!   the folder is opened again.
//! - **Once the rename has happened, the change is done.** The folder is flushed after it;
//!   should that fail (some file systems refuse it), the failure is logged and the change
//!   reported saved, as it is: reporting it lost would have the app record the win again.
//! - **Nothing is written over a file this version cannot read.** A damaged file, or one a
//!   newer version wrote, is moved aside under a name never used before, and the store says
//!   so ([`KeptAside`]); if that move fails, nothing is written. A file that cannot be read
//!   (other than "there is none") is an error, never an empty store. Records kept aside as
//!   newer are merged back once this version reads them.
//! - **No hard link is needed.** A file is moved aside by a rename that refuses to replace
//!   ([`Disk::rename_new`]); where the system has none, by a hard link and an unlink; where
//!   links are refused too (Android apps), by a rename checked under the folder lock.
//!
//! The folder's file operations go through [`Disk`], so tests can inject each failure; the
//! apps use [`Folder`], the real file system.
use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use thiserror::Error;

use super::aside::{aside_name, number, refused, ASIDE_SUFFIX, DAMAGED_PREFIX, NEWER_PREFIX};
pub use super::aside::{AsideReason, KeptAside, MAX_KEPT_ASIDE};
use super::disk::unsupported;
pub use super::disk::{Disk, Folder, FolderLock, LOCK_FILE};
use super::{Fewest, Outcome, Records, RecordsError, Win, MAX_JSON_BYTES};

/// The records file's name in its folder.
pub const FILE_NAME: &str = "records.json";
/// What every temporary file of a write starts with.
const TEMPORARY_PREFIX: &str = "records.json.";
const TEMPORARY_SUFFIX: &str = ".tmp";

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

/// The records of one folder.
pub struct Store {
    pub(super) disk: Arc<dyn Disk>,
    lock: Arc<Mutex<()>>,
    records: Mutex<Records>,
    kept_aside: Mutex<Vec<KeptAside>>,
    pub(super) removed: Mutex<Vec<String>>,
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

pub(super) fn words(e: &io::Error) -> String {
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
    /// file kept aside, records kept aside as newer merged back where this version reads them,
    /// kept-aside files past [`MAX_KEPT_ASIDE`] removed, oldest first. All of it runs under
    /// the folder lock, so no other process is mid-write meanwhile.
    pub fn open_on(disk: Arc<dyn Disk>) -> Result<Store, StoreError> {
        let store = Store {
            lock: folder_lock(disk.id()),
            disk,
            records: Mutex::new(Records::new()),
            kept_aside: Mutex::new(Vec::new()),
            removed: Mutex::new(Vec::new()),
        };
        let writer = store.writer();
        let names = store
            .disk
            .list()
            .map_err(|e| StoreError::Folder(words(&e)))?;
        for name in &names {
            if name.starts_with(TEMPORARY_PREFIX) && name.ends_with(TEMPORARY_SUFFIX) {
                // Left by a write that never reached its rename (every write holds the folder
                // lock, held here): the file it was for is whole.
                let _ = store.disk.remove(name);
            }
        }
        let (mut records, changed) = store.load()?;
        let mut merged = Vec::new();
        for name in names
            .iter()
            .filter(|n| n.starts_with(NEWER_PREFIX) && n.ends_with(ASIDE_SUFFIX))
        {
            if let Ok(Some(bytes)) = store.disk.read(name, MAX_JSON_BYTES as u64) {
                let text = String::from_utf8_lossy(&bytes);
                if let Ok(newer) = Records::read(&text) {
                    if !newer.dropped.is_empty() {
                        log::warn!(
                            "{name}: entries left out on merging back: {:?}",
                            newer.dropped
                        );
                    }
                    records.merge(&newer.records);
                    merged.push(name.clone());
                }
            }
        }
        if changed || !merged.is_empty() {
            store.write(&records)?;
            for name in merged {
                let _ = store.disk.remove(&name);
            }
        }
        store.cap_aside();
        *store.records() = records;
        drop(writer);
        Ok(store)
    }

    /// The store's in-process lock, then the folder's lock against other processes: held
    /// until the guard drops, at the end of the change.
    fn writer(&self) -> Writer<'_> {
        let in_process = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let folder = match self.disk.lock() {
            Ok(lock) => lock,
            Err(e) => {
                warn_no_folder_lock(&e);
                FolderLock::in_process_only()
            }
        };
        Writer {
            _folder: folder,
            _in_process: in_process,
        }
    }

    pub(super) fn records(&self) -> MutexGuard<'_, Records> {
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

    /// Kept-aside files removed when this store opened, to keep at most [`MAX_KEPT_ASIDE`]
    /// of each kind: their names, oldest first.
    pub fn removed_aside(&self) -> Vec<String> {
        self.removed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Records `win`, writes the records and says what the win changed. Prefer
    /// [`Store::record_once`]: a win recorded by this call twice counts twice.
    pub fn record(&self, win: &Win) -> Result<Outcome, StoreError> {
        self.change(|records| records.record(win).map_err(StoreError::from))
    }

    /// Records the win of the game `game_id` once (see [`Records::record_once`]): recording
    /// the same id again returns what the first recording said and writes nothing.
    pub fn record_once(&self, game_id: &str, win: &Win) -> Result<Outcome, StoreError> {
        let _writer = self.writer();
        let (mut records, changed) = self.load()?;
        // What this store knew stays, should the file have gone meanwhile.
        records.merge(&self.records());
        if let Some(outcome) = records.recorded(game_id) {
            if changed {
                self.write(&records)?;
            }
            *self.records() = records;
            return Ok(outcome);
        }
        let outcome = records.record_once(game_id, win)?;
        self.write(&records)?;
        *self.records() = records;
        Ok(outcome)
    }

    /// Completes the win of the game `game_id` with the fewest possible found after it was
    /// recorded (see [`Records::record_fewest`]) and writes the records if that changed them.
    /// `None` when the id is not among those kept.
    pub fn record_fewest(
        &self,
        game_id: &str,
        fewest: Fewest,
    ) -> Result<Option<Outcome>, StoreError> {
        let _writer = self.writer();
        let (mut records, changed) = self.load()?;
        // What this store knew stays, should the file have gone meanwhile.
        records.merge(&self.records());
        let completed = records.complete_fewest(game_id, fewest)?;
        if changed || completed.is_some_and(|(_, changed)| changed) {
            self.write(&records)?;
        }
        *self.records() = records;
        Ok(completed.map(|(outcome, _)| outcome))
    }

    /// Merges `other` into the records and writes them.
    pub fn merge(&self, other: &Records) -> Result<(), StoreError> {
        self.change(|records| {
            records.merge(other);
            Ok(())
        })
    }

    /// Reads the file again (another store or process may have written it), applies
    /// `apply`, writes.
    fn change<T>(
        &self,
        apply: impl FnOnce(&mut Records) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let _writer = self.writer();
        let (mut records, _) = self.load()?;
        // What this store knew stays, should the file have gone meanwhile.
        records.merge(&self.records());
        let out = apply(&mut records)?;
        self.write(&records)?;
        *self.records() = records;
        Ok(out)
    }

    /// The records file's records, and whether they must be written back. A damaged or newer
    /// file is moved aside (and said), leaving none; a file with bad entries is copied aside
    /// (and said) and its good entries kept, to be written back.
    fn load(&self) -> Result<(Records, bool), StoreError> {
        let bytes = match self.disk.read(FILE_NAME, MAX_JSON_BYTES as u64) {
            Ok(None) => return Ok((Records::new(), false)),
            Ok(Some(bytes)) => bytes,
            Err(e) => return Err(StoreError::Unreadable(words(&e))),
        };
        let problem = match std::str::from_utf8(&bytes) {
            Err(_) => RecordsError::Damaged("it is not text".into()),
            Ok(text) => match Records::read(text) {
                Ok(read) if read.dropped.is_empty() => return Ok((read.records, false)),
                Ok(mut read) => {
                    let file_name = self.copy_aside(&bytes)?;
                    read.records.set_aside_serial(self.serial_of(&file_name));
                    let reason = AsideReason::EntriesDropped(read.dropped);
                    log::warn!("records file copied aside as {file_name}: {reason:?}");
                    self.aside().push(KeptAside { file_name, reason });
                    return Ok((read.records, true));
                }
                Err(e) => e,
            },
        };
        let reason = match problem {
            RecordsError::Newer { found } => AsideReason::Newer(found),
            other => AsideReason::Damaged(other.to_string()),
        };
        let file_name = self.move_aside(&reason)?;
        log::warn!("records file kept aside as {file_name}: {reason:?}");
        let mut fresh = Records::new();
        fresh.set_aside_serial(self.serial_of(&file_name));
        self.aside().push(KeptAside { file_name, reason });
        Ok((fresh, true))
    }

    /// Flushes the folder after a rename. The rename has happened, so a failure is logged and
    /// nothing more: file systems that cannot flush a folder (EINVAL) keep renames anyway.
    pub(super) fn sync_folder(&self) {
        if let Err(e) = self.disk.sync() {
            if unsupported(&e) {
                log::debug!("the records folder cannot be flushed here: {e}");
            } else {
                log::warn!("the records folder could not be flushed after a rename: {e}");
            }
        }
    }

    /// Writes `records` whole: a new temporary file, flushed, renamed over the records file,
    /// the folder flushed. On a failure before the rename the temporary file is removed and
    /// the old file stays; after it, the change is done.
    fn write(&self, records: &Records) -> Result<(), StoreError> {
        let mut bytes = records.to_json();
        if bytes.len() > MAX_JSON_BYTES {
            // Only fields of a later version can make it so; the file must read back.
            log::warn!("records too long with a later version's fields: written without them");
            bytes = records.without_unknown_fields().to_json();
            if bytes.len() > MAX_JSON_BYTES {
                return Err(StoreError::Unwritable(format!(
                    "the records would take {} bytes, more than the {MAX_JSON_BYTES} a records file may be",
                    bytes.len()
                )));
            }
        }
        let temporary = temporary_name();
        if let Err(e) = self
            .disk
            .write_new(&temporary, bytes.as_bytes())
            .and_then(|()| self.disk.sync_file(&temporary))
            .and_then(|()| self.disk.replace(&temporary, FILE_NAME))
        {
            let _ = self.disk.remove(&temporary);
            return Err(StoreError::Unwritable(words(&e)));
        }
        self.sync_folder();
        Ok(())
    }
}

/// Both locks of one change, let go in the reverse order.
struct Writer<'a> {
    _folder: FolderLock,
    _in_process: MutexGuard<'a, ()>,
}

/// Says once per process that a folder has no cross-process lock.
fn warn_no_folder_lock(e: &io::Error) {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        log::warn!(
            "the records folder cannot be locked against other processes ({e}); \
             changes from this process still run one at a time"
        );
    });
}

/// Keeping files aside: moved or copied under new names, capped.
impl Store {
    /// The number `file_name` was given.
    pub(super) fn serial_of(&self, file_name: &str) -> u32 {
        number(file_name).unwrap_or(0)
    }

    /// The first number above every one given in this folder.
    fn next_number(&self) -> Result<u32, StoreError> {
        let names = self
            .disk
            .list()
            .map_err(|e| StoreError::KeepAside(words(&e)))?;
        let highest = names.iter().filter_map(|n| number(n)).max().unwrap_or(0);
        Ok(highest.max(self.records().aside_serial()).saturating_add(1))
    }

    /// Moves the records file aside under a new name; the name.
    pub(super) fn move_aside(&self, reason: &AsideReason) -> Result<String, StoreError> {
        let prefix = match reason {
            AsideReason::Newer(_) => NEWER_PREFIX,
            _ => DAMAGED_PREFIX,
        };
        let first = self.next_number()?;
        for n in first..first.saturating_add(1000) {
            let name = aside_name(prefix, n);
            match self.move_new(FILE_NAME, &name) {
                Ok(()) => {
                    // The move has happened: a folder that will not flush does not undo it.
                    self.sync_folder();
                    return Ok(name);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(StoreError::KeepAside(words(&e))),
            }
        }
        Err(StoreError::KeepAside(
            "no free name for the file to keep aside".into(),
        ))
    }

    /// Writes `bytes` (the records file as read) to a new kept-aside file; the name.
    pub(super) fn copy_aside(&self, bytes: &[u8]) -> Result<String, StoreError> {
        let first = self.next_number()?;
        for n in first..first.saturating_add(1000) {
            let name = aside_name(DAMAGED_PREFIX, n);
            let written = self
                .disk
                .write_new(&name, bytes)
                .and_then(|()| self.disk.sync_file(&name));
            match written {
                Ok(()) => {
                    self.sync_folder();
                    return Ok(name);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    let _ = self.disk.remove(&name);
                    return Err(StoreError::KeepAside(words(&e)));
                }
            }
        }
        Err(StoreError::KeepAside(
            "no free name for the file to keep aside".into(),
        ))
    }

    /// Gives `from` the name `to`, never replacing a file: in one step where the system can,
    /// else by a hard link and an unlink, else (links refused, as Android refuses them to
    /// apps) by a rename after checking `to` is free, which the folder lock makes safe
    /// against every other store.
    fn move_new(&self, from: &str, to: &str) -> io::Result<()> {
        match self.disk.rename_new(from, to) {
            Err(e) if unsupported(&e) => {}
            done => return done,
        }
        match self.disk.hard_link(from, to) {
            Ok(()) => {
                if let Err(e) = self.disk.remove(from) {
                    // Both names hold the file; the records name must go, or the next change
                    // would find the damaged file again.
                    let _ = self.disk.remove(to);
                    return Err(e);
                }
                return Ok(());
            }
            Err(e) if unsupported(&e) || refused(&e) => {}
            Err(e) => return Err(e),
        }
        if self.disk.exists(to)? {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        self.disk.replace(from, to)
    }

    /// Removes the oldest kept-aside files of each kind past [`MAX_KEPT_ASIDE`], and says so.
    pub(super) fn cap_aside(&self) {
        let Ok(names) = self.disk.list() else {
            return;
        };
        for prefix in [DAMAGED_PREFIX, NEWER_PREFIX] {
            let mut kind: Vec<(u32, &String)> = names
                .iter()
                .filter(|n| n.starts_with(prefix))
                .filter_map(|n| Some((number(n)?, n)))
                .collect();
            kind.sort();
            let past = kind.len().saturating_sub(MAX_KEPT_ASIDE);
            for (_, name) in &kind[..past] {
                match self.disk.remove(name) {
                    Ok(()) => {
                        log::warn!("{name} removed: more than {MAX_KEPT_ASIDE} files kept aside");
                        let mut removed = self.removed.lock().unwrap_or_else(|e| e.into_inner());
                        removed.push((*name).clone());
                    }
                    Err(e) => log::warn!("{name} could not be removed: {e}"),
                }
            }
        }
    }
}
