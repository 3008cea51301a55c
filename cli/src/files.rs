//! Files the CLI reads and writes. Reads take regular files only (a pipe with no writer or a
//! device would be waited on or read forever) and size them before reading, except a data
//! stream, which is spooled to a temporary file within a cap; writes go to a
//! temporary file beside the target that is renamed into place once complete, so a failure
//! leaves the old file as it was and no partial one.
use std::fs::{self, File, Metadata};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::error::{CliError, Words};

/// The metadata of `path` if it is a regular file; `what` names it for the message ("photo").
pub fn regular(path: &Path, what: &str) -> Result<Metadata, CliError> {
    let meta = fs::metadata(path)
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", path.display(), Words(&e))))?;
    if meta.is_dir() {
        return Err(CliError::Input(format!(
            "{} is a folder, not a {what} file",
            path.display()
        )));
    }
    if !meta.is_file() {
        return Err(CliError::Input(format!(
            "{} is not a regular file (a device or a pipe): give a {what} file",
            path.display()
        )));
    }
    Ok(meta)
}

/// Opens a regular file for reading.
pub fn open_regular(path: &Path, what: &str) -> Result<(File, Metadata), CliError> {
    let meta = regular(path, what)?;
    let file = File::open(path)
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", path.display(), Words(&e))))?;
    Ok((file, meta))
}

/// The most a pipe given as a data file is spooled to: far more than any instance set.
pub const MAX_SPOOL_BYTES: u64 = 256 << 20;

/// A file that can be read more than once: a regular file opened as it is; `-` (standard
/// input) or a pipe (a FIFO, `/dev/stdin` on a pipe, a process substitution `<(generate)`)
/// copied once into a temporary file that is removed at once (only the open handle keeps it),
/// at most `max` bytes of it, so that memory never holds it. Devices are refused as by
/// [`open_regular`].
pub fn open_rewindable(path: &Path, what: &str, max: u64) -> Result<File, CliError> {
    let stdin = path.as_os_str() == "-";
    if !stdin && !is_pipe(path) {
        // Devices stay refused: /dev/zero would fill the spool and say nothing useful.
        return open_regular(path, what).map(|(file, _)| file);
    }
    let name = stream_name(path);
    let io = |e: io::Error| CliError::Io(format!("cannot read {name}: {}", Words(&e)));
    let (mut spool, spool_path) = temporary_spool()?;
    // Gone from the folder at once: the handle is all that keeps it, so no run leaves it behind.
    let _ = fs::remove_file(&spool_path);
    let copied = if stdin {
        io::copy(
            &mut io::stdin().lock().take(max.saturating_add(1)),
            &mut spool,
        )
    } else {
        let source = File::open(path).map_err(io)?;
        io::copy(&mut source.take(max.saturating_add(1)), &mut spool)
    }
    .map_err(|e| {
        CliError::Io(format!(
            "cannot spool {name} to a temporary file: {}",
            Words(&e)
        ))
    })?;
    if copied > max {
        return Err(CliError::Input(format!(
            "{name} holds more than the {} MiB a {what} stream may be: give it as a file",
            max >> 20
        )));
    }
    spool.rewind().map_err(io)?;
    Ok(spool)
}

/// A data path as messages name it: "standard input" for `-`.
pub fn stream_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// Whether `path` is a pipe (a FIFO, `/dev/stdin` on a pipe, a process substitution).
fn is_pipe(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// A new temporary file for a spool, read and write, and its path.
fn temporary_spool() -> Result<(File, PathBuf), CliError> {
    let dir = std::env::temp_dir();
    for attempt in 0..100u32 {
        let path = dir.join(format!(
            ".slidepuzzle-spool-{}-{attempt}",
            std::process::id()
        ));
        match File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(CliError::Io(format!(
                    "cannot make a temporary file in {}: {}",
                    dir.display(),
                    Words(&e)
                )))
            }
        }
    }
    Err(CliError::Io(format!(
        "cannot make a temporary file in {}: every name tried is taken",
        dir.display()
    )))
}

/// Reads a regular file of at most `max` bytes, refused by its length before any of it is read.
pub fn read_bounded(path: &Path, what: &str, max: u64) -> Result<Vec<u8>, CliError> {
    let (file, meta) = open_regular(path, what)?;
    if meta.len() > max {
        return Err(CliError::Input(format!(
            "{} is {} MiB, more than the {} MiB a {what} file may be",
            path.display(),
            meta.len().div_ceil(1 << 20),
            max >> 20
        )));
    }
    read_exactly(file, path, meta.len(), max)
}

/// Reads what a file holds, `expected` bytes give or take a change while it is read, never more
/// than `max`.
pub fn read_exactly(file: File, path: &Path, expected: u64, max: u64) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::with_capacity(expected.min(max) as usize);
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", path.display(), Words(&e))))?;
    if bytes.len() as u64 > max {
        return Err(CliError::Input(format!(
            "{} grew past {} MiB while it was read",
            path.display(),
            max >> 20
        )));
    }
    Ok(bytes)
}

/// Where a write goes, once the path's symbolic links are followed.
enum Target {
    /// A regular file, new or replaced: written beside it, then renamed over it. A link that
    /// named it stays a link.
    File(PathBuf),
    /// One of this process's open descriptors named as a file (`/dev/stdout`,
    /// `/proc/self/fd/N`, `/dev/fd/N`): written through it as a stream, wherever it leads (a
    /// file the shell opened, a pipe, a terminal).
    Descriptor(u32),
    /// A device or pipe that exists (`/dev/full`, a named pipe): written as a stream.
    Stream(PathBuf),
}

/// The descriptor a path names, if it names one of this process's own: `/dev/stdout` and
/// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` and `/proc/<this process>/fd/N`. Checked on
/// the name, before the link is followed: the kernel's link leads to the file behind the
/// descriptor (or to `pipe:[…]`), and replacing that would lose what the shell set up.
fn descriptor(path: &Path) -> Option<u32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let pid = format!("/proc/{}/fd/", std::process::id());
    let rest = [
        "/dev/fd/",
        "/proc/self/fd/",
        "/proc/thread-self/fd/",
        pid.as_str(),
    ]
    .iter()
    .find_map(|prefix| text.strip_prefix(prefix))?;
    rest.parse().ok()
}

/// The most symbolic links followed before a path is refused as a loop, as the kernel does.
const MAX_LINKS: usize = 40;

fn target(path: &Path) -> Result<Target, CliError> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(fd) = descriptor(&at) {
            return Ok(Target::Descriptor(fd));
        }
        let cannot = |e: std::io::Error| {
            CliError::Io(format!("cannot write {}: {}", path.display(), Words(&e)))
        };
        let meta = match fs::symlink_metadata(&at) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Target::File(at)),
            Err(e) => return Err(cannot(e)),
        };
        if meta.file_type().is_symlink() {
            let link = fs::read_link(&at).map_err(cannot)?;
            at = folder(&at).join(link);
        } else if meta.is_dir() {
            return Err(CliError::Input(format!(
                "cannot write {}: it is a folder (give a file name)",
                path.display()
            )));
        } else if meta.is_file() {
            return Ok(Target::File(at));
        } else {
            return Ok(Target::Stream(at));
        }
    }
    Err(CliError::Io(format!(
        "cannot write {}: it is a loop of links",
        path.display()
    )))
}

/// The folder a file at `path` goes in.
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Checks, before any work, that `path` can be written: not a folder, its folder exists and
/// takes a file, and (for a file, when `extension` is given) its name ends in it. A link is
/// checked as the file it leads to.
pub fn check_target(path: &Path, extension: Option<&str>) -> Result<(), CliError> {
    let file = match target(path)? {
        Target::File(file) => file,
        Target::Descriptor(_) | Target::Stream(_) => return Ok(()),
    };
    if let Some(ext) = extension {
        let ok = file
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case(ext));
        if !ok {
            return Err(CliError::Input(format!(
                "cannot write {}: this writes {} files, so give a name ending in .{ext}",
                path.display(),
                ext.to_uppercase()
            )));
        }
    }
    let dir = folder(&file);
    if !dir.is_dir() {
        return Err(CliError::Io(format!(
            "cannot write {}: the folder {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    let probe = temporary(&file);
    File::create_new(&probe)
        .and_then(|_| fs::remove_file(&probe))
        .map_err(|e| CliError::Io(format!("cannot write {}: {}", path.display(), Words(&e))))
}

/// Whether `a` and `b` name the same existing file, through any links.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The longest file name most file systems take, in bytes.
const MAX_NAME: usize = 255;

/// What every temporary name for a target at `path` starts with: `.NAME.`, or, where a long
/// NAME would not leave room for the rest, as much of NAME as fits and a hash of the whole.
fn temporary_stem(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // ".", the stem, ".", a process id of up to 10 digits, ".tmp"
    let room = MAX_NAME - 1 - 1 - 10 - 4;
    if name.len() <= room {
        return format!(".{name}.");
    }
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let mut cut = room - 17; // "~" and 16 hex digits
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(".{}~{hash:016x}.", &name[..cut])
}

/// A name beside `path` that no other process of ours uses, within [`MAX_NAME`] bytes.
fn temporary(path: &Path) -> PathBuf {
    folder(path).join(format!(
        "{}{}.tmp",
        temporary_stem(path),
        std::process::id()
    ))
}

/// Whether a process with this id runs. Where the system has no `/proc`, a temporary file
/// counts as left over once it is an hour old.
fn running(pid: u32, file: &Path) -> bool {
    if Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    fs::metadata(file)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_none_or(|age| age < std::time::Duration::from_secs(3600))
}

/// Removes the temporary files that runs killed while writing to `path` left beside it (their
/// process is gone); a run still writing keeps its own.
fn remove_leftovers(path: &Path) {
    let stem = temporary_stem(path);
    let Ok(entries) = fs::read_dir(folder(path)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&stem))
            .and_then(|n| n.strip_suffix(".tmp"))
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let file = entry.path();
        if pid != std::process::id() && !running(pid, &file) {
            let _ = fs::remove_file(&file);
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it, flushed to disk,
/// then renamed over it. A failure (a full disk, a read-only folder) removes the temporary file
/// and leaves what was at `path` as it was. A symbolic link is followed, and the file it leads
/// to is the one replaced. A device, a pipe or one of this process's descriptors
/// (`/dev/stdout`) is written as a stream, every write checked.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let failed =
        |e: std::io::Error| CliError::Io(format!("cannot write {}: {}", path.display(), Words(&e)));
    let file = match target(path)? {
        Target::File(file) => file,
        Target::Descriptor(fd) => return write_descriptor(fd, path, bytes).map_err(failed),
        Target::Stream(device) => {
            let mut out = fs::OpenOptions::new()
                .write(true)
                .open(device)
                .map_err(failed)?;
            return out
                .write_all(bytes)
                .and_then(|()| out.flush())
                .map_err(failed);
        }
    };
    remove_leftovers(&file);
    let tmp = temporary(&file);
    let written = (|| {
        let mut out = File::create_new(&tmp)?;
        if let Ok(old) = fs::metadata(&file) {
            out.set_permissions(old.permissions())?;
        }
        out.write_all(bytes)?;
        out.sync_all()?;
        fs::rename(&tmp, &file)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(failed(e));
    }
    Ok(())
}

/// Writes through descriptor `fd` as the shell left it (its offset, its append mode): standard
/// output and error through a duplicate of their own descriptor, another by opening its name
/// for appending. A closed descriptor is an error.
#[cfg(unix)]
fn write_descriptor(fd: u32, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::os::fd::AsFd;
    let mut out = match fd {
        1 => {
            std::io::stdout().lock().flush()?;
            File::from(std::io::stdout().as_fd().try_clone_to_owned()?)
        }
        2 => File::from(std::io::stderr().as_fd().try_clone_to_owned()?),
        _ => fs::OpenOptions::new().append(true).open(path)?,
    };
    out.write_all(bytes)?;
    out.flush()
}

/// Where descriptors cannot be duplicated, standard output and error are written through the
/// process's own handles.
#[cfg(not(unix))]
fn write_descriptor(fd: u32, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match fd {
        1 => std::io::stdout().lock().write_all(bytes)?,
        2 => std::io::stderr().lock().write_all(bytes)?,
        _ => fs::OpenOptions::new()
            .append(true)
            .open(path)?
            .write_all(bytes)?,
    }
    std::io::stdout().lock().flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("slidepuzzle-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_nothing_beside_it() {
        let dir = scratch("replace");
        let path = dir.join("out.png");
        fs::write(&path, b"old").unwrap();
        write_atomic(&path, b"new bytes").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new bytes");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_temporary_name_fits_any_valid_name_and_leftovers_are_cleaned() {
        let dir = scratch("long");
        for name in ["a.png".to_string(), "é".repeat(127), "x".repeat(255)] {
            let tmp = temporary(&dir.join(&name));
            let tmp_name = tmp.file_name().unwrap().to_str().unwrap();
            assert!(tmp_name.len() <= MAX_NAME, "{} bytes", tmp_name.len());
            write_atomic(&dir.join(&name), b"picture").unwrap();
            assert_eq!(fs::read(dir.join(&name)).unwrap(), b"picture");
        }
        // A run that was killed (a process id no process has) left its temporary file.
        let target = dir.join("x".repeat(255));
        let left = dir.join(format!("{}4000000000.tmp", temporary_stem(&target)));
        fs::write(&left, b"half").unwrap();
        write_atomic(&target, b"again").unwrap();
        assert!(!left.exists());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = scratch("link");
        fs::write(dir.join("real.png"), b"old").unwrap();
        std::os::unix::fs::symlink("real.png", dir.join("link.png")).unwrap();
        check_target(&dir.join("link.png"), Some("png")).unwrap();
        write_atomic(&dir.join("link.png"), b"new").unwrap();
        assert!(fs::symlink_metadata(dir.join("link.png"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(dir.join("real.png")).unwrap(), b"new");
        // A link to a file not there yet makes that file.
        std::os::unix::fs::symlink("later.png", dir.join("dangling.png")).unwrap();
        write_atomic(&dir.join("dangling.png"), b"made").unwrap();
        assert_eq!(fs::read(dir.join("later.png")).unwrap(), b"made");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn descriptors_are_known_by_name() {
        assert_eq!(descriptor(Path::new("/dev/stdout")), Some(1));
        assert_eq!(descriptor(Path::new("/proc/self/fd/1")), Some(1));
        assert_eq!(descriptor(Path::new("/dev/fd/7")), Some(7));
        let own = format!("/proc/{}/fd/2", std::process::id());
        assert_eq!(descriptor(Path::new(&own)), Some(2));
        assert_eq!(descriptor(Path::new("/proc/1/fd/1")), None);
        assert_eq!(descriptor(Path::new("/tmp/stdout")), None);
    }

    #[test]
    fn a_full_device_is_an_error_in_words() {
        if !Path::new("/dev/full").exists() {
            return;
        }
        let err = write_atomic(Path::new("/dev/full"), &[0; 4096]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot write /dev/full: no space left on device"
        );
    }

    #[test]
    fn folders_devices_and_wrong_names_are_refused_before_anything_is_written() {
        let dir = scratch("refuse");
        let photo = dir.join("photo.jpg");
        fs::write(&photo, b"the user's photo").unwrap();
        let err = check_target(&photo, Some("png")).unwrap_err();
        assert!(
            err.to_string().contains("give a name ending in .png"),
            "{err}"
        );
        assert_eq!(fs::read(&photo).unwrap(), b"the user's photo");
        assert!(check_target(&dir, Some("png"))
            .unwrap_err()
            .to_string()
            .contains("it is a folder"));
        assert!(check_target(&dir.join("x.PNG"), Some("png")).is_ok());
        assert!(check_target(&dir.join("missing/x.png"), Some("png")).is_err());
        assert!(regular(&dir, "data").is_err());
        if Path::new("/dev/zero").exists() {
            let err = read_bounded(Path::new("/dev/zero"), "photo", 1 << 20).unwrap_err();
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_over_its_budget_is_refused_by_its_length() {
        let dir = scratch("budget");
        let big = dir.join("big.bin");
        let f = File::create(&big).unwrap();
        f.set_len(8 << 30).unwrap(); // sparse: no disk used
        let err = read_bounded(&big, "photo", 256 << 20).unwrap_err();
        assert!(
            err.to_string().contains("8192 MiB, more than the 256 MiB"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
