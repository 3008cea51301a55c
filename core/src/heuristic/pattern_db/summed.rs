//! Reading a file's bytes with its checksum: 64-bit FNV-1a fed in pieces, the two sources a
//! database is read from (a stream, whose every byte is summed as it is read, a large table on a
//! second thread while the next piece is read; and bytes held whole, whose tables are borrowed),
//! and how a failed read is said.
use std::sync::Arc;

use super::table::{SharedBytes, Table};
use crate::error::PdbError;

/// A read that ended early is a truncated file; any other failure is said as it came.
pub(super) fn io_error(e: std::io::Error) -> PdbError {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => PdbError::Truncated,
        std::io::ErrorKind::NotFound => PdbError::FileMissing(e.to_string()),
        _ => PdbError::Malformed(format!("cannot read it: {e}")),
    }
}

/// Where a database's bytes are read from: the head (not summed: its version says how to
/// sum), then bytes and tables summed as they come, then the stored checksum.
pub(super) trait Source {
    /// The first bytes, before [`Source::begin`].
    fn head(&mut self, buf: &mut [u8]) -> Result<(), PdbError>;
    /// From here on every byte is summed into `sum`.
    fn begin(&mut self, sum: Fnv);
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbError>;
    /// A table of `n` bytes.
    fn table(&mut self, n: usize) -> Result<Table, PdbError>;
    /// The sum of what was read, and the stored checksum that follows it.
    fn checksum(&mut self) -> Result<(u64, u64), PdbError>;

    fn u8(&mut self) -> Result<u8, PdbError> {
        let mut b = [0u8; 1];
        self.fill(&mut b)?;
        Ok(b[0])
    }

    /// `n` bytes in a buffer of their own.
    fn bytes(&mut self, n: usize) -> Result<Vec<u8>, PdbError> {
        let mut v = vec![0u8; n];
        self.fill(&mut v)?;
        Ok(v)
    }
}

/// A stream whose every byte (but the head and the checksum) goes into the checksum; tables are
/// read straight into buffers of their own.
pub(super) struct Summed<'a, R> {
    pub(super) r: &'a mut R,
    pub(super) sum: Fnv,
}

impl<'a, R: std::io::Read> Summed<'a, R> {
    pub(super) fn new(r: &'a mut R) -> Summed<'a, R> {
        Summed {
            r,
            sum: Fnv::new(true),
        }
    }
}

impl<R: std::io::Read> Source for Summed<'_, R> {
    fn head(&mut self, buf: &mut [u8]) -> Result<(), PdbError> {
        self.r.read_exact(buf).map_err(io_error)
    }
    fn begin(&mut self, sum: Fnv) {
        self.sum = sum;
    }
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbError> {
        self.r.read_exact(buf).map_err(io_error)?;
        self.sum.update(buf);
        Ok(())
    }
    fn table(&mut self, n: usize) -> Result<Table, PdbError> {
        self.read_table(n).map(Table::from)
    }
    fn checksum(&mut self) -> Result<(u64, u64), PdbError> {
        let mut stored = [0u8; 8];
        self.r.read_exact(&mut stored).map_err(io_error)?;
        Ok((self.sum.finish(), u64::from_le_bytes(stored)))
    }
}

impl<R: std::io::Read> Summed<'_, R> {
    /// Reads a table of `n` bytes. A large one is read in pieces, each summed on a second
    /// thread while the next is read, so that the checksum costs no time beside the read (on
    /// the 4×4 tables it was a sixth of loading). The sum is the one [`Summed::bytes`] gives.
    fn read_table(&mut self, n: usize) -> Result<Vec<u8>, PdbError> {
        if n < 2 * PIECE {
            return self.bytes(n);
        }
        let mut v = vec![0u8; n];
        let r = &mut *self.r;
        let start = self.sum.clone();
        let piecewise = std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::channel::<&[u8]>();
            let summer = std::thread::Builder::new()
                .name("pdb-sum".into())
                .spawn_scoped(scope, move || {
                    let mut sum = start;
                    rx.iter().for_each(|piece| sum.update(piece));
                    sum
                });
            // no second thread to be had: read and sum below
            let summer = summer.ok()?;
            let mut read = Ok(());
            for piece in v.chunks_mut(PIECE) {
                read = r.read_exact(piece);
                if read.is_err() {
                    break;
                }
                let piece: &[u8] = piece;
                if tx.send(piece).is_err() {
                    break; // the summer is gone; its join says so below
                }
            }
            drop(tx);
            Some((summer.join(), read))
        });
        match piecewise {
            None => self.fill(&mut v)?,
            Some((Ok(sum), read)) => {
                read.map_err(io_error)?;
                self.sum = sum;
            }
            Some((Err(_), _)) => {
                return Err(PdbError::Malformed("the checksum thread failed".into()))
            }
        }
        Ok(v)
    }
}

/// Bytes held whole (a mapped file): read in place, each table borrowed from them rather than
/// copied, everything summed on the way.
pub(super) struct Held {
    bytes: Arc<dyn SharedBytes>,
    at: usize,
    sum: Fnv,
}

impl Held {
    pub(super) fn new(bytes: Arc<dyn SharedBytes>) -> Held {
        Held {
            bytes,
            at: 0,
            sum: Fnv::new(true),
        }
    }

    /// The next `n` bytes' range, or a truncated file.
    fn take(&mut self, n: usize) -> Result<std::ops::Range<usize>, PdbError> {
        let end = self.at.checked_add(n).ok_or(PdbError::Truncated)?;
        if end > self.bytes.bytes().len() {
            return Err(PdbError::Truncated);
        }
        let range = self.at..end;
        self.at = end;
        Ok(range)
    }

    /// Whether every byte was read.
    pub(super) fn at_end(&self) -> bool {
        self.at == self.bytes.bytes().len()
    }
}

impl Source for Held {
    fn head(&mut self, buf: &mut [u8]) -> Result<(), PdbError> {
        let range = self.take(buf.len())?;
        buf.copy_from_slice(&self.bytes.bytes()[range]);
        Ok(())
    }
    fn begin(&mut self, sum: Fnv) {
        self.sum = sum;
    }
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbError> {
        self.head(buf)?;
        self.sum.update(buf);
        Ok(())
    }
    fn table(&mut self, n: usize) -> Result<Table, PdbError> {
        let range = self.take(n)?;
        self.sum.update(&self.bytes.bytes()[range.clone()]);
        Table::shared(self.bytes.clone(), range).ok_or(PdbError::Truncated)
    }
    fn checksum(&mut self) -> Result<(u64, u64), PdbError> {
        let mut stored = [0u8; 8];
        self.head(&mut stored)?;
        Ok((self.sum.finish(), u64::from_le_bytes(stored)))
    }
}

/// The piece a large table is read in, one to sum while the next is read. Tests use small
/// pieces, so that every table they read (round trips, damage, short reads) goes this way.
const PIECE: usize = if cfg!(test) { 64 } else { 1 << 20 };

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a, fed in pieces of any length. Over little-endian 64-bit words, the last
/// `len % 8` bytes one by one (version 2: eight times fewer steps than over bytes), or over
/// bytes (version 1). Each step is a bijection of the running value, so any one changed word
/// changes the sum.
#[derive(Clone)]
pub(super) struct Fnv {
    h: u64,
    words: bool,
    /// The bytes of a word not yet complete.
    pending: [u8; 8],
    held: usize,
}

impl Fnv {
    pub(super) fn new(words: bool) -> Fnv {
        Fnv {
            h: FNV_OFFSET,
            words,
            pending: [0; 8],
            held: 0,
        }
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        if !self.words {
            self.h = bytes
                .iter()
                .fold(self.h, |h, &b| (h ^ b as u64).wrapping_mul(FNV_PRIME));
            return;
        }
        if self.held > 0 {
            let take = (8 - self.held).min(bytes.len());
            self.pending[self.held..self.held + take].copy_from_slice(&bytes[..take]);
            self.held += take;
            bytes = &bytes[take..];
            if self.held < 8 {
                return;
            }
            self.h = (self.h ^ u64::from_le_bytes(self.pending)).wrapping_mul(FNV_PRIME);
            self.held = 0;
        }
        let words = bytes.chunks_exact(8);
        let tail = words.remainder();
        self.h = words.fold(self.h, |h, w| {
            (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(FNV_PRIME)
        });
        self.pending[..tail.len()].copy_from_slice(tail);
        self.held = tail.len();
    }

    pub(super) fn finish(&self) -> u64 {
        self.pending[..self.held]
            .iter()
            .fold(self.h, |h, &b| (h ^ b as u64).wrapping_mul(FNV_PRIME))
    }
}

/// The version 2 checksum of `bytes`.
pub(super) fn fnv1a_words(bytes: &[u8]) -> u64 {
    let mut sum = Fnv::new(true);
    sum.update(bytes);
    sum.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checksum fed in pieces of any length equals the one over the whole, over words and
    /// over bytes.
    #[test]
    fn the_sum_in_pieces_is_the_sum_of_the_whole() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        for words in [true, false] {
            let mut whole = Fnv::new(words);
            whole.update(&data);
            for piece in [1, 3, 5, 8, 13, 64] {
                let mut parts = Fnv::new(words);
                data.chunks(piece).for_each(|c| parts.update(c));
                assert_eq!(parts.finish(), whole.finish(), "pieces of {piece}");
            }
        }
    }
}
