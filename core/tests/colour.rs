//! Photos tagged with wide-gamut profiles (Display P3, Adobe RGB, ProPhoto; a grey profile; a
//! PNG's cICP code points; an ICC v2 matrix-shaper profile) decode to the colours littleCMS
//! gives them in sRGB, within a level on average and a few levels at the worst pixel, as PNG
//! (8- and 16-bit, with alpha), baseline and progressive JPEG and WebP; a CMYK JPEG's profile
//! is said to be left unapplied and its inks come out near littleCMS's; a LUT-based profile is
//! said to be left unapplied and changes nothing; sRGB-tagged, untagged and damaged-profile
//! photos come out exactly as their values are. The fixtures and littleCMS's conversions are
//! written by `tests/tools/colour/make.py` (see `tests/data/colour/colour.txt`).
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

/// Mean and largest difference of two RGB images, per channel value, and the pixel (x, y)
/// where it is largest.
fn difference(a: &image::RgbImage, b: &image::RgbImage) -> (f64, u8, (u32, u32)) {
    assert_eq!(a.dimensions(), b.dimensions());
    let (mut sum, mut most, mut at) = (0u64, 0u8, (0, 0));
    for ((x, y, p), q) in a.enumerate_pixels().zip(b.pixels()) {
        for (u, v) in p.0.iter().zip(q.0) {
            let d = u.abs_diff(v);
            sum += u64::from(d);
            if d > most {
                (most, at) = (d, (x, y));
            }
        }
    }
    (sum as f64 / a.as_raw().len() as f64, most, at)
}

/// The largest mean and the most a channel of one pixel may be from littleCMS's conversion.
fn bounds(name: &str) -> (f64, u8) {
    match name {
        // The decoder shows the inks as RGB itself (the profile is not applied); the profile's
        // 5-point table describes those same inks, a few levels off them between its nodes.
        "inks-cmyk.jpg" => (6.0, 20),
        // JPEGs: at sharp colour edges, where two decoders upsample the chroma differently.
        n if n.ends_with(".jpg") => (1.0, 32),
        // Lossless fixtures (16-bit, alpha, ICC v2, LUT-based too): within two levels.
        _ => (1.0, 2),
    }
}

/// A LUT-based profile (ICC v2, an A2B0 lut16 to XYZ, no A2B1): the colour engine makes no
/// relative colorimetric transform from it, so the core takes A2B0, as ICC says (and littleCMS
/// does) for an intent a profile has no table for.
const LUT_PROFILE: &str = "p3-lut.png";

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
    let (mut report, mut failures) = (Vec::new(), Vec::new());
    for (name, said) in list.iter().filter(|(n, _)| n != LUT_PROFILE) {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let (image, what) = decode_with_colour(&bytes, &limits).unwrap();
        let header = colour(&bytes, &limits).unwrap().to_string();
        for told in [what.to_string(), header] {
            if told != *said {
                failures.push(format!("{name}: says \"{told}\", not \"{said}\""));
            }
        }
        let expected = image::open(dir().join(format!("{name}.expected.png")))
            .unwrap()
            .to_rgb8();
        let decoded = image.to_rgb8();
        let (mean, most, (x, y)) = difference(&decoded, &expected);
        report.push(format!(
            "{name}: mean {mean:.3}, largest {most} at ({x}, {y}): {:?}, littleCMS {:?}",
            decoded.get_pixel(x, y).0,
            expected.get_pixel(x, y).0
        ));
        let (most_mean, worst) = bounds(name);
        if mean > most_mean || most > worst {
            failures.push(format!(
                "{name}: mean {mean:.3}, a pixel {most} levels from littleCMS \
                 (bounds {most_mean}, {worst})"
            ));
        }
    }
    println!("{}", report.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The one fixture whose decode `every_fixture_decodes_…` leaves out, checked alone.
fn one_fixture(name: &str) -> (image::RgbImage, image::RgbImage, String, String) {
    let said = fixtures()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, s)| s)
        .unwrap();
    let bytes = std::fs::read(dir().join(name)).unwrap();
    let (image, what) = decode_with_colour(&bytes, &PictureLimits::default()).unwrap();
    let expected = image::open(dir().join(format!("{name}.expected.png")))
        .unwrap()
        .to_rgb8();
    (image.to_rgb8(), expected, what.to_string(), said)
}

#[test]
fn a_lut_based_profile_is_converted() {
    let (decoded, expected, what, said) = one_fixture(LUT_PROFILE);
    assert_eq!(what, said);
    let (mean, most, at) = difference(&decoded, &expected);
    assert!(
        mean <= 1.0 && most <= 2,
        "mean {mean:.3}, a pixel {most} levels from littleCMS at {at:?}"
    );
}

/// A photo with alpha keeps its alpha, value for value, while its colours are converted.
#[test]
fn alpha_is_kept_through_the_conversion() {
    let name = "p3-alpha.png";
    let bytes = std::fs::read(dir().join(name)).unwrap();
    let (image, _) = decode_with_colour(&bytes, &PictureLimits::default()).unwrap();
    let alpha = |i: &image::RgbaImage| i.pixels().map(|p| p[3]).collect::<Vec<_>>();
    let decoded = alpha(&image.to_rgba8());
    let stored = alpha(&image::open(dir().join(name)).unwrap().to_rgba8());
    assert!(stored.iter().any(|a| *a < 128) && stored.iter().any(|a| *a > 128));
    assert_eq!(decoded, stored);
    let expected = image::open(dir().join(format!("{name}.expected.png"))).unwrap();
    assert_eq!(decoded, alpha(&expected.to_rgba8()));
}

/// A 16-bit photo is converted at 16 bits: what the core decodes is still 16-bit.
#[test]
fn a_16_bit_photo_keeps_its_depth() {
    let bytes = std::fs::read(dir().join("prophoto-16bit.png")).unwrap();
    let (image, _) = decode_with_colour(&bytes, &PictureLimits::default()).unwrap();
    assert!(matches!(image, image::DynamicImage::ImageRgb16(_)));
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
        let (mean, _, _) = difference(&raw, &expected);
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
