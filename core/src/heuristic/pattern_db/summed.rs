//! Reading a file's bytes with its checksum: 64-bit FNV-1a fed in pieces, a reader that sums
//! every byte it reads (a large table summed on a second thread while the next piece is read),
//! and how a failed read is said.
use crate::error::PdbError;

/// A read that ended early is a truncated file; any other failure is said as it came.
pub(super) fn io_error(e: std::io::Error) -> PdbError {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => PdbError::Truncated,
        _ => PdbError::Malformed(format!("cannot read it: {e}")),
    }
}

/// A reader whose every byte goes into the checksum.
pub(super) struct Summed<'a, R> {
    pub(super) r: &'a mut R,
    pub(super) sum: Fnv,
}

impl<R: std::io::Read> Summed<'_, R> {
    pub(super) fn fill(&mut self, buf: &mut [u8]) -> Result<(), PdbError> {
        self.r.read_exact(buf).map_err(io_error)?;
        self.sum.update(buf);
        Ok(())
    }
    pub(super) fn u8(&mut self) -> Result<u8, PdbError> {
        let mut b = [0u8; 1];
        self.fill(&mut b)?;
        Ok(b[0])
    }
    /// `n` bytes, read into a buffer of their own (a table's, which is then kept).
    pub(super) fn bytes(&mut self, n: usize) -> Result<Vec<u8>, PdbError> {
        let mut v = vec![0u8; n];
        self.fill(&mut v)?;
        Ok(v)
    }

    /// Reads a table of `n` bytes. A large one is read in pieces, each summed on a second
    /// thread while the next is read, so that the checksum costs no time beside the read (on
    /// the 4×4 tables it was a sixth of loading). The sum is the one [`Summed::bytes`] gives.
    pub(super) fn table(&mut self, n: usize) -> Result<Vec<u8>, PdbError> {
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
