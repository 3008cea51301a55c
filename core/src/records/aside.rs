//! Files kept aside: a damaged file or one a newer version wrote is moved out of the way
//! (never written over), a file with bad entries copied, each under a name never used before
//! in the folder, and at most [`MAX_KEPT_ASIDE`] of each kind kept.
use std::io;

use rand::Rng;

use super::DroppedEntry;

/// Names of files kept aside: `records.damaged-3-9f0c2a7e.json`, `records.newer-4-…`. One
/// number runs across both kinds and grows while the records file (which keeps the highest
/// given) stands, so the oldest is the lowest; a random tail makes a name never given twice,
/// even once the files and the records that knew the number are gone.
pub(super) const DAMAGED_PREFIX: &str = "records.damaged-";
pub(super) const NEWER_PREFIX: &str = "records.newer-";
pub(super) const ASIDE_SUFFIX: &str = ".json";
/// The most kept-aside files of each kind (damaged, newer) the folder keeps; past it, the
/// oldest are removed when a store opens, and said (`Store::removed_aside`).
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
pub(super) fn number(name: &str) -> Option<u32> {
    let rest = name
        .strip_prefix(DAMAGED_PREFIX)
        .or_else(|| name.strip_prefix(NEWER_PREFIX))?;
    let rest = rest.strip_suffix(ASIDE_SUFFIX)?;
    rest.split('-').next()?.parse().ok()
}

/// The name of kept-aside file number `n`.
pub(super) fn aside_name(prefix: &str, n: u32) -> String {
    let tail: u32 = rand::rng().random();
    format!("{prefix}{n}-{tail:08x}{ASIDE_SUFFIX}")
}

/// Whether a link was refused by a rule (SELinux answers EACCES or EPERM).
pub(super) fn refused(e: &io::Error) -> bool {
    #[cfg(unix)]
    let eperm = e.raw_os_error() == Some(libc::EPERM);
    #[cfg(not(unix))]
    let eperm = false;
    e.kind() == io::ErrorKind::PermissionDenied || eperm
}
