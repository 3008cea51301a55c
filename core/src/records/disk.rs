//! The file operations a records [`Store`](super::Store) makes in its folder, behind one trait
//! so that tests can fail or observe each of them, and [`Folder`], the real file system.
//!
//! - [`Disk::lock`] excludes every other process (and every other open store) from the folder
//!   while a change runs: an advisory `flock(LOCK_EX)` on `records.lock`, which belongs to the
//!   open file, so it holds across processes and between two descriptors of one process, and
//!   is let go when the guard drops (or the process dies). POSIX `fcntl` locks are not used:
//!   they belong to the process and any `close` of the file drops them.
//! - [`Disk::rename_new`] never replaces a file: `renameat2(RENAME_NOREPLACE)` on Linux and
//!   Android 11+, `renamex_np(RENAME_EXCL)` on Apple systems, `Unsupported` elsewhere (the
//!   store then tries a hard link, then a checked rename under the lock).
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The lock file's name in the records folder. It is never removed: removing it would let
/// two processes lock two different files.
pub const LOCK_FILE: &str = "records.lock";

/// Held while a change runs; dropping it lets the next process in.
#[must_use = "the folder is locked only while this is held"]
pub struct FolderLock(Option<File>);

impl FolderLock {
    /// A lock that excludes no other process: for a folder whose file system has no locks
    /// (the store's in-process lock still holds), and for disks that are not files.
    pub fn in_process_only() -> FolderLock {
        FolderLock(None)
    }

    /// Whether other processes are excluded.
    pub fn is_across_processes(&self) -> bool {
        self.0.is_some()
    }
}

/// The file operations a [`Store`](super::Store) needs in its folder, by file name.
pub trait Disk: Send + Sync {
    /// Names the folder: stores on disks with the same id share one in-process lock.
    fn id(&self) -> String;
    /// Locks the folder against other processes until the guard drops. An error, or
    /// [`FolderLock::in_process_only`], means there is no such lock here; the store logs it
    /// and goes on under its in-process lock.
    fn lock(&self) -> io::Result<FolderLock>;
    /// The file's bytes, at most `max + 1` of them (more is too long); `None` when there is
    /// no such file.
    fn read(&self, name: &str, max: u64) -> io::Result<Option<Vec<u8>>>;
    /// Writes a new file, refusing one that exists. It may still be only in memory.
    fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()>;
    /// Flushes a file's contents to the disk.
    fn sync_file(&self, name: &str) -> io::Result<()>;
    /// Renames `from` over `to`, replacing it in one step.
    fn replace(&self, from: &str, to: &str) -> io::Result<()>;
    /// Gives `from` the name `to` in one step if no file has that name, `AlreadyExists`
    /// otherwise; `Unsupported` where the system cannot do it in one step.
    fn rename_new(&self, from: &str, to: &str) -> io::Result<()>;
    /// Gives the file `from` a second name `to`, refusing one that exists.
    fn hard_link(&self, from: &str, to: &str) -> io::Result<()>;
    /// Whether a file has this name.
    fn exists(&self, name: &str) -> io::Result<bool>;
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

    fn lock(&self) -> io::Result<FolderLock> {
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(self.path(LOCK_FILE))?;
        lock_file(&file)?;
        Ok(FolderLock(Some(file)))
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
        file.flush()
    }

    fn sync_file(&self, name: &str) -> io::Result<()> {
        File::options()
            .write(true)
            .open(self.path(name))?
            .sync_all()
    }

    fn replace(&self, from: &str, to: &str) -> io::Result<()> {
        fs::rename(self.path(from), self.path(to))
    }

    fn rename_new(&self, from: &str, to: &str) -> io::Result<()> {
        rename_no_replace(&self.path(from), &self.path(to))
    }

    fn hard_link(&self, from: &str, to: &str) -> io::Result<()> {
        fs::hard_link(self.path(from), self.path(to))
    }

    fn exists(&self, name: &str) -> io::Result<bool> {
        match fs::symlink_metadata(self.path(name)) {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e),
        }
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

/// Whether an error says the file system cannot do what was asked (rather than that it
/// failed): no locks, no directory fsync, no exclusive rename.
pub(crate) fn unsupported(e: &io::Error) -> bool {
    if e.kind() == io::ErrorKind::Unsupported {
        return true;
    }
    #[cfg(unix)]
    {
        matches!(
            e.raw_os_error(),
            Some(libc::EINVAL | libc::ENOSYS | libc::ENOTSUP | libc::ENOLCK)
        ) || e.raw_os_error() == Some(libc::EOPNOTSUPP)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

#[cfg(unix)]
fn lock_file(file: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    loop {
        // SAFETY: flock on a descriptor this function borrows; it touches no memory.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

#[cfg(not(unix))]
fn lock_file(_: &File) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(unix)]
fn c_path(path: &Path) -> io::Result<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
}

/// Turns "the system cannot" into `Unsupported`, keeping every other error as it was.
#[cfg(unix)]
fn rename_result(status: libc::c_long) -> io::Result<()> {
    if status == 0 {
        return Ok(());
    }
    let e = io::Error::last_os_error();
    if unsupported(&e) {
        Err(io::Error::new(io::ErrorKind::Unsupported, e))
    } else {
        Err(e)
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn rename_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    if !renameat2_allowed() {
        return Err(io::Error::from(io::ErrorKind::Unsupported));
    }
    let (from, to) = (c_path(from)?, c_path(to)?);
    // SAFETY: two NUL-terminated paths that live across the call; the kernel only reads them.
    let status = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::RENAME_NOREPLACE as libc::c_uint,
        )
    };
    rename_result(status as libc::c_long)
}

/// Android lets apps make the `renameat2` system call from Android 11 (API 30), when its C
/// library gained the function; before, the call is outside what an app may make.
#[cfg(target_os = "android")]
fn renameat2_allowed() -> bool {
    let mut value = [0 as libc::c_char; libc::PROP_VALUE_MAX as usize];
    // SAFETY: the name is NUL-terminated and `value` has the PROP_VALUE_MAX bytes the
    // function may write.
    let length = unsafe {
        libc::__system_property_get(c"ro.build.version.sdk".as_ptr(), value.as_mut_ptr())
    };
    if length <= 0 {
        return false;
    }
    let digits: String = value[..length as usize]
        .iter()
        .map(|&c| c as u8 as char)
        .collect();
    digits.trim().parse::<u32>().is_ok_and(|level| level >= 30)
}

#[cfg(target_os = "linux")]
fn renameat2_allowed() -> bool {
    true
}

#[cfg(target_vendor = "apple")]
fn rename_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    let (from, to) = (c_path(from)?, c_path(to)?);
    // SAFETY: two NUL-terminated paths that live across the call; the system only reads them.
    let status = unsafe { libc::renamex_np(from.as_ptr(), to.as_ptr(), libc::RENAME_EXCL) };
    rename_result(status as libc::c_long)
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn rename_no_replace(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}
