//! What the records-store tests share: a fresh folder on the real file system, and a thin
//! wrapper around the real folder that delegates every call, fails the ones a test names and
//! observes the order of flushes and renames.
#![allow(dead_code)]
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use slidepuzzle_core::records::store::{Disk, Folder, FolderLock, FILE_NAME};
use slidepuzzle_core::records::{Fewest, Store, Win};

/// A fresh folder under the system's temporary folder, removed when dropped.
pub struct TempFolder(pub PathBuf);

impl TempFolder {
    pub fn new(name: &str) -> TempFolder {
        static N: AtomicU32 = AtomicU32::new(0);
        let path = std::env::temp_dir().join(format!(
            "slidepuzzle-records-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempFolder(path)
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The files in the folder, sorted, without the lock file (which is never removed).
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "records.lock")
            .collect();
        names.sort();
        names
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.file(name)).unwrap()
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Which calls fail.
#[derive(Default)]
pub struct Faults {
    pub read: AtomicBool,
    pub write: AtomicBool,
    /// The process "dies" after the temporary file is written: the rename and the clean-up
    /// never happen.
    pub crash_before_rename: AtomicBool,
    /// Every way of moving a file aside fails.
    pub keep_aside: AtomicBool,
    /// The system has no rename that refuses to replace (old kernels, other systems).
    pub no_rename_new: AtomicBool,
    /// Hard links are refused, as SELinux refuses them to Android apps.
    pub no_links: AtomicBool,
    /// Flushing a file fails (before the rename).
    pub sync_file: AtomicBool,
    /// Flushing the folder fails (after the rename).
    pub sync_folder: AtomicBool,
    /// Flushing the folder is not supported (EINVAL), as on some file systems.
    pub sync_folder_einval: AtomicBool,
    /// No lock against other processes.
    pub no_lock: AtomicBool,
}

/// The real folder, failing where `faults` say, and watching that no file is renamed into
/// place before it was flushed.
pub struct Faulty {
    pub folder: Folder,
    pub faults: Arc<Faults>,
    /// Appended to the folder's id: two different suffixes are two processes, which share no
    /// in-process lock.
    pub process: String,
    /// Files written and flushed, by name.
    synced: Mutex<HashSet<String>>,
    /// Renames of a file that was never flushed: a crash after them could leave an empty file.
    pub unflushed_renames: Mutex<Vec<String>>,
    /// Calls in order, by kind, for the tests that check what happened when.
    pub calls: Mutex<Vec<String>>,
}

fn injected() -> io::Error {
    io::Error::other("injected failure")
}

fn on(flag: &AtomicBool) -> bool {
    flag.load(Ordering::SeqCst)
}

impl Faulty {
    fn call(&self, what: String) {
        self.calls.lock().unwrap().push(what);
    }
}

impl Disk for Faulty {
    fn id(&self) -> String {
        format!("{}{}", self.folder.id(), self.process)
    }
    fn lock(&self) -> io::Result<FolderLock> {
        if on(&self.faults.no_lock) {
            return Err(io::Error::from(io::ErrorKind::Unsupported));
        }
        self.folder.lock()
    }
    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>> {
        if on(&self.faults.read) {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        self.folder.read(name, max)
    }
    fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        if on(&self.faults.write) {
            return Err(io::Error::from(io::ErrorKind::ReadOnlyFilesystem));
        }
        self.call(format!("write {name}"));
        self.folder.write_new(name, bytes)
    }
    fn sync_file(&self, name: &str) -> io::Result<()> {
        if on(&self.faults.sync_file) {
            return Err(injected());
        }
        self.synced.lock().unwrap().insert(name.to_string());
        self.folder.sync_file(name)
    }
    fn replace(&self, from: &str, to: &str) -> io::Result<()> {
        if on(&self.faults.crash_before_rename) {
            return Err(injected());
        }
        if !self.synced.lock().unwrap().contains(from) && to == FILE_NAME {
            self.unflushed_renames
                .lock()
                .unwrap()
                .push(from.to_string());
        }
        self.call(format!("replace {from} {to}"));
        self.folder.replace(from, to)
    }
    fn rename_new(&self, from: &str, to: &str) -> io::Result<()> {
        if on(&self.faults.keep_aside) {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        if on(&self.faults.no_rename_new) {
            return Err(io::Error::from(io::ErrorKind::Unsupported));
        }
        self.call(format!("rename_new {from} {to}"));
        self.folder.rename_new(from, to)
    }
    fn hard_link(&self, from: &str, to: &str) -> io::Result<()> {
        if on(&self.faults.keep_aside) || on(&self.faults.no_links) {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        self.call(format!("hard_link {from} {to}"));
        self.folder.hard_link(from, to)
    }
    fn exists(&self, name: &str) -> io::Result<bool> {
        self.folder.exists(name)
    }
    fn remove(&self, name: &str) -> io::Result<()> {
        if on(&self.faults.crash_before_rename) {
            return Err(injected());
        }
        self.folder.remove(name)
    }
    fn sync(&self) -> io::Result<()> {
        if on(&self.faults.sync_folder) {
            return Err(injected());
        }
        if on(&self.faults.sync_folder_einval) {
            return Err(io::Error::from_raw_os_error(libc_einval()));
        }
        self.call("sync folder".into());
        self.folder.sync()
    }
    fn list(&self) -> io::Result<Vec<String>> {
        self.folder.list()
    }
}

/// EINVAL, as Linux numbers it (the tests run on Linux and macOS, where it is 22 too).
fn libc_einval() -> i32 {
    22
}

/// A failing, observing disk on `folder`, as process `process` ("" for this one).
pub fn faulty_as(folder: &Path, process: &str) -> (Arc<Faulty>, Arc<Faults>) {
    let faults = Arc::new(Faults::default());
    let disk = Faulty {
        folder: Folder::new(folder).unwrap(),
        faults: faults.clone(),
        process: process.to_string(),
        synced: Mutex::default(),
        unflushed_renames: Mutex::default(),
        calls: Mutex::default(),
    };
    (Arc::new(disk), faults)
}

pub fn faulty(folder: &Path) -> (Arc<Faulty>, Arc<Faults>) {
    faulty_as(folder, "")
}

pub fn win(moves: u32) -> Win {
    Win {
        size: 4,
        picture: "sunset".into(),
        moves,
        elapsed_ms: 60_000,
        fewest: Some(Fewest {
            moves: 40,
            proven: true,
        }),
        helped: false,
        peeks: 0,
    }
}

/// Games won by hand on 4×4 "sunset", as the store shows them.
pub fn won(store: &Store) -> u32 {
    store
        .snapshot()
        .entry(4, "sunset")
        .map_or(0, |e| e.by_hand.won)
}
