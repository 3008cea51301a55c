//! Files the CLI reads and writes. Reads take regular files only (a pipe with no writer or a
//! device would be waited on or read forever) and size them before reading; writes go to a
//! temporary file beside the target that is renamed into place once complete, so a failure
//! leaves the old file as it was and no partial one.
use std::fs::{self, File, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::common::CliError;
use crate::output::Words;

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

/// Where a write goes.
enum Target {
    /// A regular file, new or replaced: written beside it, then renamed over it.
    File,
    /// A device or pipe that exists (`/dev/stdout`, `/dev/full`): written as a stream.
    Stream,
}

fn target(path: &Path) -> Result<Target, CliError> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(CliError::Input(format!(
            "cannot write {}: it is a folder (give a file name)",
            path.display()
        ))),
        Ok(meta) if !meta.is_file() => Ok(Target::Stream),
        _ => Ok(Target::File),
    }
}

/// The folder a file at `path` goes in.
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Checks, before any work, that `path` can be written: not a folder, its folder exists and
/// takes a file, and (for a file, when `extension` is given) its name ends in it.
pub fn check_target(path: &Path, extension: Option<&str>) -> Result<(), CliError> {
    if let Target::Stream = target(path)? {
        return Ok(());
    }
    if let Some(ext) = extension {
        let ok = path
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
    let dir = folder(path);
    if !dir.is_dir() {
        return Err(CliError::Io(format!(
            "cannot write {}: the folder {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    let probe = temporary(path);
    File::create_new(&probe)
        .and_then(|_| fs::remove_file(&probe))
        .map_err(|e| CliError::Io(format!("cannot write {}: {}", path.display(), Words(&e))))
}

/// A name beside `path` that no other process of ours uses.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    folder(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it, flushed to disk,
/// then renamed over it. A failure (a full disk, a read-only folder) removes the temporary file
/// and leaves what was at `path` as it was. A device or pipe is written as a stream, every
/// write checked.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let failed =
        |e: std::io::Error| CliError::Io(format!("cannot write {}: {}", path.display(), Words(&e)));
    if let Target::Stream = target(path)? {
        let mut out = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(failed)?;
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(failed);
    }
    let tmp = temporary(path);
    let written = (|| {
        let mut file = File::create_new(&tmp)?;
        if let Ok(old) = fs::metadata(path) {
            file.set_permissions(old.permissions())?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(failed(e));
    }
    Ok(())
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
