//! A JPEG's segments: where its end-of-image marker is ([`end`]), and its colour profile as the
//! decoder should see it ([`walk`]). Both step through the marker segments by their lengths
//! ([`segment`]).
//!
//! The decoder gathers every APP2
//! `ICC_PROFILE` segment into one buffer while it reads the header, before one pixel is
//! decoded: up to 255 segments of 64 KiB, about 16 MiB, held beside the photo. So the segments
//! are counted here first, on the file as it lies, and where their profile would pass
//! [`MAX_PROFILE_BYTES`] the decoder reads the file without them (through
//! [`png::Chunks`](super::png::Chunks), which leaves ranges out without copying), and the
//! profile is said to be too large, as a PNG's is.
use std::ops::Range;

use super::png::{Walk, MAX_PROFILE_BYTES};

/// What an APP2 segment's data starts with when it carries a piece of the profile.
const ICC_TAG: &[u8] = b"ICC_PROFILE\0";

/// The ranges of `bytes`, a JPEG, that the decoder reads: the whole file, or, when its profile
/// segments (those before the first start-of-scan) hold more than [`MAX_PROFILE_BYTES`], the
/// file without them. A file that is not a JPEG, or whose segments run off its end, is kept
/// whole, for the decoder to say what it is.
pub(super) fn walk(bytes: &[u8]) -> Walk {
    let mut whole = Walk::default();
    whole.keep.push(0..bytes.len());
    let Some(segments) = profile_segments(bytes) else {
        return whole;
    };
    let held: u64 = segments
        .iter()
        .map(|r| (r.len() - 4 - ICC_TAG.len() - 2) as u64)
        .sum();
    if held <= MAX_PROFILE_BYTES {
        return whole;
    }
    let mut keep = Vec::with_capacity(segments.len() + 1);
    let mut from = 0;
    for r in segments {
        if from < r.start {
            keep.push(from..r.start);
        }
        from = r.end;
    }
    if from < bytes.len() {
        keep.push(from..bytes.len());
    }
    Walk {
        keep,
        profile_too_large: true,
        ..Walk::default()
    }
}

/// The APP2 `ICC_PROFILE` segments before the first start-of-scan, each from its marker to its
/// end; `None` when `bytes` are not a JPEG or a segment runs off the end.
fn profile_segments(bytes: &[u8]) -> Option<Vec<Range<usize>>> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    let mut found = Vec::new();
    let mut i = 2;
    loop {
        let (marker, at, end) = segment(bytes, i)?;
        match marker {
            0xDA | 0xD9 => return Some(found), // the scan (or the end): no header follows
            0xE2 => {
                let data = bytes.get(at + 4..end)?;
                if data.starts_with(ICC_TAG) && data.len() >= ICC_TAG.len() + 2 {
                    found.push(at..end);
                }
            }
            _ => {}
        }
        i = end;
    }
}

/// Where a JPEG's end-of-image marker is, if its segments run on to one. Walks the marker
/// segments by their lengths (so a thumbnail inside EXIF does not count) and the entropy-coded
/// data after each start-of-scan; bytes after the marker (a phone's trailer) are fine.
pub(super) fn end(bytes: &[u8]) -> Option<usize> {
    let mut i = 2; // after SOI
    loop {
        let (marker, at, mut end) = segment(bytes, i)?;
        if marker == 0xD9 {
            return Some(at);
        }
        if marker == 0xDA {
            // Entropy-coded data: runs to the next marker that is not a stuffed 0xFF00 or a
            // restart marker.
            loop {
                match bytes.get(end..end + 2) {
                    None => return None,
                    Some([0xFF, next]) if *next != 0x00 && !(0xD0..=0xD7).contains(next) => break,
                    _ => end += 1,
                }
            }
        }
        i = end;
    }
}

/// The marker segment at `i` (after any fill bytes): its marker, where its marker starts, and
/// where the segment ends (right after the marker for those without a length: TEM, the restart
/// markers, SOI's like; by its length otherwise, which may run past the file). `None` when no
/// marker is at `i` or the file ends first.
fn segment(bytes: &[u8], mut i: usize) -> Option<(u8, usize, usize)> {
    while bytes.get(i) == Some(&0xFF) && bytes.get(i + 1) == Some(&0xFF) {
        i += 1; // fill bytes before a marker
    }
    if bytes.get(i) != Some(&0xFF) {
        return None;
    }
    let marker = *bytes.get(i + 1)?;
    let end = match marker {
        0xD9 | 0x01 | 0xD0..=0xD7 => i + 2,
        _ => {
            let len = bytes.get(i + 2..i + 4)?;
            i + 2 + u16::from_be_bytes([len[0], len[1]]) as usize
        }
    };
    Some((marker, i, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An APP2 profile segment of `n` bytes of profile, numbered `k` of `of`.
    fn app2(n: usize, k: u8, of: u8) -> Vec<u8> {
        let len = (2 + ICC_TAG.len() + 2 + n) as u16;
        let mut s = vec![0xFF, 0xE2];
        s.extend_from_slice(&len.to_be_bytes());
        s.extend_from_slice(ICC_TAG);
        s.extend_from_slice(&[k, of]);
        s.extend(std::iter::repeat_n(0x5A, n));
        s
    }

    /// The file's length when the walk keeps it whole, in one range.
    fn whole(w: &Walk) -> Option<usize> {
        match w.keep.as_slice() {
            [r] if r.start == 0 && !w.profile_too_large => Some(r.end),
            _ => None,
        }
    }

    fn jpeg_with(segments: &[Vec<u8>]) -> Vec<u8> {
        let mut j = vec![0xFF, 0xD8];
        for s in segments {
            j.extend_from_slice(s);
        }
        // A start-of-scan and an end: what follows the header does not matter here.
        j.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9]);
        j
    }

    #[test]
    fn a_profile_within_the_cap_is_kept_and_one_past_it_is_left_out() {
        let small = jpeg_with(&[app2(60_000, 1, 2), app2(60_000, 2, 2)]);
        let w = walk(&small);
        assert_eq!(whole(&w), Some(small.len()));
        assert!(!w.profile_too_large);
        // 70 segments of 64,000 bytes: 4.48 MB of profile, past the 4 MiB cap.
        let pieces: Vec<Vec<u8>> = (1..=70).map(|k| app2(64_000, k, 70)).collect();
        let big = jpeg_with(&pieces);
        let w = walk(&big);
        assert!(w.profile_too_large);
        let kept: Vec<u8> = w
            .keep
            .iter()
            .flat_map(|r| big[r.clone()].to_vec())
            .collect();
        assert_eq!(
            kept,
            jpeg_with(&[]),
            "every profile segment left out, nothing else"
        );
    }

    #[test]
    fn other_segments_and_files_are_kept_whole() {
        // An APP2 that is not a profile (an MPF index), and a profile after the scan.
        let mut mpf = vec![0xFF, 0xE2, 0x00, 0x08];
        mpf.extend_from_slice(b"MPF\0\0\0");
        let j = jpeg_with(&[mpf]);
        assert_eq!(whole(&walk(&j)), Some(j.len()));
        let cut = &jpeg_with(&[app2(100, 1, 1)])[..20];
        assert_eq!(
            whole(&walk(cut)),
            Some(20),
            "a segment cut short: kept whole"
        );
        assert_eq!(whole(&walk(b"GIF89a")), Some(6));
    }
}
