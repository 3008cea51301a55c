//! A database file read in place: on Unix the file is mapped into memory (read-only, private)
//! and the tables borrow its pages, so loading copies nothing and allocates nothing beside
//! them; the checksum still reads every byte. Elsewhere it is read as a stream.
//!
//! A mapped file must not be changed in place while it is mapped; the CLI and both apps write
//! their caches to a new file renamed over the old, which leaves a mapped one as it was.
use std::path::Path;

use super::PatternDb;
use crate::board::Board;
use crate::error::PdbError;

impl PatternDb {
    /// The databases in the file at `path` (as [`PatternDb::to_bytes`] wrote it), checked as
    /// [`PatternDb::read_from`] checks a stream, their tables read in place from the mapped
    /// file (a 4×4 set: 34 MB that are never copied). A missing or unreadable file is said as
    /// a malformed one, with the system's reason.
    pub fn map_file(path: &Path, goal: Option<&Board>) -> Result<PatternDb, PdbError> {
        let file = std::fs::File::open(path).map_err(super::summed::io_error)?;
        #[cfg(unix)]
        {
            if let Some(mapping) = unix::Mapping::of(&file)? {
                return PatternDb::from_shared(std::sync::Arc::new(mapping), goal);
            }
        }
        PatternDb::read_whole(&mut std::io::BufReader::new(file), goal)
    }
}

#[cfg(unix)]
mod unix {
    use std::os::fd::AsRawFd;

    use crate::error::PdbError;
    use crate::heuristic::pattern_db::SharedBytes;

    /// A whole file mapped read-only and private, unmapped when dropped.
    pub(super) struct Mapping {
        ptr: *const u8,
        len: usize,
    }

    // SAFETY: the mapping is read-only and never changed through this type; its pages may be
    // read from any thread.
    unsafe impl Send for Mapping {}
    // SAFETY: as above: shared reads only.
    unsafe impl Sync for Mapping {}

    impl Mapping {
        /// `file` mapped whole; none for an empty file (nothing to map: the reader says it is
        /// truncated).
        pub(super) fn of(file: &std::fs::File) -> Result<Option<Mapping>, PdbError> {
            let len = file
                .metadata()
                .map_err(crate::heuristic::pattern_db::summed::io_error)?
                .len();
            let len = usize::try_from(len)
                .map_err(|_| PdbError::Malformed("the file is larger than memory".into()))?;
            if len == 0 {
                return Ok(None);
            }
            // SAFETY: a fresh mapping of `len` bytes of an open file, read-only and private; the
            // result is checked before use.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE,
                    file.as_raw_fd(),
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return Err(crate::heuristic::pattern_db::summed::io_error(
                    std::io::Error::last_os_error(),
                ));
            }
            Ok(Some(Mapping {
                ptr: ptr as *const u8,
                len,
            }))
        }
    }

    // SAFETY: the mapping stays where `of` made it, unchanged, until `Drop` unmaps it.
    unsafe impl SharedBytes for Mapping {
        fn bytes(&self) -> &[u8] {
            // SAFETY: `ptr` maps `len` readable bytes for as long as `self` lives.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the mapping made in `of`, once; no borrow of it outlives
            // `self`.
            unsafe {
                libc::munmap(self.ptr as *mut libc::c_void, self.len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SearchLimits;

    #[test]
    fn a_file_read_in_place_is_the_database_and_damage_is_refused() {
        let goal = Board::goal(3).unwrap();
        let db = PatternDb::build(&goal, &SearchLimits::default()).unwrap();
        let bytes = db.to_bytes();
        let path =
            std::env::temp_dir().join(format!("slidepuzzle-mapped-{}.pdb", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let mapped = PatternDb::map_file(&path, Some(&goal)).unwrap();
        assert_eq!(mapped, db);
        assert_eq!(mapped.to_bytes(), bytes);
        let other = Board::goal_with_blank(3, 0).unwrap();
        assert_eq!(
            PatternDb::map_file(&path, Some(&other)),
            Err(PdbError::WrongGoal)
        );
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        assert_eq!(PatternDb::map_file(&path, None), Err(PdbError::Checksum));
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert_eq!(PatternDb::map_file(&path, None), Err(PdbError::Truncated));
        std::fs::write(&path, [&bytes[..], b"x"].concat()).unwrap();
        assert!(matches!(
            PatternDb::map_file(&path, None),
            Err(PdbError::Malformed(_))
        ));
        std::fs::write(&path, b"").unwrap();
        assert_eq!(PatternDb::map_file(&path, None), Err(PdbError::Truncated));
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(
            PatternDb::map_file(&path, None),
            Err(PdbError::FileMissing(_))
        ));
    }
}
