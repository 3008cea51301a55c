//! A PNG's chunks as the decoder should see them. The decoder inflates an iCCP profile whole
//! (up to the whole memory budget, then copies it) and copies every text chunk, before one
//! pixel is decoded: a half-megabyte file whose profile inflates to gigabytes, or one with a
//! 100 MB comment, would cost that much to open. So the decoder reads the file through
//! [`Chunks`], which leaves out the iCCP and text chunks without copying the file, and the
//! profile is inflated here, within [`MAX_PROFILE_BYTES`]. The colour chunks the decoder does
//! not hand over (cICP, sRGB) are read on the same walk.
use std::io::{self, BufRead, Read, Seek, SeekFrom};
use std::ops::Range;

/// The largest colour profile read: real ones are a few kilobytes to a few megabytes; a larger
/// one is left out and said (a [`Colour::ProfileTooLarge`](super::Colour::ProfileTooLarge)).
pub const MAX_PROFILE_BYTES: u64 = 4 << 20;

const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// What a walk over a PNG's chunk heads found.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Walk {
    /// The byte ranges the decoder reads: everything but iCCP and text chunks.
    pub keep: Vec<Range<usize>>,
    /// The first iCCP chunk's data (name, method, compressed profile), before the image data.
    pub iccp: Option<Range<usize>>,
    /// cICP's code points, before the image data.
    pub cicp: Option<[u8; 4]>,
    /// Whether an sRGB chunk comes before the image data.
    pub srgb: bool,
    /// The profile was left out of `keep` before it was read: it holds more than
    /// [`MAX_PROFILE_BYTES`] (a JPEG's segments, counted by `jpeg`).
    pub profile_too_large: bool,
}

/// Walks the chunk heads of `bytes`, a PNG (anything else is kept whole). A chunk cut short
/// is kept as it is, for the decoder to say so.
pub(super) fn walk(bytes: &[u8]) -> Walk {
    let mut out = Walk::default();
    if !bytes.starts_with(SIGNATURE) {
        out.keep.push(0..bytes.len());
        return out;
    }
    let (mut at, mut kept_from, mut image_data) = (SIGNATURE.len(), 0, false);
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind: &[u8] = &head[4..8];
        let end = at.saturating_add(12).saturating_add(len);
        let Some(data) = bytes
            .get(at + 8..at + 8 + len)
            .map(|_| at + 8..at + 8 + len)
        else {
            break;
        };
        image_data |= kind == b"IDAT";
        match kind {
            b"iCCP" | b"tEXt" | b"zTXt" | b"iTXt" => {
                if kind == b"iCCP" && !image_data && out.iccp.is_none() {
                    out.iccp = Some(data);
                }
                if kept_from < at {
                    out.keep.push(kept_from..at);
                }
                kept_from = end.min(bytes.len());
            }
            b"cICP" if !image_data => {
                if let &[p, t, m, r] = &bytes[data] {
                    out.cicp = Some([p, t, m, r]);
                }
            }
            b"sRGB" if !image_data => out.srgb = true,
            _ => {}
        }
        if kind == b"IEND" {
            break;
        }
        at = end;
    }
    if kept_from < bytes.len() {
        out.keep.push(kept_from..bytes.len());
    }
    out
}

/// Why an embedded profile is not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refused {
    /// It inflates past [`MAX_PROFILE_BYTES`].
    TooLarge,
    /// It is not an iCCP chunk's data, or does not inflate.
    Damaged,
}

/// The profile in an iCCP chunk's `data` (a name, a zero byte, the method, zlib data),
/// inflated within `max_bytes`.
pub(super) fn profile(data: &[u8], max_bytes: u64) -> Result<Vec<u8>, Refused> {
    let name = data.iter().take(81).position(|&b| b == 0);
    let Some(name) = name.filter(|&n| n > 0) else {
        return Err(Refused::Damaged);
    };
    if data.get(name + 1) != Some(&0) {
        return Err(Refused::Damaged);
    }
    let cap = usize::try_from(max_bytes).unwrap_or(usize::MAX);
    fdeflate::decompress_to_vec_bounded(&data[name + 2..], cap).map_err(|e| match e {
        fdeflate::BoundedDecompressionError::OutputTooLarge { .. } => Refused::TooLarge,
        _ => Refused::Damaged,
    })
}

/// The bytes of `keep`, one after another, read and sought in place: the file as the decoder
/// should see it, never copied.
pub(super) struct Chunks<'a> {
    bytes: &'a [u8],
    keep: Vec<Range<usize>>,
    /// Where each range starts in the joined stream.
    starts: Vec<u64>,
    len: u64,
    pos: u64,
}

impl<'a> Chunks<'a> {
    pub(super) fn new(bytes: &'a [u8], keep: Vec<Range<usize>>) -> Chunks<'a> {
        let mut starts = Vec::with_capacity(keep.len());
        let mut len = 0u64;
        for r in &keep {
            starts.push(len);
            len += r.len() as u64;
        }
        Chunks {
            bytes,
            keep,
            starts,
            len,
            pos: 0,
        }
    }

    /// The rest of the range that holds the current position.
    fn current(&self) -> &'a [u8] {
        if self.pos >= self.len {
            return &[];
        }
        let i = self.starts.partition_point(|&s| s <= self.pos) - 1;
        let r = &self.keep[i];
        let skip = (self.pos - self.starts[i]) as usize;
        &self.bytes[r.start + skip..r.end]
    }
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let here = self.current();
        let n = here.len().min(buf.len());
        buf[..n].copy_from_slice(&here[..n]);
        self.pos += n as u64;
        Ok(n)
    }
}

impl BufRead for Chunks<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(self.current())
    }

    fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt as u64).min(self.len);
    }
}

impl Seek for Chunks<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.len.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        let target = target.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        self.pos = target;
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&[0; 4]);
        c
    }

    #[test]
    fn profile_and_text_chunks_are_left_out_and_the_rest_reads_in_order() {
        let mut png = SIGNATURE.to_vec();
        png.extend(chunk(b"IHDR", &[1; 13]));
        png.extend(chunk(b"iCCP", b"p\0\0zz"));
        png.extend(chunk(b"cICP", &[9, 16, 0, 1]));
        png.extend(chunk(b"tEXt", b"Comment\0hello"));
        png.extend(chunk(b"IDAT", &[2; 5]));
        png.extend(chunk(b"zTXt", b"late\0\0zz"));
        png.extend(chunk(b"IEND", &[]));
        let w = walk(&png);
        assert_eq!(w.cicp, Some([9, 16, 0, 1]));
        assert!(!w.srgb);
        assert_eq!(&png[w.iccp.clone().unwrap()], b"p\0\0zz");
        let mut seen = Vec::new();
        Chunks::new(&png, w.keep.clone())
            .read_to_end(&mut seen)
            .unwrap();
        let mut expected = SIGNATURE.to_vec();
        expected.extend(chunk(b"IHDR", &[1; 13]));
        expected.extend(chunk(b"cICP", &[9, 16, 0, 1]));
        expected.extend(chunk(b"IDAT", &[2; 5]));
        expected.extend(chunk(b"IEND", &[]));
        assert_eq!(seen, expected);
        // seeking lands on the same bytes
        let mut r = Chunks::new(&png, w.keep);
        r.seek(SeekFrom::Start(30)).unwrap();
        let mut rest = Vec::new();
        r.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, expected[30..]);
        assert_eq!(
            r.seek(SeekFrom::End(-4)).unwrap(),
            expected.len() as u64 - 4
        );
    }

    #[test]
    fn a_profile_is_inflated_within_its_cap() {
        let mut enc = fdeflate::Compressor::new(Vec::new()).unwrap();
        enc.write_data(&[7u8; 10_000]).unwrap();
        let z = enc.finish().unwrap();
        let data = [b"icc\0\0".as_slice(), &z].concat();
        assert_eq!(profile(&data, 10_000), Ok(vec![7; 10_000]));
        assert_eq!(profile(&data, 9_999), Err(Refused::TooLarge));
        // cut short: never the whole profile
        assert_ne!(
            profile(&data[..data.len() - 6], 10_000),
            Ok(vec![7; 10_000])
        );
        assert_eq!(profile(b"\0\0xx", 100), Err(Refused::Damaged));
    }
}
