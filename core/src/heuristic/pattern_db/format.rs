//! The byte format: `SPDB`, version, size, goal, groups, a checksum of everything before it.
//! One writer and one reader, which checks every field.
//!
//! Version 2 (written): each group is its tiles, its layout (0 compact, 1 sparse: the layout it
//! has in memory, so loading is a copy), its length and its table; the checksum is FNV-1a over
//! 64-bit little-endian words (the tail bytes one by one), eight times fewer steps than over
//! bytes. Version 1 (still read): compact tables only, FNV-1a over bytes; loading re-indexes
//! them. On 5×5 a version 2 file is 39.5 MB against 25.8 MB, and loads in a fraction of the time.
use super::index::placements;
use std::sync::Arc;

use super::summed::{fnv1a_words, io_error, Fnv, Held, Source, Summed};
use super::table::SharedBytes;
use super::{Group, PatternDb, MAX_GROUPS, MAX_GROUP_TILES};
use crate::board::Board;
use crate::error::PdbError;

/// The byte format's version (written; version 1 is still read).
pub const FORMAT_VERSION: u16 = 2;
/// The first version, whose files are still read.
const VERSION_1: u16 = 1;
const COMPACT: u8 = 0;
const SPARSE: u8 = 1;
const MAGIC: &[u8; 4] = b"SPDB";

impl PatternDb {
    /// Serialises to bytes: header, groups with tables as held in memory, checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.table_bytes() + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.push(self.size as u8);
        out.extend_from_slice(&self.goal);
        out.push(self.groups.len() as u8);
        for g in &self.groups {
            out.push(g.tiles.len() as u8);
            out.extend_from_slice(&g.tiles);
            out.push(if g.sparse { SPARSE } else { COMPACT });
            out.extend_from_slice(&(g.table.len() as u32).to_le_bytes());
            out.extend_from_slice(&g.table);
        }
        let sum = fnv1a_words(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads bytes written by [`PatternDb::to_bytes`], checking version, checksum, shape and,
    /// when given, the goal; bytes after the checksum are refused.
    pub fn from_bytes(bytes: &[u8], goal: Option<&Board>) -> Result<PatternDb, PdbError> {
        PatternDb::read_whole(&mut &bytes[..], goal)
    }

    /// [`PatternDb::read_from`] a stream that holds nothing after the databases (a file, a
    /// slice): anything after the checksum is refused.
    pub fn read_whole<R: std::io::Read>(
        r: &mut R,
        goal: Option<&Board>,
    ) -> Result<PatternDb, PdbError> {
        let db = PatternDb::read_from(r, goal)?;
        let mut more = [0u8; 1];
        loop {
            match r.read(&mut more) {
                Ok(0) => return Ok(db),
                Ok(_) => return Err(PdbError::Malformed("trailing bytes".into())),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(e)),
            }
        }
    }

    /// Reads what [`PatternDb::to_bytes`] wrote from `r`, each table straight into the memory
    /// that holds it, summed as it comes (a file is read once and never held whole beside its
    /// tables), checking version, checksum, shape and, when given, the goal. Reads up to the
    /// checksum and no further. A goal other than `goal` is said only once the checksum holds,
    /// so that damage is said as damage.
    pub fn read_from<R: std::io::Read>(
        r: &mut R,
        goal: Option<&Board>,
    ) -> Result<PatternDb, PdbError> {
        parse(&mut Summed::new(r), goal)
    }

    /// Reads [`PatternDb::to_bytes`]'s whole output held in `bytes` (a file mapped into
    /// memory), checked as [`PatternDb::read_from`] checks a stream; the tables of the current
    /// format are borrowed from `bytes` instead of copied, so they live as long as the tables
    /// do. Bytes after the checksum are refused.
    pub fn from_shared(
        bytes: Arc<dyn SharedBytes>,
        goal: Option<&Board>,
    ) -> Result<PatternDb, PdbError> {
        let mut held = Held::new(bytes);
        let db = parse(&mut held, goal)?;
        if !held.at_end() {
            return Err(PdbError::Malformed("trailing bytes".into()));
        }
        Ok(db)
    }
}

/// The one reader of the format, over either source.
fn parse<S: Source>(s: &mut S, goal: Option<&Board>) -> Result<PatternDb, PdbError> {
    let mut head = [0u8; 6];
    s.head(&mut head[..4])?;
    if &head[..4] != MAGIC {
        return Err(PdbError::BadMagic);
    }
    s.head(&mut head[4..])?;
    let version = u16::from_le_bytes([head[4], head[5]]);
    if version != FORMAT_VERSION && version != VERSION_1 {
        return Err(PdbError::WrongVersion {
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let mut sum = Fnv::new(version != VERSION_1);
    sum.update(&head);
    s.begin(sum);
    let size = s.u8()? as usize;
    if !(crate::MIN_SIZE..=5).contains(&size) {
        return Err(PdbError::UnsupportedSize(size));
    }
    let cells = size * size;
    let goal_tiles = s.bytes(cells)?;
    let count = s.u8()? as usize;
    if count > MAX_GROUPS {
        return Err(PdbError::Malformed(format!("{count} groups")));
    }
    let mut groups = Vec::with_capacity(count);
    let mut covered = vec![false; cells];
    for _ in 0..count {
        let k = s.u8()? as usize;
        if k > MAX_GROUP_TILES {
            return Err(PdbError::Malformed(format!("group of {k} tiles")));
        }
        let tiles = s.bytes(k)?;
        for &t in &tiles {
            if t == 0 || t as usize >= cells || std::mem::replace(&mut covered[t as usize], true) {
                return Err(PdbError::Malformed(format!("tile {t} misplaced in groups")));
            }
        }
        let sparse = version != VERSION_1 && layout(s.u8()?)?;
        let mut len = [0u8; 4];
        s.fill(&mut len)?;
        let len = u32::from_le_bytes(len) as usize;
        if k == 0 || len != entries(cells, k, sparse) {
            return Err(PdbError::Malformed(format!(
                "group of {k} tiles has {len} entries"
            )));
        }
        // a layout other than the one held in memory would mix the two in one lookup
        if version != VERSION_1 && sparse != Group::held_sparse(cells, k) {
            return Err(PdbError::Malformed(format!(
                "group of {k} tiles in the wrong layout"
            )));
        }
        let table = s.table(len)?;
        groups.push(Group {
            tiles,
            table,
            sparse,
        });
    }
    let (sum, stored) = s.checksum()?;
    if sum != stored {
        return Err(PdbError::Checksum);
    }
    if covered.iter().skip(1).any(|c| !c) {
        return Err(PdbError::Malformed("groups do not cover every tile".into()));
    }
    let goal_labels: Vec<u32> = goal_tiles.iter().map(|&t| t as u32).collect();
    let goal_board =
        Board::from_tiles(&goal_labels).map_err(|e| PdbError::Malformed(format!("goal: {e}")))?;
    if goal.is_some_and(|expected| expected.tiles() != goal_board.tiles()) {
        return Err(PdbError::WrongGoal);
    }
    Ok(PatternDb::assemble(size, goal_tiles, groups))
}

impl PatternDb {
    /// The length a file written by [`PatternDb::to_bytes`] has, read from its header and its
    /// groups' headers (seeking past each table), so that a reader can size a file before it
    /// reads it: a file of any other length is damaged, and nothing of a huge one is read.
    /// Checks what the headers hold (magic, version, size, group shapes) on the way.
    pub fn expected_len<R: std::io::Read + std::io::Seek>(r: &mut R) -> Result<u64, PdbError> {
        let mut head = [0u8; 7];
        r.read_exact(&mut head[..4]).map_err(io_error)?;
        if &head[..4] != MAGIC {
            return Err(PdbError::BadMagic);
        }
        r.read_exact(&mut head[4..]).map_err(io_error)?;
        let version = u16::from_le_bytes([head[4], head[5]]);
        if version != FORMAT_VERSION && version != VERSION_1 {
            return Err(PdbError::WrongVersion {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let size = head[6] as usize;
        if !(crate::MIN_SIZE..=5).contains(&size) {
            // No file of ours holds another size: the byte is damaged.
            return Err(PdbError::Malformed(format!("a board size of {size}")));
        }
        let cells = size * size;
        let mut byte = [0u8; 1];
        r.seek(std::io::SeekFrom::Current(cells as i64))
            .map_err(io_error)?;
        r.read_exact(&mut byte).map_err(io_error)?;
        let count = byte[0] as usize;
        if count > MAX_GROUPS {
            return Err(PdbError::Malformed(format!("{count} groups")));
        }
        let mut len = (7 + cells + 1) as u64;
        for _ in 0..count {
            r.read_exact(&mut byte).map_err(io_error)?;
            let k = byte[0] as usize;
            if k == 0 || k > MAX_GROUP_TILES {
                return Err(PdbError::Malformed(format!("group of {k} tiles")));
            }
            r.seek(std::io::SeekFrom::Current(k as i64))
                .map_err(io_error)?;
            let sparse = version != VERSION_1 && {
                r.read_exact(&mut byte).map_err(io_error)?;
                layout(byte[0])?
            };
            let layout_bytes = usize::from(version != VERSION_1);
            let mut count = [0u8; 4];
            r.read_exact(&mut count).map_err(io_error)?;
            let count = u32::from_le_bytes(count) as usize;
            if count != entries(cells, k, sparse) {
                return Err(PdbError::Malformed(format!(
                    "group of {k} tiles has {count} entries"
                )));
            }
            r.seek(std::io::SeekFrom::Current(count as i64))
                .map_err(io_error)?;
            len += (1 + k + layout_bytes + 4 + count) as u64;
        }
        Ok(len + 8)
    }
}

/// Whether a group's layout byte says sparse; a byte other than the two layouts is damage.
fn layout(byte: u8) -> Result<bool, PdbError> {
    match byte {
        COMPACT => Ok(false),
        SPARSE => Ok(true),
        other => Err(PdbError::Malformed(format!("a table layout of {other}"))),
    }
}

/// The entries of a group of `k` tiles on `cells` cells: `cells^k` sparse, else one per
/// placement.
fn entries(cells: usize, k: usize, sparse: bool) -> usize {
    if sparse {
        cells.pow(k as u32)
    } else {
        placements(cells, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::pattern_db::build::tests::two_compact_groups;
    use crate::limits::SearchLimits;

    /// `db` written as version 1 wrote it: compact tables, FNV-1a over bytes.
    fn version_1_bytes(db: &PatternDb) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION_1.to_le_bytes());
        out.push(db.size as u8);
        out.extend_from_slice(&db.goal);
        out.push(db.groups.len() as u8);
        for g in &db.groups {
            out.push(g.tiles.len() as u8);
            out.extend_from_slice(&g.tiles);
            let table = g.compact(db.size * db.size);
            out.extend_from_slice(&(table.len() as u32).to_le_bytes());
            out.extend_from_slice(&table);
        }
        let mut sum = Fnv::new(false);
        sum.update(&out);
        out.extend_from_slice(&sum.finish().to_le_bytes());
        out
    }

    /// Sparse tables (indexed by cells, updated by one addition per move) hold the same
    /// entries as the compact ones they came from; version 2 bytes hold them as they are, and
    /// version 1 bytes (compact) still load to the same tables.
    #[test]
    fn sparse_tables_round_trip_and_version_1_still_loads() {
        let goal = Board::goal(3).unwrap();
        let cells: Vec<usize> = (0..8).collect();
        let groups = two_compact_groups(&goal, &cells);
        let compact = groups.clone();
        let db = PatternDb::assemble(3, goal.tiles().to_vec(), groups);
        assert!(db.groups.iter().all(|g| g.sparse));
        for (g, c) in db.groups.iter().zip(&compact) {
            assert_eq!(g.table.len(), 9usize.pow(4));
            assert_eq!(g.compact(9), c.table.to_vec());
        }
        let bytes = db.to_bytes();
        assert_eq!(bytes.len(), 6 + 1 + 9 + 1 + 2 * (1 + 4 + 1 + 4 + 6561) + 8);
        assert_eq!(PatternDb::from_bytes(&bytes, Some(&goal)).unwrap(), db);
        let old = version_1_bytes(&db);
        assert_eq!(old.len(), 6 + 1 + 9 + 1 + 2 * (1 + 4 + 4 + 3024) + 8);
        assert_eq!(PatternDb::from_bytes(&old, Some(&goal)).unwrap(), db);
        use std::io::Cursor;
        assert_eq!(
            PatternDb::expected_len(&mut Cursor::new(&old)).unwrap(),
            old.len() as u64
        );
        // damage in a version 1 file is still found
        let mut flipped = old.clone();
        flipped[old.len() / 2] ^= 4;
        assert_eq!(
            PatternDb::from_bytes(&flipped, None),
            Err(PdbError::Checksum)
        );
    }

    /// A table in a layout other than the one held in memory is refused, even with a good
    /// checksum: one lookup cannot mix the two.
    #[test]
    fn a_group_in_the_wrong_layout_is_refused() {
        let goal = Board::goal(3).unwrap();
        let cells: Vec<usize> = (0..8).collect();
        let db = PatternDb::assemble(3, goal.tiles().to_vec(), two_compact_groups(&goal, &cells));
        let mut bytes = version_1_bytes(&db);
        bytes.truncate(bytes.len() - 8);
        bytes[4] = FORMAT_VERSION as u8;
        // after the first group's tiles: the layout byte, compact, where 3×3 groups of four
        // are held sparse
        bytes.insert(6 + 1 + 9 + 1 + 1 + 4, COMPACT);
        let second = 6 + 1 + 9 + 1 + (1 + 4 + 1 + 4 + 3024) + 1 + 4;
        bytes.insert(second, COMPACT);
        let sum = fnv1a_words(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            PatternDb::from_bytes(&bytes, None),
            Err(PdbError::Malformed(m)) if m.contains("layout")
        ));
        // a layout byte that is neither layout, in both readers
        let mut odd = db.to_bytes();
        odd[6 + 1 + 9 + 1 + 1 + 4] = 7;
        let body = odd.len() - 8;
        let sum = fnv1a_words(&odd[..body]);
        odd[body..].copy_from_slice(&sum.to_le_bytes());
        for refused in [
            PatternDb::from_bytes(&odd, None),
            PatternDb::expected_len(&mut std::io::Cursor::new(&odd)).map(|_| db.clone()),
        ] {
            assert!(
                matches!(&refused, Err(PdbError::Malformed(m)) if m.contains("layout of 7")),
                "{refused:?}"
            );
        }
    }

    /// The length read from the headers is the file's, for every size; other bytes are
    /// refused by what their header says, without reading on.
    #[test]
    fn the_expected_length_comes_from_the_headers() {
        use std::io::Cursor;
        let goal = Board::goal(3).unwrap();
        let cells: Vec<usize> = (0..8).collect();
        let db = PatternDb::assemble(3, goal.tiles().to_vec(), two_compact_groups(&goal, &cells));
        let bytes = db.to_bytes();
        let len = PatternDb::expected_len(&mut Cursor::new(&bytes)).unwrap();
        assert_eq!(len, bytes.len() as u64);
        // A file cut inside its last table still says how long it should be.
        assert_eq!(
            PatternDb::expected_len(&mut Cursor::new(&bytes[..bytes.len() - 100])).unwrap(),
            len
        );
        assert_eq!(
            PatternDb::expected_len(&mut Cursor::new(&bytes[..20])),
            Err(PdbError::Truncated)
        );
        assert_eq!(
            PatternDb::expected_len(&mut Cursor::new(vec![0u8; 64])),
            Err(PdbError::BadMagic)
        );
        let mut wrong_entries = bytes.clone();
        wrong_entries[7 + 9 + 1 + 1 + 4] ^= 1;
        assert!(matches!(
            PatternDb::expected_len(&mut Cursor::new(&wrong_entries)),
            Err(PdbError::Malformed(_))
        ));
    }

    #[test]
    fn bytes_round_trip_and_damage_is_rejected() {
        let goal = Board::goal(3).unwrap();
        let db = PatternDb::build(&goal, &SearchLimits::default()).unwrap();
        let bytes = db.to_bytes();
        assert_eq!(PatternDb::from_bytes(&bytes, Some(&goal)).unwrap(), db);
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 0x10;
        assert_eq!(
            PatternDb::from_bytes(&flipped, Some(&goal)),
            Err(PdbError::Checksum)
        );
        assert_eq!(
            PatternDb::from_bytes(&bytes[..bytes.len() - 3], Some(&goal)),
            Err(PdbError::Truncated)
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            PatternDb::from_bytes(&longer, Some(&goal)),
            Err(PdbError::Malformed(m)) if m.contains("trailing")
        ));
        // damage to the goal is said as damage, not as another goal
        let mut goal_hit = bytes.clone();
        goal_hit[7] ^= 1;
        assert_eq!(
            PatternDb::from_bytes(&goal_hit, Some(&goal)),
            Err(PdbError::Checksum)
        );
        let other = Board::goal_with_blank(3, 0).unwrap();
        assert_eq!(
            PatternDb::from_bytes(&bytes, Some(&other)),
            Err(PdbError::WrongGoal)
        );
        assert_eq!(PatternDb::from_bytes(b"", None), Err(PdbError::Truncated));
        assert_eq!(
            PatternDb::from_bytes(b"PNG\0....", None),
            Err(PdbError::BadMagic)
        );
        let mut old = bytes.clone();
        old[4] = 9;
        assert_eq!(
            PatternDb::from_bytes(&old, None),
            Err(PdbError::WrongVersion {
                found: 9,
                expected: FORMAT_VERSION
            })
        );
        let other = Board::goal_with_blank(3, 0).unwrap();
        assert_eq!(
            PatternDb::from_bytes(&bytes, Some(&other)),
            Err(PdbError::WrongGoal)
        );
        // a well-formed checksum does not make a shape the heuristic cannot hold acceptable
        let sealed = |body: Vec<u8>| {
            let mut out = body.clone();
            out.extend_from_slice(&fnv1a_words(&body).to_le_bytes());
            out
        };
        let head = bytes[..6 + 1 + 9].to_vec();
        let mut six_groups = head.clone();
        six_groups.push(6);
        assert!(matches!(
            PatternDb::from_bytes(&sealed(six_groups), None),
            Err(PdbError::Malformed(_))
        ));
        let mut nine_tiles = head;
        nine_tiles.extend_from_slice(&[1, 9]);
        assert!(matches!(
            PatternDb::from_bytes(&sealed(nine_tiles), None),
            Err(PdbError::Malformed(_))
        ));
    }

    /// A reader that hands out a few bytes at a time, as a pipe or a slow file may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.step = self.step % 7 + 1;
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// A database read from a stream a few bytes at a time equals the one read from its bytes,
    /// in both versions, and the stream is read up to the checksum and no further.
    #[test]
    fn a_stream_in_small_pieces_reads_the_same() {
        let goal = Board::goal(3).unwrap();
        let db = PatternDb::build(&goal, &SearchLimits::default()).unwrap();
        for bytes in [db.to_bytes(), version_1_bytes(&db)] {
            let mut more = bytes.clone();
            more.extend_from_slice(b"next");
            let mut r = Trickle {
                bytes: &more,
                step: 0,
            };
            assert_eq!(PatternDb::read_from(&mut r, Some(&goal)).unwrap(), db);
            assert_eq!(r.bytes, b"next");
        }
    }
}
