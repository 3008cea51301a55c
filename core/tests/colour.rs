//! Photos tagged with wide-gamut profiles (Display P3, Adobe RGB, ProPhoto; a grey profile; a
//! PNG's cICP code points) decode to the colours littleCMS gives them in sRGB, within a level
//! on average, as PNG, baseline and progressive JPEG and WebP; sRGB-tagged, untagged and
//! damaged-profile photos come out exactly as their values are. The fixtures and littleCMS's
//! conversions are written by `tests/tools/colour/make.py` (see `tests/data/colour/colour.txt`).
use std::path::PathBuf;

use slidepuzzle_core::picture::{colour, decode_with_colour, PictureLimits};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/colour")
}

/// (fixture, what `picture --info` says of it), as the listing gives them.
fn fixtures() -> Vec<(String, String)> {
    let listing = std::fs::read_to_string(dir().join("colour.txt")).unwrap();
    listing
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, said) = l.split_once(" | ").unwrap();
            (name.to_string(), said.to_string())
        })
        .collect()
}

/// Mean and largest difference of two RGB images, per channel value.
fn difference(a: &image::RgbImage, b: &image::RgbImage) -> (f64, u8) {
    assert_eq!(a.dimensions(), b.dimensions());
    let (mut sum, mut most) = (0u64, 0u8);
    for (x, y) in a.as_raw().iter().zip(b.as_raw()) {
        let d = x.abs_diff(*y);
        sum += u64::from(d);
        most = most.max(d);
    }
    (sum as f64 / a.as_raw().len() as f64, most)
}

#[test]
fn every_fixture_decodes_to_littlecms_colours_and_says_what_it_did() {
    let limits = PictureLimits::default();
    let list = fixtures();
    assert!(list.len() >= 16, "{} fixtures", list.len());
    for kind in ["png", "jpg", "progressive.jpg", "webp"] {
        assert!(
            list.iter()
                .any(|(n, s)| n.ends_with(kind) && s.contains("converted")),
            "no converted {kind} fixture"
        );
    }
    let mut report = Vec::new();
    for (name, said) in &list {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let (image, what) = decode_with_colour(&bytes, &limits).unwrap();
        assert_eq!(what.to_string(), *said, "{name}");
        assert_eq!(
            colour(&bytes, &limits).unwrap().to_string(),
            *said,
            "{name}"
        );
        let expected = image::open(dir().join(format!("{name}.expected.png")))
            .unwrap()
            .to_rgb8();
        let (mean, most) = difference(&image.to_rgb8(), &expected);
        report.push(format!("{name}: mean {mean:.3}, largest {most}"));
        assert!(
            mean <= 1.0,
            "{name}: mean {mean:.3} from littleCMS (largest {most})"
        );
        // Worst pixel: lossless fixtures within two levels of littleCMS; JPEGs further at
        // sharp colour edges only, where two decoders upsample the chroma differently.
        let worst = if name.ends_with(".jpg") { 32 } else { 2 };
        assert!(
            most <= worst,
            "{name}: a pixel {most} levels from littleCMS (mean {mean:.3})"
        );
    }
    println!("{}", report.join("\n"));
}

#[test]
fn photos_without_a_conversion_come_out_value_for_value() {
    let limits = PictureLimits::default();
    for name in ["untagged.png", "srgb-chunk.png", "damaged-profile.png"] {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let (image, _) = decode_with_colour(&bytes, &limits).unwrap();
        let expected = image::open(dir().join(format!("{name}.expected.png")))
            .unwrap()
            .to_rgb8();
        assert_eq!(image.to_rgb8(), expected, "{name}");
    }
}

/// Without the conversion the fixtures are far from their true colours: the comparison above
/// can fail.
#[test]
fn the_fixtures_values_alone_are_far_from_their_colours() {
    for name in [
        "p3.png",
        "adobe.jpg",
        "prophoto-progressive.jpg",
        "grey-gamma18.png",
    ] {
        let raw = image::open(dir().join(name)).unwrap().to_rgb8();
        let expected = image::open(dir().join(format!("{name}.expected.png")))
            .unwrap()
            .to_rgb8();
        let (mean, _) = difference(&raw, &expected);
        assert!(mean > 4.0, "{name}: only {mean:.2} from its colours");
    }
}

/// The ProPhoto JPEGs carry a profile larger than one APP2 segment holds: it is read whole.
#[test]
fn a_profile_in_several_app2_chunks_is_read_whole() {
    let bytes = std::fs::read(dir().join("prophoto.jpg")).unwrap();
    let chunks = bytes
        .windows(16)
        .filter(|w| w[0] == 0xFF && w[1] == 0xE2 && &w[4..] == b"ICC_PROFILE\0")
        .count();
    assert!(chunks >= 2, "{chunks} APP2 chunks");
    let limits = PictureLimits::default();
    assert_eq!(
        colour(&bytes, &limits).unwrap().to_string(),
        "ProPhoto RGB (converted to sRGB)"
    );
}

/// The level of the patch `index` (8 pixels wide) of an HDR fixture, as the core decodes it.
fn hdr_patches(name: &str) -> (Vec<[u8; 3]>, String) {
    let bytes = std::fs::read(dir().join(name)).unwrap();
    let (image, said) = decode_with_colour(&bytes, &PictureLimits::default()).unwrap();
    let rgb = image.to_rgb8();
    let patches = (0..5).map(|i| rgb.get_pixel(i * 8 + 4, 4).0).collect();
    (patches, said.to_string())
}

/// A phone's HDR photo looks like a photo: black stays black, an 18% grey is sRGB's 18% grey
/// (level 118), SDR white (203 cd/m²) is near white and neutral, a 1000 cd/m² highlight is
/// brighter still without passing white, and a red stays red. Converted with 10 000 cd/m² as
/// white, SDR white came out near level 40 (PQ) and the grey near 15.
#[test]
fn hdr_photos_are_tone_mapped_to_sdr_white() {
    for (name, said) in [
        ("pq.png", "BT.2020 PQ HDR (tone-mapped to SDR sRGB)"),
        ("hlg.png", "BT.2020 HLG HDR (tone-mapped to SDR sRGB)"),
    ] {
        let (p, what) = hdr_patches(name);
        assert_eq!(what, said);
        let [black, grey, white, highlight, red] = [p[0], p[1], p[2], p[3], p[4]];
        assert_eq!(black, [0, 0, 0], "{name}");
        for c in grey {
            assert!(c.abs_diff(118) <= 3, "{name}: grey {grey:?}");
        }
        for c in white {
            assert!((236..=250).contains(&c), "{name}: white {white:?}");
        }
        assert!(
            white.iter().max().unwrap() - white.iter().min().unwrap() <= 1,
            "{name}"
        );
        for (h, w) in highlight.iter().zip(white) {
            assert!(*h > w && *h >= 250, "{name}: highlight {highlight:?}");
        }
        assert!(
            red[0] >= 200 && red[0] >= 4 * red[1].max(red[2]),
            "{name}: red {red:?}"
        );
    }
}
