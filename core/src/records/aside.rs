//! Files kept aside: a damaged file or one a newer version wrote is moved out of the way
//! (never written over), a file with bad entries copied, each under a name never used before
//! in the folder, and at most [`MAX_KEPT_ASIDE`] of each kind kept.
use std::io;

use rand::Rng;

use super::disk::unsupported;
use super::store::{words, Store, StoreError, FILE_NAME};
use super::DroppedEntry;

/// Names of files kept aside: `records.damaged-3-9f0c2a7e.json`, `records.newer-4-…`. One
/// number runs across both kinds and grows while the records file (which keeps the highest
/// given) stands, so the oldest is the lowest; a random tail makes a name never given twice,
/// even once the files and the records that knew the number are gone.
pub(super) const DAMAGED_PREFIX: &str = "records.damaged-";
pub(super) const NEWER_PREFIX: &str = "records.newer-";
pub(super) const ASIDE_SUFFIX: &str = ".json";
/// The most kept-aside files of each kind (damaged, newer) the folder keeps; past it, the
/// oldest are removed when a store opens, and said ([`Store::removed_aside`]).
pub const MAX_KEPT_ASIDE: usize = 8;

/// Why a file was kept aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AsideReason {
    /// It is not a whole records file (moved aside; the store starts without it).
    Damaged(String),
    /// A newer version of the app wrote it (moved aside); it is merged back once this
    /// version reads it.
    Newer(u32),
    /// Some of its entries could not be read: they were left out, the others kept, and the
    /// file as it was copied aside for the record.
    EntriesDropped(Vec<DroppedEntry>),
}

/// A records file moved aside instead of being written over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAside {
    /// Its name in the folder now.
    pub file_name: String,
    /// Why.
    pub reason: AsideReason,
}

/// The number in a kept-aside file's name.
fn number(name: &str) -> Option<u32> {
    let rest = name
        .strip_prefix(DAMAGED_PREFIX)
        .or_else(|| name.strip_prefix(NEWER_PREFIX))?;
    let rest = rest.strip_suffix(ASIDE_SUFFIX)?;
    rest.split('-').next()?.parse().ok()
}

/// The name of kept-aside file number `n`.
fn aside_name(prefix: &str, n: u32) -> String {
    let tail: u32 = rand::rng().random();
    format!("{prefix}{n}-{tail:08x}{ASIDE_SUFFIX}")
}

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

/// Whether a link was refused by a rule (SELinux answers EACCES or EPERM).
fn refused(e: &io::Error) -> bool {
    #[cfg(unix)]
    let eperm = e.raw_os_error() == Some(libc::EPERM);
    #[cfg(not(unix))]
    let eperm = false;
    e.kind() == io::ErrorKind::PermissionDenied || eperm
}
