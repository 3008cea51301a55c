//! Every JPEG of `tests/data/jpeg` (real encoders' files: baseline and progressive, 4:2:0, 4:2:2,
//! 4:4:4, grey, CMYK and YCCK, restart intervals, EXIF orientations; see its `corpus.txt`)
//! decodes to the picture libjpeg-turbo decodes from it, pixel by pixel within a tolerance, and
//! the same files damaged are refused.
use std::path::PathBuf;

use slidepuzzle_core::picture::{decode, load, upright_size, PictureError, PictureLimits};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/jpeg")
}

/// The corpus's names, as its listing gives them.
fn corpus() -> Vec<(String, String)> {
    let listing = std::fs::read_to_string(corpus_dir().join("corpus.txt")).unwrap();
    let entries: Vec<(String, String)> = listing
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (name, how) = line.split_once(" | ").unwrap();
            (name.to_string(), how.to_string())
        })
        .collect();
    assert!(
        entries.len() >= 40,
        "the corpus has {} files",
        entries.len()
    );
    entries
}

fn jpeg(name: &str) -> Vec<u8> {
    std::fs::read(corpus_dir().join(format!("{name}.jpg"))).unwrap()
}

fn reference(name: &str) -> image::RgbImage {
    image::open(corpus_dir().join(format!("{name}.png")))
        .unwrap()
        .to_rgb8()
}

/// Decoders differ by a few levels (IDCT rounding, how chroma is upsampled), never by a picture.
/// Measured against libjpeg-turbo: mean 0.01–0.38 levels, largest 3 (4:2:0 and YCCK); a
/// picture turned the wrong way or with its chroma misplaced is off by tens.
const MEAN_TOLERANCE: f64 = 1.0;
const PIXEL_TOLERANCE: u8 = 8;

#[test]
fn every_encoders_jpeg_decodes_to_the_reference_picture() {
    let limits = PictureLimits::default();
    let mut failures = Vec::new();
    for (name, how) in corpus() {
        let bytes = jpeg(&name);
        let want = reference(&name);
        let got = match decode(&bytes, &limits) {
            Ok(image) => image.to_rgb8(),
            Err(e) => {
                failures.push(format!("{name} ({how}): refused: {e}"));
                continue;
            }
        };
        if got.dimensions() != want.dimensions() {
            failures.push(format!(
                "{name} ({how}): {:?}, the reference is {:?}",
                got.dimensions(),
                want.dimensions()
            ));
            continue;
        }
        assert_eq!(
            upright_size(&bytes, &limits).unwrap(),
            want.dimensions(),
            "{name}: the header's upright size"
        );
        let (mut sum, mut worst) = (0u64, 0u8);
        for (a, b) in got.as_raw().iter().zip(want.as_raw()) {
            let d = a.abs_diff(*b);
            sum += u64::from(d);
            worst = worst.max(d);
        }
        let mean = sum as f64 / got.as_raw().len() as f64;
        if mean > MEAN_TOLERANCE || worst > PIXEL_TOLERANCE {
            failures.push(format!(
                "{name} ({how}): mean difference {mean:.2}, largest {worst}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The start of the first scan's entropy-coded data: after the SOS segment's header.
fn first_scan_data(bytes: &[u8]) -> usize {
    let mut i = 2;
    loop {
        assert_eq!(bytes[i], 0xFF, "a marker at {i}");
        let marker = bytes[i + 1];
        let len = usize::from(u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]));
        if marker == 0xDA {
            return i + 2 + len;
        }
        i += 2 + len;
    }
}

/// Cut short with an end marker put after the cut (what a copy that stopped early and a
/// repair tool leave), or with a stretch of its scan data overwritten: refused, never shown
/// with the decoder's grey or filled-in stretch, and said in words.
#[test]
fn every_encoders_jpeg_damaged_is_refused() {
    let limits = PictureLimits::default();
    let mut shown = Vec::new();
    for (name, _) in corpus() {
        let whole = jpeg(&name);
        let data = first_scan_data(&whole);
        let end = whole.len() - 2; // the end-of-image marker
        let mut damaged = Vec::new();
        for tenths in [1, 3, 5, 7, 9] {
            let cut = data + (end - data) * tenths / 10;
            let mut bytes = whole[..cut].to_vec();
            bytes.extend_from_slice(&[0xFF, 0xD9]);
            damaged.push((format!("cut at {tenths}/10 of its scans"), bytes));
            damaged.push((format!("cut at {tenths}/10, no end"), whole[..cut].to_vec()));
        }
        let mut overwritten = whole.clone();
        let mid = data + (end - data) / 3;
        for b in &mut overwritten[mid..(mid + 48).min(end)] {
            *b = 0xFF;
        }
        damaged.push(("a stretch of 0xFF".into(), overwritten));
        for (what, bytes) in damaged {
            match load(&bytes, 32, &limits) {
                Ok(_) => shown.push(format!("{name}: {what}")),
                Err(e) => {
                    assert!(
                        matches!(e, PictureError::Truncated | PictureError::Damaged { .. }),
                        "{name}: {what}: {e:?}"
                    );
                    let text = e.to_string();
                    assert!(
                        text == "the image file is truncated" || text == "the JPEG file is damaged",
                        "{name}: {what}: {text}"
                    );
                }
            }
        }
    }
    assert!(
        shown.is_empty(),
        "shown though damaged:\n{}",
        shown.join("\n")
    );
}
